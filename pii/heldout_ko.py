"""Held-out Korean-script prompts: templates written apart from the recognizers and their tests, filled
with values no recognizer lists. Given names are composed from syllables (an open class: no recognizer
holds a given name), addresses from provinces, districts and roads drawn at random, identifiers are
random with valid checksums. Particles follow Korean spelling (은/는, 이/가, 으로/로), attached to the
value without a space, as users write them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from . import corpus, wordlists
from ._normalize import is_hangul
from .corpus import Sample

FAMILY_NAMES = list(wordlists.entries("family_names_korean.txt"))
COMMON_SHARES = {
    "김": 21.5,
    "이": 14.7,
    "박": 8.4,
    "최": 4.7,
    "정": 4.3,
    "강": 2.4,
    "조": 2.1,
    "윤": 2.0,
    "장": 2.0,
    "임": 1.7,
    "한": 1.5,
    "오": 1.5,
    "서": 1.4,
    "신": 1.4,
    "권": 1.4,
    "황": 1.4,
    "안": 1.3,
    "송": 1.3,
    "전": 1.1,
    "홍": 1.1,
}
"""Percent of the population with each of the twenty commonest family names (2015 census, rounded); the
other 22 % share the rest of the list equally, so rare names appear far more often than in life."""
FAMILY_WEIGHTS = [COMMON_SHARES.get(name, 22.0 / (len(FAMILY_NAMES) - len(COMMON_SHARES))) for name in FAMILY_NAMES]
GIVEN_SYLLABLES = list("민서준지현우연윤도하은수예시주유진채원아린율온호빈혁경태희영정성재훈동규나래솔담겸")
PROVINCES = (
    "서울특별시",
    "부산광역시",
    "대구광역시",
    "인천광역시",
    "대전광역시",
    "울산광역시",
    "경기도",
    "강원특별자치도",
    "충청북도",
    "충청남도",
    "전라남도",
    "경상북도",
    "경상남도",
    "제주특별자치도",
)
CITIES = ("수원시", "고양시", "용인시", "창원시", "청주시", "천안시", "김해시", "포항시", "원주시", "춘천시", "목포시")
DISTRICTS = (
    "중구",
    "동구",
    "서구",
    "남구",
    "북구",
    "달서구",
    "연수구",
    "부평구",
    "수성구",
    "영통구",
    "덕양구",
    "해운대구",
)
ROADS = (
    "중앙로",
    "문화로",
    "시청로",
    "평화로",
    "번영로",
    "대학로",
    "공원로",
    "새말로",
    "한빛로",
    "은행나무길",
    "매봉길",
)
NEIGHBOURHOODS = ("신정동", "대치동", "상도동", "율하동", "봉명동", "금곡동", "효자동")
DOMAINS = ("daum.net", "hanmail.net", "kakao.com", "nate.com", "korea.kr", "snu.ac.kr")
ROMAN = {
    "정": "jeong",
    "성": "seong",
    "재": "jae",
    "훈": "hoon",
    "동": "dong",
    "규": "gyu",
    "나": "na",
    "래": "rae",
    "솔": "sol",
    "담": "dam",
    "겸": "gyeom",
    "채": "chae",
    "원": "won",
    "아": "a",
    "린": "rin",
    "율": "yul",
    "온": "on",
    "호": "ho",
    "빈": "bin",
    "혁": "hyeok",
    "경": "gyeong",
    "태": "tae",
    "희": "hee",
    "영": "young",
    "민": "min",
    "서": "seo",
    "준": "jun",
    "지": "ji",
    "현": "hyeon",
    "우": "woo",
    "연": "yeon",
    "윤": "yoon",
    "도": "do",
    "하": "ha",
    "은": "eun",
    "수": "su",
    "예": "ye",
    "시": "si",
    "주": "ju",
    "유": "yu",
    "진": "jin",
}


def _given(rng: random.Random) -> str:
    return "".join(rng.choice(GIVEN_SYLLABLES) for _ in range(rng.choice((1, 2, 2, 2, 2, 2, 2, 2, 2, 3))))


def _person(rng: random.Random) -> str:
    return rng.choices(FAMILY_NAMES, FAMILY_WEIGHTS)[0] + _given(rng)


def _address(rng: random.Random) -> str:
    area = rng.choice(PROVINCES) + " " + rng.choice(CITIES + DISTRICTS)
    if rng.random() < 0.7:
        number = f"{rng.randint(1, 300)}" + (f"-{rng.randint(1, 30)}" if rng.random() < 0.3 else "")
        return f"{area} {rng.choice(ROADS)} {number}"
    return f"{area} {rng.choice(NEIGHBOURHOODS)} {rng.randint(1, 1999)}-{rng.randint(1, 40)}"


def _location(rng: random.Random) -> str:
    return rng.choice(PROVINCES) + (" " + rng.choice(CITIES + DISTRICTS) if rng.random() < 0.5 else "")


def _email(rng: random.Random) -> str:
    user = "".join(ROMAN[ch] for ch in _given(rng)) + rng.choice(("", ".", "_")) + str(rng.randint(1, 99))
    return f"{user}@{rng.choice(DOMAINS)}"


def _phone(rng: random.Random) -> str:
    sep = rng.choice(("-", " ", ""))
    if rng.random() < 0.7:
        return f"010{sep}{rng.randint(2000, 9999)}{sep}{rng.randint(0, 9999):04d}"
    return f"0{rng.choice((2, 31, 32, 41, 51, 53, 62))}{sep}{rng.randint(200, 999)}{sep}{rng.randint(0, 9999):04d}"


GENERATORS: dict[str, Callable[[random.Random], str]] = {
    **corpus.GENERATORS,
    "PERSON": _person,
    "STREET_ADDRESS": _address,
    "LOCATION": _location,
    "EMAIL_ADDRESS": _email,
    "PHONE_NUMBER": _phone,
    "X": lambda rng: f"{rng.choice('ABCDEFGH')}{rng.randint(10000, 99999)}",
}

TEMPLATES = (
    "{PERSON}(이) 어제 {PHONE_NUMBER}(으로) 전화했는데 못 받았어요. 다시 연락해 주세요.",
    "택배 받는 분: {PERSON}, 주소: {STREET_ADDRESS}, 연락처 {PHONE_NUMBER}",
    "{PERSON} 과장님께 보고서를 {EMAIL_ADDRESS}(으로) 보내 드렸습니다.",
    "환자 {PERSON}, 주민등록번호 {KR_RRN}, {LOCATION} 거주. 내원 사유: 두통과 어지럼증.",
    "제 카드 {CREDIT_CARD}(으로) 결제가 두 번 됐어요. 확인 부탁드려요. - {PERSON}",
    "{LOCATION}에서 올라온 {PERSON} 씨 환영회는 금요일 저녁이에요.",
    "{PERSON}(와) {PERSON}의 계약서를 {EMAIL_ADDRESS}에 첨부했습니다.",
    "주소가 {STREET_ADDRESS}(으로) 바뀌었습니다. 고지서도 새 주소로 보내 주세요.",
    "안녕하세요 {PERSON}입니다. 예약 번호 {X} 취소하고 싶어요.",
    "{PERSON} 학생의 보호자 연락처가 {PHONE_NUMBER}(으로) 변경되었습니다.",
)

_PARTICLES = {
    "(이)": ("이", "가"),
    "(은)": ("은", "는"),
    "(을)": ("을", "를"),
    "(와)": ("과", "와"),
    "(으로)": ("으로", "로"),
}
_DIGIT_FINAL = {"0": 21, "1": 8, "2": 0, "3": 16, "4": 0, "5": 0, "6": 1, "7": 8, "8": 8, "9": 0}
"""The final consonant (jongseong index) of each digit as read aloud: 영, 일, 이, 삼, 사, 오, 육, 칠, 팔, 구."""


def _final(text: str) -> int:
    """The final consonant of the last syllable `text` is read with (0: none, 8: ㄹ)."""
    last = text[-1]
    if is_hangul(last):
        return (ord(last) - 0xAC00) % 28
    if last.isdigit():
        return _DIGIT_FINAL[last]
    return 16 if last.lower() == "m" else 0  # ".com" is read "컴"; most other letters end open


def _particle(before: str, marker: str) -> str:
    with_final, without = _PARTICLES[marker]
    final = _final(before)
    if marker == "(으로)" and final == 8:  # ㄹ takes 로
        return without
    return with_final if final else without


_PIECE = re.compile(r"\{([A-Z_]+)\}|\((이|은|을|와|으로)\)")


def _fill(template: str, rng: random.Random) -> Sample:
    text, spans, cursor = "", [], 0
    for piece in _PIECE.finditer(template):
        text += template[cursor : piece.start()]
        cursor = piece.end()
        slot, particle = piece.groups()
        if particle is not None:
            text += _particle(text, f"({particle})")
            continue
        value = GENERATORS[slot](rng)
        if slot != "X":
            spans.append((len(text), len(text) + len(value), slot))
        text += value
    return Sample(text + template[cursor:], tuple(spans), ())


def generate(count: int, seed: int = 0) -> list[Sample]:
    """`count` labelled Korean-script prompts, the same for the same seed."""
    rng = random.Random(seed)
    return [_fill(rng.choice(TEMPLATES), rng) for _ in range(count)]
