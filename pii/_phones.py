"""Phone numbers: python-phonenumbers over the digit runs of a text for the profiles' regions, Korean numbers,
the mobile plans of China and India where no profile loads them, and any number after a word of phoning."""

from __future__ import annotations

from typing import Any

import regex

from ._phone_regions import grouped_as_a_phone, named_regions, numbering_a_thing
from ._presidio import import_presidio, rule_result

import_presidio()
from presidio_analyzer import EntityRecognizer, Pattern, PatternRecognizer, RecognizerResult  # noqa: E402
from presidio_analyzer import predefined_recognizers as pre  # noqa: E402

from ._patterns import CuedPattern  # noqa: E402


class KrPhoneRecognizer(PatternRecognizer):
    """Korean mobile (010, 011, 016-019) and landline (02, 031-064) numbers, domestic or +82."""

    PATTERNS = [
        Pattern("KR mobile", r"(?<![\d+])(?:\+82[-. ]?|\(?0)1[016789]\)?[-. ]?\d{3,4}[-. ]?\d{4}(?!\d)", 0.6),
        Pattern(
            "KR landline",
            r"(?<![\d+])(?:\+82[-. ]?\(?|\(?0)(?:2|3[1-3]|4[1-4]|5[1-5]|6[1-4])\)?[-. ]?\d{3,4}[-. ]?\d{4}(?!\d)",
            0.5,
        ),
        Pattern("KR internet phone", r"(?<![\d+])(?:\+82[-. ]?|0)70[-. ]?\d{3,4}[-. ]?\d{4}(?!\d)", 0.5),
    ]
    CONTEXT = ["phone", "mobile", "cell", "call", "tel", "telephone", "contact", "전화", "휴대폰", "연락처"]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            supported_entity="PHONE_NUMBER",
            patterns=self.PATTERNS,
            context=self.CONTEXT,
            name="KrPhoneRecognizer",
            **kwargs,
        )


class MobileNumberRecognizer(PatternRecognizer):
    """Mobile numbers of the two most populous plans where no profile loads them: Chinese "138 2041 7765" as its
    owners group it (3-4-4, first digits 13-19), not inside a longer run of numbers ("150 1000 2000 3000");
    Indian "94433 18276" (5-5) and either plan's number unbroken only beside a word of phoning ("ports 60000
    61000" and order numbers stay), or, China's, after Chinese words on its line ("王伟的手机号是13912345678": a
    sentence in Chinese holds no other number of 11 digits opening with 13-19 but a phone's, and its words of phoning
    are written without spaces, so a word's context is never read; not after a word that numbers a thing,
    "订单号", "批次", "注文番号", nor before a unit, "15000000000元", "13421772800 字节"); Brazilian numbers as Brazil
    writes them, the area code in brackets ("(41) 99718-2264", "(11) 3456-7890")."""

    PATTERNS = [
        Pattern("CN mobile, grouped", r"(?<![\d+.-]|\d[ \t])1[3-9]\d[ -]\d{4}[ -]\d{4}(?![\d.-]|[ \t]\d)", 0.5),
        Pattern("IN mobile, grouped", r"(?<![\d+.-]|\d[ \t])[6-9]\d{4}[ ]\d{5}(?![\d.-]|[ \t]\d)", 0.3),
        Pattern("CN mobile", r"(?<![\d+.-])1[3-9]\d{9}(?![\d.-])", 0.3),
        Pattern(
            "CN mobile in Chinese",
            r"(?<=\p{Han}[^\d\n]{0,12})(?<!(?:单|編|编|番|批次|金额|投资|大小|流水|序列|账|帳|工|学|代码|ID)号?[^\d\n]{0,3})"
            r"(?<![\d+.-])1[3-9]\d{9}(?![\d.-]|[ \t]*(?:元|円|字|个|個|位|次|件|人|の))",
            0.5,
        ),
        Pattern("IN mobile", r"(?<![\d+.-])[6-9]\d{9}(?![\d.-])", 0.3),
        Pattern(
            "BR number",
            r"(?<![\d+])\([1-9]\d\)[ \t]?(?!(?:19|20)\d\d-(?:19|20)\d\d)(?:9\d{4}|[2-5]\d{3})-\d{4}(?![\d-])",
            0.5,
        ),
    ]
    CONTEXT = ["phone", "mobile", "cell", "call", "tel", "telephone", "contact", "whatsapp", "wechat", "number"]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            supported_entity="PHONE_NUMBER",
            patterns=self.PATTERNS,
            context=self.CONTEXT,
            name="MobileNumberRecognizer",
            **kwargs,
        )


PHONE_CUE = (
    r"(?:(?<!\p{L})(?i:phone|mobile|mobil|mob|cell|cellphone|handphone|tel|telephone|call|ring|whatsapp|wechat|viber"
    r"|fax|landline|contact|cp|hp|handy|tlf|tfn|telefon|telefone|tel[ée]fono|t[ée]l[ée]phone|portable|m[óo]vil|celular"
    r"|gsm|τηλ|τηλέφωνο|κινητό|тел|телефон|моб|sđt|sdt|telp|điện[ \t]thoại|zap|zapzap|wpp|zalo|celu|whats|wsp"
    r"|wasap|mobilephone|phonenumber|phoneno|mobileno|telno)(?!\p{L}))"
)
"""A word of phoning in the prompts' languages: a number right after it is a phone number (`CuedPhoneRecognizer`)."""


class CuedPhoneRecognizer(PatternRecognizer):
    """A number of 7 to 15 digits written as phone numbers are (groups split by one space, dot, dash or slash; a
    leading + or bracketed area code) right after a word of phoning, whatever plan it belongs to: "Mobile: 951 183
    4420", "call Kwame on +44 7700 918 442", "Next of kin phone 478 12 556", "mobile is (75) 98123-4567".
    python-phonenumbers rejects numbers of plans no profile loads, and ranges it deems unassigned; a user's
    number is personal either way. Between the word and the number stand only words that introduce a number
    ("is", "no.", "on", "me", a name: `GAP`), so "call options at the 150 155 160 strikes", "Call center
    volumes: 1200 1350 1500" or "ring buffer sizes 4096 8192" hold none. Nor are dates, addresses of the
    Internet, unbroken runs or amounts ("the 2 500 000 budget") phone numbers, unless the number opens with +,
    0 or a bracket."""

    CUE = PHONE_CUE
    GAP = (
        r"(?:[ \t]*(?:[:#.,=]|\(\w{1,10}\)|(?i:number|no|nr|num|is|was|on|at|me|us|him|her|them|my|his|their"
        r"|our|your|new|old|personal|private|work|home|direct|line|back|ham|henne|meg|mig|oss|på|é|es|ist|al|au|ao"
        r"|\d)(?!\p{L})"
        r"|(?-i:\p{Lu}\p{Ll}+)(?:'s)?)){0,5}"
        r"[ \t]*"
    )
    """What may stand between the word of phoning and its number: punctuation, a label in brackets, a few words that
    introduce a
    number, a name ("call Kwame on", "ring me back on", Norwegian "ring ham på", Spanish "WhatsApp al"), a digit
    ("Phone 1:")."""
    NUMBER = r"\+?(?:\(\d{1,5}\)[ \t]?)?\d{1,6}(?:[ \t./-]\d{1,6}){0,6}(?![\d])"
    """Digit groups split by one separator each: a run of two numbers (" - " between them) is two runs."""
    LETTER = r"(?<![\p{L}\p{N}])(?-i:[MTPHCW]|Ph|Mob|Cel)[ \t]*:[ \t]*"
    """A signature's letter before a number ("T: ... | M: ..."): only one that opens with +, 0 or a bracket, as
    phone numbers do and sizes or readings ("M: 1024 2048 4096", "H: 1280 1920") do not."""
    QUOTES = r"[\"']?[ \t]*[:=][ \t]*[\"']"
    """A field's quotes and its colon or equals sign between its key and its value."""
    QUOTED = (
        r"(?:[+0(][\d \t().-]{6,22}\d|\d{3}[-. ]\d{3}[-. ]\d{4}|\d{2,3}-\d{3,4}-\d{4})"
        r"(?=[\"']|[ \t]{0,3}(?:/|,|;|or|and)[ \t])"
    )
    """A number filling a field's quotes after its key, or the first of those listed there ("phone = '0722 418 903 /
    0733 226 114'", '"mobilephone": "81-1255-0386"'), shaped as phone numbers are: opening with +, 0 or a bracket, or
    in groups of three, three and four, or two or three, three or four, and four with dashes; not sizes, timeouts or
    counters in quotes ("tel = '4096 8192 16384'", "'call': '30 60 120 240'")."""
    PATTERNS = [
        CuedPattern("number after a word of phoning", rf"(?<={CUE}{GAP})(?<![\d+(])(?:{NUMBER})", 0.5, cue=CUE),
        CuedPattern("number in quotes after a field of phoning", rf"(?<={CUE}{QUOTES}){QUOTED}", 0.5, cue=CUE),
        Pattern("number after a signature's letter", rf"(?<={LETTER})(?=[+0(])(?:{NUMBER})", 0.5),
    ]
    NOT_A_PHONE = regex.compile(
        r"(?:19|20)\d\d[./ -][01]?\d[./ -][0-3]?\d(?:\D|$)|[0-3]?\d[./ -][01]?\d[./ -](?:19|20)\d\d(?:\D|$)"
        r"|\d{1,3}(?:\.\d{1,3}){3}$"
    )
    """A date opening the number ("2024-03-12 10:30", "Contact au 15 06 2024"), or an IPv4 address."""

    LISTED_NEXT = regex.compile(rf"[ \t]{{0,3}}(?:/|,|;|or|and)[ \t]{{1,3}}(?:\(\w{{1,10}}\)[ \t]{{0,3}})?({NUMBER})")
    """A second number listed after a cued one: "Phone: +234 803 415 2290 / 0809 117 6634"."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(supported_entity="PHONE_NUMBER", patterns=self.PATTERNS, name="CuedPhoneRecognizer", **kwargs)

    def analyze(
        self, text: str, entities: list[str], nlp_artifacts: Any = None, regex_flags: int | None = None
    ) -> list[RecognizerResult]:
        found = list(super().analyze(text, entities, nlp_artifacts, regex_flags) or ())
        for result in list(found):
            end = result.end
            while (listed := self.LISTED_NEXT.match(text, end)) is not None and self.validate_result(listed[1]):
                found.append(rule_result(self, "PHONE_NUMBER", listed.start(1), listed.end(1), result.score))
                end = listed.end(1)
        return found

    def validate_result(self, pattern_text: str) -> bool:
        digits = sum(ch.isdigit() for ch in pattern_text)
        if not 7 <= digits <= 15 or self.NOT_A_PHONE.match(pattern_text.lstrip("(+")) is not None:
            return False
        if pattern_text[0] in "+(0":
            return True
        groups = regex.findall(r"\d+", pattern_text)
        thousands = len(groups) > 1 and len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])
        three_threes = [len(g) for g in groups] == [3, 3, 3]  # "tel. 217 403 558", as Portugal and Spain group them
        return len(groups) > 1 and (not thousands or three_threes)  # not "ticket 1234567", "the 2 500 000 budget"


class PhoneRecognizer(pre.PhoneRecognizer):
    """Presidio's phone recognizer (python-phonenumbers), run on digit runs instead of the whole text.

    Presidio runs the matcher over the whole text once per region; most of a prompt is words, and
    once one region reads a digit run as a whole phone number the others need not try. A number written with + and
    a country's code needs only the length that country dials, not a range in service.
    """

    CANDIDATE = regex.compile(r"(?<![\w+])\+?\(?\d[\d \t().\-/]{5,24}\d(?!\w)")
    """A run of digits and what numbers are written with, on one line: across a line break, a number and the next row's
    date ("07700 562 381\n24/11\t14:05") made one run too long for one region's number, and neither was read."""
    DOTTED_QUAD = regex.compile(r"\d{1,3}(?:\.\d{1,3}){3}")  # an IPv4 address, valid or not
    CLOCK_BEFORE = regex.compile(r"\d:\d\d:$")
    SECONDS = regex.compile(r"\d\d(?:\.\d+)?[ \t]*")
    DATE = regex.compile(r"(?:19|20)\d\d([./-])[01]?\d\1[0-3]?\d|[0-3]?\d([./])[01]?\d\2(?:19|20)\d\d")

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        import phonenumbers

        results: list[RecognizerResult] = []
        named: tuple[str, ...] | None = None  # the regions the text names (`pii._phone_regions`), at its first need
        for candidate in self.CANDIDATE.finditer(text):
            offset, window = candidate.start(), candidate.group(0)
            # a clock's seconds (and their fraction) open the run: a number, if any, follows them
            # ("23:58:04.118822 2026" holds none, "09:12:44 0161 496 0734" one)
            clocked = self.CLOCK_BEFORE.search(text, max(0, offset - 6), offset) is not None
            if clocked and (seconds := self.SECONDS.match(window)) is not None:
                offset, window = offset + seconds.end(), window[seconds.end() :]
            digits = sum(ch.isdigit() for ch in window)
            if not 7 <= digits <= 2 * 15 or self.DOTTED_QUAD.fullmatch(window) or self._a_date(window):
                continue  # E.164 numbers have at most 15 digits (a run may hold two)
            # An international number reads the same from every region, and a run too long for one
            # number is a card or an account, unless it is two numbers of the first region.
            international = window.startswith("+")
            one_region = international or digits > 15
            regions = self.supported_regions[:1] if one_region else self.supported_regions
            # Written with + and a country's code, a number of a length that country dials is one, in ranges
            # python-phonenumbers deems unassigned too: those set aside for fiction ("+44 7700 900418", "+1 555
            # 010 4477") are the ones people copy into examples and forms.
            possible = international and 9 <= digits <= 15  # not a signed number ("+12 345 678 votes")
            leniency = phonenumbers.Leniency.POSSIBLE if possible else (self.leniency or 0)
            found = len(results)
            for region in regions:
                matches = list(phonenumbers.PhoneNumberMatcher(window, region, leniency=leniency))
                results += self._read(text, offset, region, matches, nlp_artifacts)
                if any(match.start == 0 and match.end == len(window) for match in matches):
                    break
            if len(results) == found and not one_region and not numbering_a_thing(text, window, offset):
                named = named if named is not None else named_regions(text, without=self.supported_regions)
                for region in named:  # grouped as a phone is: not a run unbroken, an amount or scores
                    matcher = phonenumbers.PhoneNumberMatcher(window, region, leniency=self.leniency or 0)
                    matches = [match for match in matcher if grouped_as_a_phone(match.raw_string)]
                    results += self._read(text, offset, region, matches, nlp_artifacts)
                    if matches:
                        break
        return EntityRecognizer.remove_duplicates(results)

    def _read(self, text: str, offset: int, region: str, matches: list[Any], nlp_artifacts: Any) -> list[Any]:
        """Presidio's result for each of a window's phonenumbers matches, moved to the text's offsets."""
        return [
            self._get_recognizer_result(_Shifted(match, offset), text, region, nlp_artifacts)  # type: ignore[no-untyped-call]
            for match in matches
        ]

    def _a_date(self, window: str) -> bool:
        """A date, year first or day first, alone or with its hour before a clock's colon ("2026-11-29", "[2026-11-29
        21:04]", "[29.11.2026 10:31]", "2026.11.30 22:41")."""
        date = self.DATE.match(window)
        return date is not None and sum(ch.isdigit() for ch in window[date.end() :]) <= 2


class _Shifted:
    """A phonenumbers match moved from window to text coordinates."""

    def __init__(self, match: Any, offset: int) -> None:
        self.start = match.start + offset
        self.end = match.end + offset
