"""Words around a place's name that say a place stands there, for `pii._places.PlaceRecognizer`: a form's label a place
fills ("Place of birth:", "Lieu de naissance :"), a place's kind before "of" ("the townland of ..."), where someone is
from before "de" ("natural de ..."), and what makes the words after them a label, not a place ("Municipality of
Residence:"). Pure: spaCy's tokens in, no I/O.
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
    return word in BIRTHS and any(doc[j].lower_ in BIRTH_PLACES for j in (label - 1, label - 2) if j >= 0)
