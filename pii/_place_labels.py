"""Words around a place's name that say a place stands there, for `pii._places.PlaceRecognizer`: the prepositions of
place in the languages prompts come in, the verbs of moving and living and the buildings before them, a form's label a
place fills ("Place of birth:", "Lieu de naissance :"), a place's kind before "of" ("the townland of ..."), where
someone is from before "de" ("natural de ..."), and what makes the words after them a label, not a place
("Municipality of Residence:"). Pure: spaCy's tokens in, no I/O.
"""

from __future__ import annotations

from typing import Any

PLACE_LABELS = frozenset(
    {"birth", "birthplace", "hometown", "geboorteplek", "geboorteplaats", "geburtsort", "naturalidade", "woonplaats"}
    | {"wohnort", "reiseziel", "herkunftsland", "herkunftsort", "geburtsland", "geboorteland", "heimatort"}
)
"""Labels of a form after which a place stands ("Place of birth: ...", "Geboorteplek: ..."; not "City: N/A", "Origin:
Manual", nor "Home: N/A", "Residence: Permanent")."""
BIRTHS = frozenset({"naissance", "nascita", "nacimiento", "nascimento", "urodzenia"})
"""A birth's word in other languages: a place's label only after a place's word ("Lieu de naissance : Tulle", "Luogo
di nascita: Bari", "Miejsce urodzenia: Kraków"; not an obstetric note's "Naissance : Prématurée")."""
BIRTH_PLACES = frozenset({"lieu", "luogo", "lugar", "local", "miejsce"})
DWELLERS = frozenset({"resident", "residents", "native", "natives", "citizen", "citizens", "inhabitant"})
"""Who lives in a place, before "of" and its name ("resident of Cathays")."""
PLACE_KINDS = frozenset({"townland", "townlands", "parish", "village", "hamlet", "township", "municipality", "borough"})
"""What a place is, before "of" and its name ("the townland of Cloonfad", "Township of Wellesley")."""
ONCE_HOME = frozenset({"formerly", "originally", "late", "lately", "hometown", "birthplace"})
"""Where someone lived or came from, before "of" and its name, as a death notice writes it ("formerly of Cahersiveen",
"originally of Saligao, Goa", "his hometown of Andong")."""
ORIGINS = frozenset(
    {"natural", "naturales", "vecino", "vecina", "vecinos", "lugar", "originario", "originaria", "oriundo", "oriunda"}
    | {"originaire", "domiciliado", "domiciliada"}
)
"""Spanish, Portuguese, Italian and French words of where someone is from or lives, before "de" and the place
("natural de Vilar", "vecino del lugar de Pedrafita", "originaire de Tulle"); not a hospital's "residente de
Pediatría"."""
COMING = frozenset(
    {"vem", "vêm", "veio", "vieram", "vienen", "viene", "vengo", "venimos", "vino", "vinieron", "llega", "llegan"}
    | {"arrive", "arrivent", "arrivons", "arrivé", "arrivée", "arrivés", "vient", "viennent", "venons", "venu"}
    | {"vengono", "arriva", "arrivano", "kommt", "komme", "kommen", "stammt", "stamme", "stammen", "komt", "kom"}
)
"""Verbs of coming in Portuguese, Spanish, French, Italian, German and Dutch, before their "from" ("de", "da", "aus",
"uit") and a place ("on arrive de Nantes", "que vienen de El Chaltén", "viene da Lecce", "kommt aus Kitzbühel")."""
FROM = frozenset({"de", "da", "des", "du", "aus", "uit"})
"""Those languages' "from" after a verb of coming (`COMING`)."""
GERMANIC_COMING = frozenset({"kommt", "komme", "kommen", "stammt", "stamme", "stammen", "komt", "kom"})
"""The German and Dutch verbs of `COMING`: those languages capitalise every noun, so a listed place only after them."""
LIVING_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "fr": frozenset(
        {"vivre", "vis", "vit", "vivons", "vivent", "habite", "habites", "habitons", "habitent", "habiter", "déménage"}
        | {"déménagé", "déménager", "installé", "installée", "installés", "née"}
    ),
    "es": frozenset(
        {"vivir", "vivo", "vive", "vives", "vivimos", "viven", "vivía", "mudó", "mudamos", "mudarse", "mudarme", "mudé"}
        | {"nació", "nací", "resido", "residen", "radica"}
    ),
    "it": frozenset(
        {"vivere", "vivi", "viviamo", "vivono", "abito", "abita", "abiti", "abitiamo", "abitano", "trasferito"}
        | {"trasferita", "trasferiti", "trasferisce", "trasferisco", "risiede"}
    ),
    "pt": frozenset({"moro", "mora", "moram", "morar", "moramos", "morava", "mudei", "mudou", "nasci", "nasceu"}),
    "pl": frozenset(
        {"mieszka", "mieszkam", "mieszkają", "mieszkał", "mieszkała", "urodził", "urodziła", "urodziłem", "urodziłam"}
        | {"przeprowadził", "przeprowadziła"}
    ),
    "sv": frozenset({"bor", "bodde", "flyttar", "flyttade", "född", "bosatt"}),
    "nb": frozenset({"flytter", "flyttet", "født"}),
    "da": frozenset({"flyttede"}),
    "id": frozenset({"tinggal", "pindah", "lahir", "menetap"}),
    "nl": frozenset({"woon", "woont", "wonen", "woonde", "verhuisd", "verhuist", "verhuizen"}),
    "de": frozenset(
        {"wohne", "wohnt", "wohnen", "wohnte", "lebe", "lebt", "leben", "lebte", "zieht", "ziehe", "ziehen"}
    )
    | {"umgezogen"},
}
"""Verbs of living, moving and being born in French, Spanish, Italian, Portuguese, Polish, the Scandinavian languages,
Indonesian, Dutch and German, by language, before their preposition of place (`AT`) and a place ("je pars vivre à
Annecy", "se va a vivir a Quibdó", "mieszka w Tarnowie", "Hanna flyttar till Malmö", "tinggal di Depok"). Those
languages but German write their nouns in lower case, so a capitalised run there is a proper noun; a department or a
noun capitalised so ("è stato trasferito a Vendite", "vivre à Fond") is masked, a known cost, as after a verb of coming
(how often the language writes the word tells nothing: "Krakowie" and "Malmö" are as common as "Rythme" or
"Lägenhet"). English's "reside" is `SETTLING`'s."""
LIVING = frozenset(verb for verbs in LIVING_BY_LANGUAGE.values() for verb in verbs)
GERMANIC_LIVING = LIVING_BY_LANGUAGE["de"] | LIVING_BY_LANGUAGE["nl"]
"""The Dutch and German verbs of `LIVING`: those languages capitalise every noun, so a listed place only after them and
a preposition that is no cue of place by itself ("wohnt im Erdgeschoss"; after "in", "nach" and the like the older
rule takes a place on no list all the same, and "lebt in Armut" with it: masked, a known cost)."""
AT = frozenset({"à", "a", "au", "en", "em", "no", "na", "in", "im", "nach", "naar", "w", "we", "till", "i", "på", "di"})
"""Prepositions of place after a verb of `LIVING`."""
NOT_ORIGINS = frozenset(
    {"origen", "origem", "estado", "nacimiento", "nascimento", "expedición", "expedicion", "expedição", "residencia"}
    | {"residência", "procedencia", "procedência", "emisión", "emissão"}
)
"""What follows "natural de" or "lugar de" that is no place ("Producto natural de Origen Animal", "Lugar de Expedición:
Madrid")."""
OF = frozenset({"de", "del", "da", "do", "das", "dos", "di"})


def labels_a_field(doc: Any, after: int) -> bool:
    """Whether the words before `after` are a form's label: a colon follows them."""
    return after < len(doc) and doc[after].text in {":", "\uff1a"}


def a_place_label(doc: Any, label: int) -> bool:
    """Whether the word at `label`, before a colon, ends a label a place fills (`PLACE_LABELS`, or a birth's word after
    a place's: "Lieu de naissance", `BIRTHS`)."""
    word = doc[label].lower_
    if word in PLACE_LABELS:
        return True
    if word == "origin" and label >= 2 and doc[label - 1].lower_ == "of" and doc[label - 2].lower_ == "state":
        return True  # a Nigerian form's "State of Origin: Anambra State"; not "Origin: Manual"
    return word in BIRTHS and any(doc[j].lower_ in BIRTH_PLACES for j in (label - 1, label - 2) if j >= 0)


_FOREIGN_CUES = frozenset({"em", "en", "pra", "à", "au", "nach"})
"""Prepositions of place in the Portuguese, Spanish, French and German quoted in English prompts ("estou em Faro")."""
_MORE_FOREIGN_CUES = frozenset(
    {"dari", "di", "ke", "ở", "tại", "aus", "desde", "vers", "kutoka", "anaishi", "anayeishi", "wanaishi", "ninaishi"}
    | {"naar", "tunaishi", "tunahamia", "anahamia", "nimehamia", "amehamia", "wamehamia", "kuhamia", "alizaliwa"}
    | {"nilizaliwa", "para", "z", "ze"}
)
"""Prepositions of place in Indonesian and Malay, Vietnamese, German, Spanish, French, Dutch and Swahili (and Swahili's
verbs of living, moving and being born, which hold their preposition), Spanish's and Portuguese "para", Polish's and
Czech "z", before a town the gazetteer holds ("aku dari Denpasar", "quê ở Huế", "naar Amersfoort", "anayeishi Kisumu",
"tunahamia Kisumu", "se mudou para Ipatinga", "wraca z Tbilisi"); not before an unknown run of capitals ("di Marco":
Italian's "of")."""
PLACE_CUES = frozenset(
    {"in", "from", "to", "at", "near", "via", "around", "outside", "visiting", "visit", "toward", "→", "->"}
    | _FOREIGN_CUES
    | _MORE_FOREIGN_CUES
)
"""Words after which a capitalised gazetteer entry is a place even where spaCy does not say so (an arrow between
a listed place too: "flight out → Kraków"; not a place on no list: "Intake → Triage → Discharge"), and "and" or "or"
right after a place ("between Bhiwandi and Kalyan")."""
PASSING_CUES = frozenset({"through", "between", "across", "into", "throughout", "beyond", "within", "towards"})
"""Words that pass by places as often as by other things: a listed town after them is one only where someone travels
(`TRAVELLING` a few words before) and it is no everyday English word ("we drove through Ouarzazate", "I commute
between Bhiwandi and Kalyan"; not "read through Reading notes", "Route 66 runs through Flagstaff")."""
TRAVELLING = frozenset(
    {"drive", "drove", "driving", "go", "goes", "went", "going", "travel", "travelled", "traveled", "travelling"}
    | {"traveling", "walk", "walked", "walking", "pass", "passed", "passing", "cycle", "cycled", "cycling", "fly"}
    | {"flew", "flying", "commute", "commutes", "commuted", "commuting", "ride", "rode", "riding", "move", "moved"}
    | {"moving", "came", "come", "coming", "headed", "heading", "stopped", "hitchhiked", "backpacked", "toured"}
)
UNKNOWN_PLACE_CUES = frozenset({"in", "from", "to", "near", "via"} | _FOREIGN_CUES)
"""Prepositions after which a run of proper nouns is taken for a place even when no list holds it."""
SETTLING = frozenset(
    {"move", "moved", "moves", "moving"}
    | {"relocate", "relocated", "relocating", "relocates", "travel", "travelled", "traveled", "travelling"}
    | {"traveling", "fly", "flew", "flying", "commute", "commuting", "live", "lives", "lived", "living"}
    | {"reside", "resides", "resided", "residing", "born", "raised", "based", "stationed", "arrive", "arrived"}
    | {"arriving", "stay", "stayed", "staying", "settled", "emigrated", "immigrated", "transferred"}
)
"""Words before a preposition that say a place follows it, whatever spaCy reads there ("lives in ...",
"moved to ..."; and "grew up in ...", `settling`). A tool after them is no place when it is an organisation's or a
product's word (`data/ordinary_capitalised.txt`: "we moved to Kubernetes")."""
_GROWING = frozenset({"grew", "grow", "grows", "growing", "grown"})
BUILDINGS = frozenset(
    {"office", "offices", "branch", "depot", "station", "airport", "hospital", "clinic", "warehouse", "campus"}
    | {"factory", "harbour", "harbor", "hotel", "school", "apartment", "flat", "house", "shop", "restaurant"}
    | {"terminal", "mill", "farm", "pharmacy", "barracks", "prison"}
)
"""Buildings: "a hotel in ...", "the office near ...", "the ... depot". Not what also follows a product
("the Redis port", "the Netlify site", "the Ubuntu base image", "the Docker hub")."""


def settling(doc: Any, preposition: int) -> bool:
    """Whether the words before the preposition at `preposition` say a place follows it: a verb of
    moving or living, in English or in another language but German and Dutch (`LIVING`), or a building ("moved to",
    "a hotel in", "vivre à"); for "to", also the "from" before it ("moved from Oslo to ...")."""
    before = doc[preposition - 1].lower_ if preposition > 0 else ""
    if before in SETTLING or before in BUILDINGS or (before in LIVING and before not in GERMANIC_LIVING):
        return True
    if before == "up" and preposition > 1 and doc[preposition - 2].lower_ in _GROWING:
        return True  # "grew up in ..." (not "sign up to ...")
    if doc[preposition].lower_ == "to":
        for j in range(preposition - 1, max(preposition - 6, 0), -1):
            if doc[j].lower_ == "from":
                return settling(doc, j)
    return False
