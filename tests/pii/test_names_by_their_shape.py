"""Names that stand where no cue says person, known by their own shape (2026-12-04): a family name after its initials
("K. Obi", "R.T. Wanjiru-Kamau", "Mr O Adebayo-Cole"), while an enumeration, a degree or a compass point before a place
stays ("Plan B. Option", "B.Pharm", "N. Ireland"; spaCy's own reading of "Vitamin D. Intake" as a person is left);
and a listed given name alone mid-sentence ("a reply to Kasia"), while capitalised words of tools and departments stay.
Texts written for these tests, each beside a control."""

from __future__ import annotations

import pytest

import pii
from tests.pii.masking import hidden, people, whole


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Please ask K. Obi to call me back.", "K. Obi"),
        ("Escalated by R.T. Wanjiru-Kamau after the audit.", "R.T. Wanjiru-Kamau"),
        ("Subject: Re: travel alert \u2013 H. Matsumoto", "H. Matsumoto"),  # a town's name, but no town takes initials
        ("Respondent: Mr O Adebayo-Cole", "O Adebayo-Cole"),  # a title, then an initial without its dot
    ],
)
def test_a_family_name_after_its_initials_is_hidden_with_them(redactor: pii.Redactor, text: str, name: str) -> None:
    hidden(redactor, text, name)
    whole(redactor, text, name)


@pytest.mark.parametrize(
    "text",
    [
        "See section A. Introduction, then Plan B. Option C.",
        "Education: B.Pharm (2015), M.Sc (2018)",
        "Figure 2 A. Immunohistochemistry; B. Quantification",  # panels and options, a review's
        "Answer: D. Mitochondria",
        "Office at 456 S. Halsted St",
        "Mr T Shirt Sale, Dr B Cell Lymphoma, Dr C Section Notes",  # a title's undotted initial before a word
    ],
)
def test_an_enumeration_or_a_degree_stays(redactor: pii.Redactor, text: str) -> None:
    assert not [e for e in redactor.redact(text).entities if e.type == "PERSON"]


def test_a_compass_point_before_a_place_is_no_initial(redactor: pii.Redactor) -> None:
    redaction = redactor.redact("She moved from N. Ireland to S. Korea.")
    assert not [e for e in redaction.entities if e.type == "PERSON"]  # places, if anything


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Witness statements came from Tshepo and Wiremu, who were both on the night shift.", "Tshepo"),
        ("Please draft a reply to Kasia explaining the refund policy.", "Kasia"),
        ("the boxes go to Thandiwe on level 3, not the front desk", "Thandiwe"),
    ],
)
def test_a_listed_given_name_alone_mid_sentence_is_hidden(redactor: pii.Redactor, text: str, name: str) -> None:
    redaction = redactor.redact(text)
    assert (name, "PERSON") in [(text[e.start : e.end], e.type) for e in redaction.entities]  # a person, no town
    hidden(redactor, text, name)


def test_capitalised_words_of_tools_and_departments_stay(redactor: pii.Redactor) -> None:
    for text in ("We moved the cluster to Kubernetes and Terraform last week.", "The meeting with Finance and Legal."):
        assert redactor.redact(text).text == text


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Domani passa a prendere le chiavi anche Harriet, poi ci sentiamo per il resto.", "Harriet"),
        ("Hoje de manhã o Callum ligou para saber se o quarto ainda está livre.", "Callum"),
        ("Je suis passée chez le notaire avec Theresa et nous avons signé les papiers.", "Theresa"),
        ("Dün akşam Baptiste ile konuştum ve yarın gelecek.", "Baptiste"),  # noqa: RUF001
        ("Ayer hablé con Reyes y me dijo que el contrato ya está firmado.", "Reyes"),  # a feast's name, a person's too
    ],
)
def test_a_given_name_english_uses_as_a_word_is_hidden_mid_sentence_in_another_language(
    redactor: pii.Redactor, text: str, name: str
) -> None:
    assert name in people(redactor, text)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Ho comprato i dolci di Natale per la famiglia e per gli amici.", "Natale"),  # a feast
        ("Vertaal deze brief naar het Frans en stuur hem terug naar de klant.", "Frans"),  # a language
        ("She moved to Jerez in June and met the new team there in August.", "June"),  # English: a month
        ("Siamo arrivati da Torino ieri sera con il treno delle otto.", "Torino"),  # after a preposition of place
        ("Vivimos en El Alto desde hace tres años con los niños.", "El Alto"),
        ("Me compré un Nissan Qashqai de segunda mano y ahora hace un ruido raro.", "Nissan"),  # after an article
        ("Abbiamo noleggiato una Jeep Renegade per il viaggio in montagna.", "Jeep"),
        ("Ho chiesto ad Alexa di accendere le luci del salotto e di spegnere la radio.", "Alexa"),  # an assistant
        ("Ci vediamo Domenica mattina davanti alla chiesa per la processione.", "Domenica"),  # a day
    ],
)
def test_a_capitalised_word_of_another_language_that_is_no_one_stays_no_person(
    redactor: pii.Redactor, text: str, word: str
) -> None:
    assert not any(word in value for value in people(redactor, text))
