"""Towns that name a workplace or a trip, and names typed in lower case after weaker cues (2026-12-05): a listed town
before "site", "office", "team", "flight" ("our Łódź site"), alone in brackets after a place or "remote" ("remote
(Boise)"), after a label of where someone is ("Current home: Hamamatsu"), in lower case between a determiner and
such a word ("the surabaya branch") or before a word that ends its phrase ("from kolkata originally"); a name typed in
lower case after "name is", "my name" or "name on card", signing off a line ("regards agus"), or before "from" (a
listed given name) or "here" when someone introduces themself ("this is maria dela cruz from unit 4b"); a Korean town
on a list before a workplace ("김해 공장", "부산지점"). Each beside a control that stays: brands, products, citations,
firms, schemas' words and tools."""

from __future__ import annotations

import pytest

import pii
from tests.pii.masking import hidden, whole


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Agnieszka was moved to our Łódź site in May.", "Łódź"),
        ("From January the Deventer site closes at six.", "Deventer"),
        ("Please book the Tashkent flight for the whole family.", "Tashkent"),
        ("Attendees: Sigrún (Reykjavík office), Mikko, Ingrid", "Reykjavík"),
        ("She moved back from Sweden (Västerås) in 2019.", "Västerås"),
        ("Work location: remote (Boise)", "Boise"),
        ("Current home: Hamamatsu, Shizuoka", "Hamamatsu"),
        ("Current home: Hamamatsu", "Hamamatsu"),
        ("see you at the Almaty HQ on Monday", "Almaty"),
        ("Host location: Ingolstadt, start date 1 Feb 2027", "Ingolstadt"),
    ],
)
def test_a_listed_town_naming_a_workplace_a_trip_or_where_someone_is_is_hidden(
    redactor: pii.Redactor, text: str, town: str
) -> None:
    hidden(redactor, text, town)


@pytest.mark.parametrize(
    "text",
    [
        "The Mobile team shipped the release.",  # a word English uses every day
        "Our Reading office is open on Sundays.",
        "Lost property: Incheon Airport Police Unit",  # a name of its own, written with capitals
        "She has a master's in Hydrology in 2019 and works on floods.",  # a field of study, not a town
        "City: Home",  # an everyday word on no list in a town's field ("City: Reading" is the town: masked)
        "The Nokia team shipped the update.",  # a brand's name, commoner in English than its town's
        "My Hue hub keeps dropping off the network.",  # what follows a product as often
        "Our Lennox unit is making a grinding noise again.",
        "Sample sizes were computed (Kendall, 1948).",  # a citation's author, no town
        "See the guide (Saga) for details.",
        "Preston works at Deloitte now.",  # a verb, and a listed name
        "I'm on the Clayton team now.",
        "I worked in Infosys last year as a tester.",  # a firm after "in"
        "Our daughter goes to a Waldorf school in the city.",
    ],
)
def test_an_everyday_word_a_name_of_its_own_or_a_field_of_study_stays(redactor: pii.Redactor, text: str) -> None:
    assert redactor.redact(text).text == text


def test_a_shops_store_a_calendars_room_or_a_countrys_firm_keeps_the_town_in_its_name(redactor: pii.Redactor) -> None:
    assert "(Nokia), " in redactor.redact("Suppliers: Finland (Nokia), India (Tata)").text
    assert "Argos store" in redactor.redact("Returns go to any Currys or Argos store within 30 days.").text
    assert "LOCATION:Sala im." in redactor.redact("LOCATION:Sala im. Marii Skłodowskiej-Curie, bud. B").text


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("hes from kolkata originally now settled in pune, loves food", "kolkata"),
        ("tell her that renata at the almaty hq will call her next week", "almaty"),
        ("im dewi from the surabaya branch, i need 3 day leave", "surabaya"),
        ("i'm in nigeria till the end of the month, back in june", "nigeria"),  # a country
        # a transcript in lower case pasted under a request written with capitals
        ("Please tidy this transcript:\nso um she moved to rottenburg last year and works at the bakery", "rottenburg"),
    ],
)
def test_a_town_typed_in_lower_case_at_work_or_ending_its_phrase_is_hidden(
    redactor: pii.Redactor, text: str, town: str
) -> None:
    hidden(redactor, text, town)


def test_lower_case_everyday_words_or_brands_before_a_workplace_stay(redactor: pii.Redactor) -> None:
    text = "the mobile team is great, we're at the bath office, the saga team, i stayed at the orion hotel"
    assert redactor.redact(text).text == text
    moving = "we're moving to mobile soon, web is legacy"
    assert redactor.redact(moving).text == moving
    pasted = "Please tidy this transcript:\nso um we moved to mobile development last year and it went well"
    assert redactor.redact(pasted).text == pasted
    holidays = "we are going to turkey for the holidays and then to chad's place"  # a country's name, a word's too
    assert redactor.redact(holidays).text == holidays
    porcelain = "Tea notes:\nThe tea set is made from china and the cutlery from sheffield."  # a capitalised line
    assert redactor.redact(porcelain).text == porcelain


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("i cant pay anything, name is matias gonzalez ibarra, i live at calle los carrera", "matias gonzalez ibarra"),
        (
            "the acct to send from is mine, my name jericho dela cruz-santos i work here as a carer",
            "jericho dela cruz-santos",
        ),
        ("it was taken last week. name on card is nguyen thi thu trang card no ending 8672", "nguyen thi thu trang"),
        ("help me write email. my name nurul aina binti mohd razak, i stay at no 23", "nurul aina binti mohd razak"),
        ("His name is tomasz and he lives nearby", "tomasz"),
        ("hi sir this is maria dela cruz from unit 4b, the sink is leaking again", "maria dela cruz"),
        # a transcript's lower-case titles, and the punctuation a dictation speaks after the name
        ("he's a patient of doctor fujimoto um he broke a tooth", "fujimoto"),
        ("letter to doctor catriona mcleish comma the health centre full stop", "catriona mcleish"),
        ("agent: noted miss espinoza is there anything else", "espinoza"),
    ],
)
def test_a_lower_case_name_after_name_is_my_name_name_on_card_or_an_introduction_is_hidden_whole(
    redactor: pii.Redactor, text: str, name: str
) -> None:
    hidden(redactor, text, name)
    whole(redactor, text, name)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("sorry i cant come to work tmrw, i will call later. regards agus", "agus"),
        ("her gp is in the town centre. thanks, imran", "imran"),
        ("i passed my nursing exam!! love, yutong\nps call me", "yutong"),
        ("hi its yuki here, the parcel came today", "yuki"),
    ],
)
def test_a_lower_case_name_signing_off_or_introducing_its_writer_is_hidden(
    redactor: pii.Redactor, text: str, name: str
) -> None:
    hidden(redactor, text, name)


@pytest.mark.parametrize(
    "text",
    [
        "the file name is config and my name change form is attached",
        "name is immutable once created",  # a schema's words
        "the weather was lovely",  # a sign-off's word inside another
        "i love ramen",
        "what is the best ide",
        "thx kubectl",  # a tool
        "this is lorem ipsum from the template",
        "name on card mismatch error in checkout",
        "ok got it\nthanks, bhai",  # a form of address
        "fixed it\nthanks, stackoverflow",
        "thanks, everyone",
        "ok cheers, mate",
        "this is fine from my side",
        "its raining here",
        "grandma, your doctor apointment is thursday 10am",  # a doctor who is no title
        "i miss kasztanki so much, we'll miss ayodele too",  # "miss" the verb
    ],
)
def test_a_word_after_a_weak_cue_that_is_no_name_stays(redactor: pii.Redactor, text: str) -> None:
    assert redactor.redact(text).text == text


@pytest.mark.parametrize(
    ("text", "towns"),
    [
        ("[김해 공장 기숙사 방문상담 12/3]", ("김해",)),
        ("연보람 사원: 부산지점 → 대전지점", ("부산", "대전")),
        ("빙나라 대리: 서울 본사 인사팀 → 창원 공장 총무팀", ("서울", "창원")),
    ],
)
def test_a_listed_korean_town_before_a_workplace_is_hidden(
    redactor: pii.Redactor, text: str, towns: tuple[str, ...]
) -> None:
    hidden(redactor, text, *towns)


@pytest.mark.parametrize(
    "text",
    [
        "삼성 공장에서 일해요",
        "베트남 법인 파견 예정",
        "한국 지사로 파견 갑니다",
        "회의 끝난 후에 사무소로 돌아왔습니다.",
    ],
)
def test_a_firm_a_country_or_korea_before_a_workplace_stays(redactor: pii.Redactor, text: str) -> None:
    assert redactor.redact(text).text == text


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Customer (Siriporn W.): hi, my parcel never came", "Siriporn W."),
    ],
)
def test_a_speakers_name_and_initial_after_their_role_is_hidden_whole(
    redactor: pii.Redactor, text: str, name: str
) -> None:
    hidden(redactor, text, name)
    whole(redactor, text, name)


@pytest.mark.parametrize(
    "text",
    [
        "Agent (Billing): please hold",
        "Agent (Escalations): looking into it",  # a desk, a tool, a language: one word alone in brackets
        "Agent (Tagalog): hello po",
        "Customer (New): account opened",
        "Person 1: Excuse me, is this seat taken?\nPerson 2: Sure, go ahead.",  # a transcript's speakers
    ],
)
def test_a_desk_or_a_state_in_the_speakers_brackets_or_a_numbered_speaker_stays(
    redactor: pii.Redactor, text: str
) -> None:
    assert redactor.redact(text).text == text
