"""Places in Hangul that Korean writing puts a person in, whatever the place: a town abroad as Korean writes it
("타슈켄트에서 거주", "블라디보스토크 출신", "칭다오에 계세요", "울란바토르 출장 중") or a neighbourhood on no
list ("판교 근처로 이사"). Korea's administrative names are found by their suffixes and short names (`pii._korean`); the
world's towns are on no list in Hangul, so the words around them decide: where someone comes from, lives, moved,
stays or travels for work.

A word counts when Kiwi reads it as one proper noun ("집에 살아요", "법조계 출신" stay) and it names no school,
company or unit ("서울대 출신", "삼성전자 출신"). Known cost: proper nouns of groups before 출신 ("아이돌 출신").
Pure pattern; what Kiwi reads is asked of the caller.
"""

from __future__ import annotations

from collections.abc import Callable

import regex

from ._hangul_places import big_two_syllable_cities, hangul_cities
from ._korean_places import NOODLES
from ._normalize import HANGUL_SYLLABLES

_H = f"[{HANGUL_SYLLABLES}]"
_LOCATED = regex.compile(
    rf"(?<!{_H})({_H}{{2,8}}?)"
    r"(?:"
    r"[ \t]?(?:출신|출장|지사|주재|거주|체류|파견)"  # "바탕가스 출신", "울란바토르 출장", "뭄바이 주재", "뮌헨 파견"
    r"|(?:에|으로|로)[ \t]?(?:출장|파견)"  # "타슈켄트에 출장 와 있어서"
    r"|에서[ \t]?(?:나고|태어|자랐|자란)"  # "익산에서 나고 자랐습니다"
    r"|(?:에서|에)[ \t]?(?:(?:혼자|홀로|같이|함께|따로|계속|아직|지금|오래)[ \t]?)?"  # "제천에 혼자 사시고"
    r"(?:거주|살|사는|사시|사심|체류|유학|계시|계세요|계신|계십|머물|머무|자취|하숙|지내|지냅|지낸)"
    r"|에[ \t]?(?:(?:혼자|홀로|같이|함께|따로|아직|지금)[ \t]?)?사세요"  # "순창에 혼자 사세요"; "...에서 사세요" buys
    # the particle dropped, as speech does ("저 경산 살아요"); not 사는, 살고 or 삽니다, as often "buying"
    r"|[ \t](?:살아요|살아서|살았|살고[ \t]?있)"
    # and 사는 too, with 에서 written short or not, after a word shaped or listed as a town (`_a_town_by_shape_or_list`)
    r"|(?P<lives>서?[ \t](?:사는|사시는|사셔서|사신다))"
    r"|(?:으로|로)[ \t]?(?:내려왔|내려온|내려가|올라왔|올라온|올라가|귀촌|귀농)"  # "양평으로 내려왔어요"
    r"|[ \t]시내"  # "영천 시내 한우집" (a firm "comes" and "departs" too: "삼성에서 오신", "대한항공 출발")
    r"|에[ \t]?(?:있어|있습니다|있는[ \t]중)"  # "지금 저는 멜버른에 있어서"
    r"|(?:에|으로|로)?[ \t](?:가요|갑니다|가는[ \t]길|갈[ \t]?거|갔|다녀)"  # "다음주 사마르칸트 가요"
    r"|에서[ \t]?(?:바로[ \t]?)?(?:갈게|출발|올라갈|내려갈)"  # where someone sets off from: "동탄에서 바로갈게요"
    r"|에서[ \t]?(?:올라오시|올라오셔|올라오신|올라오심|내려오시|내려오셔|내려오신|내려오심)"  # "함평에서 올라오심"
    r"|에서[ \t]?(?:워홀|워킹홀리데이|어학연수|연수|근무)"  # "토론토에서 워홀 중인"
    r"|(?:에서|으로|로)[ \t]?이사"  # "하노이에서 이사 왔어요"
    # a few words between: "타슈켄트에서 올해 8월 입국", "알마티에서 선교사 자녀로 성장"
    r"|에서(?:[ \t]+[^\s,.]{1,6}){0,3}[ \t]+(?:입국|성장|자랐|워킹홀리데이|유학)"  # the view writes "8 월"
    r"|[ \t](?:법인|지사|지점|공장)[ \t]?(?:파견|발령|근무|주재)"  # "싱가포르 법인 파견"
    r"|(?:으로|로)[ \t]?(?:자대배치|자대|발령|전근|전학|이민|유학)"  # "인제로 자대배치", "밴쿠버로 이민"
    r"|[ \t]?(?:가족여행|신혼여행)"  # "다낭 가족여행"
    r"|[ \t]근처로[ \t]?이사"  # "판교 근처로 이사"
    r")"
)
_NOT_A_PLACE_END = (
    *("대", "대학", "대학교", "고", "고등학교", "학교", "중학교", "초", "초등학교", "회사", "그룹", "전자"),
    *("팀", "부", "과", "실", "센터", "은행", "병원", "교회", "성당", "공장", "본사", "어디", "여기", "거기"),
    *("공단", "공사", "재단", "협회", "조합", "본부", "법인", "역", "공항", "터미널", "항"),
)
"""Schools, companies, units and where-words: what a person also comes from or works at, and no place of theirs."""

_STAY = regex.compile(rf"(?<!{_H})({_H}{{2,8}}?)[ \t]?\([ \t]?\d{{1,2}}[ \t]?박(?:[ \t]?\d{{1,2}}[ \t]?일)?[ \t]?\)")
"""A trip's stop and its nights in brackets ("알마티(3박) → 댈러스(4박)"): a town Kiwi may not know as one."""
_NOT_A_STAY_END = ("호텔", "리조트", "펜션", "모텔", "호스텔", "숙소", "캠핑", "게스트하우스")
"""Where one sleeps, not the town: "신라호텔(2박)"."""

_HOME = regex.compile(
    rf"(?<!{_H})(?:친정|고향|본가|시댁|처가)(?:은|는|이|가|도|[ \t]*[:\uff1a])?[ \t]+"
    rf"(?!미정|비공개|없음|모름|불명|미상)({_H}{{2,8}}?(?:[ \t]{_H}{{2,8}}?)?)"
    r"(?=이에요|예요|입니다|이고|이라|이라서|인데|이었|였|이시|이세요|이래|[ \t]*(?:$|[.,()\n]))",
    regex.MULTILINE,
)
"""Where a person's family home is ("친정은 껀터", "고향이 울란우데예요", "고향이 연길이시래", "고향: 헤이룽장성 하얼빈
(哈尔滨)"): the word or two after it, whatever they are."""

_COUNTRIES = (
    *("미국", "캐나다", "멕시코", "브라질", "아르헨티나", "칠레", "페루", "콜롬비아", "영국", "프랑스", "독일"),
    *("이탈리아", "스페인", "포르투갈", "네덜란드", "벨기에", "스위스", "오스트리아", "스웨덴", "노르웨이", "덴마크"),
    *("핀란드", "폴란드", "체코", "헝가리", "러시아", "우크라이나", "튀르키예", "터키", "그리스", "이집트", "모로코"),
    *("나이지리아", "케냐", "남아공", "중국", "일본", "대만", "몽골", "베트남", "태국", "필리핀", "말레이시아"),
    *("인도네시아", "캄보디아", "라오스", "미얀마", "네팔", "인도", "파키스탄", "방글라데시", "스리랑카"),
    *("우즈베키스탄", "카자흐스탄", "키르기스스탄", "이란", "사우디", "아랍에미리트", "호주", "뉴질랜드"),
    *("한국", "대한민국"),
)
"""Countries in Hangul: none is a person's place by these words ("러시아 출장", "중국 출신": a country locates no one
closely, as a table's "country" column does not); city-states (싱가포르, 홍콩) are towns."""
_WIDER = (
    *("유럽", "동유럽", "서유럽", "북유럽", "남유럽", "아시아", "동남아", "동남아시아", "중동", "남미", "북미"),
    *("중남미", "아프리카", "오세아니아", "해외", "국내", "시골", "도시"),
    *("카톡", "카카오톡", "라인", "위챗", "텔레그램", "왓츠앱", "인스타", "인스타그램", "페이스북"),
)
"""Continents, regions of the world and where-words: no one's place either ("유럽 여행"); and the messengers a contact's
line lists beside where someone lives ("미국 시애틀, 카톡 ID ...")."""
_IN_A_COUNTRY = regex.compile(
    rf"(?<=\([ \t]?)(?:{'|'.join(sorted(_COUNTRIES, key=len, reverse=True))})[ \t]?,[ \t]?({_H}{{2,8}})"
    r"(?=[ \t]?\))"
)
"""A town after its country in brackets, as a roster writes where someone is from ("Emily Carter (미국, 보스턴)",
"(한국, 부산)"): a place when Kiwi reads it as a proper noun and it is no country ("(미국, 캐나다)"); a country before
a name in a sentence is a leader's or a firm's as often ("미국 트럼프 대통령", "독일 폭스바겐 리콜")."""

Predicate = Callable[[int, int], bool]
_UNITS = ("시", "군", "구", "동", "읍", "면")
"""What ends the name of a city, a county, a district, a neighbourhood, a town or a township: a place, whatever Kiwi
reads, after a cue of living or moving (`_MOVED`; not "영업활동에 있어서")."""
_MOVED = regex.compile(r"이사|거주|살|사는|사시|사셔|자취|하숙|지내|지냅|출신|태어|나고|자랐|이민|전학|발령|귀촌|귀농")


_NEIGHBOURHOODS = frozenset(
    (
        *("잠실", "공덕", "마곡", "동탄", "판교", "광교", "위례", "구로", "상암", "목동", "홍대", "합정", "망원"),
        *("연남", "이태원", "한남", "압구정", "청담", "역삼", "도곡", "개포", "왕십리", "봉천", "사당", "방배"),
        *("노원", "창동", "평촌", "산본", "송도", "청라", "검단", "운정", "영통", "죽전", "센텀", "광안리", "둔산"),
        *("광명", "시흥", "여의도", "잠원", "반포", "신림", "수지", "기흥", "분당", "일산", "신촌", "성수", "화곡"),
        *("상계", "부평", "주안", "동래", "해운대", "별내", "망포", "배곧"),
    )
)
"""Neighbourhoods and new towns people say they live in, which Kiwi reads as words as often ("잠실" a silkworm room,
"공덕" merit): a place where a cue of living, moving or staying follows ("잠실에 살면서", "공덕에 혼자
살아"), never by themselves; not those that are words first (미사 a mass, 서면 in writing, 다산 many births)."""


def _a_town_by_shape_or_list(word: str) -> bool:
    """Whether a word is shaped as a town's name (a unit's syllable or 마을 ends it: "지평면", "대축마을") or is a
    listed town or neighbourhood ("거제", "부평"): where a person lives when 사는 follows it with no particle, as
    speech drops it ("거제 사는 남동생", "인천 부평서 사는디"); another word there is bought ("쿠팡 사는 거")."""
    if _shaped_as_a_town(word):
        return True
    return word in _NEIGHBOURHOODS or word in hangul_cities() or word in big_two_syllable_cities()


def _shaped_as_a_town(word: str) -> bool:
    """Whether a word ends as a town's name does (a unit's syllable, 리 or 마을), three syllables at least, and no
    noodle's ("짜장면 사는 사람": `NOODLES`)."""
    return len(word) >= 3 and word.endswith((*_UNITS, "리", "마을")) and not word.endswith(NOODLES)


def located_places(
    text: str, proper: Predicate, people: Predicate, ordinary: Predicate, predicated: Predicate
) -> list[tuple[int, int]]:
    """The spans of words that the words after them make a person's place. `proper`: whether Kiwi reads the text
    between two offsets as one proper noun; `people`: whether a person was found there; `ordinary`: whether Kiwi
    reads it as common words (a trip's stop need only be none: "알마티(3박)"); `predicated`: whether it reads a verb,
    an adjective or an ending there (a family home is a noun: "고향은 좋아요" says nothing of where)."""
    found = [
        match.span(1)
        for match in _STAY.finditer(text)
        if not match.group(1).endswith(_NOT_A_PLACE_END + _NOT_A_STAY_END)
        and not ordinary(*match.span(1))
        and not people(*match.span(1))
    ]
    found += [
        match.span(1)
        for match in _HOME.finditer(text)
        if not match.group(1).endswith(_NOT_A_PLACE_END)
        and not ordinary(*match.span(1))
        and not predicated(*match.span(1))
        and not people(*match.span(1))
    ]
    for match in (*_LOCATED.finditer(text), *_IN_A_COUNTRY.finditer(text)):
        start, end = match.span(1)
        word = match.group(1)
        lives = match.groupdict().get("lives") is not None
        shaped = _shaped_as_a_town(word) and not word.endswith(_UNITS)  # "미나리": a word too, where "지평면" is a town
        if lives and (not _a_town_by_shape_or_list(word) or (shaped and ordinary(start, end))):
            continue  # "쿠팡 사는 거", "미나리 사는 곳": buying
        listed = lives or word in _NEIGHBOURHOODS  # "잠실" ends as a room does ("회의실")
        moved = _MOVED.search(match.group(0), len(word)) is not None
        listed = listed or (moved and len(word) >= 3 and word.endswith(_UNITS))  # "광산구로 이사": Kiwi splits it
        if (not listed and (word.endswith(_NOT_A_PLACE_END) or not proper(start, end))) or people(start, end):
            continue
        if word in _COUNTRIES or word in _WIDER:  # "(미국, 캐나다)", "유럽 여행"
            continue
        found.append((start, end))
    return found


_AT_WORK = regex.compile(
    rf"(?<!{_H})({_H}{{2,8}}?)[ \t]?(?:공장|사옥|본사|지사|지점|사무소|공단|캠퍼스|출장소|영업소|연구소|물류센터|법인)"
)
"""A town before the site someone works at ("김해 공장", "부산지점 → 대전지점", "서울 본사"): a firm Kiwi reads as a
proper noun stands there as often ("삼성 공장", "현대 본사"), so only a town on a list."""


def at_work(text: str, listed: Callable[[str], bool], proper: Predicate) -> list[tuple[int, int]]:
    """The spans of towns on a list (`listed`) before a workplace's word (`_AT_WORK`) that Kiwi reads as one proper
    noun (`proper`: "회의 끝난 후에 사무소로" is "after", though 후에 is Huế too); no country ("베트남 법인", "중국
    공장": a country locates no one closely)."""
    return [
        m.span(1)
        for m in _AT_WORK.finditer(text)
        if listed(m.group(1)) and m.group(1) not in _COUNTRIES and proper(*m.span(1))
    ]


_BESIDE = r"(?:[ \t]*[\u00b7/][ \t]*|,[ \t]+|[ \t]+(?:및|and|&)[ \t]+|(?:와|과|랑|이랑)[ \t]+)"
"""What stands between two towns in a list ("바르셀로나·그라나다", "방콕, 치앙마이", "교토와 오사카"); not a bare comma,
which parts a table's columns ("부산,진라면,800")."""
_LISTED_AFTER = regex.compile(rf"{_BESIDE}({_H}{{2,8}})")
_LISTED_BEFORE = regex.compile(rf"(?<!{_H})({_H}{{2,8}}?){_BESIDE}$")


def listed_beside(
    text: str, places: list[tuple[int, int]], town: Predicate, people: Predicate
) -> list[tuple[int, int]]:
    """The spans of words listed right after a town abroad (`places`: found, and on the list of them), or right before
    one, that are towns too (`town`: Kiwi reads a proper noun it has never seen, or a town abroad on the lists, with
    its particles aside) and name no person, country or school ("바르셀로나·그라나다", "교토와 오사카에"): a trip's
    towns. A town of Korea is not a seed: its neighbours in a list are as often brands or products ("보령 메디앙스,
    세타필"); nor is a firm, a brand or a person Kiwi knows a town beside one ("시애틀과 스타벅스", "베를린과
    베토벤")."""
    taken = {i for start, end in places for i in range(start, end)}
    found: list[tuple[int, int]] = []
    waiting = list(places)
    while waiting:  # each span is looked beside once: linear in the list's length
        start, end = waiting.pop()
        for span in (_listed_after(text, end, town), _listed_before(text, start, town)):
            if span is None or any(i in taken for i in range(*span)):
                continue
            word = text[slice(*span)]
            if word in _COUNTRIES or word in _WIDER or word.endswith(_NOT_A_PLACE_END) or people(*span):
                continue
            found.append(span)
            waiting.append(span)
            taken.update(range(*span))
    return found


def _listed_after(text: str, end: int, town: Predicate) -> tuple[int, int] | None:
    """The town listed after a place that ends at `end`, without its particles."""
    match = _LISTED_AFTER.match(text, end)
    if match is None:
        return None
    start = match.start(1)
    return next(((start, stop) for stop in range(match.end(1), start + 1, -1) if town(start, stop)), None)


def _listed_before(text: str, start: int, town: Predicate) -> tuple[int, int] | None:
    """The town listed before a place that starts at `start`."""
    match = _LISTED_BEFORE.search(text, max(0, start - 16), start)
    return match.span(1) if match is not None and town(*match.span(1)) else None
