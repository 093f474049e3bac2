"""Capitalised words of the prompts' other languages that name no person and no place, though they stand where a name
or a town does, after a word in lower case or a preposition ("Ci vediamo Domenica", "Buon Natale a Tutti", "w Excelu",
"Kupiłem to w Biedronce", "Me compré un Nissan"): days and months, feasts and holy names, languages' names, and the
shops, apps, software, cars and drinks whose names are given names or look like towns. Pure word lists.
"""

from __future__ import annotations

import regex

from . import _english as english
from ._dates import _FOREIGN_MONTH, _MORE_MONTHS
from ._handles import folded
from ._name_words import ORDINARY_CAPITALISED

_DAYS = frozenset(
    {"domenica", "lunedi", "martedi", "mercoledi", "giovedi", "venerdi", "sabato", "domingo", "lunes", "martes"}
    | {"miercoles", "jueves", "viernes", "segunda", "terca", "quarta", "quinta", "sexta", "dimanche", "lundi"}
    | {"mardi", "mercredi", "jeudi", "vendredi", "samedi", "zondag", "maandag", "dinsdag", "woensdag", "donderdag"}
    | {"vrijdag", "zaterdag", "niedziela", "poniedzialek", "wtorek", "sroda", "czwartek", "piatek", "sobota"}
    | {"sondag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lordag", "tisdag", "miyerkules"}
    | {"huwebes", "biyernes", "sabado", "linggo", "minggu", "senin", "selasa", "rabu", "kamis", "jumat", "sabtu"}
    | {"pazar", "pazartesi", "sali", "carsamba", "persembe", "cuma", "cumartesi", "luni", "marti", "miercuri", "joi"}
    | {"vineri", "sambata", "duminica"}
)
_MONTHS_IN_PLACE = frozenset(
    {"styczniu", "lutym", "marcu", "kwietniu", "maju", "czerwcu", "lipcu", "sierpniu", "wrzesniu", "pazdzierniku"}
    | {"listopadzie", "grudniu", "styczen", "luty", "marzec", "kwiecien", "czerwiec", "lipiec", "sierpien"}
    | {"wrzesien", "pazdziernik", "listopad", "grudzien", "mayo", "junio", "giugno", "luglio"}
)
"""Months as Polish writes them in a date's place ("w styczniu"), and months that are family names too ("Mayo")."""
_FEASTS_AND_HOLY_NAMES = frozenset(
    {"natale", "natal", "navidad", "pascua", "pasqua", "pascoa", "paques", "pasquetta", "craciun", "paste", "pasko"}
    | {"sinterklaas", "wigilia", "sylwester", "valborg", "midsommar", "bayram", "ramazan", "lebaran", "epifania"}
    | {"ferragosto", "carnevale", "carnaval", "kerst", "kerstmis", "pasen", "jul", "pask", "diwali", "eid", "deus"}
    | {"dios", "dio", "gesu"}
)
_LANGUAGES = frozenset(
    {"frans", "engels", "duits", "norsk", "svensk", "dansk", "engleza", "franceza", "germana", "ingles", "frances"}
    | {"aleman", "inglese", "francese", "tedesco", "angielski", "niemiecki", "anglais"}
    | {"allemand", "espagnol", "espanol", "portugues", "italiano", "polski", "tagalog", "ingilizce", "almanca"}
)
_BRANDS = frozenset(
    {"jeep", "nissan", "kia", "lexus", "lada", "genesis", "chanel", "hermes", "visa", "sky", "biedronka", "lidl"}
    | {"kaufland", "orlen", "zalando", "ica", "systembolaget", "blocket", "føtex", "netto", "indomaret", "alfamart"}
    | {"lazada", "shopee", "tokopedia", "jollibee", "correos", "duolingo", "wordpress", "flutter", "jest", "powershell"}
    | {"haskell", "equinor", "telkomsel", "allegro", "zabka", "rossmann", "carrefour", "mercadona", "esselunga"}
    | {"coop", "tesco", "aldi", "rema", "astra", "fabia", "excel", "python", "netflix", "spotify", "teams", "zoom"}
    | {"slack", "tiktok", "instagram", "facebook", "whatsapp", "youtube", "tutti", "serie", "terminale"}
)
"""Shops, apps, software, cars, drinks and a few words that a sentence capitalises where a name or a town stands."""
_PRODUCTS = frozenset({"alexa", "siri", "woody", "buzz", "clio", "volvo", "ikea", "kruidvat", "inditex", "zara"})
_PRODUCTS |= {"hema", "amazon", "google", "samsung", "nokia", "ericsson", "saab", "scania", "telia", "movistar"}
_PRODUCTS |= {"vodafone", "decathlon", "primark", "leroy", "ryanair", "vueling", "uber", "glovo", "bolt"}
"""Assistants, toys, cars and firms a sentence names as it names a person or a town ("dico ad Alexa", "con Woody e
Buzz", "jobbar på Volvo", "trabaja en Inditex")."""
_NAMES_TOO = frozenset(
    {"julia", "ada", "milo", "margarita", "paloma", "mercedes", "jessie", "jesus", "carmen", "pilar", "rocio"}
    | {"lucia", "julio", "juli", "noel", "nadal", "candelaria", "reyes", "immacolata", "assunta", "madonna", "santos"}
)
"""Apps, drinks, software, feasts, holy names and months that are given or family names as often ("Julia", "Carmen",
"Julio", "Reyes", "Santos"): no place after a preposition ("w Julii", "en Julio", "la romería del Rocío"), but a person
mid-sentence as likely as not, and a name missed is a leak."""
_NO_ONE = _DAYS | _MONTHS_IN_PLACE | _FEASTS_AND_HOLY_NAMES | _LANGUAGES | _BRANDS | _PRODUCTS
_THINGS = _NO_ONE | _NAMES_TOO
_A_MONTH = regex.compile(rf"(?i:{_FOREIGN_MONTH}|{_MORE_MONTHS})")
LONGEST_ENDING = 3
"""The longest case ending a Slavic language adds to a name it inflects ("Excel-u", "Python-ie", "Biedron-ce")."""


def no_one(word: str) -> bool:
    """Whether a capitalised word of another language's sentence is a day, a month, a feast, a language or a brand that
    is no given name as well ("Domenica", "Natale", "Frans", "Nissan"); not a month as the dates write it, which those
    languages write in lower case ("mai", "april"): capitalised, "Mai" and "April" are people."""
    return folded(word) in _NO_ONE


def nowhere(word: str, *, inflected: bool) -> bool:
    """Whether a capitalised word after another language's preposition of place is no town: a word `no_one` says is
    none, a month, a given name that is an app's, a drink's, a feast's or a month's too ("en Julio", "a Carmen"), or,
    in a language that inflects names (`inflected`: Polish, Czech), one with a case ending whose stem is one of these,
    an organisation's or a product's word, or an everyday English word ("w Excelu", "w Pythonie", "w Biedronce"; the
    caller asks first whether the stem is a listed town: "w Berlinie")."""
    if no_one(word) or folded(word) in _NAMES_TOO or _A_MONTH.fullmatch(word) is not None:
        return True
    for cut in range(1, LONGEST_ENDING + 1) if inflected else ():
        stem = word[:-cut]
        if len(stem) < 3:
            break
        key = folded(stem)
        if key in _THINGS or key + "a" in _THINGS or key + "ka" in _THINGS or stem in ORDINARY_CAPITALISED:
            return True
        if english.zipf(stem.lower()) >= english.EVERYDAY:
            return True
    return False
