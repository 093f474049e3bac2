"""Names written in Arabic, Hebrew or Thai letters inside a prompt in another language ("شكراً، عبدالعزيز", "יהודית בת
שרה", "ชื่อ-สกุล: พิมพ์ชนก บุญมา"): spaCy's English model reads none of these scripts, and Arabic and Hebrew have no
capitals to show a name.

Three cues, each of which a name's words follow:
- a common given name that is no everyday word of its language (`_ARABIC_GIVEN`, `_HEBREW_GIVEN`: "محمد", "يوسف",
  "משה"; not "أمل", hope, or "חיים", life), then the father's and family names after it: further given names, a
  particle of descent ("بن", "בת") and the name after it, and in Arabic one family name of the article ("الكتبي");
- a title ("السيد", "الدكتور", "מר", "ד״ר", "นาย", "นางสาว"), then a word and the names after it as above (a Thai
  title, its given name and surname);
- a field's label ("الاسم:", "שם:", "ชื่อ-สกุล:"), then the words up to the field's end, four at most.

Pure: no I/O.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

import regex

from ._people_found import PeopleFound

_ARABIC_GIVEN = frozenset(
    (  # noqa: SIM905 (a list written as words is easier to read and keep)
        "محمد أحمد احمد مصطفى عبدالله عبدالرحمن عبدالعزيز عبدالرحيم عبدالكريم عبدالمجيد عبدالسلام عبدالرزاق "
        "عبدالحميد عبدالقادر عبدالوهاب عبداللطيف يوسف إبراهيم ابراهيم إسماعيل اسماعيل عثمان حسين حمزة طارق "
        "زياد ياسر هشام فيصل سلمان سعود بندر نايف ماجد منصور أنس أيمن بلال حاتم حسام رامي عمرو غسان فادي فراس "
        "لؤي مازن معاذ مهند نزار هاني وائل ياسين يعقوب يونس موسى عيسى داود سليمان زكريا إلياس الياس أسامة "
        "اسامة عاصم عمار معتز هيثم جاسم زايد فاطمة عائشة مريم خديجة زينب ليلى سلمى رانيا ريم لينا دينا سعاد "
        "سناء سميرة نادية رشا شيماء رقية حليمة صفية نجلاء لمى رهف غادة روان علياء نسرين نوال هيفاء ميساء "
        "تسنيم آلاء"
    ).split()
)
"""Common Arabic given names that are no everyday word ("محمد", "فاطمة"), each enough to stand for a name."""
_ARABIC_NAMES_TOO = frozenset(
    (  # noqa: SIM905 (a list written as words is easier to read and keep)
        "علي حسن سعيد صالح كريم جميل كمال عادل ناصر سالم سعد فارس مالك نادر بدر نور أمل إيمان جميلة حنان وفاء "
        "ندى سمر عمر آمنة سارة مجدي حازم رائد سلطان هند ياسمين قاسم خالد نبيل عماد وليد محمود راشد عبير أمينة "
        "هالة مها يزن يحيى مشعل خليفة هبة مراد رنا فهد منى شريف صلاح"
    ).split()
)
"""Given names that are also everyday words ("علي", on; "أمل", hope; "عمر", age; "سارة", pleasing): a father's or
grandfather's name after a given name, never a name alone."""
ARABIC_NAME_WORDS = _ARABIC_GIVEN | _ARABIC_NAMES_TOO
"""Every Arabic given name the module knows: a name's words, however often they are words too."""
_ARABIC_DESCENT = frozenset({"بن", "بنت", "ابن", "أبو", "ابو", "آل", "عبد"})
_HEBREW_GIVEN = frozenset(
    (  # noqa: SIM905 (a list written as words is easier to read and keep)
        "משה יוסף אברהם יצחק יעקב רבקה רחל לאה מרים אסתר שמואל דניאל מיכאל אליהו יהודה בנימין אהרון אהרן עומר "
        "נועה אורי איתי יונתן אביגיל אליעזר מרדכי יהודית אורית רונית גלעד עידו תומר ליאור רועי יוסי שושנה רות "
        "אפרת שמעון ראובן גדעון"
    ).split()
)
"""Common Hebrew given names that are no everyday word ("משה"; not "חיים", life, "דוד", uncle, "שרה", she sings)."""
_HEBREW_NAMES_TOO = frozenset({"שרה", "חנה", "שלמה", "מיכל", "דבורה", "יעל", "נועם", "דוד", "חיים"})
"""Given names that are also everyday words: a name's word after a given name, a title or "בן"/"בת"."""
_HEBREW_DESCENT = frozenset({"בן", "בת"})

_ARABIC_WORD = r"[[\p{Arabic}\u064b-\u065f\u0670]--[\u060c\u061b\u061f\u0640\u0660-\u066d\u06d4\u06f0-\u06f9]]+"
"""A word of Arabic letters and their vowel marks, without Arabic's punctuation and digits."""
_HEBREW_WORD = r"[\p{Hebrew}\"'\u05f3\u05f4]*\p{Hebrew}['\u05f3]?"
_THAI_WORD = r"[\u0e01-\u0e4e]+"
_ANY_WORD = rf"(?:{_ARABIC_WORD}|{_HEBREW_WORD}|{_THAI_WORD})"
_ARABIC_TITLES = frozenset(
    "السيد السيدة الأستاذ الأستاذة الاستاذ الدكتور الدكتورة المهندس المهندسة الشيخ".split()  # noqa: SIM905
)
_HEBREW_TITLES = frozenset({"מר", "גב'", "גב׳", "גברת", 'ד"ר', "ד״ר", "הרב", 'עו"ד', "עו״ד", "פרופ'", "פרופ׳"})
_HEBREW_SURNAMES = frozenset(
    "כהן לוי מזרחי פרץ ביטון דהן אזולאי מלכה כץ עמר אוחיון חדד גבאי שפירא גולן אשכנזי פרידמן רוזנברג".split()  # noqa: SIM905
)
"""Common Hebrew family names: a name's second word after a given name or a title, never a name alone ("כהן", a
priest)."""
_NOT_A_THAI_NAME = (
    "(?:จ้าง|หน้า|ก|อำเภอ|ทหาร|ทุน|พล|ร้อย|สถานี|ประกัน|ตรวจ|ช่าง|ท่าน|ด่าน|ฟ้า|เอก|นวล|พญา|ไทย|พยาบาล|แบบ|งาม"
    "|สิบ|เวร)(?![\u0e00-\u0e7f])|กรัฐมนตรี|กเทศมนตรี|กสมาคม|กฯ|สาวไทย"
)
"""What follows "นาย", "นาง" or "นางสาว" in a word that is no title ("นายจ้าง", employer; "นายก", mayor or prime
minister; "นายอำเภอ", district chief; "นางฟ้า", angel; "นางเอก", heroine; "นางสาวไทย", Miss Thailand), a word of its
own ("นายพล", a general; not "นายพลอย")."""
_NOT_A_THAI_SURNAME = (
    "(?:มา|ไป|จะ|ได้|ทำ|ยัง|ก็|ว่า|ที่|และ|คือ|เป็น|อยู่|บอก|ให้|ขอ|ครับ|ค่ะ|คะ)(?![\u0e00-\u0e7f])|ไม่|กำลัง|มาแล้ว|ไปแล้ว|แล้ว"
)
"""A verb or a particle after a given name, not a surname ("นายสมชาย มาแล้ว", Mr Somchai has come; not "มาลัยทอง")."""
_THAI_TITLED = regex.compile(
    unicodedata.normalize(  # the redactor reads text in NFKC, where "ำ" is written "ํา" ("อำเภอ")
        "NFKC",
        r"(?<![\u0e00-\u0e7f])(?>นางสาว|นาย|นาง|น\.ส\.|ด\.ช\.|ด\.ญ\.)[ \t]?"
        rf"(?P<name>(?!{_NOT_A_THAI_NAME}){_THAI_WORD}(?:[ \t]+(?!{_NOT_A_THAI_SURNAME}){_THAI_WORD})?)"
        r"(?=[\s\p{P}]|\Z)",
    )
)
"""A Thai title, written onto the given name or a space apart, then the given name and the surname, if a word that
is no verb follows ("นายสมชาย ใจดี", "นายสมชาย มาแล้ว"; not "นายจ้าง", employer, "นางพยาบาล", nurse); "นางสาว"
whole, never "นาง" before "สาว..."."""
_LABELLED = regex.compile(
    r"(?<![\p{Arabic}\p{Hebrew}\u0e00-\u0e7f])"
    r"(?:(?P<bare>الاسم|שם|ชื่อ)|الاسم[ \t]+الكامل|اسم[ \t]+(?:المريض|المريضة|العميل|الموظف|الطالب)"
    r"|שם[ \t]+(?:מלא|משפחה|פרטי)"
    r"|ชื่อ(?:-(?:นาม)?สกุล|[ \t]*สกุล|ผู้ป่วย))"
    r"[ \t]*[:\uff1a][ \t]*"
    rf"(?P<name>{_ANY_WORD}(?:[ \t]+{_ANY_WORD}){{0,3}})"
    r"[ \t]*(?=[\r\n,;|/()\u060c]|\Z)",
    regex.VERSION1,
)
"""A name's label in Arabic, Hebrew or Thai, then up to four words that end the field; a bare "name" only in a form
that asks of a person too (`_PERSONS_FIELDS`: not "الاسم: عسل السدر", a product's)."""
_PERSONS_FIELDS = regex.compile(
    r"العمر|الجنس|تاريخ الميلاد|الهاتف|الجوال|رقم الهوية|العنوان|גיל|ת\.?ז|טלפון|כתובת|תאריך לידה|נייד"
    r"|อายุ|เพศ|โทร|ที่อยู่|วันเกิด|เลขบัตร"
)
_ARABIC_RUN = regex.compile(rf"(?<!\p{{Arabic}}){_ARABIC_WORD}(?:[ \t]+{_ARABIC_WORD}){{0,5}}", regex.VERSION1)
_HEBREW_RUN = regex.compile(rf"(?<!\p{{Hebrew}}){_HEBREW_WORD}(?:[ \t]+{_HEBREW_WORD}){{0,5}}", regex.VERSION1)
GATE = r"[\p{Arabic}\p{Hebrew}\u0e00-\u0e7f]"
"""What a text holds where one of these names may stand: a letter of Arabic, Hebrew or Thai."""


def names_in_their_script(text: str) -> list[tuple[int, int]]:
    """The spans of the names the module's docstring describes."""
    found = [
        match.span("name")
        for match in _LABELLED.finditer(text)
        if match.group("bare") is None or _PERSONS_FIELDS.search(text) is not None
    ]
    found += [match.span("name") for match in _THAI_TITLED.finditer(text)]
    found += _names(text, _ARABIC_RUN, _ARABIC)
    found += _names(text, _HEBREW_RUN, _HEBREW)
    return found


@dataclass(frozen=True)
class _Naming:
    """How a script writes a person's name: the given names that open one, the titles before one, the words that may
    follow (`names`), the particles of descent ("بن", "בת") and whether a name must follow them, the article of a
    family name's last word, and the words a given name after which names a place or a book ("سورة يوسف", "جبل
    طارق")."""

    given: frozenset[str]
    titles: frozenset[str]
    names: frozenset[str]
    descent: frozenset[str]
    named_after_descent: bool
    article: str | None
    not_after: frozenset[str]


_ARABIC = _Naming(
    _ARABIC_GIVEN,
    _ARABIC_TITLES,
    ARABIC_NAME_WORDS,
    _ARABIC_DESCENT,
    named_after_descent=False,
    article="ال",
    not_after=frozenset(
        "سورة جبل برج الملك الأمير شارع طريق جسر مطار مستشفى جامعة محافظة مسجد مدرسة حي مدينة ميناء قصر".split()  # noqa: SIM905
    ),
)
_HEBREW = _Naming(
    _HEBREW_GIVEN,
    _HEBREW_TITLES,
    _HEBREW_GIVEN | _HEBREW_NAMES_TOO | _HEBREW_SURNAMES,
    _HEBREW_DESCENT,
    named_after_descent=True,
    article=None,
    not_after=frozenset({"ספר", "שבט", "כוס", "רחוב", "בית", "קבר", "מערת", "הר"}),
)


def _names(text: str, runs: regex.Pattern[str], naming: _Naming) -> list[tuple[int, int]]:
    """The names in runs of a script's words that open with a given name or follow a title (a title's name is one of
    the script's `names`, or any word but one of the article after an Arabic title), up to their last word: further
    names, each word after a particle of descent, and at last one family name of the article ending as a family name
    of descent does ("الكتبي"; not "الله", "اليوم")."""
    found = []
    for run in runs.finditer(text):
        matches = list(regex.finditer(r"\S+", run.group()))
        written = [match.group() for match in matches]
        words = [_without_and(word, naming) for word in written]
        spans = [(run.start() + match.start(), run.start() + match.end()) for match in matches]
        at = 0
        while at < len(words):
            alone = len(words) == 1 and words[0] not in naming.given
            if not _opens_a_name(words, at, naming) or (alone and _quoted_or_glossed(text, *run.span())):
                at += 1
                continue
            end = at + 1
            while end < len(words) and words[end] == written[end]:  # "משה ורבקה": two people
                named = end + 1 < len(words) and (not naming.named_after_descent or words[end + 1] in naming.names)
                if words[end] in naming.descent and named:
                    end += 2
                elif words[end] in naming.names:
                    end += 1
                else:
                    end += _a_family_of_the_article(words[end], naming.article)
                    break
            found.append((spans[at][0], spans[end - 1][1]))
            at = end
    return found


def _opens_a_name(words: list[str], at: int, naming: _Naming) -> bool:
    """Whether a run's word opens a name: a given name (not in a place's or a book's name), a name that is a word too
    standing alone or before another name ("خالد" alone, "عمر الكتبي"; not "عمر البطارية", a battery's life), or a
    title's name."""
    word, before = words[at], words[at - 1] if at > 0 else ""
    if before in naming.not_after:
        return False  # "سورة يوسف", "جبل طارق", "ספר שמואל"
    if word in naming.given:
        return words[at + 1 : at + 2] != ["الله"]  # "أحمد الله", I praise God
    if word in naming.names and before not in naming.titles:  # a name that is a word too: alone, or before a name
        following = words[at + 1] if at + 1 < len(words) else None
        return len(words) == 1 or (
            following is not None and (following in naming.names or _a_family_of_the_article(following, naming.article))
        )
    if before not in naming.titles or word in naming.titles:
        return False
    if naming.article is None:
        return word in naming.names  # "מר כהן"; not "טעם מר מאוד"
    if word.startswith(("وال", "بال", "فال", "كال", "لل")):
        return False  # "الشيخ والبحر", the old man and the sea
    return not word.startswith(naming.article) or word in naming.names  # "السيد أحمد"; not "السيد الرئيس"


def _a_family_of_the_article(word: str, article: str | None) -> bool:
    """Whether a word is a family name of the article: Arabic's "ال", ending in the "ي" of descent ("الكتبي",
    "العتيبي"; not "الله", "اليوم", "المدرسة"), or "الدين" ("حسام الدين")."""
    if article is None or not word.startswith(article):
        return False
    return word == "الدين" or (word.endswith("ي") and len(word) > len(article) + 2)


def _without_and(word: str, naming: _Naming) -> str:
    """A Hebrew word without the "ו" (and) written onto it, where the rest is a name or a name's cue ("ורבקה",
    "ושבט")."""
    if naming.article is None and word.startswith("ו") and len(word) > 2:
        rest = word[1:]
        if rest in naming.given or rest in naming.names or rest in naming.not_after or rest in naming.titles:
            return rest
    return word


_QUOTES = "\"'\u201c\u201d\u2018\u2019\u00ab\u00bb"
_GLOSSED = regex.compile(rf"[ \t]*(?:\(|=|[{_QUOTES}]|means\b|is\b)")


def _quoted_or_glossed(text: str, start: int, end: int) -> bool:
    """Whether a word stands quoted or explained, as a word of its language does in English ("Is عمر (age)...",
    "أمل means hope"), not as a name."""
    return text[:start].rstrip().endswith(tuple(_QUOTES)) or _GLOSSED.match(text, end) is not None


class NamesInTheirScriptRecognizer(PeopleFound):
    """Names in Arabic, Hebrew and Thai letters (the module's docstring)."""

    def people(self, text: str) -> list[tuple[int, int]]:
        return names_in_their_script(text)
