"""Tables of research and hospitality (issue 19, the twenty-ninth session): a study's, a race's or a conference's
columns of who takes part, the other names of a form that asks for the surname first, and where someone now lives."""

from __future__ import annotations

import pii

from .masking import hidden


def test_who_takes_part_beside_a_birth_date_or_a_contact_is_a_person(redactor: pii.Redactor) -> None:
    log = "Screening No,Participant,NHS No,DOB,Town\nS02-114,Kitto Jewell,943 476 5919,12/03/1951,Bodmin\n"
    hidden(redactor, log, "Kitto Jewell", "943 476 5919")
    entries = "Swimmer,DOB,Group\nKitto Jewell,04/09/2014,11-12\n"
    hidden(redactor, entries, "Kitto Jewell")
    arms = "Run,Participant,Result\n1,placebo arm,0.41\n2,control group,0.38\n"  # the control: no personal column
    assert not redactor.redact(arms).entities


def test_a_forms_other_names_and_where_someone_now_lives_are_hidden(redactor: pii.Redactor) -> None:
    table = "Surname\tOther names\tPhone\tNow living in\nAdeyemo\tFolake Temitope\t0803 114 2290\tIlesha\n"
    hidden(redactor, table, "Adeyemo", "Folake Temitope", "Ilesha")
    control = "Surname\tOther names\tPhone\tNow living in\n"  # a header alone holds no one
    assert not redactor.redact(control).entities


def test_a_columns_name_cut_short_with_a_dot_still_names_its_column(redactor: pii.Redactor) -> None:
    results = "Platz | Name | Geb.-Datum | Klasse | Zeit\n1 | Zwerger, Afra | 14.02.2009 | U18 | 58,41\n"
    redacted = hidden(redactor, results, "Zwerger, Afra", "14.02.2009")
    assert "| Name | Geb.-Datum | Klasse | Zeit" in redacted  # the header's words are no places
    hidden(redactor, "Name;Tel.;Ort\nRüdiger Klaffke;0171 2294 118;Wangen\n", "Wangen")
    stock = "Nr. | Artikel | Menge\n1 | Schrauben | 40\n"  # the control: a table of things
    assert not redactor.redact(stock).entities


def test_a_work_chats_user_with_an_initial_after_a_dot_is_a_person(redactor: pii.Redactor) -> None:
    chat = "[09:12] tomas.w: centrifuge booked again\n[09:14] ines.p: take mine\n[09:15] tomas.w: thanks, 3pm then\n"
    hidden(redactor, chat, "tomas.w", "ines.p")
    log = "[09:12] django.request: Internal Server Error\n[09:14] django.db: slow query\n[09:15] django.request: 404\n"
    assert "django.request" in redactor.redact(log).text  # the control: loggers, named by their modules
    files = "[14:01] mmap.c: warning: unused variable\n[14:01] init.d: started\n[14:02] mmap.c: 2 warnings\n"
    assert redactor.redact(files).text == files  # a file's or a directory's name with a letter after its dot


def test_a_listed_town_with_a_turkish_case_after_its_apostrophe_is_a_place(redactor: pii.Redactor) -> None:
    text = "Bursa'da doğdum, Rotterdam'da çal\u0131ş\u0131yorum; Ankara'ya dönmeden Trabzon'daki evimiz."
    hidden(redactor, text, "Bursa", "Rotterdam", "Ankara", "Trabzon")
    tools = "Excel'de açt\u0131m, Teams'e yükledim; O'Neill's pub was shut."  # the control: tools, a name, English
    assert redactor.redact(tools).text == tools
    teams = "Dortmund'un son maçlar\u0131, Kennedy'nin konuşmas\u0131"  # a genitive: a team's, a public figure's
    assert redactor.redact(teams).text == teams
