"""Street addresses typed in lower case in chats and transcripts (`pii._lower_addresses`): the street with its unit,
town and postcode, as one value. Each beside lower-case text that holds a number and a street's word but no address."""

from __future__ import annotations

import pytest

import pii
from tests.pii.masking import hidden, whole


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("at the moment i live at 27 ring road challenge ibadan i'm in lagos", "27 ring road challenge ibadan"),
        (
            "yes i'm 21 kofi annan st, community 11, tema. will pass by after work",
            "21 kofi annan st, community 11, tema",
        ),
        ("hi its aoife in 3 ardnaree court, ballina, the boiler is gone again", "3 ardnaree court, ballina"),
        (
            "meine neue adresse ist hechinger str 23, 72072 tübingen falls post kommt",
            "hechinger str 23, 72072 tübingen",
        ),
        ("he lives at 10 downing street now", "10 downing street"),
    ],
)
def test_an_address_typed_in_lower_case_is_hidden_whole(redactor: pii.Redactor, text: str, address: str) -> None:
    whole(redactor, text, address)
    redacted = hidden(redactor, text, address)
    assert address.split()[-1] not in redacted  # the town or postcode after the street too


@pytest.mark.parametrize(
    "text",
    [
        "walk 3 blocks down the road and turn left, it's 2 doors past the old mill",
        "we sent 5 via slack and 3 via email, then drove 20 miles down the highway",
        "follow up in 4 weeks with dr. okafor at the clinic",
        "the fix is in 2 lines of the way we parse it",
    ],
)
def test_lower_case_text_with_a_number_and_a_streets_word_keeps_them(redactor: pii.Redactor, text: str) -> None:
    kinds = {e.type for e in redactor.redact(text).entities}
    assert "STREET_ADDRESS" not in kinds


def test_the_words_after_an_address_that_start_a_sentence_stay(redactor: pii.Redactor) -> None:
    text = "hi its aoife in 3 ardnaree court, ballina, the boiler is gone again"
    redaction = redactor.redact(text)
    assert redaction.text.endswith(", the boiler is gone again")
    assert pii.restore(redaction.text, redaction.vault) == text
