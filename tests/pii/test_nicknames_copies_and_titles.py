"""Personal data in consumer and community life (2026-12-04's tenth session): a nickname in quotes inside a name,
chats copied from Discord, Telegram and Slack, phone numbers after more words, a messenger's ID after "is", Korean
titles of counsellors, insurance planners and monks, a family's, a school's and a wedding's form labels, a town before
an Irish county. Each case beside a control the same rule must leave alone."""

from __future__ import annotations

import pii
from tests.pii.masking import hidden, whole


def test_a_nickname_in_quotes_makes_the_words_around_it_a_name(redactor: pii.Redactor) -> None:
    whole(redactor, '| 4 | Chukwuemeka "Emeka" Obi | Groom |', 'Chukwuemeka "Emeka" Obi')
    whole(redactor, "Parking marshals: Mohan, Vignesh 'Vicky' Balakrishnan (9680 2219)", "Vignesh 'Vicky' Balakrishnan")
    whole(redactor, 'nombre: "Abdelkader \u2018Kader\u2019 Ouali", dorsal: 1', "Abdelkader \u2018Kader\u2019 Ouali")
    whole(redactor, 'Thanks Rohan "Ronny" Deshpande for driving.', 'Rohan "Ronny" Deshpande')  # not from "Thanks"
    whole(redactor, 'with Jennifer "Jen" Lawrence', 'Jennifer "Jen" Lawrence')  # short for a name that is a word
    controls = 'Operation "Desert Storm" Veterans met at the "Iron" Works; the \'Apple\' Store was closed.'
    assert redactor.redact(controls).text == controls  # everyday words and products around quotes
    order = 'Order: Nespresso "Vertuo" Pods x3, Ikea \'Billy\' Bookcase x1, Dahlia "Bishop" Llandaff x2'
    assert redactor.redact(order).text == order  # a product's model is nobody's short name (the review's)


def test_chats_copied_from_discord_telegram_and_slack_name_their_speakers(redactor: pii.Redactor) -> None:
    discord = (
        "sofia_lindqvist \u2014 30/11/2026 21:06\nThe courier never came.\n"
        "kwame_b88 \u2014 30/11/2026 21:08\nok, noted\n"
        "sofia_lindqvist \u2014 30/11/2026 21:12\nthanks"
    )
    hidden(redactor, discord, "sofia_lindqvist", "kwame_b88")
    telegram = (
        "Aisha_Lawal_Kano, [29.11.2026 10:31]\nIphone 12 Pro Max, clean\n\n"
        "Emeka Nwosu, [29.11.2026 10:40]\nHow much last?\n\n"
        "Aisha_Lawal_Kano, [29.11.2026 10:41]\n420k"
    )
    redacted = hidden(redactor, telegram, "Aisha_Lawal_Kano", "Emeka Nwosu")
    assert "PHONE" not in redacted  # the copy's time is no phone number ("29.11.2026 10" was one)
    slack = "Tom Gallagher  10:08\nshe lives in Bradford\nOisín  10:09\nI refunded it\nTom Gallagher  10:11\nok"
    hidden(redactor, slack, "Oisín", "Tom Gallagher")
    programme = "Doors  18:30\nbar opens early tonight\nEncore  22:00\nthree songs and then we stop"
    assert redactor.redact(programme).text == programme  # control: a programme's items, none twice, are no speakers
    week = "Montag  08:00\nTreffen am Bahnhof, alle\nMittwoch  09:00\nWanderung zum See\nMontag  08:00\nBahnhof"
    assert "Montag" in redactor.redact(week).text  # control: a week's items repeat, at times that go back
    evening = "Abendessen, [18:30]\nim Restaurant am See\nFrühstück, [08:00]\nim Hotel"
    assert redactor.redact(evening).text == evening  # control: Telegram's copy has its date, a programme none
    alert = "PagerDuty, [29.11.2026 03:12]\nAlert triggered for db-1\nKwame Asante, [29.11.2026 03:14]\non it"
    assert "PagerDuty" in hidden(redactor, alert, "Kwame Asante")  # control: an alerting service is no one


def test_a_phone_number_after_ring_back_on_or_as_iberia_groups_it(redactor: pii.Redactor) -> None:
    hidden(redactor, "If that doesn't work give me a ring back on 1300 555 182, extension 4471.", "1300 555 182")
    hidden(redactor, "O fiador é o pai dele (tel. 217 403 558). Podem ajudar?", "217 403 558")
    budget = "Phone budget: 2 500 000 won, ring back on Monday."
    assert "2 500 000" in redactor.redact(budget).text  # control: an amount, grouped by thousands


def test_a_messengers_id_after_is_or_korean_topic_particle(redactor: pii.Redactor) -> None:
    hidden(redactor, "Please add me, my WeChat ID is zhangyx_0823.", "zhangyx_0823")
    hidden(redactor, "연락처 010-7731-0492 입니다 카톡 아이디는 sm_choo0725", "sm_choo0725")
    post = "Our WeChat ID is shown on the poster; 카톡 아이디는 프로필에 있어요. The IG handle is Nike for posts."
    assert redactor.redact(post).text == post  # control: no account's shape after the words


def test_korean_counsellors_insurance_planners_and_monks_are_named_by_their_titles(redactor: pii.Redactor) -> None:
    hidden(redactor, "고객: 주문번호 알려드릴게요.\n상담사(하은): 확인 감사합니다.", "하은")
    hidden(redactor, "담당 설계사 : 현은비 ( 010-2741-6630 )", "현은비")
    hidden(redactor, "주지 원담 스님 인사말: 한 해 동안 감사드립니다.", "원담")
    notice = "상담사(야간): 운영 시간 안내드립니다. 설계사 모집 공고는 다음 주에 올라갑니다."
    assert redactor.redact(notice).text == notice  # control: a shift in brackets, a title alone


def test_a_familys_a_schools_and_a_weddings_forms_name_the_child_the_guardians_and_the_couple(
    redactor: pii.Redactor,
) -> None:
    creche = "Enfant : BENHAMOU Noé, né le 27/04/2023\nResponsable 2 : Karim Haddad, 07 82 19 55 04"
    hidden(redactor, creche, "BENHAMOU", "Noé", "Karim Haddad")
    hidden(redactor, "Bride: Oluwaseun Akinola; groom: Babatunde Coker. Venue: Eko Hotel", "Babatunde Coker")
    hidden(redactor, "Tutrice : Madame Lefèvre", "Lefèvre")  # a French title after the label
    answers = "Responsable : Service Informatique\nÉlève : Oui\nGroom: Not required\nPère : Inconnu\nHija: Ninguna"
    assert redactor.redact(answers).text == answers  # control: a desk, a form's answers, a sentence


def test_a_town_before_an_irish_county_and_after_swahilis_lives_in_is_a_place(redactor: pii.Redactor) -> None:
    notice = "O'CONNELL, Bridget (née Moynihan), Knocknagree, Co. Cork, peacefully at home."
    hidden(redactor, notice, "Knocknagree")
    hidden(redactor, "Ballyhaunis, Co. Mayo is where I grew up.", "Ballyhaunis")
    hidden(redactor, "Ni kutoka kwa enumerator wetu anayeishi Kisumu: HH no. 0417", "Kisumu")
    firms = "Supplied by Murphy Bros, Co. Ltd; ask Brennan, Co. Council staff."
    assert redactor.redact(firms).text == firms  # control: a firm's Co., a county's council


def test_a_rosters_row_with_a_mobile_number_names_a_foreigner_in_both_scripts(redactor: pii.Redactor) -> None:
    roster = (
        "이름 | 영문 | 국적 | 연락처\n"
        "딜노자 카리모바 | Dilnoza Karimova | 우즈베키스탄 | 010-6684-0933\n"
        "3 | Jamshid Tursunov (잠시드 투르수노프) | 서울 노원구 공릉로51길 8 | 010-5582-0194"
    )
    hidden(redactor, roster, "딜노자 카리모바", "Dilnoza Karimova", "잠시드 투르수노프")
    hidden(redactor, "성명,영문,연락처\n수니타 타망,Sunita Tamang,010 2258 9917", "수니타 타망")  # a CSV's cells
    tours = "| 발리 우붓 | Bali Ubud | 여행 상품 | 02-123-4567 |"
    assert "Bali Ubud" in redactor.redact(tours).text  # control: an agency's row, a landline
    shop = "| 스타벅스 리저브 | Starbucks Reserve | 010-4545-6767 |"
    assert "스타벅스 리저브" in redactor.redact(shop).text  # control: a seller's mobile with no column of names


def test_a_posts_time_with_its_date_is_no_phone_number(redactor: pii.Redactor) -> None:
    post = "작성자: 윤슬맘 | 2026.11.30 22:41 | 조회 213"
    assert "PHONE" not in hidden(redactor, post, "윤슬맘")
    assert "PHONE" in redactor.redact("문의: 02-2026-1130 (평일 22시까지)").text  # control: a year inside a number
