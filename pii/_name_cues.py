"""Where a single name stands in real writing, as patterns (applied by `pii._names.NameRecognizer`).

Each pattern's group 1 is where a name may start; the recognizer checks the words it takes (no
ordinary word, stop word, department or product) and how many it takes:

- a greeting opening a line: "Hi Ciarán,", "Kia ora Hemi,", "Good morning Dr. Sato";
- a form's or minutes' label, anywhere in a line: "Policyholder: ...", "Present: ...", "Insured: ...";
- a relative or a relation: "her daughter ...", "my brother ...", "uncle ...";
- an honorific suffix: "Mori-san", "Ji-hoon-ssi";
- marks of a naming culture that hold in any case: Sikh names around Singh or Kaur ("harpreet kaur
  sandhu"), Arabic names with a joined article or "servant of" ("youssef abdel-fattah"), and Vietnamese
  family names written with their diacritics ("Lê Thu Trang");
- and the patterns `NameRecognizer.analyze` starts from: a given and a family name (`PAIR`), particles
  (`PARTICLED`), titles (`TITLED`), closings and labels (`CUED`), their lower-case forms, positions of
  names on no list (`PLACED`) and a nickname in brackets (`NICKNAME`).
"""

from __future__ import annotations

import re

import regex

from ._dates import BIRTH
from ._name_shapes import _INITIALS, _NAME, _NAME_WORD, _PARTICLE
from ._name_words import _PERSON_VERBS, _ROLES, _SAYING_VERBS, SIGN_OFFS

_WORD = r"\p{L}[\p{L}\p{M}'\u2019]*(?:-\p{L}[\p{L}\p{M}'\u2019]*){0,3}"
_CAPITALISED = r"\p{Lu}[\p{L}\p{M}'\u2019]*(?:-\p{L}[\p{L}\p{M}'\u2019]*){0,3}"
_RUN = rf"{_CAPITALISED}(?:[ \t]+(?:\p{{Lu}}\.[ \t]*)?{_CAPITALISED}){{0,3}}"
"""Up to four capitalised words, a middle initial among them ("Tyrone D. Washington")."""
_TITLE = (
    r"(?:(?:Mr|Mrs|Ms|Mx|Dr|Prof|Sr|Sra|Dña|Don|Dona|Ibu|Bapak|Pak|Herr|Frau|Mme|Mlle|Mag|Ing|DI|Mgr|Bc|MUDr|JUDr"
    r"|PhDr|Cikgu|Ustaz|Hj|Hajji|Sheikh|Chief|Engr|Atty|Hon|Rev|Fr|Sig|Sig\.ra|Madame|Monsieur|Mademoiselle|Señora?"
    r"|Senhora?)\.?[ \t]+)?"
)
"""Titles before a name, academic and local ones included ("Mag.", "Ing.", "Cikgu", "Engr.")."""

GREETED = regex.compile(
    r"(?m:^[ \t]*(?:\[[^\]\n]{1,25}\][^:\n]{1,40}:[ \t]+)?[\"\u201c\u00ab]?"
    r"(?i:hi|hello|hey|hiya|dear|good\s+(?:morning|afternoon|evening)|morning|kia\s+ora"
    r"|hola|bonjour|hallo|ciao|salam|namaste|greetings|g'day)"
    rf"[ \t]+{_TITLE})({_CAPITALISED}(?:[ \t]+{_CAPITALISED}){{0,2}})"
    r"[ \t]*(?=[,!:\n]|$)"
)
"""A greeting opening a line (or a quoted message, or a chat's message after its time and speaker: "[18:02] Facu
(Almacén Don Bosco): Hola Meli!"), then one to three capitalised words before a comma, a "!", a colon or the line's
end."""

_PERSON_LABELS = (
    r"(?<!\p{L})(?i:present|attendees|attending|apologies|absent|insured|policy\s*holder|claimant|patient"
    r"|employee|applicant|customer|client|beneficiary|tenant|guest|passenger|account\s+holder|cardholder"
    r"|requester|(?:requested|reported|prepared|submitted|referred|written|intake|recorded)\s+by|pupil"
    r"|ordering\s+customer"
    r"|contact\s+person|spouse|deceased|traveller|traveler|payee|debtor|landlord|occupant|interviewee|holder"
    r"|next\s+of\s+kin|emergency\s+contact|witness|sender|recipient|consignee|case\s*worker|social\s+worker"
    r"|key\s+worker|support\s+worker|interpreter|reporting\s+person|preferred\s+name|legal\s+name|maiden\s+name"
    r"|birth\s+name|victim|offender|complainant"
    # who cares, teaches, mourns or stands as godparent (not "Tutor: Maths", "Celebrant: Humanist")
    r"|educator|carer|care\s+worker|(?:chief\s+)?mourners?|grandchildren|godmother|godfather|godparents"
    # a job sheet's apprentice, a notice's forenames (not "Driver: Van 3", "Fitter: Required", "Crew: Blue Watch")
    r"|apprentice|forenames?(?:\(s\))?|other\s+names"
    # the same fields on forms in Spanish, Portuguese, French, Italian, German and Dutch
    r"|nombre|nome|nom|pr[ée]nom|vorname|nachname|cognome|naam|apelidos?|apellidos?|cliente|paciente|paziente|patiente"
    r"|patientin|pacient(?:ul|a|ă|ka)?|pacjent(?:ka)?|pati[ëe]nt(?:e)?|usager|usag[eè]re|phlebotomist"
    r"|kunde|kundin|klant|titular|titulaire|titolare|inhaber(?:in)?|asegurad[oa]|segurad[oa]|assicurat[oa]"
    r"|assur[ée]e?|versicherte[rn]?|remitente|remetente|destinatari[oa]|destinataire|exp[ée]diteur|mittente"
    r"|absender|empf[äa]nger|ontvanger|afzender|solicitante|requerente|demandeur|antragsteller(?:in)?"
    r"|propietari[oa]|propriet[áa]ri[oa]|propri[ée]taire|eigent[üu]mer(?:in)?|eigenaar"
    # a family's and a wedding's forms: the child, the guardians, the couple (not "Père : Inconnu", "Élève : Nouveau")
    r"|enfant|responsable(?:[ \t]+l[ée]gal)?|tut(?:eur|rice)|bride|groom|bridegroom"
    # a French file's contacts and family doctor (not "Contact :" alone, a desk's or a team's as often)
    r"|contact[ \t]+(?:secondaire|principal|d['\u2019]urgence)|personne[ \t]+[àa][ \t]+pr[ée]venir"
    r"|m[ée]decin[ \t]+traitant)"
    r"(?:[ \t]+\d{1,2})?[ \t]*:[ \t]*"
)
LABELLED = regex.compile(rf"{_PERSON_LABELS}{_TITLE}({_RUN})")
NO_ONE_NAMED = frozenset(
    {"unknown", "nieznany", "nieznana", "brak", "necunoscut", "necunoscuta", "onbekend", "zie", "inconnu", "inconnue"}
    | {"anonyme", "anonymous", "anonimo", "anonima", "mineur", "mineure", "neznamy", "neznama", "dite"}
    | {"zwanger", "internat", "vacant", "required", "station", "pending", "none", "tbc", "tbd", "desconocido"}
    | {"desconhecido", "sconosciuto", "okand", "ukjent", "tuntematon", "bilinmiyor", "nouveau", "nouvelle", "nuevo"}
)
"""What a form's person label holds where no one is named ("Pacjent: Nieznany", "Phlebotomist: Vacant", "Usagère :
Mineure non accompagnée"), accents folded."""
IN_LATIN_LETTERS = regex.compile(
    r"(?:^|(?<=[\t|]|[ \t]{2}))[ \t]*(?:[-*\u2022\u00b7]|\d{1,2}[.)])?[ \t]*"
    r"(?:(?:영문|여권)[ \t]?(?:영문[ \t]?)?(?:성명|이름|명)(?:[ \t]*\([^)\n]{0,12}\))?"
    r"|(?:성명|이름)[ \t]*\((?:영문|여권)[^)\n]{0,8}\))[ \t]*[:\uff1a][ \t]*"
    r"(\p{Latin}+(?:[- ]\p{Latin}+){1,3})(?=[ \t]*(?:$|\n|[(,/|;]))",
    regex.MULTILINE,
)
"""A Korean form's name in Latin letters, as a passport writes it ("영문 성명(여권 표기): HWANGBO JIAN", "영문명: Kim
Minjun", "이름(영문): SEO HYUN"), its label opening a line or a cell, or after a wide gap (not "제품 영문명: SMART CARE
PLUS"): two to four words filling the line or its cell."""
"""A label of a form, a claim or minutes that only a person fills (in English and five languages of the EU,
numbered or not: "Traveller 2:"), then a name (lists after it:
`NameRecognizer._listed`); not labels a department or a role may fill ("Consultant: Cardiology",
"Assigned to: Backend Team", "Approved by: Change Advisory Board")."""
SURNAME_FIRST = (
    rf"({_CAPITALISED}(?:[ \t]+{_CAPITALISED}){{0,2}}),[ \t]*({_CAPITALISED}(?:[ \t]+{_CAPITALISED}){{0,2}})"
    r"(?=[ \t]*(?:$|\n|[ \t]{2}|\t|[(,;\"]))"
)
"""A family name, a comma and the given names, as registers and case files write them ("PARK, Ji-hoon", "Ó Dálaigh,
Cathal"), up to the line's end, a wide gap or a bracket."""
LABELLED_SURNAME_FIRST = regex.compile(rf"{_PERSON_LABELS}{_TITLE}{SURNAME_FIRST}", regex.MULTILINE)
"""The same label before a name written family name first ("Complainant: NGUYEN, Van Long   DOB ...")."""
PARTY_SURNAME_FIRST = regex.compile(
    r"(?:(?<=(?<![\p{L}.])R\.?[ \t]v\.?[ \t])|(?<=(?<![\p{L}.])R\.?[ \t]v\.?[ \t][^\n&]{1,80}[ \t]&[ \t])(?=\p{Lu}{2}))"
    rf"({_CAPITALISED}),[ \t]*({_CAPITALISED}(?: {_CAPITALISED}){{0,2}})"
    r"(?=[ \t]*(?:$|\r?\n|[ \t]{2}|\t|[(,;\"&]))"
)
"""A party to a criminal case in a court's list, family name first, after "R v", or after "&" in capitals on the same
line ("R v POPESCU, Ionuț-Cătălin & MUNTEANU, Daria"; not "Smith & Co, Solicitors" nor "AUSTIN & HARRIS, Solicitors"
on a line of its own). Given names are one space apart: a wide gap ends them ("HUSSEIN, Abdirahman Farah
MENTION"). `pii._name_shapes._a_party` decides."""
SHOUTED_SURNAME_FIRST = regex.compile(
    r"^[ \t]*(?:[-\u2022*][ \t]*|\d{1,2}[.)][ \t]*|\d{1,5}(?:[ \t]*\|)?[ \t]+|\d{1,2}[:.]\d\d[ \t]+)?"
    r"((?:Ma?c|[DO]['\u2019])?\p{Lu}{2,}(?:[-'\u2019 ]\p{Lu}{2,})?)"
    r"(?:[ \t]+\((?:née|nee|geb\.)[ \t]+\p{Lu}[\p{L}'\u2019-]+\))?"  # a maiden name: "HEGARTY (née Collins), Bridget"
    rf",[ \t]*({_CAPITALISED}(?:[ \t]+{_CAPITALISED}){{0,2}})"
    r"(?=[ \t]*(?:$|\n|[.(,;\"]|[ \t]{2}))",
    regex.MULTILINE,
)
"""A family name in capitals (with its "Mc", "Mac", "O'" or "D'"), a comma and the given names, opening a line as
registers, court lists, obituaries and case files write a person ("MAKAULA, Chikondi Grace. Born ...", "- OKAFOR,
Chidi (guardian)", "McGRATH, Niamh Bernadette (45), 9 Wingate Road", "D'SOUZA, Mariano"), a row's number before it or
not ("1043  MULLIGAN, Francis Joseph (45)", "7 | RABINOWITZ, Chaje (34)"), a court list's time before it ("10:00
OKONKWO-BAKER, Tiana (19) of Lewisham"), vouched for as `pii._name_shapes._vouched`
says (a row's number alone vouches for nothing: "12  SMITH, John" leaves "SMITH" to the other rules)."""


_RELATIVES = (
    r"(?:step-?)?(?:son|daughter|brother|sister|mother|father|mom|mum|dad|wife|husband|partner|fianc[ée]e?"
    r"|boyfriend|girlfriend|friend|cousin|uncle|aunt|auntie|aunty|nephew|niece|grandson|granddaughter"
    r"|grandmother|grandfather|grandma|grandpa|granny|child|colleague|manager|boss|neighbou?r|carer"
    r"|caregiver|flatmate|roommate|housemate|sibling|children|kids|sons|daughters|grandchildren|grandkids|twins"
    # grandparents, uncles and aunts as families call them in Wales, the Philippines, Spain, Italy, Germany, ...
    r"|nan|nana|nanna|gran|grandad|granddad|taid|nain|tito|tita|lola|lolo|abuela|abuelo|abuelita|oma|opa|nonna"
    r"|nonno|babcia|dziadek|halmeoni|harabeoji|nani|dadi|tante|onkel|t[ií]a|t[ií]o)"
)
_THEIR_RELATIVES = (
    r"(?:ma|mon|mes|sa|mi|mis|su|mia|mio|minha|meu|mijn|onze)\s+"
    r"(?:tante|oncle|t[ií]a|t[ií]o|m[èe]re|p[èe]re|s[œo]e?ur|fr[èe]re|fille|fils|grand-m[èe]re|grand-p[èe]re|madre"
    r"|padre|herman[ao]|hij[ao]|sorella|fratello|figli[ao]|zi[ao]|m[ãa]e|pai|irm[ãa]o?|filh[ao]|moeder|vader|zus"
    r"|broer|dochter|zoon|prim[ao]|abuel[ao]|cousine?|nonn[ao])"
)
"""A relative after a possessive of French, Spanish, Italian, Portuguese or Dutch ("ma tante Clotilde", "mi tía
Carmen"): a capitalised name after it only, as those languages' words after it are no English ("ma mère qui"); not
German's, which capitalises every noun ("weil meine Mutter Krebs hat")."""
THEIR_RELATIVES = regex.compile(rf"(?i:{_THEIR_RELATIVES})")
_KIN = (
    r"(?:son|daughter|brother|sister|mother|father|wife|husband|grandson|granddaughter|nephew|niece|fianc[ée]e?"
    r"|grandmother|grandfather|lola|lolo|tito|tita|abuela|abuelo|nonna|nonno"
    # the same in Italian, Spanish, Portuguese and French, whose words after it are no English ("zia Nunzia")
    r"|zia|zio|cugina|cugino|figlia|figlio|figli|sorella|fratello|nipote|t[ií]a|t[ií]o|hermana|hermano"
    r"|hija|hijo|sobrina|sobrino|irm[ãa]o?|filh[ao]|tante|oncle|cousine|ni[eè]ce|neveu)"
)
_KIN_ADJECTIVE = r"(?:(?:late|dear|beloved|eldest|youngest|younger|older|elder|little|baby|twin)\s+)?"
"""What stands between "my" and a relative ("my late Lolo Ernesto Reyes", "her youngest son Tomasz")."""
RELATED = regex.compile(
    rf"(?<!\p{{L}})(?i:(?:my|his|her|their|our|your|the\s+patient's|patient's)\s+{_KIN_ADJECTIVE}{_RELATIVES}|{_THEIR_RELATIVES}"
    r"|uncle|aunt|auntie|aunty|grandma|grandpa|cousin)[ \t]*,?\s+"
    rf"({_WORD}(?:[ \t]+(?:\p{{Lu}}\.[ \t]*)?{_CAPITALISED}){{0,3}})"
    # next of kin listed as forms and notes list them: "Brother Imran (0321...)", "husband Omar, daughter Layla"
    rf"|(?:^|(?<=[.!?:;,(\u2022\n\"\u201c][ \t]{{0,3}})"
    rf"|(?<=(?<!\p{{L}})(?i:and|&|with|la|il|le|el|a|o|i|e|y)[ \t]{{1,3}}))"
    rf"(?i:{_KIN})[ \t]+({_RUN})",
    regex.MULTILINE,
)
"""A relative or a relation, then a name: capitalised words, or one lower-case word the lists know (group 1);
or a member of the family where a list or a note names one ("husband Omar, daughter Layla", "stayed with daughter
Kristel", Italian "La cugina Teresa", "i figli Gennaro"), then capitalised words (group 2)."""

NAMED = regex.compile(
    r"(?<!\p{L})(?:(?i:calls?\s+(?:him|her|me|them)|called\s+(?:him|her|me|them)|nicknamed|née|nee|geb\.)"
    r"|tên(?:[ \t]là)?|bernama|namanya)"
    rf"[ \t]+({_RUN})"
)
"""A name given in passing: "everyone calls him Emeka", "née Shapiro" (not "known as": terms are too), "named" in
Vietnamese and Indonesian ("shipper tên Khoa", "driver bernama Agus")."""
DECLARANT = regex.compile(
    rf"(?:^|(?<=[.!?:\n][ \t]{{0,8}}))I,[ \t]+{_TITLE}({_CAPITALISED}(?:[ \t]+{_CAPITALISED}){{0,4}})"
    r"(?=,[ \t]*(?i:living|born|residing|resident|of|the\s+undersigned|hereby|holder|domiciled|a\s|an\s))",
    regex.MULTILINE,
)
"""A declaration's maker at a sentence's start: "I, Lusine Petrosyan-Avetisyan, living in ..." (not "Phase I,
Dose Escalation")."""
SIGNED = regex.compile(
    r"(?<!\p{L})(?i:sign(?:ed)?(?:\s+it)?(?:\s+off)?\s+from)[ \t]+"
    r"(?:(?i:class\s+teacher|teacher|nurse|dr\.?|mr\.?|mrs\.?|ms\.?)[ \t]+)?"
    rf"({_RUN})"
)
"""Who signs a letter written for them: "Sign it from Tigist Alemayehu" (not "signed by Let's Encrypt")."""

VOCATIVE = regex.compile(
    r"(?:\A|(?<=\n[ \t>]{0,8}\n))[ \t]*(?:>[ \t]*)?(\p{Lu}\p{Ll}+(?:-\p{Lu}?\p{Ll}+)?),[ \t]+(?=\p{Ll})"
)
"""A message, or a paragraph after a blank line, opened by a capitalised word, a comma and lower-case words: the
one it speaks to ("Seun, confirmed with Kenji by phone"), if that word is a name (`NameRecognizer` checks: no
everyday word nor adverb, "Also, ...", "Postoperatively, ..."; a listed given name where the text opens, not a
note's heading, "Handover, ward 7: ...")."""

_MORE_ROLES = (
    r"driver|caretaker|porter|cleaner|rep|representative|treasurer|chair|chairperson|secretary|lead|coordinator"
    r"|manager|director|officer|witness|supervisor|volunteer|gateman|watchman|askari|nanny|housekeeper|maid"
    r"|caseworker"
)
_PARTIES = (
    r"victim|complainant|claimant|defendant|plaintiff|respondent|borrower|lender|guarantor|licensee|licensor"
    r"|household|bride|groom|producer"
)
"""The parties a form, a claim or a wedding names by their role ("Victim: ...", "Borrower signs", "Groom arrives")."""
ROLE_ALONE = regex.compile(rf"(?i:{_RELATIVES}|{_ROLES}|{_PARTIES})")
"""A relative or a role by itself (matched whole): who someone is to the writer or the form, no name ("Mum works
nights", "Landlord:", "Victim states that ..."). Not the trades of `_MORE_ROLES`, many of them English surnames too
("Porter", "Driver")."""
NAMES_TOO = frozenset(
    {"nana", "nanna", "nan", "gran", "lola", "lolo", "tito", "tita", "tia", "tio", "nani", "dadi", "nain", "nonna"}
    | {"oma", "opa", "bride", "guest", "child", "friend", "cousin", "boss"}
)
"""Words of `ROLE_ALONE` that are given names or family names too ("Lola" and "Tito", a grandmother and an uncle in
the Philippines; "Bride", an Irish given name; "Guest", "Child", "Boss", family names): never taken for a role alone."""
_RELATIVES_ABROAD = (
    r"filh[oa]|hij[oa]|figli[oa]|fils|fille|sohn|tochter|zoon|dochter|marido|esposa|esposo|marito|moglie|ehemann"
    r"|ehefrau|m[ãa]e|madre|mutter|vater|irm[ãa]o?|herman[oa]|fr[èe]re|s[œo]eur|bruder|schwester"
)
"""Relatives in Portuguese, Spanish, Italian, French, German and Dutch, before a name in brackets only ("o filho
(Rodrigo)")."""
BRACKETED = regex.compile(rf"(?<!\p{{L}})(?i:{_ROLES}|{_MORE_ROLES})[ \t]*\([ \t]*({_RUN})[ \t]*(?=[),])")
"""A role, then a name in brackets: "The treasurer (Rustam Karimov) reported", "the safeguarding lead (Precious Moyo,
from ...)"."""
KIN_BRACKETED = regex.compile(rf"(?<!\p{{L}})(?i:{_RELATIVES}|{_RELATIVES_ABROAD})[ \t]*\([ \t]*({_RUN})[ \t]*(?=[),])")
"""A relative, then a name in brackets, one word of it any but an everyday English word: "lives with mum (Chidinma)",
"quem atendeu foi o filho (Rodrigo)" (a role's bracket holds a desk as often: "manager (Uber)")."""
ROLE_NAMED = regex.compile(
    rf"(?<!\p{{L}})(?i:{_ROLES}|{_MORE_ROLES})(?:[ \t]+|,[ \t]+(?=\p{{Lu}}\p{{Ll}}+(?:-\p{{Lu}}\p{{Ll}}+)?,))"
    r"(\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)(?![\p{L}\p{M}])(?![ \t]+\p{Lu})"
)
"""A role, then one capitalised word and no other, or that word between commas (`NameRecognizer` takes it if English
seldom uses it and no list holds it as a place): "Our driver Yusuf left it", "tenant Olamide", "the study
coordinator, Efua, rang"."""
VERB_NAMED = regex.compile(
    r"(?<!\p{L})(?i:ask|asked|tell|told|cc|ping|thank|email|call|signed\s+by|sent\s+by|approved\s+by|written\s+by"
    r"|reviewed\s+by|prepared\s+by|checked\s+by|referred\s+by|handled\s+by|asked?\s+for"
    r"|transfer(?:ring|red)?\s+you\s+(?:over\s+)?to|put(?:ting)?\s+you\s+through\s+to"
    r"|connect(?:ing)?\s+you\s+(?:to|with)"
    rf"|(?:rep|representative|contact|manager|lead)\s+is)[ \t]+({_RUN})"
)
"""A verb that takes a person, or who signed, reviewed or represents, then a name of one word or more ("Can you ask
Okonkwo-Hughes in fraud ops", "The cheque was signed by Olamide", "reviewed by Thandeka", "union rep is Gwen
Pryce-Jones", a call centre's "I'm transferring you to Tyrone")."""
RAISED_BY = regex.compile(
    rf"(?<!\p{{L}})(?i:asked|raised|reported|requested|opened|logged|submitted)\s+by[ \t]+({_RUN})"
)
"""Who asked for, raised or reported something, a ticket's or a change's ("raised by Nadia Bouchard", "asked by Kirsten
in finance"): a name of two words, or a listed given name, since a library raises an error as often ("raised by
Pydantic", "reported by Valgrind")."""
HERE = regex.compile(r"(?:^|(?<=\n))[ \t]*(\p{L}[\p{L}\p{M}'\u2019-]+)[ \t]+here(?=[ \t]*[,.!:;\u2014\u2013-])")
"""A message's writer naming themself where a line opens: "tadeusz here, on nights", "Tomás here — can you"."""
SPEAKER = regex.compile(
    r"^[ \t]*\[[^\]\n]{0,25}\d{1,2}:\d{2}[^\]\n]{0,6}\][ \t]*(?:-[ \t]*)?"
    r"(\p{L}[\p{L}\p{M}'\u2019-]*(?:[ \t]+\p{L}[\p{L}\p{M}'\u2019-]*)?)[ \t]*(?:\([^()\n]{1,30}\))?[ \t]*:",
    regex.MULTILINE,
)
"""Who speaks on a line of a chat's transcript, after its time: "[09:14] dimitra: boiler in flat 2 dead again",
"[12/03/2024, 09:31] babajide (caretaker): ..."."""
LINE_HEAD = regex.compile(
    r"^[ \t]*(?:[-\u2022*][ \t]*)?(\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?(?:[ \t]+\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?){0,2})"
    r"(?=[ \t]+[\u2014\u2013-][ \t]|[ \t]*\(|[ \t]+from[ \t])",
    regex.MULTILINE,
)
"""Words that open a line of notes or a bulleted list before a dash, a bracket or "from": "Mehmet Demir — strong
on Excel", "• Dinh (no first name given)", "• Jono from the youth club" (`NameRecognizer` takes them if English
seldom uses them)."""

HONORED = regex.compile(
    r"(?<![\p{L}\p{M}-])(\p{Lu}\p{Ll}+(?:-\p{L}\p{Ll}+)?)-(?:san|sama|kun|chan|sensei|senpai|dono|ssi|nim)(?!\p{L})"
)
"""A name before a Japanese or romanized Korean honorific suffix: "economy for Mori-san", "Ji-hoon-ssi"."""

LOWER_PARTICLED = regex.compile(
    r"(?<![\p{L}\p{M}'\u2019-])(\p{Ll}+(?:-\p{Ll}+)?)[ \t]+"
    r"(?:van\s+der|van\s+den|van\s+de|von\s+der|binti|bint|ibn)[ \t]+"
    r"\p{Ll}+(?!\p{L})"
    r"|(?<![\p{L}\p{M}'\u2019-])(\p{Ll}+-\p{Ll}+)[ \t]+(?:de|da|di|del|dos|das|du|la|le|van|von|ter|ten|bin)"
    r"[ \t]+\p{Ll}+(?!\p{L})"
)
"""Names with a particle, typed in lower case: "anne-sophie van der linden", "jan-willem de vries"; a particle
that is also an English word ("van", "bin", "ten") only after a hyphenated given name."""
_FAMILY_ENDINGS = (
    "ović|ević|vić|ić|enko|chuk|czuk|yan|dze|shvili|ytė|aitė|ienė|utė|ūtė|ová|ská|wicz|escu|eanu|oğlu|oglu|zadeh"
    "|dóttir|dottir"
)
SURNAME_SHAPED = regex.compile(
    r"(?<![\p{L}\p{M}'\u2019-])(\p{L}[\p{L}\p{M}]*(?:-\p{L}[\p{L}\p{M}]*)?)"
    r"(?:[ \t]+\(\p{Lu}[\p{L}\p{M}'-]{1,15}\))?[ \t]+"
    r"(?!(?i:cyan|kenyan|libyan|banyan|bunyan)\b)"
    rf"(\p{{L}}[\p{{L}}\p{{M}}]*(?:{_FAMILY_ENDINGS})(?:-\p{{L}}[\p{{L}}\p{{M}}]*)?)"
    r"(?!\p{L})"
)
"""A given name before a family name of a shape no English word has (Balkan -ić, Ukrainian -enko,
Armenian -yan, Georgian -dze/-shvili, Lithuanian -ytė/-aitė/-ienė, Czech -ová, Polish -wicz, Romanian
-escu, Turkish -oğlu, Persian -zadeh, Icelandic -dóttir), in any case, a nickname in brackets between them
("Ragnheiður (Heiða) Bjarnadóttir")."""

_PASSENGER_WORDS = r"\p{Lu}[\p{Lu}'\u2019-]+(?:[ \t]\p{Lu}[\p{Lu}'\u2019-]+){0,2}"
PASSENGER = regex.compile(
    rf"(?<![\p{{L}}/])({_PASSENGER_WORDS}/{_PASSENGER_WORDS})"
    r"(?=[ \t]*(?:MR|MRS|MS|MISS|MSTR|DR|CHD|INF)[ \t]*(?:$|[,;)]|[ \t]\d|[ \t]{2}|[ \t]DOB\b))",
    regex.MULTILINE,
)
"""A passenger as airlines write them, then a title before a seat, a gap or a birth ("PARK/SEO-YEON MS 14C", "ODUYA/KOFI
MR   DOB 09AUG2015"); not "TCP/IP", "READ/WRITE MS: 12" (`NameRecognizer` wants a word English seldom uses too)."""

SHOUTED_SURNAME_BORN = regex.compile(
    r"(?<![\p{L}\p{N}'\u2019-])((?:Ma?c|[DO]['\u2019])?\p{Lu}{2,}(?:[-'\u2019 ]\p{Lu}{2,})?)"
    rf",[ \t]*({_CAPITALISED}(?:[ \t]+{_CAPITALISED}){{0,2}})(?=[ \t]*\((?:{BIRTH})[ \t:])"
)
"""A family name in capitals, a comma, given names anywhere before a birth in brackets ("BRENNAN, Anne (DOB ...)")."""

NAMED_BEFORE_BIRTH = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}'\u2019.-])({_CAPITALISED}(?:[ \t]+{_CAPITALISED}){{1,3}}),[ \t]*(?:{BIRTH})[ \t:.]*\d"
)
"""Two to four capitalised words before a birth's date, as lists write guests ("- Marcel Vanhoutte, °30/01/1939")."""

SIGNED_WITH_HOME = regex.compile(
    r"(?<=[.!?\"\u201d)][ \t])[ \t]*[-\u2013\u2014][ \t]*"  # a dash after the letter's last sentence
    rf"({_CAPITALISED}(?:[ \t]+{_CAPITALISED}){{1,2}})(?:[ \t]+\((?:Mr|Mrs|Ms|Miss|Dr|Cllr)\))?"
    rf",[ \t]*{_CAPITALISED}(?:[ \t]+{_CAPITALISED}){{0,2}}[ \t]*$",
    regex.MULTILINE,
)
"""A letter to a paper signed after a dash with the writer's name and town closing the line ("... now. - Haroon Iqbal,
Burslem", "- Doreen Plant (Mrs), Longton"); the town is `pii._homes_of_people`'s."""
MAIDEN = regex.compile(
    r"(?<![\p{L}.])(?:née|nee|geb\.|geborene|z[ \t]domu|nata|nacida)[ \t]+(\p{Lu}[\p{L}'\u2019-]+"
    r"(?:[ \t]\p{Lu}[\p{L}'\u2019-]+)?)"
)
"""A maiden name after "née" and its kin in other languages ("Mme Yvonne LE BIHAN, née GUILLOU", "geb. Hoffmann")."""

# Gates: most prompts hold no cue of a given kind, and for these cues finding that out is cheaper than
# running the pattern (in `re`, which finds a literal several times faster than `regex`; not for cues read
# in any case, where `regex` is the faster). Each gate holds wherever its pattern finds a name.
GATES: dict[regex.Pattern[str], re.Pattern[str]] = {
    GREETED: re.compile(
        r"(?im)(?:^|\]|:)[ \t]*[\"\u201c\u00ab]?(?:hi|hello|hey|hiya|dear|good|morning|kia|hola|bonjour|hallo|ciao"
        r"|salam|namaste|greetings|g'day)"
    ),
    LABELLED: re.compile(":"),
    IN_LATIN_LETTERS: re.compile("영문|여권"),
    LABELLED_SURNAME_FIRST: re.compile(":"),
    PARTY_SURNAME_FIRST: re.compile(r"\bR\.?[ \t]v\b"),
    DECLARANT: re.compile("I,"),
    BRACKETED: re.compile(r"\("),
    HERE: re.compile(r"(?i) here"),
    SPEAKER: re.compile(r"\d:\d\d[^\]\n]{0,6}\]"),
    VOCATIVE: re.compile(r"(?m)^[ \t]*(?:>[ \t]*)?[^\W\d_]+(?:-[^\W\d_]+)?,[ \t]"),
    LOWER_PARTICLED: re.compile(
        r"van\s+d|von\s+d|bint|ibn|-[^\W\d_]+[ \t]+(?:de|da|di|del|dos|das|du|la|le|van|von|ter|ten|bin)[ \t]"
    ),
    SURNAME_SHAPED: re.compile(_FAMILY_ENDINGS),
    HONORED: re.compile(r"-(?:san|sama|kun|chan|sensei|senpai|dono|ssi|nim)\b"),
    PASSENGER: re.compile(r"[A-Z]/[A-Z]"),
    SHOUTED_SURNAME_BORN: re.compile(r"[A-Z]{2},[ \t]*[A-Z]"),
    NAMED_BEFORE_BIRTH: re.compile(r",[ \t]*(?:°|(?i:dob|d\.o\.b|b\.|born|geb|n[ée]e?|nat|nac|nasc|ur\.|생|출))"),
    MAIDEN: re.compile(r"n[ée]e[ \t]|geb|z[ \t]domu|nata[ \t]|nacida[ \t]"),
    SIGNED_WITH_HOME: re.compile("[-\u2013\u2014] ?[A-Z]"),
}


# -- pairs, titles, closings and positions of names (`NameRecognizer.analyze`) ----------------------------------

PAIR = regex.compile(
    rf"(?<!\p{{L}})({_NAME_WORD})(?:[ \t]+|[ \t]*\n[ \t]*)({_NAME_WORD})(?:[ \t]+({_NAME_WORD}))?(?!\p{{L}})"
)
"""A given name and a family name; across a line break (hard-wrapped mail) only when both are listed."""
LISTED_PAIR = regex.compile(
    rf"(?<!\p{{L}})({_NAME_WORD})[ \t]+(?:{_PARTICLE}[ \t]+)*({_NAME_WORD})(?:[ \t]+({_NAME_WORD}))?(?!\p{{L}})"
)
"""A pair in a list of people, particles allowed between ("Annelies de Vries")."""
FAMILY_FIRST = regex.compile(
    r"(?<!\p{L})(\p{Lu}\p{Ll}+|\p{Lu}{2,})[ \t]+(\p{Lu}\p{Ll}+(?:-\p{Lu}?\p{Ll}+)?)"
    r"(?:[ \t]+(\p{Lu}\p{Ll}+(?:-\p{Ll}+)?))?(?!\p{L})"
)
"""A family name first, as East Asia writes it, in capitals too as passports and forms do ("HAN So-hee", "ZHANG
Wei-Lun")."""
GIVEN_FIRST = regex.compile(r"(?<!\p{L})(\p{Lu}\p{Ll}+-\p{Ll}+)[ \t]+(\p{Lu}\p{Ll}+)(?!\p{L})")
PARTICLED = regex.compile(
    rf"(?<!\p{{L}})({_NAME_WORD})[ \t]+"
    r"((?:(?:van|von|ter|ten|bin|binti|bint|ibn|abu|Ní|Nic|Ó|Uí|Mhic|Mac|Dela|Delos|ap)"
    rf"[ \t]+"
    rf"(?:de[nr]?[ \t]+|la[ \t]+)?"
    rf"|(?:al|el)[- \t]){{1,3}}|(?:(?:de|del|della|di|da|dos|das|du|la|le|los)[ \t]+){{1,3}})({_NAME_WORD})(?!\p{{L}})"
)
"""A given name, up to three particles, and a family name ("Ludwig van Beethoven", "Róisín Mac Cárthaigh", "Omar bin
Said"): three at most, as a run of them ("Sean Mac Mac Mac ...") read at every word, each to its end, is quadratic."""
STRONG_PARTICLE = regex.compile(r"van|von|ter|ten|bin|binti|bint|ibn|abu|al|el|Ní|Nic|Ó|Uí|Mhic|Mac|Dela|Delos|ap")
_SHOUTED_NAME = (
    r"(?:\p{Lu}['\u2019])?\p{Lu}{2,}(?:[-'\u2019]\p{Lu}+)*"
    r"(?:[ \t]+(?:\p{Lu}['\u2019])?\p{Lu}{2,}(?:[-'\u2019]\p{Lu}+)*){0,2}(?![\p{L}\p{N}])"
)
"""One to three words in capitals ("AHMED", "O'BRIEN-HAYES", "ROSARIA CAPUOZZO")."""
RANKS = r"(?:PC|DC|DS|DCI|PCSO|Insp|Cpl|Pte|Lt|Kgd)\.?|Inspector|Sergeant|Constable"
"""A police officer's, a soldier's or a Filipino councillor's rank before their name ("PC Howells", "DS Okafor", "Kgd.
Ferdinand Sarmiento"): letters that name a computer, a comic or a console as often ("PC World", "DC Comics"), so
`pii._titled_names` asks the name after it more."""
TITLED = regex.compile(
    r"(?<!\p{L})(?:(?:Mr|Mrs|Ms|Mx|Dr|Prof|Rev|Fr|Capt|Sgt|Mme|Mlle)\.?|Miss|Mister|Madam|Doctor|Professor|Sir"
    r"|(?:Lic|Licda|Ing|Arq|Atty|Sr|Sra|Srta|Smt|Shri|Hjh|Dott|Avv|Cllr|Mevr|Dhr)\.?|Ustaz|Ustazah|Councillor"
    rf"|Dame|Reverend|Herr|Frau|Nurse|EJ|HHJ|Dona|Doña|Dña\.?|Ibu|Bu|Bapak|Pak|Bpk\.?|Bw\.|Bi\.|Mevrouw|Meneer"
    rf"|signora|signor|signore|sig\.ra|sig\.|dott\.ssa|dott\.|avv\.|señora|señor|senhora|senhor|dhr\.|mevr\.|{RANKS})"
    rf"[ \t]+((?:{_INITIALS}|\p{{Lu}}[ \t]+)?(?:{_NAME}|{_SHOUTED_NAME}))"
)
"""A title, then a name (in capitals too: "Mrs ROSARIA CAPUOZZO"): English titles and other languages' capitalised
(Portuguese "Dona", Indonesian "Bu" and "Pak", Swahili "Bw." and "Bi.", Dutch "Mevrouw"), and the Italian, Spanish and
Portuguese ones written in lower case in a sentence ("la signora ROSARIA CAPUOZZO, nata a ...", "el señor Ruiz")."""
KIN_TITLED = regex.compile(
    r"(?|(?<!\p{L})(?:Sister|Brother|Mother|Baby|Sis\.|Bro\.|Br\.|Pastor|Deacon|Deaconess|Elder|Evangelist|Imam"
    r"|Sheikh|Bishop|Apostle|Aunty|Auntie|Uncle)"
    rf"[ \t]+({_NAME_WORD}[ \t]+{_NAME})"
    rf"|(?<!\p{{L}})(?:Sis|Bro|Br)\.[ \t]+({_NAME_WORD})(?![ \t]*[\p{{L}}\d.]))"
)
"""A title a congregation or a family gives, then a given name and a family name ("Sister Hyacinth Grant", "Mother
Icilda Bailey", "Baby Precious-Ann Whyte", "Sis. Faith Campbell-Brown", "Br. Zubair Mahmood"): two words at least, as
the title alone is a word before one as often ("Sister Act", "Mother Nature", "Baby Shark"); a given name alone after a
title cut short, where no word nor a full stop follows ("Sis. Paulette (new number)", "Bro. Tunde,"; not a journal's
"Br. Med. J.")."""
CUED = regex.compile(
    rf"(?:(?<!\p{{L}})(?:[Pp]atient|(?i:dear)|(?i:name\s+is)|named|called|I am|I'm)\s+"
    rf"|(?<!\p{{L}})(?i:(?:best|kind|warm|warmest)\s+regards|regards|sincerely|yours\s+(?:sincerely|truly"
    rf"|faithfully)|best\s+wishes|cheers|many\s+thanks|thanks|thank\s+you|respectfully|cordially"
    rf"|{SIGN_OFFS})"
    rf"[ \t]*(?:,|!|\.|\n|-+)\s*"
    rf"|(?m:^[ \t]*(?:--|\u2014|\u2013)[ \t]*)"
    rf"|(?m:^[ \t]*(?i:best|take\s+care|all\s+the\s+best)[ \t]*[,!]?[ \t]*\n[ \t]*)"
    rf"|(?m:^[ \t]*(?i:full\s+name|patient\s+name|name|patient|client|customer|signed|signature|from|attn)"
    rf"[ \t]*:[ \t]*)"
    rf"|(?<=[.;|][ \t]{{1,3}})(?i:full\s+name|name)[ \t]*:[ \t]*)"
    rf"((?:{_INITIALS})?{_NAME})"
)
_PLACED_PAIR = rf"({_NAME_WORD})[ \t]+({_NAME_WORD})(?:[ \t]+({_NAME_WORD}))?(?!\p{{L}})"
PLACED = regex.compile(
    rf"(?<!\p{{L}})(?i:{_PERSON_VERBS})\s+{_PLACED_PAIR}"
    rf"|(?<!\p{{L}})(?i:hi|hello|hey)[,!]?\s+(?i:this\s+is\s+|it'?s\s+)?{_PLACED_PAIR}\s+here\b"
    rf"|(?:^|(?<=[.!?:;\n]\s{{0,8}})){_PLACED_PAIR}(?='s\s|\s+(?:{_SAYING_VERBS})\b)"
    rf"|(?<!\p{{L}})(?i:for|{_ROLES})\s+{_PLACED_PAIR}",
    regex.MULTILINE,
)
"""Names on no list, found by where they stand (the module docstring); group 1, 4, 7 or 10 starts
them."""

UNCOMMON_RUN = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}'\u2019-])({_NAME_WORD})[ \t]+({_NAME_WORD})(?:[ \t]+({_NAME_WORD}))?(?![\p{{L}}\p{{M}}])"
)

_CASELESS_SCRIPTS: tuple[str, ...] = ("Arabic", "Hebrew", "Ethiopic", "Thai", "Lao", "Khmer", "Myanmar")
_CASELESS_SCRIPTS += ("Georgian", "Devanagari", "Bengali", "Gurmukhi", "Gujarati", "Tamil", "Telugu", "Kannada")
_CASELESS_SCRIPTS += ("Malayalam", "Sinhala")
_CASELESS = "[" + "".join(rf"\p{{{script}}}" for script in _CASELESS_SCRIPTS) + r"\p{M}]"
"""A letter of a script without capitals: a name in it, after the name in Latin letters, is in brackets alone."""
NICKNAME = regex.compile(
    r"[ \t]*\((?i:prefers|goes\s+by|aka|a\.k\.a\.|known\s+as|called)?[ \t]*[\"'\u201c\u2018]?"
    r"(\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?|\p{Han}{2,3}(?<![社部長长理司局所院校会员員店室科課课組组团團省市区県都])"
    r"|\p{Han}{1,2}[ \t\u3000]\p{Han}{1,2}|[\p{Katakana}\u30fc\u30fb]{2,12}|\p{Hangul}{2,4}(?:[ \t]\p{Hangul}{1,4})?"
    rf"|{_CASELESS}{{1,20}}(?:[ \t]{_CASELESS}{{1,20}}){{0,3}})"
    r"[\"'\u201d\u2019]?\)"
)
"""A nickname in brackets, or the name in the person's own script ("ZHANG Wei-Lun (张伟伦)", "Tanaka Hiroshi (田中
博)", "Meron Tesfaye (መሮን ተስፋዬ)", "Tai (ต่าย)"); not an office or a role in Chinese characters ("(经理)", "(東京本社)"),
nor in Hangul (`NameRecognizer` asks Hangul for a name's shape)."""


def found(pattern: regex.Pattern[str], text: str, gate: re.Pattern[str] | None = None) -> list[regex.Match[str]]:
    """The matches of a cue pattern in `text`, looked for only where its gate (`gate`, else this module's for its own
    patterns, if any) finds the cue: a plain `re` search, cheaper than the pattern's."""
    gate = gate or GATES.get(pattern)
    return list(pattern.finditer(text)) if gate is None or gate.search(text) else []
