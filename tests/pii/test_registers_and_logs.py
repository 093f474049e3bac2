"""Names as registers, case files, chat transcripts and logs write them (2026-12-03's fifth session): family name
first after a person's label or in a "name" field, a role before a chat line's speaker, an SSH server's logins, and
a handle in a person's column. Each case beside a control the same rule must leave alone."""

from __future__ import annotations

import pytest

import pii


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("DISCHARGE SUMMARY\nPatient: PARK, Ji-hoon    DOB: 1979-11-02    Sex: M", "PARK, Ji-hoon"),
        ("Complainant: NGUYEN, Van Long   DOB 19/06/1972", "NGUYEN, Van Long"),
        ("Claimant: XIONG, Tou Meng\nDOB: 04/11/1977", "XIONG, Tou Meng"),
    ],
)
def test_a_family_name_first_after_a_persons_label_is_hidden_whole(
    redactor: pii.Redactor, text: str, name: str
) -> None:
    redaction = redactor.redact(text)
    for word in name.replace(",", " ").split():
        assert word not in redaction.text
    assert pii.restore(redaction.text, redaction.vault) == text


def test_a_name_field_written_family_name_first_is_a_person(redactor: pii.Redactor) -> None:
    text = 'gw SENT nhs=8501811580 name="HUSSAIN, Abida" appt=2026-12-01\ngw FAIL name="Ó Dálaigh, Cathal" err=1'
    redaction = redactor.redact(text)
    for word in ("HUSSAIN", "Abida", "Dálaigh", "Cathal"):
        assert word not in redaction.text
    control = 'gw SENT name="Ward 7, Bay 3" ok'  # a "name" field of no person
    assert redactor.redact(control).text == control


def test_the_accounts_of_an_ssh_servers_logins_are_people_but_system_accounts(redactor: pii.Redactor) -> None:
    text = (
        "sshd[29114]: Failed password for aiste.petrauskaite from 185.44.201.73 port 51822 ssh2\n"
        "sshd[29161]: Accepted publickey for j.oyelaran from 10.40.12.88 port 60112 ssh2\n"
        "sshd[29170]: Failed password for root from 10.40.12.89 port 60113 ssh2"
    )
    redaction = redactor.redact(text)
    assert "aiste.petrauskaite" not in redaction.text and "j.oyelaran" not in redaction.text
    assert "Failed password for root from" in redaction.text


def test_a_handle_in_a_persons_column_is_hidden(redactor: pii.Redactor) -> None:
    text = "12:37 DRV-2291 DELIVERED recipient=yaw.boateng status=ok"
    assert "yaw.boateng" not in redactor.redact(text).text
    control = "12:37 DRV-2291 DELIVERED recipient=ops-team status=ok"
    assert "recipient=ops-team" in redactor.redact(control).text


def test_a_role_before_a_chat_speaker_or_naming_them_in_brackets_is_no_name(redactor: pii.Redactor) -> None:
    text = (
        "Customer (Siriporn W.): hello I need to change my flight please\n"
        "Agent: of course, what is the reference\n"
        "Customer (Siriporn W.): it is QX7P2M thanks a lot"
    )
    redaction = redactor.redact(text)
    assert "Siriporn" not in redaction.text and redaction.text.startswith("Customer (")
    control = "Customer (Premium): hello I need to change my flight please"
    assert redactor.redact(control).text == control


def test_an_unknown_login_is_a_person_only_as_a_handle_of_names(redactor: pii.Redactor) -> None:
    text = (
        "sshd[1]: Failed password for invalid user hadoop from 1.2.3.4 port 2 ssh2\n"
        "sshd[2]: Failed password for invalid user test123 from 1.2.3.4 port 3 ssh2\n"
        "sshd[3]: Failed password for invalid user marta.kowalska from 1.2.3.4 port 4 ssh2"
    )
    redaction = redactor.redact(text)
    assert "user hadoop from" in redaction.text and "user test123 from" in redaction.text
    assert "marta.kowalska" not in redaction.text


@pytest.mark.parametrize(
    ("text", "hidden", "kept"),
    [
        # a family name in capitals opening a line; not everyday words in capitals
        ("Tidy this.\n\nMAKAULA, Chikondi Grace. Born 1948 in Zomba", "Chikondi", "Tidy this."),
        ("NOTE, Please read this\nIMPORTANT, Read First.", None, "NOTE, Please read this\nIMPORTANT, Read First."),
        ("TODO, Fix Later.\nJSON, Yaml\nIBM, Armonk", None, "TODO, Fix Later.\nJSON, Yaml\nIBM, "),
        # a column named for who it names; not a file's or a host's name
        ("learner_name,dob\nMateus Carvalho da Silva,2014-03-12", "Mateus", "learner_name"),
        ("file_name,size,host_name\nReport Final,12,Build Server", None, "Report Final,12,Build Server"),
        ("parent_name,child_name\nElectronics,Phones", None, "Electronics,Phones"),  # a category tree
        # a "name" field beside a filled field of personal data; not beside an empty one (a spam bot's form)
        ('ip=81.142.67.203 name="Gwen Morgan" email=gwen.m@yahoo.co.uk', "Gwen", 'name="'),
        ('2026-11-30 form name="Cheap Loans" email=- where="-"', None, 'name="Cheap Loans" email=-'),
        ('{"name": "Blue Mug", "price": 12.5, "phone": null}', None, '"Blue Mug"'),
        # a greeting in a quoted message
        ('Guest message:\n"Hello Morag, we are here on Saturday', "Morag", '"Hello '),
        # a place named with its administrative unit; not everyday words nor a company
        ("Home: village Rajibpur, Kurigram district", "Kurigram", " district"),
        ("He is from County Clare, near Ennis.", "County Clare", "He is from"),
        ("Smith & Co. Ltd and Jones Co. Limited", None, "Smith & Co. Ltd and Jones Co. Limited"),
        # Brazil's numbers with the area code in brackets, a birth year after "b."
        ("Responsável: Marcos dos Santos, (41) 99718-2264, ok", "99718-2264", "Responsável"),
        ("Season (10) 2019-2020 stats", None, "(10) 2019-2020"),
        ("Home: N/A\nResidence: Permanent", None, "Home: N/A\nResidence: Permanent"),
        ("children: Nora (b. 1915), Thomas (b. 1919)", "1915", "(b. "),
    ],
)
def test_registers_lists_and_letters(redactor: pii.Redactor, text: str, hidden: str | None, kept: str) -> None:
    redacted = redactor.redact(text).text
    assert kept in redacted
    if hidden is not None:
        assert hidden not in redacted
