"""Where a single name stands in real writing, as patterns (applied by `pii._names.NameRecognizer`).

Each pattern's group 1 is where a name may start; the recognizer checks the words it takes (no
ordinary word, stop word, department or product) and how many it takes:

- a greeting opening a line: "Hi Ciarán,", "Kia ora Hemi,", "Good morning Dr. Sato";
- a form's or minutes' label, anywhere in a line: "Policyholder: ...", "Present: ...", "Insured: ...";
- a relative or a relation: "her daughter ...", "my brother ...", "uncle ...";
- marks of a naming culture that hold in any case: Sikh names around Singh or Kaur ("harpreet kaur
  sandhu"), Arabic names with a joined article or "servant of" ("youssef abdel-fattah"), and Vietnamese
  family names written with their diacritics ("Lê Thu Trang").
"""

from __future__ import annotations

import regex

_WORD = r"\p{L}[\p{L}\p{M}'\u2019]*(?:-\p{L}[\p{L}\p{M}'\u2019]*)*"
_CAPITALISED = r"\p{Lu}[\p{L}\p{M}'\u2019]*(?:-\p{L}[\p{L}\p{M}'\u2019]*)*"
_TITLE = r"(?:(?:Mr|Mrs|Ms|Mx|Dr|Prof|Sr|Sra|Ibu|Bapak|Pak|Herr|Frau|Mme|Mlle)\.?[ \t]+)?"

GREETED = regex.compile(
    r"(?m:^[ \t]*(?i:hi|hello|hey|hiya|dear|good\s+(?:morning|afternoon|evening)|morning|kia\s+ora|hola|bonjour"
    rf"|hallo|ciao|salam|namaste|greetings|g'day)[ \t]+{_TITLE})({_CAPITALISED}(?:[ \t]+{_CAPITALISED}){{0,2}})"
    r"[ \t]*(?=[,!:\n]|$)"
)
"""A greeting opening a line, then one to three capitalised words before a comma or the line's end."""

LABELLED = regex.compile(
    r"(?<!\p{L})(?i:present|attendees|attending|apologies|absent|insured|policy\s*holder|claimant|patient"
    r"|employee|applicant|customer|client|beneficiary|tenant|guest|passenger|account\s+holder|cardholder"
    r"|requester|(?:requested|reported|prepared|approved|submitted|referred|signed|written)\s+by|chair"
    rf"|assigned\s+to|next\s+of\s+kin|emergency\s+contact|witness|sender|recipient|consignee)[ \t]*:[ \t]*"
    rf"{_TITLE}({_CAPITALISED}(?:[ \t]+{_CAPITALISED}){{0,3}})"
)
"""A label of a form, a claim or minutes, then a name (lists after it: `NameRecognizer._listed`)."""

_RELATIVES = (
    r"(?:step-?)?(?:son|daughter|brother|sister|mother|father|mom|mum|dad|wife|husband|partner|fianc[ée]e?"
    r"|boyfriend|girlfriend|friend|cousin|uncle|aunt|auntie|aunty|nephew|niece|grandson|granddaughter"
    r"|grandmother|grandfather|grandma|grandpa|granny|child|colleague|manager|boss|neighbou?r|carer"
    r"|caregiver|flatmate|roommate|housemate|sibling)"
)
RELATED = regex.compile(
    rf"(?<!\p{{L}})(?i:(?:my|his|her|their|our|your|the\s+patient's|patient's)\s+{_RELATIVES}"
    r"|uncle|aunt|auntie|aunty|grandma|grandpa|cousin)[ \t]*,?\s+"
    rf"({_WORD}(?:[ \t]+{_CAPITALISED}){{0,3}})"
)
"""A relative or a relation, then a name: capitalised words, or one lower-case word the lists know."""

SIKH = regex.compile(rf"(?<!\p{{L}})({_WORD})[ \t]+((?i:singh|kaur))(?:[ \t]+({_WORD}))?(?!\p{{L}})")
"""A given name (group 1) before Singh or Kaur (2), and the family name (3) after it, in any case."""
ARABIC = regex.compile(
    rf"(?<!\p{{L}})({_WORD})[ \t]+((?i:abd|abdel|abdul|abdal|abdoul|abu|al|el)-\p{{L}}+)(?:[ \t]+({_CAPITALISED}))?"
    r"(?!\p{L})"
)
"""A given name (group 1) before a family name joined to its article or to "servant of" ("abdel-fattah", 2),
and a further family name (3)."""
VIETNAMESE = regex.compile(
    r"(?<!\p{L})(?:Nguyễn|Trần|Lê|Phạm|Hoàng|Huỳnh|Vũ|Võ|Đặng|Bùi|Đỗ|Ngô|Dương|Lý|Đinh|Đoàn|Trương|Lương"
    r"|Lâm|Tạ|Quách|Trịnh|Vương)(?:[ \t]+\p{Lu}\p{Ll}*){1,3}(?!\p{L})"
)
"""A Vietnamese family name as written with its diacritics (not Hà or Hồ: Hà Nội, Hồ Chí Minh), then
its given names."""
