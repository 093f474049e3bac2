"""Personal data found by the artefact it is pasted in (2026-12-04's ninth session): WhatsApp's exported lines, XML
elements with a namespace, Turkish and Vietnamese columns. Each case beside a control the same rule must leave
alone."""

from __future__ import annotations

import pii
from tests.pii.masking import hidden, whole


def test_whatsapps_exported_lines_name_their_speakers(redactor: pii.Redactor) -> None:
    android = (
        "12/03/2024, 21:04 - pablo_92: llego tarde\n"
        "12/03/2024, 21:05 - marisol.ortega: ok te espero\n"
        "12/03/2024, 21:06 - pablo_92: gracias"
    )
    hidden(redactor, android, "pablo_92", "marisol.ortega")
    hidden(redactor, "3/12/24, 9:04 PM - Pablo Ruiz: llego\n3/12/24, 9:05 PM - Pablo Ruiz: ya", "Pablo Ruiz")
    log = "12/03/2024, 21:04 - ERROR: disk full\n12/03/2024, 21:05 - ERROR: disk full"
    assert "ERROR: disk full" in redactor.redact(log).text  # control: a log's level is no one


def test_an_xml_elements_namespace_hides_no_name(redactor: pii.Redactor) -> None:
    xml = "<hr:person><hr:surname>Okafor</hr:surname><hr:given>Chidinma</hr:given></hr:person>"
    hidden(redactor, xml, "Okafor", "Chidinma")
    settings = "<cfg:name>retry</cfg:name><cfg:city_code>LHR</cfg:city_code>"
    assert redactor.redact(settings).text == settings  # control: a setting's name is no one's


def test_turkish_and_vietnamese_columns_name_people(redactor: pii.Redactor) -> None:
    turkish = "soyad,ad,şehir\nY\u0131lmaz,Elif,Eskişehir\nKaya,Mert,Trabzon"
    hidden(redactor, turkish, "Y\u0131lmaz", "Elif", "Kaya", "Mert")
    hidden(redactor, "họ,tên,email\nNguyễn,Thảo,thao.ng@example.vn", "Nguyễn", "Thảo")
    ads = "ad,clicks,ctr\nsummer sale,120,0.3\nwinter boots,80,0.2"
    assert redactor.redact(ads).text == ads  # control: an advert's column beside no personal data


def test_a_forms_and_a_yaml_documents_fields_name_people_and_places(redactor: pii.Redactor) -> None:
    hidden(redactor, "City: Enugu\nSurname: Eze\nGiven names: Ngozi Adaeze", "Enugu", "Eze")
    hidden(redactor, "author:\n  surname: Eze\n  city: Enugu\n  residence: Ikeja", "Eze", "Enugu", "Ikeja")
    assert hidden(redactor, "Surname: Eze\r\nCity: Enugu\r\n", "Eze", "Enugu").count("\r\n") == 2  # CRLF kept
    form = "Recipient: Finance Team\nPatient: stable overnight\nStudent: Year 9\nCity: Home"
    assert redactor.redact(form).text == form  # control: everyday words, a sentence, a number


def test_an_sql_inserts_rows_are_read_by_their_columns(redactor: pii.Redactor) -> None:
    insert = (
        "INSERT INTO participants (nhs_number, full_name, dob, contact_phone) VALUES\n"
        "('616 649 8497', 'Dorota Jabłońska', '1990-09-09', '07700 900815'),\n"
        "('350 478 5101', 'Ebenezer Mensah-Bonsu', '1958-12-25', NULL);"
    )
    hidden(redactor, insert, "Dorota Jabłońska", "Ebenezer Mensah-Bonsu", "1990-09-09")
    korean = "INSERT INTO users (id, name, name_en, phone) VALUES (1021, '공하린', 'Gong Harin', '010-4401-2287');"
    hidden(redactor, korean, "Gong Harin")
    products = "INSERT INTO products (id, name, colour) VALUES (1, 'Blue Mug', 'teal'), (2, 'Red Mug', 'red');"
    assert "'teal'" in redactor.redact(products).text  # control: a product's columns hold no one


def test_a_vcards_names_and_address_parts(redactor: pii.Redactor) -> None:
    card = (
        "BEGIN:VCARD\nVERSION:3.0\nN:Sigurðardóttir;Hrafnhildur;;;\nFN:Hrafnhildur Sigurðardóttir\n"
        "ADR;TYPE=HOME:;;Laugavegur 77;Reykjavík;;101;Iceland\nORG:Vatnalab;Water Quality\nEND:VCARD"
    )
    shown = hidden(redactor, card, "Sigurðardóttir", "Hrafnhildur", "Laugavegur 77", "Reykjavík", "Iceland")
    assert "ORG:Vatnalab;Water Quality" in shown and ";101;" in shown  # control: the firm and the postcode


def test_a_code_reviews_commenters_and_mentions(redactor: pii.Redactor) -> None:
    thread = (
        "oadebayo commented 2 days ago\nUgh, my bad. cc @mkrol who owns the Cython bits.\n\n"
        "**kenta-shimabukuro** requested changes\n> pytz is deprecated\n\n"
        "github-actions[bot] commented\nAll checks passed. cc @here, ping @oncall\n"
        "  Author: Oluwaseun Adébáyọ̀ <seun.adebayo@users.noreply.example.com>"
    )
    shown = hidden(redactor, thread, "oadebayo", "mkrol", "kenta-shimabukuro", "Oluwaseun Adébáyọ̀")
    assert "github-actions[bot] commented" in shown and "@here" in shown and "@oncall" in shown  # controls
    hidden(redactor, "/cc @tkowalczyk @xujy; Reviewers: @lnowak, @pjasinski", "tkowalczyk", "xujy", "lnowak")
    hidden(redactor, "인수인계는 @Hyejin 님께 드렸어요", "Hyejin")
    code = "@Override\npublic String toString(); put @Transactional on it, thanks @sentry, hey @Siri; @Nike"
    assert redactor.redact(code).text == code  # controls: annotations, a bot, an assistant, a brand


def test_other_apps_exported_chat_lines_name_their_speakers(redactor: pii.Redactor) -> None:
    irc = "[21:03] <dimas_pratama> ada yang tahu?\n[21:04] <ayuwulandari> coba cek\n[21:06] <dimas_pratama> oke"
    hidden(redactor, irc, "dimas_pratama", "ayuwulandari")
    mattermost = (
        "amani.mollel — 2026-11-30 07:12 — Habari timu, the run failed QC again.\n"
        "rehema.kisanga — 2026-11-30 07:20 — Pole sana. Flow cell lot?\n"
        "amani.mollel — 2026-11-30 07:33 — Asante, I will check."
    )
    hidden(redactor, mattermost, "amani.mollel", "rehema.kisanga")
    teams = "[08:41] Nguyễn Thị Thu Trang\nChị ơi, lô 26-118 bị lệch pH.\n[08:43] Lê Thanh Hằng\nOk em."
    hidden(redactor, teams, "Nguyễn Thị Thu Trang", "Lê Thanh Hằng")
    stream = "00:12:03 @김치찌개러버: 오늘 어디예요??\n00:12:10 @한결캠핑TV: 가평이에요\n00:12:40 @한결캠핑TV: 네 ㅎㅎ"
    hidden(redactor, stream, "김치찌개러버", "한결캠핑TV")
    rooms = "10:00 @here: standup now\n10:01 @here: standup now please\n10:02 @channel: deploy"
    assert redactor.redact(rooms).text == rooms  # control: a room's mentions are no one


def test_account_fields_of_one_word_are_peoples(redactor: pii.Redactor) -> None:
    team = "team:\n  - name: Thandiwe Mokoena\n    handle: tmokoena\n  - name: Lerato Sebego\n    handle: lsebego"
    hidden(redactor, team, "tmokoena", "lsebego")
    system = "login: admin\nusername: deploy\nhandle: coffee\nauthor: dependabot"
    assert redactor.redact(system).text == system  # control: systems' accounts and words


def test_a_columns_collector_and_preferred_name_are_people(redactor: pii.Redactor) -> None:
    register = 'sample_id,collector,box\nSR-00412,"Mwangi, Wanjiru",B12\nSR-00414,"Otieno, Brian",B12'
    hidden(redactor, register, "Mwangi, Wanjiru", "Otieno, Brian")
    xml = "<employee><fullName>Souksavanh Phommachanh</fullName><preferredName>Noy</preferredName></employee>"
    hidden(redactor, xml, "Noy")


def test_korean_colleagues_called_by_family_name_and_title(redactor: pii.Redactor) -> None:
    hidden(redactor, "송 과장님께 DM 주세요. 옥 대리 의견도 들어 보고요.", "송", "옥")
    hidden(redactor, "12 | 곽 여사님 | 어머니 친구 | 100,000", "곽")
    former = "전 과장님이 퇴사하셨어요. 각 팀장은 제출해 주세요."
    assert redactor.redact(former).text == former  # control: the former one, each one


def test_a_guilds_tags_are_roles_and_its_handles_people(redactor: pii.Redactor) -> None:
    guild = (
        "[길드장] 레드문_Kai: 오늘 9시 반 레이드 인원 체크합니다\n[부길마] 치즈볼냠냠: ㅇㅇ 참여\n"
        "[길드원] 하늘을나는고등어: 저 10시부터 가능\n[길드장] 레드문_Kai: 12/20 토 신촌역 근처\n"
        "[길드원] 하늘을나는고등어: ㅋㅋ 빨리 하세요"
    )
    shown = hidden(redactor, guild, "레드문_Kai", "하늘을나는고등어")
    assert "[길드장]" in shown and "[부길마]" in shown and "[길드원]" in shown  # control: the roles
    log = "[INFO] celery_worker: 작업 완료\n[INFO] celery_worker: 작업 시작\n[WARN] auth_service: 로그인 실패"
    assert redactor.redact(log).text == log  # control: a program's log in Korean


def test_a_korean_second_hand_sale_chats_handles(redactor: pii.Redactor) -> None:
    chat = (
        "판매자: 행복한곰돌이77 (매너온도 36.5°C)\n망원동불주먹: 안녕하세요 아이패드 에어 아직 있나요?\n"
        "행복한곰돌이77: 네 있어요~ 직거래는 인계동에서만 가능해요.\n망원동불주먹: 택배로 할게요. 안전결제 되나요?\n"
        "행복한곰돌이77: 수수료 때문에 계좌이체만 돼요."
    )
    hidden(redactor, chat, "행복한곰돌이77")


def test_a_korean_town_written_with_its_district_is_one_place(redactor: pii.Redactor) -> None:
    whole(redactor, "파주 운정에서 출발이라 늦어요", "파주 운정")
    whole(redactor, "btw I moved to 안양 평촌 last week", "안양 평촌")
    whole(redactor, "경북 구미에서 나고 자라 대학은 대구에서 다녔고", "경북 구미")
    shown = hidden(redactor, "서울 김민준 과장이 부산 출장 중", "김민준")
    assert "PERSON" in shown  # control: a name after a town is still a person's


def test_a_messengers_account_after_its_name(redactor: pii.Redactor) -> None:
    hidden(redactor, "현지 주재원 심재형 차장(카톡 jh_shim77, +84 90 771 2036) 통해 공유", "jh_shim77")
    hidden(redactor, "아버님이 카톡 상담 (카톡 ID haeun_dad)", "haeun_dad")
    hidden(redactor, "Add me on WeChat: liwei_88 or IG @mina.k", "liwei_88", "mina.k")
    channels = "Join our Telegram channel, see line 42, the Instagram post and its captions; he keeps ignoring me."
    assert redactor.redact(channels).text == channels  # control: words after a network's name


def test_a_korean_name_after_a_bracket_or_a_middle_dot(redactor: pii.Redactor) -> None:
    hidden(redactor, "같이 계셨던 여자친구분(소연님 맞죠?) 사진도 넣을게요", "소연")
    hidden(redactor, "진행 봉사자 은하수 님·임슬기 님", "임슬기")


def test_a_nickname_after_a_name_grown_from_its_parts(redactor: pii.Redactor) -> None:
    hidden(redactor, "Part. 0232 — Maria das Graças Bezerra (Gracinha), nasc. 19/09/1990", "Gracinha")
    assert "(Oncology)" in redactor.redact("Maria das Graças Bezerra (Oncology) called.").text  # control


def test_a_town_after_other_languages_prepositions(redactor: pii.Redactor) -> None:
    hidden(redactor, "Francesco Lo Presti, nato a Caltanissetta il 09/02/1978", "Caltanissetta")
    hidden(redactor, "halo semua, aku dari Denpasar, baru gabung lab", "Denpasar")
    tool = "Upgrade the lab from Python 3.11, and report a Maven build."
    assert redactor.redact(tool).text == tool  # control: a tool after a preposition, an article before a name


def test_a_name_that_names_a_disease_a_method_an_honour_or_a_storm_is_no_ones(redactor: pii.Redactor) -> None:
    things = (
        "History of Parkinson's disease and Hashimoto's thyroiditis. Use the Kalman filter, the Apgar score, a "
        "Geiger counter and Occam's razor; the seminar is in the Rosalind Franklin wing. Last season Hurricane "
        "Beryl and Typhoon Haikui disrupted flights."
    )
    assert redactor.redact(things).text == things
    people = "Maria Lopez score was 12. Dr Anan Wongsa effect on the team was clear. Ask Hashimoto Kenji."
    hidden(redactor, people, "Maria Lopez", "Anan Wongsa", "Hashimoto Kenji")  # controls: people before such words
    hidden(redactor, "Dear Zanele, Zanele's method worked.", "Zanele")  # a person's own method


def test_a_whole_name_in_brackets_before_a_labels_colon(redactor: pii.Redactor) -> None:
    rounds = "Round 1 (Meera Iyengar): design ok\nRound 3 (R. Venkataraman): Coding 4/5. Strong hire."
    hidden(redactor, rounds, "Meera Iyengar", "Venkataraman")
    roles = "Agent (Billing): hello\nStep 2 (Data Cleaning): drop nulls\nPhase 1 (Q3 2026): pilot"
    assert redactor.redact(roles).text == roles  # control: a team, a step, a quarter


def test_what_the_review_found_these_rules_must_leave(redactor: pii.Redactor) -> None:
    """Each a false positive a first version of this session's rules made (a review with prompts of its own)."""
    korean = "이 과장님께 보고드렸고, 이 문서는 이 감독 영화 얘기예요. 나 선배한테 혼났어. 반 대표 엄마, 당 대표 선거"
    shown = hidden(redactor, korean, "이 과장")
    assert "이 문서는" in shown and "이 감독" in shown and "나 선배" in shown and "반 대표" in shown
    firms = redactor.redact("부산 롯데호텔에서 만나요. 강남 스타벅스에서 봐요.").text
    assert "롯데호텔" in firms and "스타벅스" in firms
    unchanged = [
        "spring:\n  datasource:\n    username: appuser\nkafka:\n  login: kafka\nInterviewer: TBD",
        "Collected by: Phlebotomy\nCollector: Prometheus\nSoyad: Yok",
        "codecov commented\nCoverage 91%.\n\nMergify merged commit 3f2a1c9\n\nmaintainers reviewed",
        "[21:03] <ChanServ> op\n[21:04] <github> pushed 2 commits\n[21:05] <ChanServ> deop",
        "BEGIN:VCARD\nFN:Acme Support Desk\nEND:VCARD\nBEGIN:VCARD\nFN:${firstName} ${lastName}\nEND:VCARD",
    ]
    for text in unchanged:
        assert redactor.redact(text).text == text
    logged = "2024-03-12 21:04:11 - httpx: request sent\n2024-03-12 21:04:12 - werkzeug: GET /\n21:05 - httpx: ok"
    assert redactor.redact(logged).text.count("httpx:") == 2  # a program's log (its dates masked, as all are)
    assert "Atlassian Bitbucket <" in redactor.redact("From: Atlassian Bitbucket <bitbucket@atlassian.example>").text
