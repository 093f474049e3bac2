"""What parish offices, funeral directors and family historians paste (2026-12-07's thirty-fifth session): a death
notice's "formerly of" a town, a US town with its state as a newspaper or a census shortens it, a Hebrew name's "ben"
and "bat", a list of people joined by another language's "and", a register's "Surname, Given" cell.
Each case is paired with text written the same way that names no one and no place. (A GEDCOM export's people and
places are `tests/pii/test_machine_formats.py`'s.)
"""

from __future__ import annotations

import pii
from pii._place_forms import states_after_towns
from tests.pii.masking import found, hidden, whole


def test_where_a_notice_says_someone_once_lived_is_a_place(redactor: pii.Redactor) -> None:
    hidden(redactor, "O'SULLIVAN (née Moriarty), Nora, and formerly of Cahersiveen, peacefully.", "Cahersiveen")
    hidden(redactor, "Joseph, son of Sabina, originally of Saligao, Goa, now in Chembur.", "Saligao")
    hidden(redactor, "He will be laid to rest near his hometown of Pungcheon-myeon.", "Pungcheon-myeon")
    # controls: a department and an opinion after the same words
    text = "Formerly of Finance, she now leads Payments, and was originally of the view that it would fail."
    assert found(redactor, text, "LOCATION") == []
    assert found(redactor, "She joined us in 2019, formerly of Morgan Stanley and Google Brain.", "LOCATION") == []


def test_a_us_town_and_its_state_shortened_are_one_place(redactor: pii.Redactor) -> None:
    whole(redactor, "A descendant in Boston, Mass., Ms Kathleen Walsh, wrote to us.", "Boston, Mass.")
    whole(redactor, "I live in Moorhead, MN and I'm happy to share my tree.", "Moorhead, MN")
    whole(redactor, "Father in Pittsburgh, Pa. and sister in Passaic, N.J. since 1907.", "Passaic, N.J.")
    # controls: a code that is an English word is a state only where the place closes; no town, no state
    text = "We met in Leeds, OK? Then Tulsa, OK 74103."
    towns = [(text.index("Leeds"), text.index("Leeds") + 5), (text.index("Tulsa"), text.index("Tulsa") + 5)]
    assert [text[a:b] for a, b in states_after_towns(text, towns)] == ["Tulsa, OK"]
    assert states_after_towns("Sent on Fri, Mass. mailing", []) == []


def test_a_hebrew_names_ben_and_bat_join_one_person(redactor: pii.Redactor) -> None:
    text = "Yahrzeit list: Chaya bat Moshe (Clara Kaszner), mother; Avraham Yosef ben Dov (Alfred Halpern), father"
    whole(redactor, text, "Chaya bat Moshe", "Avraham Yosef ben Dov")
    # control: two people in a list stay two values
    assert found(redactor, "Readers: Miriam Halpern and David Kaszner", "PERSON") == ["Miriam Halpern", "David Kaszner"]


def test_a_list_of_people_joined_by_another_languages_and_or_a_plus(redactor: pii.Redactor) -> None:
    hidden(redactor, "youth group: Bilal + Hamza Qureshi + Zainab Akhtar", "Bilal")
    hidden(redactor, "Sörjande: Astrid Lindqvist, Oskar Berggren och Ylva", "Ylva")
    # controls: words in a list beside one person or beside things stay words, in the same languages
    assert found(redactor, "Attendees: Priya Raman, Finance, Legal and Marketing.", "PERSON") == ["Priya Raman"]
    assert found(redactor, "Handlede: Tomater og Agurk, Päron och Gurka", "PERSON") == []


_MANIFEST = (
    "I transcribed part of a 1907 manifest for my great-grandfather Ferenc Takács.\n\n"
    "Line\tName\tAge\tOccupation\tLast residence\tNearest relative at home\n"
    "11\tTakács, Ferenc\t27\tcarpenter\tNyíregyháza\twife Erzsébet Takács, Nyíregyháza\n"
    "12\tKovalik, Jozef\t31\tlaborer\tHumenné\tfather Michal Kovalik\n"
    "13\tMolnár, Ilona\t18\tservant\tSátoraljaújhely\tmother Zsófia Molnár\n"
)


def test_a_registers_family_name_and_given_names_in_one_cell_are_one_person(redactor: pii.Redactor) -> None:
    whole(redactor, _MANIFEST, "Kovalik, Jozef", "Molnár, Ilona")
    # control: a word English uses every day after a family name in a cell is a role's, not a given name
    text = "Staff\tExt\nOkafor, Manager\t2231\nBrennan, Reception\t2232\n"
    assert "Manager" not in "".join(found(redactor, text, "PERSON"))
    # nor is a sign-off on a line of its own a register's cell
    assert found(redactor, "Could you have the keys ready by the 28th?\nCheers, Lucía", "PERSON") == ["Lucía"]


def test_a_column_of_last_residences_holds_places(redactor: pii.Redactor) -> None:
    text = "Name\tAge\tLast residence\tPhone\nAnna Kowalczyk\t34\tSobrance\t07700 900123\n"
    hidden(redactor, text + "Jan Novak\t29\tStropkov\t07700 900456\n", "Sobrance", "Stropkov")
    # control: a column of where goods last were, beside no one, stays as written
    assert found(redactor, "Item\tLast residence\nPallet 4\tSobrance\nPallet 5\tStropkov\n", "LOCATION") == []


def test_a_congregations_short_title_before_a_name_and_a_state_read_as_a_person(redactor: pii.Redactor) -> None:
    hidden(redactor, "Rota: Br. Zubair Mahmood (keys), then Bro. Tunde, with the youth group.", "Zubair", "Tunde")
    whole(redactor, "Dorothy Jean Wojcik (née Hale), 88, of Parma, Ohio, died peacefully at home.", "Parma, Ohio")
    # controls: a short title before a word and a number, a list of places
    assert found(redactor, "See Fig. 3, Br. 2 and Sis. Sales Report for the Bro. Code", "PERSON") == []
    assert found(redactor, "Cited in Br. Med. J. and Br. Dent. J. this year.", "PERSON") == []
    assert found(redactor, "We ship to Spain, Portugal and Italy.", "LOCATION") == ["Spain", "Portugal", "Italy"]


def test_where_a_census_says_someone_was_born_after_b(redactor: pii.Redactor) -> None:
    text = (
        "EVAN PROTHERO  head  41  coal hewer  b. Llanwrtyd, Brecon\nTom  son  3  b. Dowlais\nwife Margaret (b. Wales)"
    )
    hidden(redactor, text, "Llanwrtyd", "Brecon", "Dowlais", "Wales")
    # controls: a list's "b." before an answer, a word or a status
    assert found(redactor, "Quiz: a. Yes b. No c. Maybe; see section b. Review the budget", "LOCATION") == []


def test_a_programmes_field_of_children_lists_people(redactor: pii.Redactor) -> None:
    text = "Wife: Ngozi Okafor (née Ezeudu)\nChildren: Ikenna, Adaeze (Mrs Ubah), Chinedu, Obiageli"
    hidden(redactor, text, "Ikenna", "Obiageli")
    # control: a field of the same words holding a layout's parts
    assert found(redactor, "Layout\nChildren: Header, Sidebar and Footer", "PERSON") == []
