"""What local papers, courts' lists, notices, couriers and tradespeople paste: where a named person lives ("of
Lahardane"), a family name in capitals before the given names, a deed's parties and a race's home towns in a table,
an Eircode, a Japanese delivery slip's address and a Turkish one with its building. Each case is paired with text
written the same way that names no one, or no one there."""

from __future__ import annotations

import pii
from tests.pii.masking import hidden, people, whole


def _places(redactor: pii.Redactor, text: str) -> list[str]:
    redaction = redactor.redact(text)
    assert pii.restore(redaction.text, redaction.vault) == text
    return [text[e.start : e.end] for e in redaction.entities if e.type in ("LOCATION", "STREET_ADDRESS")]


def test_where_a_named_person_lives_is_hidden_after_of(redactor: pii.Redactor) -> None:
    notices = (
        "GOLDEN WEDDING: Bernie and Frank Gildea of Lahardane celebrated fifty years of marriage.\n"
        "ENGAGEMENT: Hamish, son of Mr and Mrs Alasdair MacLeod of Portree, Isle of Skye, and Thandiwe, daughter of "
        "Mrs Nomvula Dlamini of Hilton, KwaZulu-Natal.\nCallum, son of Mrs Niall Rafferty of Lisburn, Co. Antrim."
    )
    hidden(redactor, notices, "Lahardane", "Portree", "Isle of Skye", "Hilton", "KwaZulu-Natal", "Lisburn", "Antrim")
    minutes = "Mrs Margaret Storr of Church Street said coaches block it. Kev Roberts-Jones of Connah's Quay agreed."
    hidden(redactor, minutes, "Church Street", "Connah's Quay")
    whole(redactor, minutes, "Connah's Quay")


def test_of_after_no_person_or_before_a_body_locates_no_one(redactor: pii.Redactor) -> None:
    text = (
        "Anna Lee of Marketing will call. John Smith of Acme Solutions too, and Maria Lopez of Leeds University. "
        "We sang for the Duke of York at the Bank of Ireland."
    )
    assert not {"Marketing", "Acme Solutions", "Leeds University", "Ireland"} & set(_places(redactor, text))
    assert "Lahardane" in _places(redactor, "Frank Gildea of Lahardane said so.")  # the control: a home, after a name


def test_a_family_name_in_capitals_before_the_given_names_is_one_name(redactor: pii.Redactor) -> None:
    court = (
        "HUSSAIN, Mohammed Zubair (27), 41 Oakley Road, Luton LU4 9QJ. Six points.\n"
        "CAMPBELL, Delroy Anthony (52), 6 Marsh Road, Leagrave. Fined £40.\n"
        "HEGARTY (née Collins), Bridget (Bridie)\nArdfield, Clonakilty, Co. Cork, P85 YX63"
    )
    hidden(redactor, court, "HUSSAIN", "CAMPBELL", "HEGARTY", "Collins", "Bridget", "P85 YX63")
    whole(redactor, court, "HUSSAIN, Mohammed Zubair", "CAMPBELL, Delroy Anthony")


def test_a_word_in_capitals_and_a_comma_before_a_word_is_no_name(redactor: pii.Redactor) -> None:
    text = "NOTE, Please see below.\nUPDATE, Monday\nWARNING, Danger\nFYI, Sarah"
    found = {word for person in people(redactor, text) for word in person.split(", ")}
    assert not {"NOTE", "UPDATE", "WARNING", "FYI", "Please"} & found
    assert "Sarah" in " ".join(people(redactor, text))  # the control: a name after the shorthand


def test_a_deeds_parties_a_races_home_towns_and_numbered_neighbourhoods_are_hidden(redactor: pii.Redactor) -> None:
    deeds = (
        "grantor\tgrantee\tproperty\tprice\nEli J. & Miriam Yoder\tReuben L. Hochstetler\t7781 Kidron Rd.\t$312,000\n"
        "Buckeye Rental Holdings LLC\tChanelle M. Washington\t415 N. Bever St.\t$148,500"
    )
    hidden(redactor, deeds, "Eli J.", "Miriam Yoder", "Reuben L. Hochstetler", "Chanelle M. Washington")
    assert "Buckeye Rental Holdings LLC" not in people(redactor, deeds)  # a firm among the parties
    results = "pos,bib,name,club,time,home\n1,214,Donncha Ó Súilleabháin,Tralee Harriers,31:48,Ballyheigue"
    hidden(redactor, results, "Donncha Ó Súilleabháin", "Ballyheigue")
    roster = "성명\t나이\t거주\t연락처\n기은정\t41\t복대1동\t010-2280-5571\n어정우\t44\t봉명2송정동\t010-6628-7194"
    hidden(redactor, roster, "기은정", "복대1동", "봉명2송정동")
    class_list = "번호,원어이름,한글이름,출신국,출신도시,거주동\n1,Pham Thi Thu,팜 티 투,베트남,Hải Phòng,중앙동"
    hidden(redactor, class_list, "Pham Thi Thu", "팜 티 투", "Hải Phòng", "중앙동")


def test_a_name_and_home_column_of_no_people_stay(redactor: pii.Redactor) -> None:
    settings = "name,type,home\ntimeout,int,/etc/app\nretries,int,/var/lib/app"
    assert _places(redactor, settings) == [] and people(redactor, settings) == []
    steps = "step,owner,region\nbuild,ci,eu-west-1\ndeploy,cd,us-east-2"
    assert people(redactor, steps) == []


def test_an_eircode_is_hidden_and_a_road_in_capitals_is_not(redactor: pii.Redactor) -> None:
    silage = "1. Pádraig Mac Donncha - Cloonagashel, Ballinrobe, F31 KX83 - 42 ac - 087 215 4498"
    hidden(redactor, silage, "F31 KX83")
    text = "Take the M50 WEST, then the N17 ROAD past A12 BYPASS."
    assert _places(redactor, text) == []


def test_a_japanese_slips_address_and_a_turkish_one_with_its_building_are_whole(redactor: pii.Redactor) -> None:
    slip = (
        "Jusho: Tokyo-to Setagaya-ku Taishido 3-21-7, Rune Taishido 402-goshitsu\n"
        "Jusho: Hokkaido Sapporo-shi Chuo-ku Minami 9-jo Nishi 14-chome 2-18"
    )
    whole(
        redactor,
        slip,
        "Tokyo-to Setagaya-ku Taishido 3-21-7, Rune Taishido 402-goshitsu",
        "Hokkaido Sapporo-shi Chuo-ku Minami 9-jo Nishi 14-chome 2-18",
    )
    orders = (
        "1042 | Osmanağa Mah. Söğütlüçeşme Cad. Yeldeğirmeni Apt. No: 12 Kat 3, Kadıköy | 0541 902 33 18\n"  # noqa: RUF001
        "1043 | Fenerbahçe Mah. Kalamış Fener Cad. Deniz Sitesi B Blok D: 14 | (0216) 345 28 19"  # noqa: RUF001
    )
    whole(
        redactor,
        orders,
        "Osmanağa Mah. Söğütlüçeşme Cad. Yeldeğirmeni Apt. No: 12 Kat 3",
        "Fenerbahçe Mah. Kalamış Fener Cad. Deniz Sitesi B Blok D: 14",  # noqa: RUF001
    )
    tickets = "Tickets Alpha Bravo 3-21-7 and Charlie 2-18 are open; build Yuki-chan 4-2-1 passed."
    assert _places(redactor, tickets) == []


def test_a_streets_town_before_a_logs_next_field_goes_with_it(redactor: pii.Redactor) -> None:
    log = (
        "23:02 | car 14 | P/U: Ms Niamh Walsh, 8 Ashgrove Park, Douglas → D/O: Cork Airport | €24\n"
        "- Dave's job - 17 Kedron Brook Rd, Wilston - hot water system leaking"
    )
    whole(redactor, log, "8 Ashgrove Park, Douglas", "17 Kedron Brook Rd, Wilston")
    assert _places(redactor, "See chapter 9 Supreme Court justices, Smith and Jones.") == []


def test_a_round_books_customers_are_hidden_under_a_header_with_a_currency_column(redactor: pii.Redactor) -> None:
    book = (
        "Date | Customer | Address | £ | Paid?\n"
        "03/11 | Mrs P. Loveday | Ivy Cottage, The Street, Hethersett | 12 | yes\n"
        "03/11 | Bernard & Sue Goldsmith | 7 Poppy Close, Hethersett | 15 | owes"
    )
    hidden(redactor, book, "Loveday", "Bernard", "Sue Goldsmith", "Ivy Cottage", "Hethersett")
    prices = "Item | Qty | £ | In stock?\nCopper pipe | 4 | 12 | yes\nBrass elbow | 10 | 3 | no"
    assert people(redactor, prices) == []


def test_an_apprentice_and_forenames_are_hidden_after_their_label(redactor: pii.Redactor) -> None:
    sheet = "Apprentice: Kacper\nSurname: HALLIWELL\nForename(s): Winifred May\nOther names: Winnie"
    hidden(redactor, sheet, "Kacper", "Winifred", "Winnie")
    filled = "Helper: Cache Warmer\nCrew: Blue Watch\nTechnician: Level 2\nFitter: Required\nCourier: DHL Express"
    assert people(redactor, filled) == []


def test_a_korean_place_read_in_two_parts_is_one_place(redactor: pii.Redactor) -> None:
    letter = "하지원 기자님 안녕하세요. 저는 상주시 함창읍에 사는 주민 공만석입니다.\n자택: 보령시 주교면 송학리"
    whole(redactor, letter, "상주시 함창읍", "보령시 주교면 송학리")
    assert "김민준" in people(redactor, "김민준 대정읍 거주")  # a person before a place stays a person


def test_a_hangul_transcription_before_its_spelling_in_brackets_is_hidden(redactor: pii.Redactor) -> None:
    letter = (
        "4년째 일하는 쏙 피룬(Sok Pirun, 외국인등록번호 990316-7264185) 씨의 일로 문의드립니다.\n"
        "회장 김 블라디미르 (Ким Владимир, 1956.03.18생) 님은 알마티에 계십니다.\n"
        "김해시 동상동 거주. 레티마이 (Lê Thị Mai) 010-5128-9937"
    )
    hidden(redactor, letter, "쏙 피룬", "Sok Pirun", "블라디미르", "레티마이")
    whole(redactor, letter, "쏙 피룬", "김 블라디미르")


def test_a_role_or_a_sentence_before_a_bracketed_name_stays(redactor: pii.Redactor) -> None:
    text = (
        "고객(Sophie Lee): Hi!\n이모부(Steve Kang)는 바쁘고, 어머님(Josephine Santos)께는 영어로 보냅니다.\n"
        "교환학생으로 온 친구에요 (Yuki Tanaka)\n삼성전자(Samsung Electronics)와 서울대학교(Seoul National University)"
    )
    found = people(redactor, text)
    assert not {"고객", "이모부", "어머님", "친구에요", "삼성전자", "서울대학교"} & {
        w for p in found for w in p.split()
    }
    assert "Sophie Lee" in found  # the control: the name in brackets is found


def test_an_auctions_parties_and_a_papers_byline_are_hidden(redactor: pii.Redactor) -> None:
    notice = (
        "  소유자: 변경숙 / 채무자: 변태민\n  임차인: 현미소 (전입 2023.04.11)\n/군산=도하은 기자 do@kunsannews.co.kr"
    )
    hidden(redactor, notice, "변경숙", "변태민", "현미소", "도하은")
    firms = "소유자: 한빛건설 / 채권자: 농협은행\n원고: 주식회사 보람테크\n가격=시가 기자재"
    assert people(redactor, firms) == []


def test_a_maiden_name_a_death_notices_grandchildren_and_a_letters_signature_are_hidden(
    redactor: pii.Redactor,
) -> None:
    notice = (
        "Mme Yvonne LE BIHAN, née GUILLOU\nsurvenu le 1er décembre.\n"
        "Sadly missed by her sons Donal (Ardfield) and Seán (Sydney), grandchildren Aoibhe, Cian, Rory and Arjun."
    )
    hidden(redactor, notice, "GUILLOU", "Donal", "Aoibhe", "Rory", "Arjun")
    letters = "I remember the kilns. - Haroon Iqbal, Burslem\nThe bins are late. - Doreen Plant (Mrs), Longton"
    hidden(redactor, letters, "Haroon Iqbal", "Burslem", "Doreen Plant", "Longton")


def test_plural_kin_before_words_and_a_dash_before_a_desk_name_no_one(redactor: pii.Redactor) -> None:
    text = "Children Under Five and Adults Free. The Brothers Grimm.\nBest regards - Customer Services, Head Office"
    assert people(redactor, text) == []
    assert "Alice" in people(redactor, "He left his children Alice and Bob.")  # the control


def test_flats_floors_blocks_and_lots_go_with_their_street(redactor: pii.Redactor) -> None:
    moves = (
        "Från: Rosengårdsvägen 12, lgh 1102, Malmö\nbezorgen op Biltstraat 188-III. Uw buurman\n"
        "AUSHANG - Hausgemeinschaft Karl-Heine-Straße 58 / 58a, Leipzig-Plagwitz\n"
        "Customer stays in Punggol (Blk 268C Punggol Field, #12-41) on weekends.\n"
        "Home address: Purok 5, Brgy. San Isidro, Cabanatuan City"
    )
    whole(
        redactor,
        moves,
        "Rosengårdsvägen 12, lgh 1102",
        "Biltstraat 188-III",
        "Karl-Heine-Straße 58 / 58a",
        "Blk 268C Punggol Field, #12-41",
        "Purok 5, Brgy. San Isidro",
    )
    assert _places(redactor, "See Block 5 Exam Hall, room 2. Lot 7 sold. Purok is a word. Chapter 188-III.") == []


def test_the_places_between_dashes_after_a_name_in_a_list_are_hidden(redactor: pii.Redactor) -> None:
    silage = "4. Mrs Bridget Tierney - Carrowkeel, Neale - 9 ac, bales - ring her son"
    hidden(redactor, silage, "Carrowkeel")  # a townland's shape; "Neale", of no shape and on no list, stays
    staff = "Jane Doe - Acme Corp - 5 years\nTom Lee - Sales, Support - 2 years"
    assert not {"Acme Corp", "Sales", "Support"} & set(_places(redactor, staff))


def test_what_a_review_found_read_as_homes_addresses_or_names_stays(redactor: pii.Redactor) -> None:
    firms = (
        "Sam Altman of OpenAI said so. Jensen Huang of Nvidia agreed. Marc Benioff of Salesforce and Aoife Kelly of "
        'Procurement too.\n"The migration was painless." - Kenji Watanabe, Zendesk'
    )
    assert not {"OpenAI", "Nvidia", "Salesforce", "Procurement", "Zendesk"} & set(_places(redactor, firms))
    bullets = "- Redux Toolkit, Zustand\nWeek 5 Random Walk, Martingales\nT20 2024 World Cup, BMW E46 2003, Volvo V60"
    assert "Redux Toolkit" not in people(redactor, bullets)
    assert not [p for p in _places(redactor, bullets) if any(ch.isdigit() for ch in p)]  # no street, no Eircode
    assert "Ross" not in people(redactor, "missed by her sons Donal (New Ross) and Seán (Sydney)")
    korean = "부산 김유리 씨와 통화했다. 오늘 만난 응우옌반안 (Nguyễn Văn An) 씨. 정치/사회부 기자 채용"
    found = people(redactor, korean)
    assert "김유리" in found and not {"오늘 만난", "사회부", "만난 응우옌반안"} & set(found)
    hidden(redactor, "린다 (Linda Park) 씨", "린다", "Linda Park")


def test_what_a_last_reading_found_stays_a_home_a_name_or_nothing(redactor: pii.Redactor) -> None:
    news = "Mrs Anne Byrne of Leeds on Friday said so. Judge Jane Doe of Southwark Crown Court ruled."
    places = _places(redactor, news)
    assert "Leeds" in places and not [p for p in places if "Friday" in p or "Court" in p]
    desks = "Priya Shah of Purchasing, Dr Patel of Cardiology and Dr Demis Hassabis of DeepMind agreed."
    assert not {"Purchasing", "Cardiology", "DeepMind"} & set(_places(redactor, desks))
    names = "드웨인 존슨 (Dwayne Johnson) 과 조던 피터슨 (Jordan Peterson)\n채무자: 홍길동 / 피고: 조달청"
    hidden(redactor, names, "드웨인", "존슨", "조던", "피터슨", "홍길동")
    assert "조달청" not in people(redactor, names)
