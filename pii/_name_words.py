"""Closed word lists of the name recognizer (`pii._names`): what is never part of a name, what is also
English, the verbs, roles and connectors around people, and who a greeting addresses when it is no one."""

from __future__ import annotations

from functools import cache

import regex

from . import wordlists
from .corpus import MONTHS

# "May" is left out: it is also a given name.
_NOT_A_SURNAME = frozenset(
    ["Street", "Avenue", "Road", "Lane", "Drive", "Boulevard", "The", "And", "Or", "But"]
    + ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    + [month for month in MONTHS if month != "May"]
)
# Words that begin place and institution names built with a particle ("Rue de Rivoli", "Tour de France").
_NOT_A_GIVEN_NAME = frozenset(
    [
        "Rue",
        "Calle",
        "Via",
        "Avenida",
        "Place",
        "Quai",
        "Plaza",
        "Costa",
        "Tour",
        "Port",
        "Puerto",
        "Porto",
        "Santa",
        "San",
        "Cape",
        "Bois",
        "Saint",
        "Notre",
        "Dame",
        "Bay",
        "Isla",
        "Rio",
        "University",
        "Universidad",
        "Museum",
        "Hotel",
        "Banco",
        "Bank",
        "Instituto",
        "Institut",
        "Hospital",
        "Chateau",
        "Château",
        "Cafe",
        "Café",
        "Casa",
        "Villa",
        "Club",
        "Gare",
        "Palais",
        "Musée",
        "Pont",
    ]
)
# Family names that are also English words ("Song", "Moon", "Sun"): taken only before a given name whose
# shape says East Asian, never after a capitalised word ("Blue Moon", "Harvest Sun").
_ALSO_ENGLISH = frozenset(
    [
        "An",
        "Chu",
        "Dang",
        "Ding",
        "Dong",
        "Du",
        "Fan",
        "Fang",
        "Gang",
        "Gi",
        "Ha",
        "He",
        "Ho",
        "Hu",
        "Im",
        "Jin",
        "Jo",
        "Ki",
        "Ko",
        "Kong",
        "Lai",
        "Lam",
        "Le",
        "Li",
        "Lo",
        "Lu",
        "Ly",
        "Ma",
        "Mai",
        "Min",
        "Moon",
        "Na",
        "Ng",
        "Oh",
        "Pan",
        "Sim",
        "Son",
        "Song",
        "Su",
        "Sun",
        "Sung",
        "Tan",
        "Tang",
        "Wan",
        "Won",
        "Woo",
        "Ye",
        "Yi",
        "Yu",
        "Abe",
        "Ono",
    ]
)
# Second parts of Korean place names that look like given-name syllables ("Gangnam-gu", "Teheran-ro").
_PLACE_SUFFIXES = frozenset(["ro", "gil", "gu", "dong", "si", "do", "gun", "eup", "myeon", "ri", "daero"])
# Capitalised words never part of a person's name found by where it stands ("email Customer Service").
ORGANISATION_HEADS = frozenset(wordlists.entries("organisation_heads.txt"))
"""The last words of organisations' names (`pii/data/organisation_heads.txt`): "Pharmacy", "Realty", "GmbH"."""
VENUE_HEADS = frozenset(
    {"Praça", "Avenida", "Rua", "Calle", "Piazza", "Piazzale", "Viale", "Rue", "Boulevard", "Hotel", "Hôtel", "Hostel"}
    | {"Café", "Museu", "Museo", "Musée", "Museum", "Livraria", "Librería", "Estação", "Estación", "Gare", "Palácio"}
    | {"Palazzo", "Igreja", "Église", "Chiesa", "Masjid", "Universidad", "Universidade", "Université", "Università"}
    | {"Hôpital", "Ospedale", "Aeropuerto", "Aeroporto", "Aéroport", "Flughafen", "Bahnhof", "Travessa", "Passeig"}
    | {"Carrer", "Jalan", "MV"}
)
"""The first words of streets, squares, buildings and ships in many languages ("Praça Marquês de Pombal", "Hotel
Myriad", "MV Aurora Borealis"): what follows them is no person, though it is written as a name is (no family name
among them: "Castillo", "Carrera", "Ponte" are left out)."""
ORDINARY_CAPITALISED = frozenset(wordlists.entries("ordinary_capitalised.txt")) | ORGANISATION_HEADS | VENUE_HEADS
"""Capitalised words of organisations, roles, products and tools (`pii/data/ordinary_capitalised.txt`)."""
_NOT_IN_A_NAME = _NOT_A_GIVEN_NAME | ORDINARY_CAPITALISED


@cache
def listed_names() -> frozenset[str]:
    """The given names and surnames of the recognizers' part of the name lists."""
    return listed_given_names() | listed_surnames()


@cache
def listed_given_names() -> frozenset[str]:
    """The given names of the recognizers' part of the project's list (`data/first_names.txt`)."""
    return frozenset(wordlists.part("first_names.txt", "recognizers"))


@cache
def listed_surnames() -> frozenset[str]:
    """The surnames of the recognizers' part of the project's list (`data/surnames.txt`)."""
    return frozenset(wordlists.part("surnames.txt", "recognizers"))


@cache
def east_asian_family_names() -> frozenset[str]:
    """The East Asian family names of the recognizers' part of their list ("Kim", "Son", "Nguyen")."""
    return frozenset(wordlists.part("family_names_east_asian.txt", "recognizers"))


_PERSON_VERBS = (
    r"thank|thanks|ask|asked|tell|told|call|called|email|emailed|e-mail|cc|copy|copied|contact|invite|remind"
    r"|ping|notify|meet|met|welcome|congratulate|introduce|message|phone|pay|paid|hire|hired|visit|visited"
)
_SAYING_VERBS = (
    r"asked|asks|said|says|wrote|writes|called|emailed|replied|mentioned|requested|reported|confirmed"
    r"|complained|moved|needs|wants|told|phoned|visited|booked|signed|joined|left"
)
_ROLES = (
    r"customer|client|cardholder|account\s+holder|employee|applicant|tenant|guest|passenger|beneficiary"
    r"|recipient|student|colleague|resident|candidate|caller|member|landlord|owner|sender|addressee|teacher|nurse"
    r"|midwife|pupil|consultant|surgeon|physician|dentist|therapist|counsell?or|solicitor|attorney|notary|courier"
)
"""Roles written before a person's name ("Customer Wouter de Kuijper", "cardholder Imogen ...")."""
AND = r"and|or|und|et|y|e|och|og|ja|és"
"""The words for "and" (and "or") between names in a list, in the languages prompts come in."""
_CONNECTOR = regex.compile(
    rf"[ \t]*(?:\([^()\n]{{1,40}}\)[ \t]*)?(?:,[ \t]*(?:and[ \t]+)?|;[ \t]*|[ \t]+(?:{AND}|&|\+)[ \t]+)"
)
"""What stands between two people in a list, a role in brackets after the first included ("Annelies de Vries
(secretary), Pieter ten Brink"), the word for "and" in the languages prompts come in ("Anna och Mikael")."""
_LONGEST_CONNECTOR = 60

_NOT_GREETED = frozenset(
    {"world", "folks", "guys", "everybody", "everyone", "all", "team", "bot", "reviewers", "there", "friends"}
    | {"people", "gang", "y'all", "both", "again", "grandma", "grandpa", "mum", "mom", "dad", "honey", "darling"}
)
"""Who a greeting or a label addresses when it is no one's name ("Hello World", "Hi Folks")."""
TITLES_ALONE = frozenset(
    {"mr", "mrs", "ms", "mx", "dr", "sir", "madam", "miss", "dear", "prof", "herr", "frau", "mme", "mlle", "sr", "sra"}
    | {"srta", "dña", "ing", "mag", "mgr", "engr", "atty", "rev", "mudr", "judr", "phdr", "ibu", "bapak", "hj", "ustaz"}
    | {"doctor", "professor", "nurse", "dra", "profa"}
    | {"madame", "monsieur", "herrn", "señor", "señora", "signora", "signor", "senhor", "senhora", "mevrouw", "meneer"}
)
"""Titles that are no one's name on their own ("Dear Sir or Madam", "Ing." before "Rodrigo"), and after which
a capitalised word begins a name."""
SIGN_OFFS = (
    r"mit\s+freundlichen\s+gr(?:ü|ue)(?:ß|ss)en|(?:viele|liebe|beste|freundliche)\s+gr(?:ü|ue)(?:ß|ss)e|cordialement"
    r"|bien\s+(?:à|a)\s+vous|(?:bien\s+)?confraternellement|(?:un\s+)?saludos?(?:\s+cordiales)?|atentamente"
    r"|(?:cordiali|distinti)\s+saluti|grazie"
    r"|obrigad[oa]|atenciosamente|met\s+vriendelijke\s+groet(?:en)?|hartelijke\s+groeten|pozdrawiam"
    r"|z\s+powa(?:ż|z)aniem|med\s+v(?:ä|a)nlig\s+h(?:ä|a)lsning|v(?:ä|a)nliga\s+h(?:ä|a)lsningar|med\s+venlig\s+hilsen"
    r"|ystävällisin\s+terveisin|s\s+pozdravem|üdvözlettel|sayg\u0131lar\u0131mla|warm\s+wishes"
    r"|kolay\s+gelsin|iyi\s+çal\u0131\u015fmalar|abraços|um\s+abraço|cumprimentos|un\s+abrazo|tr\u00e2n\s+tr\u1ecdng"
    r"|hormat\s+(?:saya|kami)|salam\s+hormat|\u0441\s+\u0443\u0432\u0430\u0436\u0435\u043d\u0438\u0435\u043c|με\s+εκτίμηση|kind\s+wishes|all\s+the\s+best"
)
"""Letters' closings in the languages of the EU and beyond, before the writer's name as "Regards," is."""

_DRUG_STEMS = (
    "formin|gliptin|gliflozin|glutide|statin|pril|sartan|olol|prazole|conazole|mab|tinib|ciclovir|cillin|mycin"
    "|floxacin|cycline|oxetine|azepam|azolam|parin|xaban|dronate|lukast|tidine|triptan|setron|thiazide|profen"
    "|coxib|dipine|farin"
)
MEDICINE = regex.compile(rf"\p{{Lu}}\p{{Ll}}+(?:{_DRUG_STEMS})")
"""A medicine's name by the stem of its kind (WHO's INN stems): "Metformin", "Sitagliptin", "Warfarin"."""

_ENGLISH_FAMILY_NAMES = frozenset({"park", "cha", "long", "bay", "gong", "hang", "bang", "ping", "tang", "wing"})
"""Romanized family names that are English words in lower case ("park mode", "cha cha")."""
