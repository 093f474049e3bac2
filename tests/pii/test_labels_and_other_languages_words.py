"""Words of forms and of other languages that are no one (issue 19, the thirtieth session): a field's label before its
value, a mail's subject line, German's nouns, a letter's opening to whom it may concern, and another language's
function words typed in lower case. Each beside a control whose name is still found."""

from __future__ import annotations

import pii

from .masking import found, hidden, people


def test_a_fields_label_before_its_value_is_no_one(redactor: pii.Redactor) -> None:
    form = "Teléfono: +34 612 845 930\nCourriel: jean.dupont@orange.fr\n"
    redacted = hidden(redactor, form, "+34 612 845 930", "jean.dupont@orange.fr")
    assert redacted.startswith("Teléfono: ") and "\nCourriel: " in redacted
    call = "Cliente: Ana Beatriz Gonçalves da Silva.\nAtendente: Boa tarde.\nCliente: A internet cai todo dia.\n"
    named = people(redactor, call)
    assert "Ana Beatriz Gonçalves da Silva" in named and "Cliente" not in named  # not on the line with no value
    receipt = "FIS 1041 | Müşteri: Ayşe Y\u0131ld\u0131r\u0131m | Caferağa Mah. Moda Cad. No 12 | 340 TL\n"
    assert people(redactor, receipt) == ["Ayşe Y\u0131ld\u0131r\u0131m"]  # a cell's label


def test_a_speaker_before_his_words_is_still_a_person(redactor: pii.Redactor) -> None:
    chat = "[19:10] Péter: A cseh unokatestvért is hívjuk?\n"  # the control: a name, then what its speaker says
    assert people(redactor, chat) == ["Péter"]
    minutes = "- Liesbeth: vendor contract for the sensor boards still with legal\n"
    assert "Liesbeth" in " ".join(people(redactor, minutes))
    contacts = "Grace: +44 7700 900123\nHartmann: 0221 5550177\nThanks Grace, Hartmann und Lehmann kommen morgen."
    hidden(redactor, contacts, "Grace", "Hartmann")  # names listed before their contacts: no column's names


def test_a_mails_subject_line_is_no_one_whatever_it_says(redactor: pii.Redactor) -> None:
    mail = (
        "Von: Jonas Brandtner\nBetreff: Kündigung Mitgliedschaft Nr. 220-45817\n\n"
        "ich bin nicht mehr dabei und bitte um eine Bestätigung."
    )
    assert people(redactor, mail) == ["Jonas Brandtner"]  # the control: the sender


def test_german_nouns_are_no_one_but_names_beside_them_are(redactor: pii.Redactor) -> None:
    letter = (
        "Sehr geehrte Damen und Herren,\n\nIhre Abrechnung ist nicht korrekt, und wir bitten um Erstattung. Die "
        "Magistratsabteilung hat unsere Anmeldung nicht bearbeitet.\n"
    )
    assert not found(redactor, letter, "PERSON", "LOCATION")
    control = "Frau Lee aus Taichung wohnt jetzt in der Wohnung von Herrn Becker, und sie ist nicht da.\n"
    assert {"Taichung", "Becker"} <= {word for value in people(redactor, control) for word in value.split()}
    greeting = "Sehr geehrter Herr Edlinger,\n\nwir bestätigen den Eingang."
    assert "Edlinger" in " ".join(people(redactor, greeting))
    party = "Hallo zusammen, die Feier ist bei Hartung in der Gartenstraße 12. Bitte sagt mir bis Mittwoch Bescheid."
    hidden(redactor, party, "Hartung")  # a family name with a noun's suffix
    hike = "Die Wanderung führte uns nach Tanjungagung, und wir haben dort bei einer Familie übernachtet."
    hidden(redactor, hike, "Tanjungagung")  # a town ending as German's nouns do, no German word in it


def test_another_languages_function_words_in_lower_case_are_no_one(redactor: pii.Redactor) -> None:
    chat = "tarek: ok schick ich heute\nminh: ich bin bis sonntag bei meinen eltern\n"
    assert "ich" not in people(redactor, chat)
    dutch = "Vandaag kon ik uw pakket niet bezorgen. Kan mijn vakantiegeld naar het nieuwe adres?"
    assert not people(redactor, dutch)
    hinglish = "Is chat ka summary bana dein English mein, school ko bhejna hai. Trip Lahore Museum ja raha hai."
    assert not [value for value in people(redactor, hinglish) if value.islower()]
    control = "Dear Ms Saya Tanaka, your parcel is here."  # a capitalised name that is also a word of Malay
    assert "Saya" in " ".join(people(redactor, control))


def test_a_day_before_its_date_is_no_one(redactor: pii.Redactor) -> None:
    rota = (
        "Soup-run rota (Dec)\nSat 6 Dec: Br Imran Qureshi (driver), Sr Fatimah Osei-Bonsu, Yusuf H.\n"
        "Sat 13 Dec: Br Imran Qureshi (driver), Sr Aisha Bello\n"
    )
    named = people(redactor, rota)
    assert "Sat" not in named and "Br Imran Qureshi" in named  # the control: who is on the rota
    ushers = "USHERS\nSun 7th - Sis. Marcia Lindo & Bro. Kemar Dacres\nSun 14th - Sis. Faith Campbell-Brown\n"
    named = people(redactor, ushers)
    assert "Sun" not in named and "Kemar Dacres" in named
    assert "Sun Li" in people(redactor, "Sun Li called at 3pm about the rota.")  # a family name before a name
    assert "Sun" in people(redactor, "Patient: Sun, 67, female, presented with chest pain.")  # before an age


def test_a_languages_name_is_no_one(redactor: pii.Redactor) -> None:
    dutch = "Kun je deze schademelding naar het Engels vertalen? Mevrouw Okonjo-Bakker woont in Utrecht."
    assert found(redactor, dutch, "PERSON", "LOCATION") == ["Mevrouw Okonjo-Bakker", "Utrecht"]  # the controls
    cv = "Languages: Amharic, Tigrinya, English\nReferences: Dr. Yohannes Bekele"
    assert people(redactor, cv) == ["Yohannes Bekele"]
    note = "She prefers Farsi; her son Dariush will interpret. Auf Deutsch bitte."
    assert found(redactor, note, "PERSON", "LOCATION") == ["Dariush"]
    hidden(redactor, "Frau Deutsch ist ab Montag wieder im Büro.", "Deutsch")  # the controls: family names
    hidden(redactor, "Mit freundlichen Grüßen\nDr. Engels\nPraxis am Markt", "Engels")


def test_a_noun_that_heads_numbered_items_is_no_one(redactor: pii.Redactor) -> None:
    bundle = (
        "INDEX TO HEARING BUNDLE\nTab 1  ET1 claim form (Claimant, 51 Tamworth Road, Croydon CR0 1XT) ........ p.1\n"
        "Tab 2  ET3 response ........ p.19\nTab 3  Grounds of resistance ........ p.27\n"
    )
    assert not people(redactor, bundle)
    hidden(redactor, bundle, "51 Tamworth Road, Croydon CR0 1XT")
    scorers = "Baker 3 goals\nBaker 2 assists\nAdebayo 1 goal\n"  # the control: a family name before a number
    assert "Baker" in people(redactor, scorers)


def test_capitals_with_no_vowel_are_an_abbreviation_not_a_name(redactor: pii.Redactor) -> None:
    invite = "Wedding invite for Tunde and Ada. RSVP to Kemi Adebayo on 0803 555 0147 by 12 March."
    named = people(redactor, invite)
    assert "RSVP" not in named and "Kemi Adebayo" in named  # the control: who is asked
    assert "RSVP" not in people(redactor, "Please RSVP by Friday. The fee is 54.00 GBP, paid by card.")
    assert "NG" in people(redactor, "Mr NG and Ms LI arrived at the clinic.")  # a family name in capitals


def test_a_dish_or_a_drink_named_after_someone_is_no_one(redactor: pii.Redactor) -> None:
    menu = "Brunch: Eggs Benedict; Croque Madame\nDrinks: Earl Grey; Bellini; Bloody Mary\nSweet: Peach Melba; Pavlova"
    assert not found(redactor, menu, "PERSON", "LOCATION")
    guests = "Mary Grey and Earl Smith booked the Pavlova room for Friday."  # the control: people so named
    assert {"Mary Grey", "Earl Smith"} <= set(people(redactor, guests))


def test_another_languages_pronoun_or_greeting_is_no_one(redactor: pii.Redactor) -> None:
    letter = (
        "Madame Marchand-Lefèvre,\nJe vous ai rendu les clés le 31 octobre. Je vous prie donc de virer les 1 150 "
        "euros.\nCordialement,\nAnaïs Girard"
    )
    assert "Je" not in people(redactor, letter) and "Anaïs Girard" in people(redactor, letter)  # the control
    hidden(redactor, "Thanks for sorting the van so quickly.\nCheers,\nTomasz Wójcik", "Tomasz Wójcik")
    assert "Cheers" not in people(redactor, "Thanks for sorting the van so quickly.\nCheers,\nTomasz Wójcik")
    welcome = "Karibu sana Nairobi! Habari za asubuhi, Wanjiru Kamau will meet you."
    assert found(redactor, welcome, "PERSON", "LOCATION") == ["Nairobi", "Wanjiru Kamau"]
    swedish = "Jag heter Linnéa Björk och jag vill ha bebisen direkt på magen. Jag är rädd för nålar."
    named = people(redactor, swedish)
    assert "Jag" not in named and "Linnéa Björk" in named  # Swedish's "I", and the control: who writes


def test_a_units_denominator_is_no_one(redactor: pii.Redactor) -> None:
    labs = "Glicose em jejum: 118 mg/dL (ref. 70-99)\nLDL: 151 mg/dL   HDL: 38 mg/dL\nPotasio 5.9 mEq/L"
    assert people(redactor, labs) == []
    assert {"Chen", "Li"} <= set(people(redactor, "Table for the Chen/Li family at eight."))  # control: after a slash
