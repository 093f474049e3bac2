"""Personal data in leisure, culture, sport and travel (2026-12-04's eleventh session): a family name before a
coach's, a boss's or a teacher's title, a stream's saved chat and a webtoon's comments, towns that Korean speech puts
a person in without a particle, rosters of names in both scripts. Each case beside a control the same rule must leave
alone."""

from __future__ import annotations

import time

import pii
from pii._place_forms import datelines
from pii._places import gazetteer
from tests.pii.masking import hidden, whole


def test_a_korean_family_name_alone_before_a_coachs_a_bosss_or_a_teachers_title(redactor: pii.Redactor) -> None:
    whole(redactor, "| 4 | 변 감독 (대타) | DH | 1 | 0 | 0 |", "변 감독")
    whole(redactor, "1조 07:12 — 남기현 회장님, 소 사장님, 황보 미란", "소 사장")
    whole(redactor, "참석 여부는 사무국장 탁 국장(직통 02-2265-7431)에게 알려 주세요.", "탁 국장")
    whole(redactor, "데스크 지시: 사진부 엄 선배랑 토요일 아침 출발", "엄 선배")
    whole(redactor, "| 수 | 15:30 | 드럼 | 봉 쌤 | 류 선생님 |", "봉 쌤", "류 선생")
    controls = "이 선생님 수업 좋아요. 한 기자가 왔다. 예 선생님, 알겠습니다. 전 감독 시절 얘기. 리뷰에 단 사장님 답글"
    assert redactor.redact(controls).text == controls  # "this", "one", "yes", "the former", a verb's ending
    words = "새로 온 선생님, 출장 간 사장님, 우리 동 대표 회의, 정 교수 승진 심사, 주 매니저 회의, 오 선생님 진짜요?"
    assert redactor.redact(words).text == words  # who came, went, a block's, full, main, "oh" (the review's)


def test_a_given_name_ending_in_man_is_not_cut_at_the_particle(redactor: pii.Redactor) -> None:
    whole(redactor, "입금: 농협 351-1192-4407-63 (예금주 석종만)", "석종만")
    whole(redactor, "작가 본명 연보라 맞죠? 인스타에서 봤어요", "연보라")  # a real name's word before it
    control = "실명 인증 완료, 실명 계좌로만 입금, 본명 공개는 안 해요. 이것만 주세요."
    assert redactor.redact(control).text == control
    hidden(redactor, "법명 혜민 스님의 강연", "혜민")  # as before: 법명 is no cue that hides the name after it


def test_a_streams_saved_chat_and_a_webtoons_comments_name_their_viewers(redactor: pii.Redactor) -> None:
    stream = (
        "21:03:11 먹방요정뽀미: 오늘 2부는 어디서 먹어요??\n"
        "21:03:15 진짜배기_동혁: 서문시장 가자 ㅋㅋ\n"
        "21:04:02 [모더레이터] 치즈냥: 개인 번호 올리시면 안 돼요!!"
    )
    hidden(redactor, stream, "먹방요정뽀미", "진짜배기_동혁", "치즈냥")
    twitch = (
        "[22:41] tteokbokki_lord: 형 오늘 솔랭 몇 판까지 함?\n[22:42] anhtuan_vn: 하노이에서 보고 있어요 ㅎㅎ\n"
        "[22:44] jisoo_0412: 오빠 디코 서버 터졌어요 친추 좀"
    )
    hidden(redactor, twitch, "tteokbokki_lord", "anhtuan_vn", "jisoo_0412")  # three viewers, none speaking twice
    comments = "[87화 베스트 댓글]\nㄴ 한결같은독자 (2,341) : 이번 화 미쳤다\nㄴ 구독자yj (1,027) : 울었음"
    hidden(redactor, comments, "한결같은독자", "구독자yj")  # a comment's likes in brackets
    programme = "10:00:00 개회식: 시작\n10:30:00 기조연설: 발표\n11:00:00 점심: 식당"
    assert redactor.redact(programme).text == programme  # control: a programme's slots are ordinary words
    ticker = "09:00:01 삼성전자: 71,200\n09:00:02 카카오: 45,100\n09:00:03 네이버: 201,000"
    assert redactor.redact(ticker).text == ticker  # control: a ticker's lines say a number
    timetable = "09:00 1교시: 국어 시간입니다\n09:50 2교시: 수학 시간입니다\n10:40 3교시: 영어 시간입니다"
    assert redactor.redact(timetable).text == timetable  # control: a Hangul label with a number is no handle
    agenda = "[09:00] Registration_desk: badges\n[10:00] Room_101: workshop"
    assert "Room_101" in redactor.redact(agenda).text  # control: two slots, one a room's


def test_towns_korean_speech_puts_a_person_in_without_a_particle(redactor: pii.Redactor) -> None:
    hidden(redactor, "언니 저 경산 살아요 근처 오면 연락줘요", "경산")
    hidden(redactor, "선생님, 양평으로 내려왔어요. 연말 모임은 영천 시내 한우집", "양평", "영천")
    hidden(redactor, "참가자: Emily Carter (미국, 보스턴)", "보스턴")  # a town after its country, in brackets
    controls = "혼자 살아요. 아이폰 사는 게 나을까. 대한항공 출발 지연. 삼성에서 오신 분들. 네이버로 오신 고객님."
    assert redactor.redact(controls).text == controls  # buying, a firm's departure, a firm's visitors
    news = "미국 트럼프 대통령, 독일 폭스바겐 리콜, (미국, 캐나다) 순방. 카톡에서 온 메시지."
    assert redactor.redact(news).text == news  # a country before a leader or a firm, a country after one


def test_names_in_both_scripts_on_a_rosters_row_or_in_either_order(redactor: pii.Redactor) -> None:
    roster = "지원번호 / 이름 / 배역\nA-014 / 우하린 / 주인공 역\nA-027 / Alexei Morozov (알렉세이 모로조프) / 선원 역"
    hidden(redactor, roster, "Alexei Morozov", "알렉세이 모로조프")  # two more cells on its row, below "이름"
    hidden(redactor, "908호 NGUYEN THI THANH HUONG (응우옌 티 탄 흐엉) 님", "NGUYEN THI THANH HUONG", "응우옌")
    # the family name first in Hangul, last in Latin letters
    hidden(redactor, "동행: 라만 아르준 (Arjun Raman) 님, 아들", "라만 아르준", "Arjun Raman")
    products = "| 상품 | 영문 | 가격 |\n| 포르쉐 타이칸 (Porsche Taycan) | 1억 | 재고 |"
    assert redactor.redact(products).text == products  # control: a product's table has no column of names


def test_a_korean_tables_columns_of_names_in_each_script_and_their_notes(redactor: pii.Redactor) -> None:
    csv = "no,한글성명,여권영문명,성별\n1,김민서,KIM MINSEO,F\n2,도건우,DO GEONWOO,M"
    hidden(redactor, csv, "김민서", "KIM MINSEO", "도건우", "DO GEONWOO")
    lessons = "| 요일 | 학생 | 악기 | 보호자 연락처 |\n|---|---|---|---|\n| 월 | 하윤 (초3) | 피아노 | 010-5092-3367 |"
    hidden(redactor, lessons, "하윤")  # a column of pupils beside a guardian's number; the pupil's year in brackets
    settings = "| 이름 | 값 | 비고 |\n|---|---|---|\n| 타임아웃 (초) | 30 | 기본 |"
    assert redactor.redact(settings).text == settings  # control: "이름" of settings, no one's contact beside it
    vendors = "| Name | Version | Support email |\n|---|---|---|\n| Redis | 7.2 | help@redis.example |"
    assert "Redis" in redactor.redact(vendors).text  # a desk's contact makes no one's name of the product
    staff = (
        "| 이름 | 상태 | 이메일 |\n|---|---|---|\n| 미정 (TBD) | 대기 | a@b.kr |\n| 관리자 (admin) | 활성 | c@d.kr |"
    )
    redacted = redactor.redact(staff).text
    assert "미정 (TBD)" in redacted and "관리자 (admin)" in redacted  # placeholders' notes are no names'
    itinerary = "name: 서울 투어\n| 1일차 | 에펠 타워 (Eiffel Tower) | 오전 |"
    assert "PERSON" not in redactor.redact(itinerary).counts()  # no column of names above the row


def test_addresses_of_catalonia_brazil_czechia_japan_and_an_italian_province(redactor: pii.Redactor) -> None:
    whole(
        redactor,
        "Mi dirección sigue siendo Avinguda del Turisme 45, 2n 1a, 08370 Calella.",
        "Avinguda del Turisme 45, 2n 1a, 08370 Calella",
    )
    whole(
        redactor,
        "na casa dele: Rua Cardoso de Morais 214, casa 2, Bonsucesso, Rio - RJ, 21032-000",
        "Rua Cardoso de Morais 214, casa 2, Bonsucesso, Rio - RJ, 21032-000",
    )
    whole(redactor, "he met me at Masarykovo náměstí 87 (his own flat)", "Masarykovo náměstí 87")
    whole(
        redactor,
        "Jitaku: Nagamachi 2-chome 7-11, Kanazawa-shi, Ishikawa 920-0865",
        "Nagamachi 2-chome 7-11, Kanazawa-shi, Ishikawa 920-0865",
    )
    whole(
        redactor,
        "📍 Via dei Tessitori 23, int. 4, 50063 Figline Valdarno (FI)",
        "Via dei Tessitori 23, int. 4, 50063 Figline Valdarno (FI)",
    )
    controls = "Carrer de la Música opens at 9. Section 2-chome of the manual. The 2n 1a round starts (FI) soon."
    assert redactor.redact(controls).text == controls


def test_a_runners_home_a_guests_surname_first_in_quotes_and_a_cards_extra_district(redactor: pii.Redactor) -> None:
    runners = '[{"bib": 7, "name": "Hiroko Tsutsui", "dob": "1996-12-02", "club": "Wacoal", "home": "Kyōtango"}]'
    hidden(redactor, runners, "Kyōtango")  # "home" beside a birth date: where the runner lives
    fixtures = '[{"round": 3, "home": "Leeds", "away": "Hull", "kickoff": "15:00"}]'
    assert "Leeds" in redactor.redact(fixtures).text  # control: a fixture's home side, no one's personal data
    guests = 'guests:\n  - name: "Tamm, Kadri-Liis"\n    nights: 3\n  - name: "Mägi, Jaagup"\n    nights: 2'
    hidden(redactor, guests, "Tamm, Kadri-Liis", "Mägi, Jaagup")
    card = "BEGIN:VCARD\nADR;TYPE=HOME:;;17 Mahlangu Crescent;Orlando West;Soweto;Gauteng;1804;South Africa\nEND:VCARD"
    redacted = hidden(redactor, card, "Gauteng", "South Africa", "Orlando West")
    assert "1804" in redacted  # the postcode stays, as in a card of seven parts


def test_rosters_in_other_languages_and_a_numbered_column(redactor: pii.Redactor) -> None:
    czech = "jméno;nástroj;telefon;e-mail;bydliště\nVojtěch Hrubeš;housle;+420 731 284 596;v.hrubes@seznam.cz;Třebíč"
    hidden(redactor, czech, "Třebíč")
    danish = "navn,telefon,email,vagt,bopæl\nKaveh Rostami,+45 53 64 12 90,,Scene 2,Gråsten"
    hidden(redactor, danish, "Kaveh Rostami", "Gråsten")
    manifest = "| # | Họ tên | Ngày sinh | Phòng |\n|---|---|---|---|\n| 1 | NGUYỄN THỊ BÍCH NGỌC | 12/04/1968 | Twin |"
    hidden(redactor, manifest, "NGUYỄN THỊ BÍCH NGỌC")
    settings = "| # | navn | verdi |\n|---|---|---|\n| 1 | Timeout | 30 |"
    assert redactor.redact(settings).text == settings  # control: "navn" of settings, no one's contact beside it


def test_a_handles_repeat_is_masked_whole_and_a_number_after_norwegian_or_brazilian_words(
    redactor: pii.Redactor,
) -> None:
    log = (
        "21:14:09 <kasia_nowicka94> gg!!\n21:14:30 <bogdan_rusu_ro> lol kasia lives near me\n"
        "21:14:31 <StreamElements> kasia_nowicka94 has been gifted a sub\n21:14:40 <kasia_nowicka94> delete that"
    )
    redacted = hidden(redactor, log, "kasia_nowicka94", "bogdan_rusu_ro")
    assert "94" not in redacted.replace("21:14", "")  # not its words alone, leaving "_..._...94"
    hidden(redactor, "Tor-Arne er skipper, ring ham på 915 27 406", "915 27 406")
    hidden(redactor, "Dúvidas: falar com a Jussara no zap 21 98714-3302.", "98714-3302")
    control = "ring ham på mandag kl 16, the zap 3 wiring kit costs 21 99."
    assert redactor.redact(control).text == control


def test_a_letters_dateline_names_its_town_and_an_icelandic_patronymic_a_person(redactor: pii.Redactor) -> None:
    letter = "Madame Nathalie Vandenbroucke\n                     Tournai, le 2 avril 2025\nObjet : Remboursement"
    hidden(redactor, letter, "Tournai")
    hidden(redactor, "Berlin, den 3. März 2024\nSehr geehrte Damen und Herren,", "Berlin")
    hidden(redactor, "Kraków, 12.03.2024\nSzanowni Państwo,", "Kraków")
    days = "Lundi, 3 mars 2025\nMonday, 3 March 2025\nUpdated, 3 March 2025\nProtokoll, 12.03.2024"
    titles = ("Lundi", "Monday", "Updated", "Protokoll")
    assert all(word in redactor.redact(days).text for word in titles)  # a day, a word, a title at the margin
    padded = "Kraków, 12.03.2024" + " " * 31_900 + "x"
    places = gazetteer("recognizers")
    started = time.perf_counter()
    assert datelines(padded, places) == [] and datelines("Kraków, 12.03.2024   ", places) == [(0, 6)]
    assert time.perf_counter() - started < 1  # 3.3 s when the spaces before the line's end were split every way
    whole(redactor, "Kórstjóri: Ragnheiður (Heiða) Bjarnadóttir", "Ragnheiður (Heiða) Bjarnadóttir")
    control = "Pick the Cyan (light) theme. Export (final) Enko tables."
    assert redactor.redact(control).text == control


def test_a_name_in_capitals_after_a_label_in_capitals_and_an_account_before_its_network(
    redactor: pii.Redactor,
) -> None:
    hidden(redactor, "EMERGENCY CONTACT: SIONE TUIPULOTU (BROTHER) 022 316 0784", "SIONE TUIPULOTU")
    form = "PATIENT: STABLE CONDITION\nNEXT OF KIN: NOT PROVIDED\nCUSTOMER: ACME HOLDINGS LTD\nAPPLICANT: SEE ATTACHED"
    assert redactor.redact(form).text == form  # control: a shouted form's everyday answers
    hidden(redactor, "Our class rep, Choi Min-jae (minjae_choi09 on Kakao), needs RSVPs", "minjae_choi09")
    notes = "We released v2.1 on Signal; node_modules on Discord; config.yaml on Line 4; app_v2 on IG."
    assert redactor.redact(notes).text == notes  # control: versions, folders and files before a network's name


def test_an_owners_label_in_other_languages_who_took_it_in_and_a_candidates_name_column(
    redactor: pii.Redactor,
) -> None:
    owner = "Propietaria: GONZÁLEZ-ECHEVERRÍA, María José\nDirección: Calle de Sueca 3"
    hidden(redactor, owner, "GONZÁLEZ-ECHEVERRÍA", "María José")
    hidden(redactor, "Intake by: Kofi Adeyemi-Stroud, paralegal", "Kofi Adeyemi-Stroud")
    control = "Propietario: Desconocido. Recorded by: Finance Team."
    assert redactor.redact(control).text == control  # "unknown" in Spanish, a team
    rows = 'candidate_name,email,stage\n"O\'Donoghue, Bartholomew (Bart)",bart.o@eircom.net,offer'
    hidden(redactor, rows, "O'Donoghue", "Bartholomew")
