"""Personal data found by the artefact it is pasted in (2026-12-04's eighth session): a chat's handles with its
times, a role's name in brackets, a ticket's name ("SON/JUNGHO MR"), a name in capitals inside a sentence, XML
elements and other languages' column names, addresses after more kinds of label, Chinese forms' labels; and what
such artefacts hold that is no one's: a chat's bots, a timestamp, a label's first word. Each case beside a control
the same rule must leave alone."""

from __future__ import annotations

import pytest

import pii
from tests.pii.masking import hidden, whole

_STREAM_CHAT = (
    "[22:41:03] 냥냥펀치777: ㅋㅋㅋㅋ 오늘 방송 개웃기네\n"
    "[22:41:10] dalbit_moon: 근데 스트리머 본명 아님?\n"
    "[22:41:15] 냥냥펀치777: ㅇㅇ 맞음\n"
    "[22:41:16] Nightbot: 개인정보 언급은 금지입니다.\n"
    "[22:41:32] dalbit_moon: 메일도 앎"
)
_SERVER_CHAT = (
    "[2026-11-29 21:04] 청솔이 (cheongsol#0412): 이번 오프모임 장소 홍대 ㄱ?\n"
    "[2026-11-29 21:05] MoonLight: ㄱㄱ 나 걸어감\n"
    "[2026-11-29 21:06] 청솔이: ㅇㅋ 그럼 MoonLight 형이 가게 예약 좀."
)


def test_a_timed_chats_handles_are_people_and_its_bots_and_log_levels_are_not(redactor: pii.Redactor) -> None:
    hidden(redactor, _STREAM_CHAT, "냥냥펀치777", "dalbit_moon")
    english = (
        "[2026-11-28 14:02] mai_anh.trinh: anyone doing the loop next week?\n"
        "[2026-11-28 14:05] oskar_lindqvist_: me! flying in on Monday\n"
        "[2026-11-28 14:06] mai_anh.trinh: nice, see you there\n"
        "[2026-11-28 14:15] ModBot: reminder: no personal data in this channel"
    )
    shown = hidden(redactor, english, "mai_anh.trinh", "oskar_lindqvist_")
    assert "ModBot:" in shown  # a machine speaking in the chat
    hidden(redactor, _SERVER_CHAT, "청솔이", "cheongsol#0412")  # "MoonLight": two everyday words, as a product's
    log = "[12:00:01] ERROR: disk full\n[12:00:02] INFO: retrying\n[12:00:03] ERROR: disk full"
    assert redactor.redact(log).text == log  # control: a log's levels speak in turn, and are no one
    once = "[09:00] Build_1: green\n[09:05] Deploy_2: done"
    assert redactor.redact(once).text == once  # control: no one speaks twice, so no chat


def test_a_timestamp_opening_a_chat_line_is_no_phone_number(redactor: pii.Redactor) -> None:
    entities = redactor.redact("[2026-11-29 21:04] 나: 도착\n전화: 010-6653-1208").entities
    kinds = {e.type for e in entities}
    assert "PHONE_NUMBER" in kinds  # control: the phone number still is one
    assert [e for e in entities if e.type == "PHONE_NUMBER" and e.start < 20] == []


def test_a_sentence_after_thank_you_opens_with_no_name(redactor: pii.Redactor) -> None:
    chat = "Agent: I can help with that.\nAgent: Thank you. The fare difference is 20 euros."
    assert "The fare difference" in redactor.redact(chat).text
    hidden(redactor, "Thank you.\nRita Owusu-Ansah", "Rita Owusu-Ansah")  # control: a name signing after it


@pytest.mark.parametrize(
    ("text", "values", "control", "kept"),
    [
        (
            "탑승객 1: NAMGUNG/SEOYEON MS (남궁서연)\n탑승객 2: SON/JUNGHO MR\nPax: DELA CRUZ/MARIA TERESA MRS",
            ["NAMGUNG/SEOYEON", "SON/JUNGHO", "DELA CRUZ/MARIA TERESA"],
            "Answer YES/NO for each item, and say AND/OR where both apply.",
            "YES/NO",
        ),
        (
            "(여권 영문: 본인 KWON DOYUN 여권번호 M485A2093)\nWe booked the garden room under INOUE HARUKA.",
            ["KWON DOYUN", "INOUE HARUKA"],
            "Run the KYC AML checks and the GDPR DPIA before the NHS BSA audit.",
            "KYC AML",
        ),
        (
            '<pax seq="1">\n  <surname>WICKRAMASINGHE</surname>\n  <given>Nadeesha Kumari</given>\n'
            "  <residence>Nugegoda</residence>\n</pax>",
            ["WICKRAMASINGHE", "Nadeesha Kumari", "Nugegoda"],
            "<server><name>Hope</name><region>Frankfurt</region></server>",
            "<name>Hope</name>",
        ),
        (
            "contact_id;nombre;apellidos;email;ciudad;fecha_nac\n"
            "C-10021;José Luis;García-Pelayo Domínguez;jl@telefonica.net;Sevilla;1968-02-29",
            ["José Luis", "García-Pelayo Domínguez", "Sevilla", "1968-02-29"],
            "producto;precio;ciudad\nCafé Molido;4,50;Sevilla",
            "Café Molido",
        ),
        (
            '{"user_profile": {"real_name": "설가영", "display_name": "gayoung.seol"}}\n'
            '{"tgl_lahir": "1994-02-27", "tempat_lahir": "Blora"}',
            ["설가영", "gayoung.seol", "Blora"],
            '{"display_name": "release.notes", "real_name": null}',
            "release.notes",
        ),
        (
            "접수번호,상담일,의뢰인,생년월일,거주지\nL-26-1187,2026-11-24,구자경,1971-06-30,창원\n"
            "기수,이름,생년월일,현거주\n32,소정민,78.01.21,경남 진주시",
            ["구자경", "창원", "소정민", "경남 진주시"],
            "접수번호,상담일,사건요지\nL-26-1187,2026-11-24,임금체불",
            "임금체불",
        ),
        (
            "姓名: 欧阳晓婷    曾用名: 欧阳婷婷\n户主: 欧阳建国 (父)",
            ["欧阳晓婷", "欧阳婷婷", "欧阳建国"],
            "户主: 请填写本人",
            "请填写本人",
        ),
    ],
    ids=[
        "ticket names",
        "capitals in a sentence",
        "XML elements",
        "Spanish columns",
        "JSON fields",
        "Korean columns",
        "Chinese labels",
    ],
)
def test_a_value_marked_by_its_artefact_is_hidden(
    redactor: pii.Redactor, text: str, values: list[str], control: str, kept: str
) -> None:
    hidden(redactor, text, *values)
    whole(redactor, text, *values)
    assert kept in redactor.redact(control).text


@pytest.mark.parametrize(
    ("text", "address"),
    [
        (
            "quien tiene su domicilio en Privada de Jazmines 12, San Felipe del Agua, 68020 Oaxaca",
            "Privada de Jazmines 12, San Felipe del Agua, 68020 Oaxaca",
        ),
        (
            "I will send her ID. Her address there: #112, Street 20, Wat Bo Village, Siem Reap",
            "#112, Street 20, Wat Bo Village, Siem Reap",
        ),
        ("My postal address:\nUnit 14 Seaview Gardens, 22 Umbilo Road\nDurban", "Unit 14 Seaview Gardens, 22 Umbilo"),
    ],
    ids=["after 'domicilio en'", "after 'address there'", "on the label's next line"],
)
def test_an_address_after_more_kinds_of_label_is_hidden_whole(redactor: pii.Redactor, text: str, address: str) -> None:
    hidden(redactor, text, address)
    whole(redactor, text, address)


def test_words_near_an_address_label_are_no_address(redactor: pii.Redactor) -> None:
    for text in ("We met at the address at 5 pm.", "Address:\n\nThe form asks for two things."):
        assert redactor.redact(text).text == text


def test_a_community_comments_handles_with_digits_or_latin_letters_are_hidden(redactor: pii.Redactor) -> None:
    thread = (
        "제목: 전세사기 당할 뻔한 썰 푼다\n댓글 12\n"
        "ㄴ 빌라왕은부활한다: 저거 작년에 사무실 하던 놈 아님?\n"
        "ㄴ 전세난민3호: ㅇㅇ 맞음.\n"
        "└ yoonie_0214: 저도 같이 가도 될까요??"
    )
    hidden(redactor, thread, "전세난민3호", "yoonie_0214")
    outline = "댓글 정리\n└ Q: 무엇을 할까요?\n└ A: 아래 순서대로 하세요"
    assert redactor.redact(outline).text == outline  # control: an outline's letters are no handles


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("- 상속인: 모 한순자 / 장남 변성진\n현지 연락처: 시누이 손미정 +84 91 234 5678", ["손미정"]),
        ("통역은 아내 Sarnai(사르나이) 010-5836-4472", ["Sarnai", "사르나이"]),
        ("태국에서 온 Pimchanok(핌차녹) 동생에게 한글을 가르쳤다", ["Pimchanok", "핌차녹"]),
    ],
    ids=["in-law", "wife's name in two scripts", "a sibling's name in two scripts"],
)
def test_a_relation_before_or_after_a_name_marks_it_in_korean(
    redactor: pii.Redactor, text: str, values: list[str]
) -> None:
    hidden(redactor, text, *values)


def test_a_brand_in_two_scripts_is_no_name(redactor: pii.Redactor) -> None:
    texts = (
        "담당자 메일은 Outlook(아웃룩)으로 보내요",
        "팀장 Samsung(삼성) 출신이래요",
        "제1부 모임은 오후에, 부 단위로 진행",
    )
    for text in texts:
        assert redactor.redact(text).text == text


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Belgeler ekte.\n\nKolay gelsin,\nDeniz Y\u0131ld\u0131r\u0131m\nOperasyon", "Deniz Y\u0131ld\u0131r\u0131m"),
        ("y autorizando para tales efectos al Lic. Emiliano Ruiz Cisneros, ante Usted", "Emiliano Ruiz Cisneros"),
        ("She prefers French. Follow up Friday with Atty. Ota.", "Ota"),
    ],
    ids=["Turkish sign-off", "Licenciado", "Attorney"],
)
def test_more_sign_offs_and_titles_mark_a_name(redactor: pii.Redactor, text: str, name: str) -> None:
    hidden(redactor, text, name)


def test_a_street_a_building_or_a_ship_written_as_a_name_is_no_person(redactor: pii.Redactor) -> None:
    text = "Day 2: start at Praça Marquês de Pombal, lunch at Hotel Myriad, then the ship MV Aurora Borealis."
    people = [text[e.start : e.end] for e in redactor.redact(text).entities if e.type == "PERSON"]
    assert people == []
    hidden(redactor, "Regards,\nMarta Castillo", "Marta Castillo")  # control: a family name that names streets too


@pytest.mark.parametrize(
    "text",
    [
        "[10:22:03] celery_worker: task received\n[10:22:04] auth_service: token ok\n[10:22:05] celery_worker: done",
        "[09:00:01] sensor_01: 21.5C\n[09:00:02] Room_101: door open\n[09:00:03] sensor_01: 21.6C",
        "[00:00:01] SPEAKER_00: hello there\n[00:00:04] SPEAKER_01: hi\n[00:00:09] SPEAKER_00: so, the agenda",
        "[10:00] Step1: install\n[10:05] Step2: configure\n[10:10] Step1: verify the install",
        "[2026-11-29 21:04] 운영팀 (ops_team): 점검 공지\n[2026-11-29 21:05] 운영팀: 점검 완료",
    ],
    ids=["services", "sensors and rooms", "transcription speakers", "steps", "a desk"],
)
def test_a_logs_machines_steps_and_desks_speaking_with_times_are_no_people(redactor: pii.Redactor, text: str) -> None:
    assert [text[e.start : e.end] for e in redactor.redact(text).entities if e.type == "PERSON"] == []


def test_a_name_after_a_host_in_a_timed_chat_is_still_hidden(redactor: pii.Redactor) -> None:
    chat = "[10:00] Host (Kwabena): welcome all\n[10:01] Guest (Adaeze): thanks\n[10:05] Host (Kwabena): let us start"
    hidden(redactor, chat, "Kwabena", "Adaeze")


@pytest.mark.parametrize(
    "text",
    [
        "Please merge the RTO/RPO DR targets doc, and the MUC/FRA MR coordination notes.",
        "Use the ADAM OPTIMIZER with lr 3e-4 after the KYC AML checks.",
        "Please update the address at Settings > Account 2. El domicilio en España debe constar en el formulario.",
        "Return address:\nWe include a prepaid label in box 2.\nNode address:\n12D3KooWAbc123",
        "Address here: line 2 of the config. Pickup address there: the main gate, 2 pm.",
        "<footer><address>© 2024 Acme Corp. All rights reserved.</address></footer>",
        "1부 강연 후 2부 조별 토론이 이어집니다. 고객 Tesla(테슬라) 모델 Y 인도 일정",
    ],
    ids=["merge requests", "products in capitals", "settings", "next lines", "here and there", "HTML", "Korean"],
)
def test_what_only_looks_like_these_artefacts_is_left_alone(redactor: pii.Redactor, text: str) -> None:
    found = [text[e.start : e.end] for e in redactor.redact(text).entities if e.type in ("PERSON", "STREET_ADDRESS")]
    assert found == []
