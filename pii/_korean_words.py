"""Korean's closed classes of words around a person and a place: family names, titles and honorifics,
the particles and copulas written onto a name, the roles and form labels written before one, and the short
names of cities and provinces. Data and patterns only (`pii._korean` applies them)."""

from __future__ import annotations

import regex

from . import wordlists
from ._normalize import HANGUL_SYLLABLES

GRAMMAR_TAGS = ("J", "E", "VCP", "S", "W", "Z")
"""Kiwi's tags of particles, endings, the copula and symbols: what follows a stem."""
FAMILY_NAMES = frozenset(wordlists.entries("family_names_korean.txt"))
FAMILIES = "|".join(sorted(FAMILY_NAMES, key=len, reverse=True))
"""The family names as a pattern's alternation, the longest first ("남궁" before "남")."""
PLACE_SUFFIXES = ("특별자치시", "특별자치도", "특별시", "광역시", "도", "시", "군", "구", "읍", "면", "동", "리", "역")
HONORIFICS = (
    *("님", "씨", "군", "양", "선생", "교수", "박사", "원장", "대표", "사장", "부장", "차장", "과장", "대리"),
    *("팀장", "실장", "주임", "사원", "고객", "환자", "보호자", "변호사", "의사", "간호사", "기자", "작가"),
    *("학생", "선수", "회장", "이사", "소장", "감독", "선배", "후배"),
    *("상무", "전무", "선임", "책임", "수석", "주무관", "총경리", "경리", "여사", "어르신"),
    *("목사", "신부", "수녀", "집사", "장로", "권사", "성도", "형제", "자매", "스님", "상담사", "설계사", "쌤"),
    # soldiers' ranks ("이병 빈동규")
    *("이병", "일병", "상병", "병장", "하사", "중사", "원사", "중위", "대위", "소령", "중령", "대령"),
)
"""Titles and honorifics written after a name ("김민준 님", "이영희 씨", "박지훈 팀장님")."""
_TITLES = tuple(sorted((h for h in HONORIFICS if h not in ("군", "양")), key=len, reverse=True))
"""The titles also written onto the name ("김민준님", "박지훈팀장님"); 군 and 양 only apart ("이동군" is a
county)."""
_COPULAS = ("입니다", "입니까", "이에요", "예요", "이라고", "라고", "이라는", "라는")
_QUOTING = ("이라고", "라고", "이라는", "라는")
"""`X(이)라고 합니다`, `X(이)라는 사람`: a name wherever it stands."""
_LINKS = ("와", "과", "하고", "이랑", "랑")
_AMBIGUOUS = frozenset({"은", "이", "도", "가", "만", "나"})
"""Particles that are as often a given name's last syllable ("하은", "민이", "하도", "종만", "하나")."""
_SUBJECT = frozenset({"이", "가", "은", "는", "께서", "께서는"})
"""The subject's and the topic's particles, after a name opening its sentence ("김하준이 전화했어요")."""
_PARTICLES = (
    rf"(?:{'|'.join(_COPULAS)}"
    r"|(?:께서|에게서|한테서|에게|한테|께|하고|이랑|랑|와|과|처럼|보다|까지|부터)?(?:이|가|은|는|을|를|의|도|만)?)"
)
ADDRESSED = regex.compile(rf"(?:씨|님){_PARTICLES}")
"""씨 or 님 and its particles, written after a name to address or speak of someone ("씨는", "님께")."""
_AFTER_NAME = regex.compile(rf"(?:(?:{'|'.join(_TITLES)})님?)?{_PARTICLES}")
"""What Korean writes onto a name: a title, then a copula or particles (case, then topic or focus):
"님께서는", "씨에게", "과장님께", "입니다", "과", "의"."""


def after_a_name(rest: str) -> bool:
    """Whether `rest` is what Korean writes onto a name (`_AFTER_NAME`), or that after the euphonic 이 a given
    name ending in a consonant takes before its particle ("예린" + "이가"; "민서" + "야" is
    `pii._korean_called.CALLS`), or an honorific and someone's house (`AT_THEIR_HOME`)."""
    if rest[:1] in ("님", "씨") and rest[1:].startswith(AT_THEIR_HOME):
        return True  # "공서윤님댁방문", "연순덕씨댁": the house of the one named, whatever is written on after it
    return _AFTER_NAME.fullmatch(rest) is not None or (rest[:1] == "이" and _AFTER_NAME.fullmatch(rest, 1) is not None)


AT_THEIR_HOME = ("댁", "네")
"""A home named after its people, written onto the word for them ("도현이 할머니댁", "채아 엄마네") or onto a name and
its honorific, the memo going on without a space ("공서윤님댁방문", "연순덕씨댁 화재")."""


_TITLE_FIRST = regex.compile(f"(?:{'|'.join(_TITLES)})")
_TITLE_WORD = regex.compile(rf"(?:{'|'.join(sorted(HONORIFICS, key=len, reverse=True))})님?{_PARTICLES}")
"""A word that is a title, with its particles ("과장님께", "씨가", "학생의"; not "씨앗을")."""
_INTRODUCING = frozenset(
    {"저는", "전", "저", "나는", "난", "이름은", "성함은", "안녕하세요", "안녕하십니까", "반갑습니다"}
)
"""Words after which `X입니다` introduces oneself (at a sentence's start it does anyway)."""
_PERSON_CUES = (
    *("환자", "고객", "보호자", "담당자", "담당", "학생", "성명", "이름", "성함", "받는 분", "보내는 분"),
    *("받으실 분", "수령인", "수취인", "수신인", "발신인", "신청인", "신청자", "작성자", "예약자", "주문자"),
    *("계약자", "대표자", "남편", "아내", "부인", "아들", "딸", "동생", "친구", "동료", "엄마", "아빠"),
    *("어머니", "아버지", "할머니", "할아버지", "주치의", "담임"),
    # who a form, a claim or a complaint is about, or who holds an account
    *("고객명", "민원인", "예금주", "피보험자", "가입자", "청구인", "피해자", "운전자", "세입자", "임차인"),
    *("임대인", "담당의", "상담원", "의뢰인", "지원자", "응시자", "세대주", "명의자", "입주자", "내원객"),
    # relations, parties to a case, members of a group, as a roster, a judgment or an invitation writes them
    *("배우자", "장모", "장모님", "장인", "시어머니", "시아버지", "며느리", "사위", "이모", "고모", "삼촌"),
    *("외할머니", "외할아버지", "조카", "사촌", "손자", "손녀", "장남", "장녀", "차남", "차녀", "지인"),
    *("신랑", "신부", "유족", "상주", "피고인", "피고", "원고", "증인", "목격자", "변호인", "판사", "검사"),
    *("피의자", "고소인", "참고인", "인계자", "인수자", "공인중개사", "중개사", "총무", "부원", "회원"),
    *("방장", "부방장", "통역사", "내담자", "와이프", "남친", "여친", "동거인"),
    *("예비신랑", "예비신부", "약혼자", "약혼녀", "남자친구", "여자친구", "간병인", "산모", "룸메이트"),
    # a real name before it ("작가 본명 연보라"; not 실명, as often "실명 계좌", nor 법명, part of "법명 혜민")
    "본명",
    # in-laws and siblings, and a family register's "부" and "모" ("시누이 손미정", "상속인: 모 한명자")
    *("시누이", "시동생", "형부", "처제", "처형", "올케", "매형", "매제", "형수", "제수", "처남", "동서", "손주"),
    *("외손자", "외손녀", "오빠", "언니", "누나", "큰언니", "막내", "막내딸", "막내아들", "큰딸", "작은딸", "큰아들"),
    *("작은아들", "부", "모", "자부"),
    # the dead, in an obituary or a family's register ("故 국영길")
    "故",
    *("단장", "대학원생", "연구원", "박사후연구원", "직원", "원아", "참가자", "참석자", "팀원", "수강생"),
    # who a public office's form or log names: a complainant, a finder, a donor, and the police officer who took it
    # ("습득자: 최윤", "경위 삼정우"); not a village's head (이장: "이장 연수", the heads' training), a volunteer
    # (봉사자: "봉사자 단톡", the volunteers' group chat), a user or a recipient of benefits, before a noun as often
    # ("이용자 조회수", "수급자 가구원")
    *("이의신청인", "신고인", "신고자", "습득자", "진정인", "피진정인", "후원자"),
    *("순경", "경장", "경사", "경위", "경감", "경정", "형사"),
    *(h for h in _TITLES if h not in ("님", "씨", "고객", "환자", "보호자", "학생")),
)
"""Nouns naming a person's role or relation, written before the name ("환자 김민준", "제 남편 이준호",
"담당 과장 박지훈"), and form labels ("성명: 김민준", "받는 분: 이서아")."""
_CUES = "|".join(cue.replace(" ", r"\s?") if len(cue) > 1 else rf"(?<![0-9] ?){cue}" for cue in _PERSON_CUES)
"""The cues as a pattern; a one-syllable one not after a number, which the detection view parts from it ("모 한순자";
not "2부 조별 토론", seen as "2 부 조별 토론")."""
_CUE_BEFORE = regex.compile(rf"(?<![{HANGUL_SYLLABLES}])(?:{_CUES})\s*[:\uff1a]?\s*$")
_LABEL_BEFORE = regex.compile(rf"(?<![{HANGUL_SYLLABLES}])(?:{_CUES})[^\S\n]*[:\uff1a][^\S\n]*$")
"""A form's label for a person, with its colon ("민원인: ", "예금주:")."""
_SIGNED = ("드림", "올림", "배상")

PLACES = frozenset(
    (
        *("서울", "부산", "대구", "인천", "광주", "대전", "울산", "세종", "제주", "경기", "강원", "충북", "충남"),
        *("전북", "전남", "경북", "경남", "수원", "성남", "고양", "용인", "창원", "청주", "천안", "전주", "안산"),
        *("안양", "김해", "포항", "원주", "춘천", "목포", "여수", "순천", "경주", "김포", "파주", "하남", "구리"),
        *("남양주", "의정부", "강릉", "속초", "안동", "강남", "강북", "강서", "강동", "송파", "서초", "마포"),
        *("용산", "종로", "신촌", "분당", "일산", "해운대", "한국", "대한민국"),
    )
)
"""Korean cities, provinces and districts by their short names (a closed list of administrative names),
and the country: a proper noun that is one of them is a place, not a person whose name it resembles
("서울" is 서 + 울), and a word built on one ("서울대", "한국어") is neither."""
PLACE_PREFIXES = tuple(sorted(PLACES, key=len, reverse=True))
NOT_LOCATING = frozenset({"한국", "대한민국"})
"""Places too wide to locate anyone: left in the text."""


def family_of(form: str) -> str | None:
    """The family name a word of a name's shape starts with: a family name (one or two syllables, from the
    closed class), then a given name of one to three syllables."""
    for family in (form[:2], form[:1]):
        if family in FAMILY_NAMES and 1 <= len(form) - len(family) <= 3:
            return family
    return None


PARENT_OF = ("엄마", "아빠", "맘", "어머니", "아버지")
"""What a parent is called by in a class's chat: their child's name and this ("도윤엄마", "한결맘")."""


def given_name(form: str) -> str | None:
    """The given name (two or three syllables) a found person's name gives, by which family and friends call them
    elsewhere: after the family name ("황보민서", "탁 나래"), the name itself when no family name leaves two
    syllables of it ("한결", "윤슬"), the child's of a parent ("나라엄마"); None for a name of another shape."""
    words = form.split()
    if len(words) == 2 and words[0] in FAMILY_NAMES:
        form = words[1]
    elif len(words) != 1:
        return None
    for parent in PARENT_OF:
        if form.endswith(parent) and len(form) > len(parent):
            form = form[: -len(parent)]
            break
    if not all("\uac00" <= ch <= "\ud7a3" for ch in form):
        return None
    family = family_of(form)
    given = form[len(family) :] if family is not None and len(form) - len(family) >= 2 else form
    return given if 2 <= len(given) <= 3 else None


_PARENTS_SIBLINGS = (
    *("큰아버지", "큰어머니", "작은아버지", "작은어머니", "큰아빠", "큰엄마", "작은아빠", "작은엄마", "고모부"),
    *("이모부", "외삼촌", "숙모", "외숙모", "숙부", "당숙", "큰이모", "작은이모", "큰고모", "작은고모", "사촌형"),
    *("사촌오빠", "사촌언니", "사촌누나", "사촌동생"),
)
"""A parent's siblings and their spouses, and cousins, as a family's chat or a seating plan names them: no name
themselves ("[큰이모] [오후 8:31] ..." is no one); no cue for what follows them either, which is a time, a dish, a
car or a shop as often as a name ("큰아빠 네시 반", "큰엄마 표 식혜", "외삼촌 민박집")."""
KOREAN_ROLES = frozenset((*_PERSON_CUES, *HONORIFICS, *_PARENTS_SIBLINGS))
"""Roles, relations, titles and form labels: no name themselves ("고객(Sophie Lee)", "John Smith (담당자)")."""


def a_place_word(word: str) -> bool:
    """A province's or city's short name, or a word ending like a county, district, town or township ("고창군")."""
    return word in PLACES or (len(word) >= 2 and word.endswith(("군", "구", "읍", "면")))


def a_unit(word: str) -> bool:
    """A place, a team, department or office ("구매부", "재무팀"), or a word of a company's name ("구글 코리아"): no
    word of a name."""
    if word in _ORGANISATION_WORDS or word in ("팀", "부서"):
        return True
    return a_place_word(word) or (len(word) >= 3 and word.endswith(("팀", "부", "과", "실", "국", "처", "청")))


_ORGANISATION_WORDS = frozenset(
    {"코리아", "재팬", "차이나", "그룹", "코퍼레이션", "컴퍼니", "랩스", "클라우드", "테크", "뱅크", "캐피탈"}
    | {"홀딩스", "스튜디오", "엔터테인먼트", "파트너스", "솔루션", "시스템즈", "네트웍스", "코리아나", "글로벌"}
)
"""Words that end or make a company's name in Hangul ("넷플릭스 코리아", "네이버 클라우드")."""
