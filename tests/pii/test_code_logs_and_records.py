"""What engineers paste (2026-12-06's twenty-fifth session): a record's fields over several lines (a pretty-printed
JSON object, a call's arguments, a YAML item), its parties and its parts named in code ("receiverName", "addr2",
"fullNameKo"), numbers after a field's quotes, a table aligned by spaces; and the words of code that are no one (a
stack trace's classes, a record's identifier). Each case is paired with text written the same way that holds no one.
"""

from __future__ import annotations

import pii
from tests.pii.masking import found, hidden


def test_a_name_field_of_an_object_over_several_lines_beside_a_phone_is_hidden(redactor: pii.Redactor) -> None:
    borrowers = (
        'SAMPLE = [\n    {\n        "name": "Jhon Mark Pascual",\n        "mobile": "+63 928 551 0742",\n    }\n]'
    )
    hidden(redactor, borrowers, "Jhon Mark Pascual")
    call = 'CLIENTE_1 = Cliente(\n    nome="Gianluca",\n    cognome="Esposito",\n    telefono="+39 333 1234567",\n)'
    hidden(redactor, call, "Gianluca", "Esposito")
    hidden(redactor, 'register(name="Ngozi Eze")  # email=ngozi.eze@yahoo.com', "Ngozi Eze")  # its line, as before
    # controls: the same fields of an object with no contact details, and of an object beside one that has them
    plans = '[\n    {\n        "name": "Premium Gold",\n        "price": "19.99",\n    },\n]'
    assert found(redactor, plans, "PERSON") == []
    package = '{\n  "name": "Nimbus Sync",\n  "version": "1.0.0",\n  "author": {\n    "email": "dev@nimbus.io"\n  }\n}'
    assert found(redactor, package, "PERSON") == []  # the author's contact details, not the package's
    vip = '{\n  "name": "Kestrel Dawn",\n  "note": "VIP :)",\n  "mobile": "+63 928 551 0742"\n}'
    hidden(redactor, vip, "Kestrel Dawn")  # a bracket inside a value's quotes closes nothing
    order = '{\n  "products": [{"name": "Blue Velvet"}],\n  "email": "kim@example.org"\n}'
    assert found(redactor, order, "PERSON") == []


def test_a_yaml_items_names_and_home_town_in_hangul_are_hidden(redactor: pii.Redactor) -> None:
    roster = (
        'employees:\n  - name_en: "WANG LEI"\n    name_ko: "왕레이"\n    hometown: "선양"\n'
        '    phone: "010-2285-9614"\n'
        '  - name_en: "KARIMOV RUSTAM"\n    name_ko: "카리모프 루스탐"\n    hometown: "사마르칸트"\n'
        '    phone: "+998 93 550 21 47"'
    )
    hidden(redactor, roster, "WANG LEI", "왕레이", "선양", "KARIMOV RUSTAM", "카리모프 루스탐", "사마르칸트")
    # controls: an item with a name in Hangul and no contact details names a setting; a translation file's words
    assert found(redactor, 'jobs:\n  - name: "정산배치"\n    cron: "0 3 * * *"', "PERSON") == []
    assert found(redactor, "city: 도시\ncountry: 국가\nhometown: 고향", "LOCATION") == []


def test_an_orders_parties_named_in_code_are_hidden_beside_their_numbers(redactor: pii.Redactor) -> None:
    request = "OrderRequest(memberId=771204, ordererName=마동희, ordererPhone=01047720385, receiverName=마소라)"
    hidden(redactor, request, "마동희", "마소라")
    hidden(redactor, "PAY-REQ orderId=OD26120598123 buyer=인태호 buyerTel=010-7162-3058", "인태호")
    # control: a buyer's field with no one's number beside it is a firm's as often
    assert found(redactor, "PO-2291 buyer=Procurement status=open", "PERSON") == []


def test_an_addresss_second_part_in_its_own_field_is_hidden(redactor: pii.Redactor) -> None:
    insert = (
        "INSERT INTO tb_member (member_no, name, email, addr1, addr2) VALUES\n"
        "(1048821, '위서윤', 'seoyun.wi@naver.com', '서울특별시 강남구 테헤란로 152', '강남파이낸스센터 21층');"
    )
    hidden(redactor, insert, "위서윤", "강남파이낸스센터 21층")
    homes = '{"label": "회사", "road": "서울 중구 을지로 170", "detail": "을지트윈타워 동관 12층", "zip": "04548"}'
    hidden(redactor, homes, "을지트윈타워 동관 12층")
    # controls: a "detail" of an object that is no address, and one beside a town that holds no flat's number
    assert found(redactor, '{"status": "failed", "detail": "Retry 3 of 5"}', "STREET_ADDRESS") == []
    weather = '{"city": "London", "detail": "light rain, 12 C", "unit": "C"}\ncity=Berlin unit=3 temp=21'
    assert found(redactor, weather, "STREET_ADDRESS") == []


def test_a_names_parts_and_a_birth_date_written_as_a_number_are_hidden(redactor: pii.Redactor) -> None:
    member = '{"member_no": "JP-4211", "name": {"family": "高橋", "given": "美咲", "romaji": "TAKAHASHI Misaki"}, '
    hidden(redactor, member + '"tel": "090-3318-7524"}', "高橋", "美咲", "TAKAHASHI Misaki")
    event = '{"fullName":"Daniel Okafor","fullNameKo":"배수아","birthDate":19880517,"email":"d.okafor@proton.me"}'
    hidden(redactor, event, "Daniel Okafor", "배수아", "19880517")
    hidden(redactor, "first_name = 'Wanjiru'\nlast_name = 'Kamau-Otieno'", "Wanjiru", "Kamau-Otieno")
    # controls: a "given" that is no name's part, and a number in a field of no birth
    assert found(redactor, '{"family": "Noto Sans", "given": "12px", "weight": 400}', "PERSON") == []
    assert found(redactor, '{"memberNo":19880517,"tier":"gold"}', "DATE_TIME") == []


def test_a_phone_number_after_a_fields_quotes_or_a_spanish_al_is_hidden(redactor: pii.Redactor) -> None:
    hidden(redactor, "phone = '0722 418 903 / 0733 226 114'", "0722 418 903", "0733 226 114")
    hidden(redactor, '{"mobilephone": "81-1255-0386"}', "81-1255-0386")
    hidden(redactor, "nos escribió por WhatsApp al 11 5237-0968.", "11 5237-0968")
    # controls: sizes after a field's equals sign, a count after "al", a date after "au", a file's name in quotes
    assert found(redactor, "tel = '4096 8192 16384'", "PHONE_NUMBER") == []
    assert found(redactor, "el grupo de WhatsApp al 2 500 000 usuarios", "PHONE_NUMBER") == []
    assert found(redactor, "Contact au 15 06 2024", "PHONE_NUMBER") == []
    assert found(redactor, 'cp "2024 03 15 backup.tar" /mnt/archive', "PHONE_NUMBER") == []


def test_a_chats_speaker_with_a_bare_initial_and_a_named_mention_are_hidden(redactor: pii.Redactor) -> None:
    chat = "[09:02] Rohit S: bhai payments-api phir se 502\n[09:03] ananya: dekh rahi hoon\n[09:06] Rohit S: ok"
    hidden(redactor, chat, "Rohit S")
    hidden(redactor, "Tobi 10:30: mach ich. @Mustafa kannst du das Review übernehmen?", "Mustafa")
    hidden(redactor, "The ticket was raised by Nadia Bouchard yesterday.", "Nadia Bouchard")
    # controls: a team's letter after a word of no name, a decorator on its own line, a bot, a library raising
    assert found(redactor, "[10:00] Team A: ready\n[10:01] Team B: ready\n[10:02] Team A: go", "PERSON") == []
    assert found(redactor, "@Grace\npublic void run() {}", "PERSON") == []
    assert found(redactor, "@Luna bot, show the queue", "PERSON") == []
    assert found(redactor, "This error is raised by Pydantic when a field is missing", "PERSON") == []


def test_a_hangul_name_before_its_chinese_and_latin_spellings_is_hidden(redactor: pii.Redactor) -> None:
    hidden(redactor, "고객명: 자오신위 (赵欣妤, ZHAO XINYU)\n국적: 중국", "자오신위", "赵欣妤", "ZHAO XINYU")
    # control: a place's Chinese spelling beside its Latin one, which the model took for a person
    assert "釜山" not in found(redactor, "부산 (釜山, Busan) 여행 계획", "PERSON")


def test_the_words_of_code_and_a_records_identifier_are_no_one(redactor: pii.Redactor) -> None:
    trace = "at com.fedpay.payments.batch.MandateImporter.importRow(MandateImporter.java:88)"
    assert found(redactor, trace, "PERSON", "LOCATION") == []
    assert found(redactor, "# TODO ask Mehmet about it\nTraceback (most recent call last):", "PERSON") == ["Mehmet"]
    rows = "id,first,last,phone\nAPX-0101,Wei Ling,Tan,+65 9123 4567\nNG-30117,Chukwuemeka,Okonkwo,+234 803 417 2290"
    assert not {"APX-", "NG-"} & set(found(redactor, rows, "PERSON"))
    # controls: names in camel case, of English words too, and with a hyphen stay names where no code names them
    hidden(redactor, "Thanks to DeShawn McDonald and Mary-Anne for the review.", "DeShawn McDonald", "Mary-Anne")
    hidden(redactor, "Please ask AbdulRahman to sign the lease.", "AbdulRahman")
    chat = "[22:41:03] SilverFox: hi all\n[22:41:05] NightOwl: hey\n[22:41:09] SilverFox: gg"
    hidden(redactor, chat, "SilverFox", "NightOwl")


def test_a_table_printed_with_its_columns_aligned_by_spaces_is_read_by_its_header(redactor: pii.Redactor) -> None:
    frame = (
        "      user_id name_zh   name_pinyin        dob       city              phone\n"
        "0  CN-2281401    王芳     Wang Fang 1989-07-21   Shenzhen  +86 138 2745 9012\n"
        "1  CN-2281402  刘子轩    Liu Zixuan 1996-11-03    Chengdu      139 8164 2237"
    )
    hidden(redactor, frame, "王芳", "Wang Fang", "刘子轩", "Liu Zixuan", "Chengdu", "1996-11-03")
    report = "SURNAME      GIVEN       TOWN\nBERGQVIST    Ingrid      Lulea\nAALTO        Veikko      Oulu"
    hidden(redactor, report, "BERGQVIST", "Ingrid", "AALTO", "Veikko", "Lulea", "Oulu")
    # controls: a table of no one aligned the same way, and a sentence of columns' names
    stock = "   product  price  region\n0  Widget   9.99  EMEA\n1  Gadget  19.99  APAC"
    assert found(redactor, stock, "PERSON", "LOCATION") == []
    assert found(redactor, "Sort by city  name  phone first.\nThen Widget Gadget Gizmo", "PERSON", "LOCATION") == []


def test_a_relatives_name_in_brackets_in_another_language_is_hidden(redactor: pii.Redactor) -> None:
    hidden(redactor, "Liguei pra ela, quem atendeu foi o filho (Rodrigo), no fixo.", "Rodrigo")
    hidden(redactor, "Die Tochter (Lena) ruft morgen an.", "Lena")
    # controls: an everyday word in a relative's bracket, and a firm in a role's
    assert found(redactor, "lives with mum (Chidinma) and dad (Will)", "PERSON") == ["Chidinma"]
    assert found(redactor, "our driver (Uber) was late again", "PERSON") == []
