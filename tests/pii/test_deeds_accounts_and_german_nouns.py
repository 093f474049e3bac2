"""What solicitors, notaries, caseworkers, moderators and their users paste (2026-12-07's thirty-sixth session): a
deed's or an affidavit's parties written in capitals in a line of lower case, German's everyday nouns that the English
model reads as people, children listed with their ages after their label, accounts after the word for them, and Korean
memos typed without a space after a label's colon, legal roles before a name and a phone's copy of a chat, each
speaker's name and time on lines of their own.
Each case is paired with text written the same way that names no one.
"""

from __future__ import annotations

import pii
from tests.pii.masking import found, hidden


def test_a_deeds_parties_in_capitals_are_people(redactor: pii.Redactor) -> None:
    deed = (
        "BETWEEN\nALHAJI MUSA DANJUMA BELLO of No. 7 Lobito Crescent, Wuse II, Abuja (the Assignor)\n"
        "AND\nMRS. NGOZI AMARACHI EZE-OKAFOR of House 15, 3rd Avenue, Gwarinpa Estate, Abuja"
    )
    hidden(redactor, deed, "MUSA DANJUMA BELLO", "NGOZI AMARACHI EZE-OKAFOR")
    affidavit = "AFFIDAVIT OF LOSS\nI, RODELIO MACARAEG SANTIAGO, Filipino, of legal age, married, and a resident"
    hidden(redactor, affidavit, "RODELIO MACARAEG SANTIAGO")
    pleading = "JOSÉ WELLINGTON DE ARAÚJO LIMA, brasileiro, casado, motorista de aplicativo, vem propor a presente ação"
    hidden(redactor, pleading, "WELLINGTON", "ARAÚJO")
    spanish = "COMPARECE:\nDOÑA MARÍA DEL ROCÍO JIMÉNEZ CABALLERO, mayor de edad, divorciada, pensionista"
    hidden(redactor, spanish, "JIMÉNEZ CABALLERO")
    register = "2. Proprietor: ELEANOR MAIR FAIRWEATHER and RHODRI OWAIN PRITCHARD of 3 Church Lane, Painswick"
    hidden(redactor, register, "FAIRWEATHER", "RHODRI OWAIN PRITCHARD")
    # controls: products, headings and a declaration in capitals after the same titles and words
    text = "The form says MR. CLEAN MAGIC ERASER is out of stock; I, THE UNDERSIGNED, agree to the terms."
    assert found(redactor, text, "PERSON") == []
    text = "The theme is DON CORLEONE MAFIA NIGHT, single tickets only; sold to GREEN VALLEY FARMS, married couples."
    assert found(redactor, text, "PERSON") == []
    text = "Send me KPMG DELOITTE audit comparison. Read DON QUIXOTE DE LA MANCHA for Thursday. On tap: GUINNESS "
    assert found(redactor, text + "DRAUGHT, irish stout. Vendor: LOCKHEED MARTIN\nTerms: net 60", "PERSON") == []


def test_germans_everyday_nouns_are_no_people(redactor: pii.Redactor) -> None:
    letter = (
        "Kannst du diesen Entwurf für den Mahnantrag prüfen? Frau Kowalczyk hat nicht reagiert; vorgerichtliche "
        "Anwaltskosten sind offen, also schreib mir eine Liste der Unterlagen, falls die Behörde fragt."
    )
    assert found(redactor, letter, "PERSON", "LOCATION") == ["Kowalczyk"]
    # controls: in a German text, names and towns after the same articles and of the same length stay found
    text = (
        "Sehr geehrte Frau Schulz, wir haben Ihre Unterlagen erhalten und der Herr Joachim von der Lippe meldet sich. "
        "Die Familie wohnt in Ludwigshafen und Gallneukirchen. Mit freundlichen Grüßen, Jürgen Hoffmeister-Kranz"
    )
    kept = found(redactor, text, "PERSON", "LOCATION")
    for value in ("Schulz", "Joachim von der Lippe", "Ludwigshafen", "Gallneukirchen", "Jürgen Hoffmeister-Kranz"):
        assert any(value in span for span in kept), (value, kept)
    text = (
        "Ich war gestern mit der Monika beim Arzt. Der Krüger aus dem Vertrieb hat die Zahlen noch nicht geschickt. "
        "Mit freundlichen Grüßen\nIhr Gerhard"
    )
    kept = found(redactor, text, "PERSON")
    assert [name for name in ("Monika", "Krüger", "Gerhard") if any(name in span for span in kept)] == [
        "Monika",
        "Krüger",
        "Gerhard",
    ]


def test_children_listed_with_their_ages_after_their_label_are_people(redactor: pii.Redactor) -> None:
    hidden(redactor, "Ehefrau: Rama Haj Ali, geb. 1994 in Homs\nKinder: Lina (7) und Yusuf (4)\n", "Lina", "Yusuf")
    hidden(redactor, "Hijos: Mateo (9), Valentina (6) y Lucas (2)", "Mateo", "Lucas")
    # controls: groups and towns with numbers after the same labels
    assert found(redactor, "Kids: Group A (12) and Group B (9) meet at noon.", "PERSON") == []
    answers = found(redactor, "Fragebogen\nKinder: Nein (0)\nHijos: Sí (2)\nEnfants: Aucun (0)", "PERSON")
    assert not {"Nein", "Sí", "Aucun"} & set(answers)


def test_a_korean_labels_value_after_its_colon_without_a_space(redactor: pii.Redactor) -> None:
    memo = "피고인:차승호(2000.03.17생) 특수절도.\n어머니:이순옥 010-2214-8863, 매달 면회옴. 동생:차승연(고3)."
    hidden(redactor, memo, "차승호", "이순옥", "차승연")
    # controls: a label's ordinary value and a time after a colon stay as they are
    text = "어머니:회사원 아버지:자영업\n면회 시간 14:30\n동생:고3"
    redaction = redactor.redact(text)
    assert redaction.entities == ()


def test_a_phones_copy_of_a_chat_names_each_speaker_on_a_line_of_their_own(redactor: pii.Redactor) -> None:
    chat = (
        "셰르조드\n오후 2:14\n행정사님 안녕하세요 저 이사했어요\n\n"
        "행정사\n오후 2:20\n네, 15일 안에 신고해야 돼요.\n\n"
        "셰르조드\n오후 2:23\n네 알겠습니다 감사합니다\n"
    )
    hidden(redactor, chat, "셰르조드")
    # control: a day's programme, a place and a meal each before its time, once
    text = "김포공항\n오후 3:00\n탑승 수속 시작\n\n점심\n오후 12:00\n공항 식당에서\n"
    assert found(redactor, text, "PERSON") == []
    text = "복약 알림\n타이레놀\n오전 8:00\n식후 30분\n타이레놀\n오후 8:00\n식후 30분\n"
    text += "스프린트\n오전 10:00\n계획 회의 합니다\n스프린트\n오후 5:00\n회고 진행해요\n"
    assert found(redactor, text, "PERSON") == []


def test_an_account_after_the_word_for_it_is_a_persons(redactor: pii.Redactor) -> None:
    log = "[21:14] AutoMod flagged a message in #general from user kieranwalsh04 (ID 884213579902214155)"
    hidden(redactor, log, "kieranwalsh04")
    roster = "Kapitan: Jakub Nowak, nick: kuba_wisnia, zgoda: tak. IGN: AbdulrahmanMZ; Steam name is reubenokl."
    hidden(redactor, roster, "kuba_wisnia", "AbdulrahmanMZ", "reubenokl")
    hidden(redactor, "a commenter, u/DeclanMurphy_87, added her full name", "DeclanMurphy_87")
    hidden(redactor, "INFO loading config from /home/solheim/.config/syncd/config.toml", "solheim")
    hidden(redactor, "Moi (clairebmt69) : Bonjour\nVendeur (thibault_lgn) : Bonjour", "clairebmt69", "thibault_lgn")
    hidden(redactor, "opened by @ingridsolheim\nKnown on socials as: @drfolaclarke", "ingridsolheim", "drfolaclarke")
    hidden(redactor, '{"user": "U02AB3", "user_name": "otieno.b", "real_name": "Brian Otieno"}', "otieno.b")
    # controls: words, numbers, a machine's users and a handle of everyday words after the same labels
    text = (
        "The user experience is fine, our channel owner agrees, user ID 884213 is banned, the files are in "
        "/home/ubuntu/app and C:\\Users\\Public\\, a channel Sky Sports streamed it, gamertag TheGreatCheese."
    )
    assert found(redactor, text, "PERSON") == []
    text = "he keeps ignoring my calls at our user meetup: handle expired tokens, built by @vercel, posted by @here."
    assert found(redactor, text, "PERSON") == []
    assert found(redactor, "Note (v2.1) : fixed\nStep (config.yaml) : edit", "PERSON") == []
    text = (
        "St. Ignatius founded it. Our middleware should handle Stripe webhooks; channel: Insiders, TikTok: Trending "
        "sounds, set the handle: MAX_CONNECTIONS, run it as user postgres, GRANT SELECT TO user analytics_svc."
    )
    assert found(redactor, text, "PERSON") == []


def test_a_handle_in_brackets_after_a_name_sharing_its_words_is_that_persons(redactor: pii.Redactor) -> None:
    text = "Nieuwe mods: Elise Peeters (elise.ptrs) en Mohamed El Amrani (mo_elamrani), allebei uit Leuven."
    hidden(redactor, text, "elise.ptrs", "mo_elamrani")
    # controls: a product's short name and a tool's in brackets after a name they do not share
    text = "We use Google Cloud (gcloud), Anna (admin_tools) and Rust Analyzer (rust_analyzer_v2)."
    assert found(redactor, text, "PERSON") == ["Anna", "Rust Analyzer"]
    text = "Ferrari (ferrari_official) unveiled a hybrid; Red Bull Racing (redbullracing) topped the standings."
    assert found(redactor, text, "PERSON") == []


def test_a_town_read_as_a_persons_and_its_region_are_one_place(redactor: pii.Redactor) -> None:
    text = '"- says moonbeam is actually Hannah Prescott-Liu, 24, from Eugene, Oregon"'
    assert found(redactor, text, "LOCATION") == ["Eugene, Oregon"]
    text = "Employee: Mohammed Shafeeq Kunnummal\nFrom: Kozhikode, Kerala\nDOB: 21/11/1993"
    assert found(redactor, text, "LOCATION") == ["Kozhikode, Kerala"]
    # control: a name, a comma and a country after a greeting stay what they were
    assert found(redactor, "Dear Eugene, Oregon has sent the forms.", "PERSON") == ["Eugene"]
