"""What sales desks, call centres and field staff paste (2026-12-06's twenty-fourth session): a town and its region or
country after a comma as one value, a register's "SURNAME, GIVEN" in capitals after a field's label, an email address
whose top-level name is mistyped. Each case is paired with text written the same way that is a list, or no address.
"""

from __future__ import annotations

import pii
from tests.pii.masking import hidden, whole


def _spans(redactor: pii.Redactor, text: str, *kinds: str) -> list[str]:
    redaction = redactor.redact(text)
    assert pii.restore(redaction.text, redaction.vault) == text
    return [text[e.start : e.end] for e in redaction.entities if e.type in kinds]


def test_a_town_and_its_region_after_a_comma_are_one_place(redactor: pii.Redactor) -> None:
    assert _spans(redactor, "He moved here from Irvine, California last year.", "LOCATION") == ["Irvine, California"]
    assert _spans(redactor, "She was born in Kano, Nigeria, and moved to Leeds.", "LOCATION") == [
        "Kano, Nigeria",
        "Leeds",
    ]
    # controls: lists of places stay one value each, whichever way they are joined
    assert _spans(redactor, "I have lived in Paris, London and Rome.", "LOCATION") == ["Paris", "London", "Rome"]
    assert _spans(redactor, "I have lived in Rome, Paris, London.", "LOCATION") == ["Rome", "Paris", "London"]


def test_a_registers_name_in_capitals_after_a_label_is_one_name(redactor: pii.Redactor) -> None:
    whole(redactor, "Name: DELA CRUZ, MARICRIS BAUTISTA\nAge: 34", "DELA CRUZ, MARICRIS BAUTISTA")
    whole(redactor, "| Van der Berg, Anna | 34 | Utrecht |", "Van der Berg, Anna")
    # controls: capitals in a sentence, and a word before a name closing a mail
    assert _spans(redactor, "Note: PLEASE, CALL ME", "PERSON") == []
    assert _spans(redactor, "Thanks for everything.\nCheers, Lucía", "PERSON") == ["Lucía"]


def test_an_email_address_with_its_top_level_name_mistyped_is_hidden(redactor: pii.Redactor) -> None:
    hidden(redactor, "contact: jenniferlee0315@naver.con", "jenniferlee0315@naver.con")
    hidden(redactor, "mail seoyeon.choi@daum.nte or choi.sy@gmail.comm", "seoyeon.choi@daum.nte", "choi.sy@gmail.comm")
    # controls: no top-level name, or one no common name is a letter away from
    for text in ("my email is info@presidio.", "pin the package as left-pad@npm.xyzzy"):
        assert _spans(redactor, text, "EMAIL_ADDRESS") == []


def test_a_place_after_a_verb_of_living_in_another_language_is_hidden(redactor: pii.Redactor) -> None:
    for text, place in (
        ("Je pars vivre à Annecy début janvier, merci de régler cela avant.", "Annecy"),
        ("Dice que lo despidieron y que se va a vivir a Quibdó donde la mamá.", "Quibdó"),
        ("Kupiłam dla mamy, która mieszka w Tarnowie, więc proszę nie dzwonić.", "Tarnowie"),
        ("2026-11-20: Hanna flyttar till Malmö i vår och vill jobba på distans.", "Malmö"),
        ("Klant zegt dat hij in maart naar Amersfoort verhuist.", "Amersfoort"),
        ("Next month tunahamia Kisumu, mtaweza kutuma huko?", "Kisumu"),
    ):
        hidden(redactor, text, place)
    # controls: German capitalises its nouns, and the same prepositions without a verb of living
    assert _spans(redactor, "Sie wohnt im Erdgeschoss, er lebt nach Plan.", "LOCATION") == []
    assert _spans(redactor, "Die Rechnung geht an Buchhaltung, bitte w Excel.", "LOCATION") == []


def test_a_name_after_my_name_is_in_another_language_is_hidden_in_lower_case(redactor: pii.Redactor) -> None:
    hidden(redactor, 'R4: "meu nome é joão pedro albuquerque, moro perto"', "joão pedro albuquerque")
    hidden(redactor, "bonjour je m appelle amélie durand", "amélie durand")
    hidden(redactor, "nama saya siti rahmawati, mau tanya", "siti rahmawati")
    # controls: what follows the same words is no listed given name
    for text in ("mi nombre es importante para mi", "ich heiße sie herzlich willkommen"):
        assert _spans(redactor, text, "PERSON") == []


def test_a_name_greeted_after_a_chats_speaker_or_put_through_to_is_hidden(redactor: pii.Redactor) -> None:
    hidden(redactor, "[18:02] Facu (Almacén Don Bosco): Hola Meli! Te confirmo el pedido.", "Meli")
    hidden(redactor, "[00:40] AGENT: Perfect. I am transferring you to Akosua in device protection.", "Akosua")
    # controls: a greeting of everyone, and a department put through to
    assert _spans(redactor, "[18:02] Facu: Hola todos! Pedido confirmado.", "PERSON") == ["Facu"]
    assert _spans(redactor, "Let me connect you with Sales now.", "PERSON") == []


def test_a_german_place_column_beside_personal_data_is_hidden_and_its_header_is_no_one(redactor: pii.Redactor) -> None:
    table = "Nachname\tVorname\tFirma\tOrt\tTel\nÖzdemir\tCem\tBosch-Kramer Antriebe GmbH\tGelsenkirchen\t+49 209 884"
    hidden(redactor, table, "Özdemir", "Cem", "Gelsenkirchen")
    header = table.split("\n", 1)[0]
    assert not any(value in header for value in _spans(redactor, table, "PERSON", "LOCATION"))  # the columns' names
    # controls: the same column of a table of no one; a header with no row under it is read as any line
    stock = "Artikel\tOrt\tMenge\nSchrauben M4\tLager B\t400"
    assert _spans(redactor, stock, "LOCATION") == []
    assert _spans(redactor, "Gäste: Özdemir\tCem\tGelsenkirchen", "PERSON") != []
