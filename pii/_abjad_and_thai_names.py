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

from typing import Any

import regex

from ._presidio import import_presidio, rule_result

import_presidio()
from presidio_analyzer import EntityRecognizer, RecognizerResult  # noqa: E402

_ARABIC_GIVEN = frozenset(
    (  # noqa: SIM905 (a list written as words is easier to read and keep)
        "محمد محمود أحمد احمد مصطفى عبدالله عبدالرحمن عبدالعزيز عبدالرحيم عبدالكريم عبدالمجيد عبدالسلام عبدالرزاق "
        "عبدالحميد عبدالقادر عبدالوهاب عبداللطيف يوسف إبراهيم ابراهيم إسماعيل اسماعيل خالد عمر عثمان حسين حمزة طارق "
        "زياد ياسر هشام وليد فيصل فهد سلمان سعود بندر نايف ماجد راشد سلطان منصور أنس أيمن بلال حاتم حازم "
        "حسام رامي رائد شريف صلاح عماد عمرو غسان فادي فراس قاسم لؤي مازن مجدي مراد معاذ مهند نبيل نزار هاني "
        "وائل ياسين يحيى يزن يعقوب يونس موسى عيسى داود سليمان زكريا إلياس الياس أسامة اسامة عاصم عمار معتز "
        "هيثم جاسم خليفة مشعل زايد فاطمة عائشة مريم خديجة زينب سارة ليلى سلمى رنا رانيا ريم لينا دينا هالة منى "
        "سعاد سناء سميرة نادية هبة رشا ياسمين شيماء آمنة أمينة رقية حليمة صفية نجلاء لمى رهف غادة عبير مها "
        "هند روان علياء نسرين نوال هيفاء ميساء تسنيم آلاء"
    ).split()
)
"""Common Arabic given names that are no everyday word ("محمد", "فاطمة"), each enough to stand for a name."""
_ARABIC_NAMES_TOO = frozenset(
    (  # noqa: SIM905 (a list written as words is easier to read and keep)
        "علي حسن سعيد صالح كريم جميل كمال عادل ناصر سالم سعد فارس مالك نادر بدر نور أمل إيمان جميلة حنان وفاء ندى سمر"
    ).split()
)
"""Given names that are also everyday words ("علي", on; "أمل", hope): a father's or grandfather's name after a given
name, never a name alone."""
_ARABIC_DESCENT = frozenset({"بن", "بنت", "ابن", "أبو", "ابو", "آل", "عبد"})
_HEBREW_GIVEN = frozenset(
    (  # noqa: SIM905 (a list written as words is easier to read and keep)
        "משה יוסף אברהם יצחק יעקב שרה רבקה רחל לאה מרים אסתר חנה שלמה שמואל דניאל מיכאל אליהו יהודה בנימין "
        "אהרון אהרן עומר נועה יעל מיכל אורי איתי יונתן נועם אביגיל אליעזר מרדכי דבורה יהודית אורית רונית "
        "גלעד עידו תומר ליאור רועי יוסי שושנה רות אפרת שמעון ראובן גדעון"
    ).split()
)
"""Common Hebrew given names that are no everyday word ("משה"; not "חיים", life, or "דוד", uncle)."""
_HEBREW_DESCENT = frozenset({"בן", "בת"})

_ARABIC_WORD = r"[[\p{Arabic}\u064b-\u065f\u0670]--[\u060c\u061b\u061f\u0640\u0660-\u066d\u06d4\u06f0-\u06f9]]+"
"""A word of Arabic letters and their vowel marks, without Arabic's punctuation and digits."""
_HEBREW_WORD = r"[\p{Hebrew}\"'\u05f3\u05f4]*\p{Hebrew}['\u05f3]?"
_THAI_WORD = r"[\u0e01-\u0e4e]+"
_ANY_WORD = rf"(?:{_ARABIC_WORD}|{_HEBREW_WORD}|{_THAI_WORD})"
_ARABIC_TITLES = frozenset(
    "السيد السيدة الأستاذ الأستاذة الاستاذ الدكتور الدكتورة المهندس المهندسة الشيخ الحاج الحاجة".split()  # noqa: SIM905
)
_HEBREW_TITLES = frozenset({"מר", "גב'", "גב׳", "גברת", 'ד"ר', "ד״ר", "הרב", 'עו"ד', "עו״ד", "פרופ'", "פרופ׳"})
_HEBREW_SURNAMES = frozenset(
    "כהן לוי מזרחי פרץ ביטון דהן אזולאי מלכה כץ עמר אוחיון חדד גבאי שפירא גולן אשכנזי פרידמן רוזנברג".split()  # noqa: SIM905
)
"""Common Hebrew family names: a name's second word after a given name or a title, never a name alone ("כהן", a
priest)."""
_THAI_TITLED = regex.compile(
    r"(?<![\u0e00-\u0e7f])(?:นางสาว|นาย|นาง|น\.ส\.|ด\.ช\.|ด\.ญ\.)[ \t]?"
    rf"(?P<name>(?!จ้าง|หน้า|ก[ \t]|กรัฐมนตรี|พยาบาล|แบบ|งาม){_THAI_WORD}[ \t]+{_THAI_WORD})(?=[\s\p{{P}}]|\Z)"
)
"""A Thai title, written onto the given name or a space apart, then the given name and the surname ("นายสมชาย ใจดี";
not "นายจ้าง", employer, "นางพยาบาล", nurse)."""
_LABELLED = regex.compile(
    r"(?<![\p{Arabic}\p{Hebrew}\u0e00-\u0e7f])"
    r"(?:الاسم(?:[ \t]+الكامل)?|اسم[ \t]+(?:المريض|المريضة|العميل|الموظف|الطالب)|שם(?:[ \t]+מלא)?|שם[ \t]+משפחה"
    r"|ชื่อ(?:-(?:นาม)?สกุล|[ \t]*สกุล|ผู้ป่วย)?)"
    r"[ \t]*[:\uff1a][ \t]*"
    rf"(?P<name>{_ANY_WORD}(?:[ \t]+{_ANY_WORD}){{0,3}})"
    r"[ \t]*(?=[\r\n,;|/()\u060c]|\Z)",
    regex.VERSION1,
)
"""A name's label in Arabic, Hebrew or Thai, then up to four words that end the field."""
_ARABIC_RUN = regex.compile(rf"(?<!\p{{Arabic}}){_ARABIC_WORD}(?:[ \t]+{_ARABIC_WORD}){{0,5}}", regex.VERSION1)
_HEBREW_RUN = regex.compile(rf"(?<!\p{{Hebrew}}){_HEBREW_WORD}(?:[ \t]+{_HEBREW_WORD}){{0,5}}", regex.VERSION1)
GATE = r"[\p{Arabic}\p{Hebrew}\u0e00-\u0e7f]"
"""What a text holds where one of these names may stand: a letter of Arabic, Hebrew or Thai."""


def names_in_their_script(text: str) -> list[tuple[int, int]]:
    """The spans of the names the module's docstring describes."""
    found = [match.span("name") for match in _LABELLED.finditer(text)]
    found += [match.span("name") for match in _THAI_TITLED.finditer(text)]
    arabic_names = _ARABIC_GIVEN | _ARABIC_NAMES_TOO
    found += _names(text, _ARABIC_RUN, _ARABIC_GIVEN, _ARABIC_TITLES, arabic_names, _ARABIC_DESCENT, article="ال")
    hebrew_names = _HEBREW_GIVEN | _HEBREW_SURNAMES
    found += _names(text, _HEBREW_RUN, _HEBREW_GIVEN, _HEBREW_TITLES, hebrew_names, _HEBREW_DESCENT, article=None)
    return found


def _names(
    text: str,
    runs: regex.Pattern[str],
    given: frozenset[str],
    titles: frozenset[str],
    names: frozenset[str],
    descent: frozenset[str],
    article: str | None,
) -> list[tuple[int, int]]:
    """The names in runs of a script's words that open with one of `given` or follow one of `titles`, up to their last
    word: further `names`, each word after a particle of `descent`, and at last one word of the `article` (Arabic's
    "ال")."""
    found = []
    for run in runs.finditer(text):
        words = [word.group() for word in regex.finditer(r"\S+", run.group())]
        spans = [(run.start() + word.start(), run.start() + word.end()) for word in regex.finditer(r"\S+", run.group())]
        at = 0
        while at < len(words):
            if words[at] not in given and not (at > 0 and words[at - 1] in titles and words[at] not in titles):
                at += 1
                continue
            end = at + 1
            while end < len(words):
                if words[end] in descent and end + 1 < len(words):
                    end += 2
                elif words[end] in names:
                    end += 1
                else:
                    end += article is not None and words[end].startswith(article) and len(words[end]) > len(article) + 1
                    break
            found.append((spans[at][0], spans[end - 1][1]))
            at = end
    return found


class NamesInTheirScriptRecognizer(EntityRecognizer):
    """Names in Arabic, Hebrew and Thai letters (the module's docstring)."""

    name: str

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(supported_entities=["PERSON"], name="NamesInTheirScriptRecognizer", **kwargs)

    def load(self) -> None:
        pass

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        if "PERSON" not in entities:
            return []
        return [rule_result(self, "PERSON", start, end, 0.7) for start, end in names_in_their_script(text)]
