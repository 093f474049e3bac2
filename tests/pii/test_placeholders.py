"""The vault, the placeholder format and restoring, whole and streamed. Pure: no Presidio here."""

from __future__ import annotations

import copy
import pickle

import pytest

from pii import Restorer, Vault, restore, restore_report


@pytest.fixture
def vault() -> Vault:
    v = Vault(nonce="kvdbt")
    v.placeholder("PERSON", "Ji-ho Park")
    v.placeholder("EMAIL_ADDRESS", "jiho@example.kr")
    v.placeholder("PERSON", "Ada Lovelace")
    return v


def test_one_placeholder_per_distinct_value_whatever_its_case() -> None:
    v = Vault(nonce="kvdbt")
    first = v.placeholder("PERSON", "John Smith")
    assert first == "[[PERSON-1-kvdbt]]"
    assert v.placeholder("PERSON", "JOHN SMITH") == first
    assert v.placeholder("PERSON", "Jane Doe") == "[[PERSON-2-kvdbt]]"
    assert v.placeholder("EMAIL_ADDRESS", "j@x.org") == "[[EMAIL-1-kvdbt]]"
    assert len(v) == 3
    assert v.counts() == {"PERSON": 2, "EMAIL_ADDRESS": 1}


def test_restore_gives_each_occurrence_its_own_spelling() -> None:
    v = Vault(nonce="kvdbt")
    text = f"{v.placeholder('PERSON', 'John Smith')} and {v.placeholder('PERSON', 'JOHN SMITH')}"
    assert restore(text, v) == "John Smith and JOHN SMITH"


@pytest.mark.parametrize(
    "rendered",
    [
        "[[PERSON-1-kvdbt]]",
        "\\[\\[PERSON-1-kvdbt\\]\\]",  # markdown-escaped brackets
        "[PERSON-1-kvdbt]",  # one bracket pair
        "[[person-1-KVDBT]]",  # changed case
        "PERSON-1-kvdbt",  # brackets dropped
        "[[PERSON_1_kvdbt]]",  # hyphens turned into underscores
        "[[ PERSON-1-kvdbt ]]",
    ],
    ids=["exact", "escaped", "single", "case", "bare", "underscores", "spaced"],
)
def test_restore_tolerates_the_usual_reformatting(vault: Vault, rendered: str) -> None:
    assert restore(f"Dear {rendered}, thanks.", vault) == "Dear Ji-ho Park, thanks."


@pytest.mark.parametrize(
    ("rendered", "restored"),
    [
        ("\\\\srv\\profiles\\[[PERSON-1-kvdbt]]", "\\\\srv\\profiles\\Ji-ho Park"),  # a UNC path's last part
        ("C:\\Users\\[PERSON-1-kvdbt]\\Docs", "C:\\Users\\Ji-ho Park\\Docs"),  # a model's single brackets
        ("\\[PERSON-1-kvdbt\\]", "Ji-ho Park"),  # control: one pair, escaped as markdown does
    ],
)
def test_a_backslash_before_a_placeholder_is_the_texts_own(vault: Vault, rendered: str, restored: str) -> None:
    assert restore(rendered, vault) == restored


def test_placeholder_survives_markdown_and_html_rendering(vault: Vault) -> None:
    placeholder = "[[PERSON-1-kvdbt]]"
    # No character that markdown (*, _, `) or HTML (<, >, &) would interpret.
    assert not set(placeholder) & set("*_`<>&")
    assert restore(f"**{placeholder}** wrote <b>{placeholder}</b>", vault) == "**Ji-ho Park** wrote <b>Ji-ho Park</b>"


@pytest.mark.parametrize(
    "forged",
    ["[[PERSON-1-zzzzz]]", "[[PERSON-1]]", "[[PERSON-9-kvdbt]]", "[[ORG-1-kvdbt]]"],
    ids=["other-nonce", "no-nonce", "never-issued-number", "never-issued-label"],
)
def test_only_placeholders_this_vault_issued_are_replaced(vault: Vault, forged: str) -> None:
    assert restore(f"see {forged}", vault) == f"see {forged}"


def test_invented_placeholders_are_reported(vault: Vault) -> None:
    report = restore_report("[[PERSON-1-kvdbt]] met [[PERSON-7-kvdbt]] and [[ORG-1-kvdbt]]", vault)
    assert report.text == "Ji-ho Park met [[PERSON-7-kvdbt]] and [[ORG-1-kvdbt]]"
    assert report.invented == ("[[PERSON-7-kvdbt]]", "[[ORG-1-kvdbt]]")


ANSWER = (
    "Hello [[PERSON-1-kvdbt]]! I wrote to \\[\\[email-1-kvdbt\\]\\] and [PERSON-2-kvdbt]. "
    "[[PERSON-9-kvdbt]] is unknown; [[PERSON-1-zzzzz]] is not ours. Bye [[PERSON-1-kvdbt]]"
)


@pytest.mark.parametrize("split", range(len(ANSWER) + 1))
def test_streaming_restore_equals_whole_restore_at_every_split(vault: Vault, split: int) -> None:
    restorer = Restorer(vault)
    streamed = restorer.feed(ANSWER[:split]) + restorer.feed(ANSWER[split:]) + restorer.flush()
    assert streamed == restore(ANSWER, vault)
    assert restorer.invented == ["[[PERSON-9-kvdbt]]"]


def test_streaming_char_by_char(vault: Vault) -> None:
    restorer = Restorer(vault)
    streamed = "".join(restorer.feed(ch) for ch in ANSWER) + restorer.flush()
    assert streamed == restore(ANSWER, vault)


def test_stream_keeps_streaming_text_that_cannot_be_a_placeholder(vault: Vault) -> None:
    restorer = Restorer(vault)
    assert restorer.feed("The weather is fine today.") == "The weather is fine today."
    # Only the few characters that may start a placeholder are held back...
    assert restorer.feed(" Ask [[PER") == " Ask "
    assert restorer.feed("SON-1-kvd") == ""
    assert restorer.feed("bt]] now") == "Ji-ho Park now"
    assert restorer.flush() == ""


def test_a_held_back_prefix_is_released_when_it_turns_out_not_to_be_one(vault: Vault) -> None:
    restorer = Restorer(vault)
    assert restorer.feed("a list [") == "a list "
    assert restorer.feed("1, 2]") == "[1, 2]"
    assert restorer.feed(" per") == " "
    assert restorer.feed("haps") == "perhaps"


def test_vault_refuses_to_be_pickled_or_copied(vault: Vault) -> None:
    with pytest.raises(TypeError, match="never leaves its region"):
        pickle.dumps(vault)
    with pytest.raises(TypeError):
        copy.deepcopy(vault)


def test_vault_repr_shows_counts_not_values(vault: Vault) -> None:
    shown = repr(vault) + str(vault)
    assert "Ji-ho" not in shown and "example.kr" not in shown
    assert "PERSON" in shown
