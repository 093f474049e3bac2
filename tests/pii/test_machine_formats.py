"""What developers and operations staff paste: HL7 messages, LDIF exports, FHIR resources, URLs with a query, mail
headers, access logs, SQL rows, CRM payloads and address labels in capitals. Their people, places and addresses are
masked by where the format puts them; each case beside a control that stays as written."""

from __future__ import annotations

import time

import pytest

import pii
from pii._columns import column_key, column_kind
from pii._gedcom import gedcom_values
from pii._hl7 import hl7_values
from pii._ldif import ldif_values
from pii._redactor import _a_proper_noun
from pii._truecase import truecased

from .masking import hidden, whole


def _masked(redactor: pii.Redactor, text: str) -> list[str]:
    return [text[e.start : e.end] for e in redactor.redact(text).entities]


_ADT = (
    "MSH|^~\\&|EPR|NORTH_WARD|PAS|TRUST|20261204083015||ADT^A04|MSG00048213|P|2.4\r"
    "EVN|A04|20261204083015\r"
    "PID|1||4857773456^^^NHS^NH||GALLOWAY^MORAG^ISLA^^MS||19790322|F|||9 Kelvin Row^^Dundee^^DD1 4HN^GBR||"
    "07700 900 412^PRN^CP|||M\r"
    "NK1|1|GALLOWAY^EWAN^^^MR|SPO|9 Kelvin Row^^Dundee^^DD1 4HN^GBR|07700 900 413\r"
    "PV1|1|O|OPD3^^^ARI||||C4382917^RAGHAVAN^ANJALI^^^DR|||GEN||||1"
)


def test_an_hl7_message_masks_its_patient_next_of_kin_and_doctor(redactor: pii.Redactor) -> None:
    values = ["GALLOWAY", "MORAG", "ISLA", "19790322", "9 Kelvin Row", "Dundee", "DD1 4HN", "EWAN", "RAGHAVAN"]
    hidden(redactor, _ADT, *values, "ANJALI", "07700 900 412", "07700 900 413")
    kinds = {_ADT[a:b]: kind for a, b, kind in hl7_values(_ADT)}
    assert kinds["19790322"] == "DATE_TIME" and kinds["Dundee"] == "LOCATION" and kinds["MORAG"] == "PERSON"
    # control: the message's own fields stay as written (its type, its ward, its timestamp, the doctor's number); the
    # address's postcode is masked with it (the twenty-fifth session: it narrows the address to a few doors)
    redacted = redactor.redact(_ADT).text
    for kept in ("ADT^A04", "MSG00048213", "OPD3", "C4382917", "20261204083015"):
        assert kept in redacted


def test_an_hl7_message_with_other_separators_is_read_by_its_header() -> None:
    text = "MSH|*@\\&|LAB\nPID|1||77||NAKASHIMA*REN||19880101"
    assert [text[a:b] for a, b, _ in hl7_values(text)] == ["NAKASHIMA", "REN", "19880101"]
    # control: the same patient's line with no other segment is no message (a log's or a table's line)
    assert hl7_values("PID|1||77||NAKASHIMA*REN||19880101\nnot a segment") == []


_LDIF = (
    "dn: uid=akowalski,ou=people,dc=wisla-freight,dc=pl\n"
    "objectClass: inetOrgPerson\n"
    "uid: akowalski\n"
    "cn: Aldona Kowalski\n"
    "homePostalAddress: ul. Długa 14/2$80-831 Gdańsk\n"
    "l: Sopot\n"
    "manager: uid=pbenes,ou=people,dc=wisla-freight,dc=pl\n"
    "\n"
    "dn: cn=backup-svc,ou=services,dc=wisla-freight,dc=pl\n"
    "objectClass: applicationProcess\n"
    "cn: backup-svc\n"
    "l: Warsaw\n"
)


def test_an_ldif_export_masks_its_peoples_names_accounts_towns_and_addresses(redactor: pii.Redactor) -> None:
    hidden(redactor, _LDIF, "akowalski", "Aldona Kowalski", "ul. Długa 14/2", "Gdańsk", "Sopot", "pbenes")
    # control: a service's entry is no person's; the directory's own names stay
    found = {_LDIF[a:b] for a, b, _ in ldif_values(_LDIF)}
    assert "backup-svc" not in found and "Warsaw" not in found
    assert "ou=people,dc=wisla-freight" in redactor.redact(_LDIF).text


_GEDCOM = (
    "0 HEAD\n1 SOUR FTM\n2 NAME Family Tree Maker\n"
    "0 @I7@ INDI\n1 NAME Ruairí /Ó Donnchadha/\n1 SEX M\n1 BIRT\n2 DATE 3 FEB 1841\n"
    "2 PLAC Kilnamona, Clare, Ireland\n1 RESI\n2 ADDR 7 Bourke Lane\n3 CONT Yass NSW 2582\n1 FAMS @F2@\n"
    "0 @I8@ INDI\n1 NAME Nóra /Ní Fhlatharta/\n2 _MARNM Ó Donnchadha\n1 BIRT\n2 PLAC Inveran, Galway, Ireland\n"
    "0 @R1@ REPO\n1 NAME Family History Library\n"
    "0 @F2@ FAM\n1 HUSB @I7@\n1 WIFE @I8@\n1 MARR\n2 PLAC Gundaroo, New South Wales, Australia\n"
    "\nRuairí's brother stayed in Kilnamona."
)


def test_a_gedcom_export_masks_its_peoples_names_places_and_addresses(redactor: pii.Redactor) -> None:
    hidden(redactor, _GEDCOM, "Ruairí /Ó Donnchadha/", "Nóra /Ní Fhlatharta/", "Kilnamona, Clare, Ireland")
    hidden(redactor, _GEDCOM, "7 Bourke Lane", "Yass NSW 2582", "Inveran, Galway, Ireland", "Gundaroo")
    assert "Ruairí" not in redactor.redact(_GEDCOM).text  # the parts met again in the prose around the export
    # control: the header's program and a repository's archive are no one; nor is a text that merely holds the tags
    found = {_GEDCOM[a:b] for a, b, _ in gedcom_values(_GEDCOM)}
    assert "Family Tree Maker" not in found and "Family History Library" not in found
    assert "3 FEB 1841" not in found and "@F2@" not in found
    assert gedcom_values("1 NAME Report\n2 PLAC Board room") == []
    # nor are a tree's placeholders and everyday words someone's: "may", "reading", "living" stay words in the prose
    tree = "0 @I1@ INDI\n1 NAME May /Hill/\n1 RESI\n2 PLAC Reading, Berkshire\n0 @I2@ INDI\n1 NAME Living /Hegarty/\n"
    redacted = hidden(redactor, tree + "\nYou may be reading it; living relatives of Hegarty agree.", "May /Hill/")
    assert "You may be reading it; living relatives of" in redacted


def test_a_fhir_patients_names_are_masked_and_another_family_is_not(redactor: pii.Redactor) -> None:
    text = (
        '{"resourceType": "Patient", "name": [{"use": "official", "family": "Begay", "given": ["Lorraine", "Hope"]}]}'
    )
    hidden(redactor, text, "Begay", "Lorraine", "Hope")
    control = '{"font": {"family": "Inter", "weight": 600}, "name": [{"given": ["Ann"]}]}'
    assert _masked(redactor, control) == ["Ann"]  # a family in another object is a font's


@pytest.mark.parametrize(
    ("text", "values"),
    [
        (
            '113.161.54.9 - - [04/Dec/2026:08:12:01 +0700] "GET /subscribe?name=Tran+Thi+Mai'
            '&email=mai.tran92%40gmail.com&city=Hai+Phong HTTP/2.0" 200 512',
            ["Tran+Thi+Mai", "mai.tran92%40gmail.com", "Hai+Phong"],
        ),
        ("GET /unsubscribe?email=hoang.duc%40yahoo.com.vn HTTP/2.0", ["hoang.duc%40yahoo.com.vn"]),
        ("GET /subscribe?email=pqbao@outlook.com&plan=pro", ["pqbao@outlook.com"]),
    ],
)
def test_a_urls_query_masks_its_people_places_and_addresses(
    redactor: pii.Redactor, text: str, values: list[str]
) -> None:
    hidden(redactor, text, *values)
    whole(redactor, text, *values)


def test_a_query_without_contact_details_names_nobody(redactor: pii.Redactor) -> None:
    text = "GET /search?name=widget&sort=asc&page=2 HTTP/1.1"
    assert _masked(redactor, text) == []


def test_a_mail_headers_display_name_family_name_first_is_masked(redactor: pii.Redactor) -> None:
    text = 'From: "Okafor, Chidinma" <chidinma.okafor@brightlane.ie>\nTo: "Support, Tier 2" <tier2@brightlane.ie>'
    hidden(redactor, text, "Okafor, Chidinma")
    whole(redactor, text, "Okafor, Chidinma")
    assert "Support, Tier 2" in redactor.redact(text).text  # control: a team's mailbox


def test_an_access_logs_signed_in_user_is_masked(redactor: pii.Redactor) -> None:
    text = (
        '112.169.54.21 - jhpark [01/Dec/2026:08:55:12 +0900] "POST /admin/login HTTP/1.1" 200 512\n'
        '10.0.0.2 - root [01/Dec/2026:08:55:40 +0900] "GET / HTTP/1.1" 200 12'
    )
    hidden(redactor, text, "jhpark")
    assert "- root [" in redactor.redact(text).text  # control: a system's account


def test_a_members_login_beside_their_contact_details_is_masked(redactor: pii.Redactor) -> None:
    text = (
        "INSERT INTO `member` (`id`,`user_id`,`name`,`tel`) VALUES\n"
        "(3012,'sky_minseo','손민서','031-918-4402'),\n(3013,'hyunseok80','노현석','010-3382-9017');"
    )
    hidden(redactor, text, "sky_minseo", "hyunseok80", "손민서", "노현석")
    control = "INSERT INTO orders (order_id, user_id, sku) VALUES (1, 'abc123', 'SKU-1');"
    assert _masked(redactor, control) == []


def test_a_columns_name_in_camel_case_names_its_column() -> None:
    assert column_key("MailingCity") == "mailing city" and column_key("firstName") == "firstname"
    assert column_kind(column_key("MailingStreet"), personal=False) == "STREET_ADDRESS"
    assert column_kind(column_key("MailingState"), personal=False) == "LOCATION"
    assert column_kind(column_key("nameKo"), personal=True) == "PERSON"
    # control: an office's street, and a country beside no personal data
    assert column_kind(column_key("officeStreet"), personal=False) is None
    assert column_kind("country", personal=False) is None and column_kind("country", personal=True) == "LOCATION"


def test_a_country_is_masked_beside_someones_contact_details_only(redactor: pii.Redactor) -> None:
    text = '{"city": "Lyon", "country": "FR", "email": "hamza.alk@laposte.net"}'
    hidden(redactor, text, "Lyon", "FR")
    assert "FR" in redactor.redact('{"sku": "A1", "country": "FR", "price": 12}').text


def test_an_address_label_in_capitals_keeps_its_street_and_two_word_town() -> None:
    text = "SIONE TUPOU\n18 MAHIA ROAD\n2216 MOUNT RUSHMORE RD APT 4\nRAPID CITY SD 57701\nON THE ROAD AGAIN TONIGHT"
    cased = truecased(text, _a_proper_noun)
    assert cased is not None
    assert "18 Mahia Road" in cased and "2216 Mount Rushmore Rd" in cased and "Rapid City" in cased
    assert "on the road again" in cased  # control: a road with no house number before it


def test_a_street_word_whose_lower_case_is_longer_keeps_the_texts_length(redactor: pii.Redactor) -> None:
    text = "KARGO ADRESI\n18 İNCİRLİ ROAD\nKADIKOY ISTANBUL"  # "İ" lowers to two characters
    cased = truecased(text, _a_proper_noun)
    assert cased is not None and len(cased) == len(text) and "18 İNCİRLİ Road" in cased
    hidden(redactor, text, "18 İNCİRLİ ROAD")  # control: the street is still masked, and restores exactly


def test_an_address_label_in_capitals_is_masked(redactor: pii.Redactor) -> None:
    text = "LABEL 3\nCHAYTON REDCLOUD\n2216 MOUNT RUSHMORE RD APT 4\nRAPID CITY SD 57701\nUSA"
    hidden(redactor, text, "2216 MOUNT RUSHMORE RD", "RAPID CITY")
    whole(redactor, text, "2216 MOUNT RUSHMORE RD APT 4")


@pytest.mark.parametrize(
    ("text", "kept", "alone", "value"),
    [
        (
            "MSH|^~\\&|EPR|ARI|PAS|NHSG|20261204083015||ADT^A04|MSG1|P|2.4",
            "20261204083015",
            "PESEL 02070803628",
            "02070803628",
        ),
        ('{"system": "urn:oid:2.16.840.1.113883.3.72.5.9.1"}', "3.72.5.9", "from 10.2.14.7.", "10.2.14.7"),
        (
            "[Thu Dec 03 23:58:04.118822 2026] [php:notice] reset",
            "04.118822",
            "09:12:44 0161 496 0734 answered",
            "0161 496 0734",
        ),
        (
            "TZID=America/Argentina/Buenos_Aires for the call",
            "Buenos_Aires",
            "she moved to Buenos Aires",
            "Buenos Aires",
        ),
    ],
)
def test_numbers_and_settings_inside_longer_ones_are_not_identifiers(
    redactor_all: pii.Redactor, text: str, kept: str, alone: str, value: str
) -> None:
    assert kept in redactor_all.redact(text).text
    hidden(redactor_all, alone, value)  # control: the identifier or the place standing by itself is still masked


def test_a_psql_results_people_under_its_rule_are_masked(redactor: pii.Redactor) -> None:
    text = (
        " nhs_number | surname   | forename | dob\n"
        "------------+-----------+----------+------------\n"
        " 2227413441 | Akhtar    | Shazia   | 1958-03-21\n"
        " 4112930879 | Nwosu-Eze | Emeka    | 1990-11-04\n(2 rows)"
    )
    hidden(redactor, text, "Shazia", "Nwosu-Eze", "Emeka")
    control = " id | status\n----+--------\n 1  | shipped\n"
    assert _masked(redactor, control) == []


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("payload={'city': 'Tarbes', 'country': 'FR', 'email': 'h.alaoui@laposte.net'}", ["Tarbes", "FR"]),
        (
            'array(2) {\n  ["surname"]=>\n  string(8) "Quillard"\n  ["email"]=>\n  string(11) "o@orange.fr"\n}',
            ["Quillard"],
        ),
        ('"billing": {"street": "3120 Wheaton Way", "city": "Silver Spring", "state": "MD"}', ["MD"]),
        ("Opened by: h.melnyk\nDescription: locked out", ["h.melnyk"]),
        ('GET /account/reset?user=kaito.yamashita&sent=1 HTTP/1.1" 200', ["kaito.yamashita"]),
        ("Calle de Tordesillas 12, 3º B\n47001\nValladolid\nEspaña", ["Valladolid"]),
    ],
)
def test_fields_of_dicts_dumps_tickets_and_letters_are_masked(
    redactor: pii.Redactor, text: str, values: list[str]
) -> None:
    hidden(redactor, text, *values)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("config = {'region': 'eu', 'country': 'FR', 'retries': 3}", ["FR"]),  # a country beside no personal data
        ('{"warehouse": {"code": "W1", "state": "CA", "capacity": 12}}', ["CA"]),
        ("GET /search?city=Paris&street=Rue+de+Rivoli HTTP/1.1", ["Paris", "Rue+de+Rivoli"]),  # a search names no one
        ("Hauptstraße 5\n10115\nTel 030 1234567", ["Tel"]),
    ],
)
def test_the_same_fields_name_no_one_where_nothing_personal_is_beside_them(
    redactor: pii.Redactor, text: str, kept: list[str]
) -> None:
    redacted = redactor.redact(text).text
    for value in kept:
        assert value in redacted


@pytest.mark.parametrize(
    ("text", "kept", "masked"),
    [
        (
            "DTSTART;TZID=Europe/London:20261210T090000 for Ines, who moved to Leeds",
            "Europe/London",
            "moved to Leeds",
        ),
        (
            "<Cdtr><Nm>Ingrid Solberg</Nm><PstlAdr><AdrLine>Storgata 5</AdrLine></PstlAdr></Cdtr>",
            "<Cdtr><Nm>",
            "Ingrid Solberg",
        ),
        ('<a href="mailto:ana.lima@gmail.com">Ana Lima</a>', "mailto:", "Ana Lima"),
        ('File "/srv/app/checkout/views.py", line 212 in submit for Kofi Boateng', "views.py", "Kofi Boateng"),
        ("Fit a Kaplan-Meier curve and a Cox proportional-hazards model for Nadia Rahman", "Kaplan-Meier", "Nadia"),
    ],
)
def test_names_of_time_zones_elements_schemes_files_and_methods_are_no_ones(
    redactor: pii.Redactor, text: str, kept: str, masked: str
) -> None:
    redacted = redactor.redact(text).text
    assert kept in redacted  # the setting, the element, the file, the method stay as written
    assert masked not in redacted  # the person or the place beside them is still masked


# What a review found, each with the control that must stay as it is.


def test_column_names_written_whole_in_camel_case_still_name_their_columns(redactor: pii.Redactor) -> None:
    text = (
        "PatientID,SurName,ForeName,DoB,BirthPlace\n1001,Nwosu,Ifeoma,1990-02-11,Enugu\n"
        "1002,Halvorsen,Bjorn,1985-07-30,Moss"
    )
    hidden(redactor, text, "Nwosu", "Ifeoma", "Halvorsen", "Bjorn", "Enugu", "Moss")
    assert column_key("DoB") == "dob" and column_key("SurName") == "surname"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("09:12:44 0161 496 0734 answered", "0161 496 0734"),  # a call log: the number after the clock's seconds
        ("14:05:33 (415) 555-0132 transferred", "(415) 555-0132"),
        ("Connecting to database...10.20.30.41 failed", "10.20.30.41"),  # an ellipsis is no dotted number
        ("cert at /etc/letsencrypt/live/tomasznowak.pl/fullchain.pem", "tomasznowak.pl"),  # a domain, not a file
        ("root /var/www/kowalski.pl;", "kowalski.pl"),  # Poland's, not Perl's
        ("GET /patient?surname=Okafor&given=Emeka&mrn=44721 HTTP/1.1", "Okafor"),  # a column of people, no contact
        ('{"user_id":"jdoe42","email":"j.doe@corp.com"}', "jdoe42"),
    ],
)
def test_values_a_review_found_leaking_are_masked(redactor: pii.Redactor, text: str, value: str) -> None:
    hidden(redactor, text, value)


def test_a_backslash_before_a_placeholder_is_restored(redactor: pii.Redactor) -> None:
    text = "objectClass: user\ncn: Jürgen Weiß\nsAMAccountName: jweiss\nprofilePath: \\\\srv\\profiles\\jweiss"
    hidden(redactor, text, "jweiss", "Jürgen Weiß")  # restores exactly, its backslashes too
    hidden(redactor, "Copied to C:\\Users\\Amara Okafor\\Documents for Amara Okafor", "Amara Okafor")


def test_pretty_printed_fhir_names_and_a_names_text_are_masked(redactor: pii.Redactor) -> None:
    text = (
        '{\n  "name": [\n    {\n      "family": "Yazzie",\n      "given": [\n        "Sigrid",\n'
        '        "Marte"\n      ]\n    }\n  ]\n}'
    )
    hidden(redactor, text, "Yazzie", "Sigrid", "Marte")
    hidden(redactor, '"name": [{"text": "Darlene Rose Yazzie"}], "code": {"text": "Hypertension"}', "Rose Yazzie")
    assert "Hypertension" in redactor.redact('"code": {"text": "Hypertension"}').text


def test_an_hl7_number_in_parts_and_a_patients_identifiers_are_masked(redactor: pii.Redactor) -> None:
    text = (
        "MSH|^~\\&|A|B\nPID|1||445566^^^HOSP||KOWALSKI^TOMASZ||19910303|M|||||^PRN^PH^^1^937^5550143"
        "||||||123-45-6789|H1234567^OH"
    )
    hidden(redactor, text, "5550143", "123-45-6789", "H1234567", "KOWALSKI")
    # control: one line that opens as a segment does is no message
    assert hl7_values("PID|1|2|3|4|python worker|x") == []


def test_thousands_of_state_and_country_fields_are_read_in_time(redactor: pii.Redactor) -> None:
    text = ('"state": "CA",\n"country": "US",\n' * 1100)[:32_000]
    started = time.perf_counter()
    redactor.redact(text)
    assert time.perf_counter() - started < 5  # 23 s before: each field re-read its whole object


@pytest.mark.parametrize(
    "text",
    [
        "HEARING SET FOR 14 MARCH IN PLACE OF THE OTHER",
        "STEP 2 GO DOWN THE ROAD AND TURN LEFT",
        "LONG BEACH VOLLEYBALL FINAL TONIGHT",
    ],
)
def test_lines_in_capitals_that_hold_no_street_or_town_keep_none(text: str) -> None:
    cased = truecased(text, _a_proper_noun)
    assert cased is not None and "Place" not in cased and "Road" not in cased and "Long Beach" not in cased


@pytest.mark.parametrize(
    "text",
    [
        '{"email": "a.b@corp.com", "state": "Closed"}',  # a ticket's state, no place
        '10.0.0.5 - healthcheck [01/Dec/2026:08:55:12 +0900] "GET /h HTTP/1.1" 200 2',  # a monitor's account
        '10.0.0.6 - svc_backup [01/Dec/2026:08:55:12 +0900] "GET /h HTTP/1.1" 200 2',
        "dn: CN=WEB01,OU=Servers,DC=corp\nobjectClass: user\nobjectClass: computer\ncn: WEB01\nsAMAccountName: WEB01$",
    ],
)
def test_states_monitors_and_computers_are_no_one(redactor: pii.Redactor, text: str) -> None:
    assert [e.type for e in redactor.redact(text).entities if e.type in ("PERSON", "LOCATION")] == []


def test_an_ldif_name_in_base64_and_an_active_directory_dn_are_masked(redactor: pii.Redactor) -> None:
    text = (
        "dn:: Q049SsO8cmdlbg==\nobjectClass: user\ncn:: SsO8cmdlbiBXZWnDnw==\nsAMAccountName: jweiss\n"
        "manager: CN=Doe\\, Jane,CN=Users,DC=corp,DC=local"
    )
    hidden(redactor, text, "SsO8cmdlbiBXZWnDnw==", "Q049SsO8cmdlbg==", "Doe\\, Jane", "jweiss")
    assert "CN=Users,DC=corp" in redactor.redact(text).text  # control: the directory's own parts stay
