"""Names written in Chinese characters after a form's label ("患者:王秀兰,女", "报告人:李建国(主治医师)",
"氏名: 山田 太郎") or speaking in a chat after its time ("[10:10] 林志明: ..."): a label of a person in Chinese or
Japanese, then two to five characters that a common family name opens (Japanese labels take any, since Japan's family
names are too many to list). A run of characters without such a label is a word as often as a name ("学生", "北京"),
so the label decides. Korean names in Chinese characters beside their Hangul: `pii._korean_names`.
"""

from __future__ import annotations

import regex

from . import _english as english
from ._people_found import PeopleFound

HAN_FAMILIES = frozenset(
    "王李张張刘劉陈陳杨楊黄黃赵趙吴吳周徐孙孫马馬朱胡郭何高林罗羅郑鄭梁谢謝宋唐许許韩韓冯馮邓鄧曹彭曾肖田董袁潘于蒋蔣蔡余"
    "杜叶葉程苏蘇魏吕呂丁任沈姚卢盧姜崔钟鍾谭譚陆陸汪范金石廖贾賈夏韦韋方白邹鄒孟熊秦邱江尹薛段雷侯龙龍史陶黎贺賀顾顧"
    "毛郝龚龔邵万萬钱錢严嚴武戴莫孔汤湯朴权權申安柳洪全文裴裵曺河成车車具禹南"
    "都魚玉卞片奇秋池睦琴丘延芮閔愼辛吉承庾殷邢偰昔桂宣慎俞"
)
"""Common family names of China and Korea in Chinese characters: the first character of a name written so."""
HAN_COMPOUND_FAMILIES = ("南宮", "鮮于", "獨孤", "諸葛", "皇甫", "西門", "司空", "欧阳", "歐陽", "司马", "司馬", "上官")
"""Family names of two characters ("鮮于明哲", "欧阳娜娜")."""

_CHINESE_LABELS = (
    "患者|病人|姓名|名字|报告人|報告人|联系人|聯絡人|聯繫人|收件人|收货人|收貨人|寄件人|申请人|申請人|被保险人|被保險人"
    "|投保人|家属|家屬|监护人|監護人|经办人|經辦人|负责人|負責人|客户|客戶|乘客|旅客|租客|房东|房東|业主|業主|学生|學生"
    "|员工|員工|主治医师|主治醫師|医师|醫師|医生|醫生|护士|護士|律师|律師|委托人|委託人|当事人|當事人|证人|證人|法定代表人"
    "|曾用名|别名|別名|户主|戶主|父亲|父親|母亲|母親|配偶|丈夫|妻子|儿子|兒子|女儿|女兒|紧急联系人|緊急聯絡人"
)
_JAPANESE_LABELS = "氏名|お名前|名前|担当者|申込者|患者名"
_LABELLED = regex.compile(
    rf"(?:(?P<chinese>{_CHINESE_LABELS})|(?P<japanese>{_JAPANESE_LABELS}))[ \t\u3000]*[:\uff1a][ \t\u3000]*"
    r"(?P<name>\p{Han}{1,2}[ \u3000]?\p{Han}{1,3})(?!\p{Han})"
)


_CHINESE_KIN = "妈妈|媽媽|爸爸|老公|老婆|太太|母亲|母親|父亲|父親|丈夫|妻子|哥哥|姐姐|弟弟|妹妹|儿子|兒子|女儿|女兒"
_KIN_THEN_NAME = regex.compile(
    rf"(?:{_CHINESE_KIN})(?:[ \t\u3000]+|[ \t\u3000]*(?:是|叫)[ \t\u3000]*)(?P<name>\p{{Han}}{{2,3}})(?!\p{{Han}})"
)
_KIN_BRACKETED = regex.compile(rf"(?:{_CHINESE_KIN})[（(](?P<name>\p{{Han}}{{2,3}})[）)]")
"""A relative's word, then their name after a space, "是" or "叫", not a colon ("紧急联系人是她妈妈 李秀英"; not
"我儿子高考了"); or in brackets ("我丈夫（王磊）"), no role, illness or grade there (`_a_role_or_place`:
"妈妈（高血压）", "儿子（高一）")."""
_SELF_NAMED = regex.compile(
    r"(?:我是|我叫)[ \t\u3000]*(?P<name>\p{Han}{2,3}?)(?=这边|這邊|[，。,.!！？?\s]|$)"
    r"|(?:^|(?<=[，。,.!！？?\s]))(?P<name>\p{Han}{2,3}?)(?:这边|這邊)"
)
"""A writer naming themselves: "我是" or "我叫" before their name, or their name before "这边" ("您好，李春花这边。",
a caller's "this is ... here")."""
_JAPANESE_SELF_NAMED = regex.compile(
    r"(?<![\p{Han}\p{Katakana}\u30fc\u30fb])(?P<name>[\p{Han}\p{Katakana}\u30fc\u30fb]{2,8})"
    r"(?=と申します|と申し上げます|と言います|といいます)"
    r"|私は(?P<name>[\p{Han}\p{Katakana}\u30fc\u30fb]{2,8})(?=です|と申します)"
)
"""A Japanese writer naming themselves: a name before "と申します" ("森本彩花と申します", after a role and の too:
"担当の山田太郎と申します"), or between "私は" and "です"; not a firm's or an office's name before it
(`_A_FIRMS_END`)."""
_A_FIRMS_END = ("会社", "事務所", "病院", "医院", "部", "課", "係", "センター", "銀行", "協会", "学校", "大学", "店")
_A_FIRMS_WORDS = ("会社", "株式", "商事", "商店", "工業", "産業", "グループ", "ホールディングス", "事務所")
_TITLES_AFTER = frozenset(
    {"老师", "老師", "先生", "女士", "小姐", "医生", "醫生", "经理", "經理", "老板", "老闆", "师傅"}
)
"""Titles after a family name, which name no one by themselves ("王老师", Teacher Wang)."""
_NOT_A_NAMES_END = frozenset("员員生人工匠师師总總姐哥哈压壓病症癌炎")
"""Last characters of a role, a trade, a title or an illness rather than a given name ("钟点工", "程序员", "石匠",
"李总", "马大哈", "高血压")."""
_PLACES_END = frozenset("庄莊州市县縣区區镇鎮村江山湖岛島京海门門口汇匯杭")
"""Last characters of a place's name before "这边" ("石家庄这边", "徐汇这边", "余杭这边")."""
_GRADES = regex.compile(r"[高初]中?[一二三]|小学|大学|高考")
"""A school's grade or an exam in a relative's brackets ("儿子（高一）")."""


def _a_role_or_place(name: str, self_named: bool) -> bool:
    """Whether characters where a name may stand are a role, a trade, a title, a grade or (before "这边") a place."""
    if name[1:] in _TITLES_AFTER or name[-1] in _NOT_A_NAMES_END or _GRADES.search(name):
        return True
    return self_named and name[-1] in _PLACES_END


_JAPANESE_FORM = regex.compile(
    r"(?m:^)[ \t\u3000]*(?:氏[ \u3000]*名|ふりがな|フリガナ)[ \t\u3000]+"
    r"(?P<name>\p{Han}{1,3}[ \u3000]\p{Han}{1,3}"
    r"|[\p{Hiragana}\p{Katakana}\u30fc]{1,8}[ \u3000][\p{Hiragana}\p{Katakana}\u30fc]{1,8})"
    r"(?![\p{Han}\p{Hiragana}\p{Katakana}])"
)
"""A Japanese résumé's or form's name and its reading, the label spaced out to the form's width
("氏\u3000\u3000名\u3000石川 美咲", "ふりがな\u3000いしかわ みさき")."""


JAPANESE_FAMILIES = frozenset(
    (  # noqa: SIM905 (a list written as words is easier to read and keep)
        "佐藤 鈴木 高橋 田中 伊藤 渡辺 渡邊 渡部 山本 中村 小林 加藤 吉田 山田 佐々木 山口 松本 井上 木村 林 "
        "斎藤 斉藤 清水 山崎 森 池田 橋本 阿部 石川 山下 中島 石井 小川 前田 岡田 長谷川 藤田 後藤 近藤 村上 "
        "遠藤 青木 坂本 福田 太田 西村 藤井 金子 岡本 藤原 中野 三浦 原田 中川 松田 竹内 小野 田村 中山 和田 "
        "石田 森田 上田 原 内田 柴田 酒井 宮崎 横山 高木 安藤 宮本 大野 小島 谷口 今井 工藤 高田 増田 丸山 "
        "杉山 村田 大塚 新井 小山 平野 藤本 河野 上野 野口 武田 松井 千葉 岩崎 菅原 木下 久保 佐野 野村 松尾 "
        "市川 菊地 菊池 杉本 古川 大西 島田 水野 桜井 高野 吉川 山内 西田 飯田 西川 小松 北村 安田 五十嵐 "
        "川口 平田 関 中田 久保田 服部 東 岩田 土屋 川崎 福島 本田 辻 樋口 秋山 田口 永井 山中 中西 吉村 川上 "
        "石原 大橋 松岡 馬場 浅野 荒木 大久保 野田 小池 松下 熊谷 森本 松原 宮田 星野 内藤 片山 桑原 大谷 堀 "
        "今村 望月 須藤 西山 小西 北川 矢野 岡崎 黒田 松村 広瀬 岩本 大石 竹田 高山 小田 堤 上原 細川 早川 "
        "荒井 亀井 福井 平井 宮下 河合 岡 小沢 川村"
    ).split()
)
"""Japan's commonest family names in Chinese characters: the first word of a Japanese name written with a space."""
_KANA = r"\p{Hiragana}\p{Katakana}\u30fc"
_NO_NAMES_END = "[区市町村県都府道駅店園館院所署局社会課部室線橋寺城港島园站路县屋学行発薬研工業牛]"
"""Where a place's or a workplace's name ends ("中村 区役所", "上野 動物園", "中山 公园", "武田 薬品工業"), never a
given name."""
_NOT_GIVEN = frozenset(
    {"第一", "花火", "日本", "貴金属", "重工", "技研", "製薬", "大学", "銀行", "原発", "電機", "商事"}
)
"""Words after a family name's characters that name a firm or a thing ("福島 第一", "川崎 重工"), not a person."""
_KANA_WORDS = frozenset(
    {"です", "でした", "ます", "から", "まで", "より", "など", "には", "では", "とは", "のは", "ので", "けど", "だけ"}
    | {"しか", "こと", "もの", "これ", "それ", "あれ", "ここ", "そこ", "さん", "さま", "くん", "ちゃん", "さんは"}
)
"""Words of Japanese's grammar in kana after a family name's characters ("森 です", "東 から"), no given name."""
_JAPANESE_FAMILY = "|".join(sorted(JAPANESE_FAMILIES, key=len, reverse=True))
_JAPANESE_NAME = regex.compile(
    rf"(?<![\p{{Han}}{_KANA}])(?P<name>(?:{_JAPANESE_FAMILY})[ \u3000]"
    rf"(?P<given>\p{{Han}}{{1,3}}(?<!{_NO_NAMES_END})|\p{{Hiragana}}{{2,6}}))"
    rf"(?=[ \u3000]?(?P<honorific>さん|様|さま|君|くん|ちゃん|先生|氏)|[^\p{{Han}}{_KANA}]|\Z)"
    rf"(?:[ \u3000]?[(\uff08](?P<reading>[{_KANA}]{{2,8}}[ \u3000][{_KANA}]{{1,8}})[)\uff09])?"
)
"""A Japanese family name (`JAPANESE_FAMILIES`), a space, then a given name of one to three characters or of
hiragana, as Japanese writes a person's name apart from the words around it ("長男\u3000山本 健太", "> > > 佐々木
陽子"), and its reading in kana in brackets after it, if any ("山本 茂雄 (やまもと しげお)"): Japanese text has no
spaces between words, so a space after a family name marks a name."""


_SPEAKER = regex.compile(
    r"(?m:^)[ \t]*\[\d{1,2}:\d{2}(?::\d{2})?\][ \t]*(?P<name>\p{Han}{2,4})(?:[ \t]+\p{Lu}\p{Ll}+)?[ \t]*[:\uff1a]"
)
"""A chat line's speaker in Chinese characters after its time, maybe with their English name ("[10:02] 陳嘉欣 Karen:
各位早晨", "[10:10] 林志明: I'm back")."""
GATE = (
    rf"\p{{Han}}[ \t\u3000]*[:\uff1a]|{_CHINESE_KIN}|我是|我叫|这边|這邊|氏|ふりがな|フリガナ|\][ \t]*\p{{Han}}"
    r"|申します|言います|いいます|私は"
    rf"|\p{{Han}}[ \u3000][\p{{Han}}{_KANA}]"
)
"""What a text holds where one of these names may stand: a label's colon, a relative's word, a writer naming
themselves (in Chinese or in Japanese), a Japanese form's label, Japanese characters a space apart."""


def labelled_han_names(text: str) -> list[tuple[int, int]]:
    """The spans of the names the module's docstring describes."""
    found = []
    for match in _LABELLED.finditer(text):
        name = match.group("name")
        if match.group("japanese") or opens_with_a_family(name):
            found.append(match.span("name"))
    found += [match.span("name") for match in _KIN_THEN_NAME.finditer(text) if a_chinese_name(match.group("name"))]
    for match in (*_KIN_BRACKETED.finditer(text), *_SELF_NAMED.finditer(text)):
        name = match.group("name")
        if a_chinese_name(name) and not _a_role_or_place(name, match.re is _SELF_NAMED):
            found.append(match.span("name"))
    found += [match.span("name") for match in _JAPANESE_FORM.finditer(text)]
    self_named = _JAPANESE_SELF_NAMED.finditer(text)
    found += [m.span("name") for m in self_named if not _a_firms(m.group("name"))]
    found += [match.span("name") for match in _SPEAKER.finditer(text) if a_chinese_name(match.group("name"))]
    for match in _JAPANESE_NAME.finditer(text):
        if _a_japanese_name(match):
            found += [match.span(group) for group in ("name", "reading") if match.group(group) is not None]
    return found


def _a_firms(name: str) -> bool:
    """Whether a Japanese self-introduction's name is a firm's or an office's ("株式会社サクラ商事", "総務部")."""
    return name.endswith(_A_FIRMS_END) or any(word in name for word in _A_FIRMS_WORDS)


def _a_japanese_name(match: regex.Match[str]) -> bool:
    """Whether `_JAPANESE_NAME`'s match is a person's: its given name no firm's word nor grammar's, and a family name of
    one character (a word as often: "森", forest; "東", east) with an honorific or a reading after it."""
    given = match.group("given")
    if given in _NOT_GIVEN or given in _KANA_WORDS:
        return False
    family = match.group("name")[: -len(given) - 1]
    return len(family) > 1 or match.group("honorific") is not None or match.group("reading") is not None


def a_chinese_name(han: str) -> bool:
    """Whether Chinese characters standing where a name may are one: a family name opens them, and their first two are
    no common word of Chinese ("周末", "安排", "高考")."""
    return opens_with_a_family(han) and not english.common({han[:2]}, _COMMON_IN_CHINESE, ("zh",))


_COMMON_IN_CHINESE = 3.0
"""A Zipf frequency in Chinese from which two characters are a word: "毛巾" 3.9, "孔子" 4.2; not the openings of names
("李秀", "张伟")."""


def opens_with_a_family(han: str) -> bool:
    """Whether a name in Chinese characters opens with a Chinese family name, of one character or two ("王立伟",
    "欧阳娜")."""
    return han[0] in HAN_FAMILIES or han.startswith(HAN_COMPOUND_FAMILIES)


class HanNameRecognizer(PeopleFound):
    """Names in Chinese characters after a form's label (the module's docstring)."""

    def people(self, text: str) -> list[tuple[int, int]]:
        return labelled_han_names(text)
