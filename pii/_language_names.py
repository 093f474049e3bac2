"""Languages' names, which spaCy's English model reads as people or places ("auf Deutsch", "in het Engels",
"Languages: Amharic, Tigrinya", "prefers Farsi", "Interpreter: Spanish"): in English and as the languages prompts come
in write them. Not those as often a family or given name ("English", "French", "German", "Irish", "Welsh", "Shona",
"Thai", "Tamil", "Russo", "Frans", "Romani", "Italiano") or a country's ("Italien", "Inggris", "Suomi", "Jawa").
Pure: no I/O but spaCy's lists of function words.
"""

from __future__ import annotations

import regex

from ._foreign_words import a_function_word

_IN_ENGLISH = frozenset(
    {"Spanish", "Portuguese", "Italian", "Dutch", "Flemish", "Polish", "Turkish", "Korean", "Japanese", "Chinese"}
    | {"Mandarin", "Cantonese", "Arabic", "Hebrew", "Russian", "Ukrainian", "Romanian", "Bulgarian", "Serbian"}
    | {"Croatian", "Bosnian", "Hungarian", "Czech", "Slovak", "Slovenian", "Greek", "Albanian", "Danish", "Swedish"}
    | {"Norwegian", "Finnish", "Estonian", "Latvian", "Lithuanian", "Icelandic", "Gaelic", "Hindi", "Urdu", "Punjabi"}
    | {"Bengali", "Gujarati", "Marathi", "Kannada", "Telugu", "Malayalam", "Nepali", "Sinhala", "Farsi", "Persian"}
    | {"Dari", "Pashto", "Kurdish", "Kurmanji", "Sorani", "Amharic", "Tigrinya", "Oromo", "Somali", "Swahili"}
    | {"Yoruba", "Igbo", "Hausa", "Zulu", "Xhosa", "Afrikaans", "Twi", "Wolof", "Bambara", "Lingala", "Vietnamese"}
    | {"Tagalog", "Filipino", "Indonesian", "Malay", "Khmer", "Burmese", "Mongolian", "Georgian", "Armenian"}
    | {"Azerbaijani", "Kazakh", "Uzbek", "Catalan", "Basque", "Galician", "Maltese", "Luxembourgish", "Yiddish"}
)
_AS_WRITTEN_ELSEWHERE = frozenset(
    {"Deutsch", "Englisch", "Französisch", "Spanisch", "Italienisch", "Türkisch", "Russisch", "Polnisch"}
    | {"Arabisch", "Ukrainisch", "Niederländisch", "Portugiesisch", "Chinesisch", "Japanisch", "Koreanisch"}
    | {"Persisch", "Kurdisch", "Engels", "Nederlands", "Duits", "Spaans", "Pools", "Italiaans", "Portugees"}
    | {"Oekraïens", "Anglais", "Allemand", "Espagnol", "Français", "Néerlandais", "Portugais", "Arabe", "Turc"}
    | {"Polonais", "Ukrainien", "Chinois", "Japonais", "Coréen", "Inglés", "Alemán", "Francés", "Español"}
    | {"Portugués", "Japonés", "Coreano", "Catalán", "Inglês", "Alemão", "Francês", "Espanhol", "Português", "Chinês"}
    | {"Japonês", "Inglese", "Tedesco", "Francese", "Spagnolo", "Portoghese", "Cinese", "Giapponese", "İngilizce"}
    | {"Almanca", "Frans\u0131zca", "Türkçe", "Arapça", "Rusça", "Korece", "Japonca", "Çince", "Kürtçe", "Farsça"}
    | {"Angielski", "Niemiecki", "Francuski", "Hiszpański", "Rosyjski", "Ukraiński", "Engelska", "Svenska", "Tyska"}
    | {"Franska", "Spanska"}
)


_NAMED_TOO = frozenset({"Engels", "Deutsch", "Zulu", "Tedesco", "Alemán", "Español", "Inglese", "Francés", "Catalán"})
"""Languages' names that are family names too ("Frau Deutsch", "Dr. Engels", "Sipho Zulu"): taken as a language only
after a word only a language follows (`_ONLY_A_LANGUAGE_AFTER`) or before a word of speaking (`_LANGUAGE_BEFORE`)."""
_ONLY_A_LANGUAGE_AFTER = frozenset(
    {"auf", "het", "em", "al", "bahasa", "speaks", "speak", "spoke", "spoken", "speaking", "prefers", "prefer"}
    | {"preferred", "interpreter", "interpreting", "translate", "translated", "translation", "language", "languages"}
    | {"sprache", "sprachen", "idioma", "idiomas", "língua", "langue", "langues", "dil", "taal", "lingua", "ins"}
)
_A_LANGUAGE_AFTER = _ONLY_A_LANGUAGE_AFTER | {"in", "into", "to", "from", "aus", "nach", "naar", "en", "op", "per"}
_LANGUAGE_BEFORE = frozenset(
    {"speaking", "speaker", "speakers", "interpreter", "interpreters", "interpreting", "translation", "translator"}
    | {"version", "subtitles", "preferred", "line", "sprechend", "spreekt", "konuşuyor", "notlar\u0131"}
)
_LISTED_WITH = frozenset({",", "/", "or", "and", "und", "oder", "en", "of", "y", "o", "e", "ou", "et", "ve", "veya"})
"""What joins a language's name to another's in a list ("Amharic, Tigrinya, English", "French or Bambara")."""
_WORD_BEFORE = regex.compile(r"([\p{L}]+|[,/])[ \t]*[:(]?[ \t]*$")
_WORD_AFTER = regex.compile(r"[ \t]*[)]?[ \t]*([\p{L}]+|[,/])")
_EVERY_LANGUAGE = frozenset({"English", "French", "German", "Irish", "Welsh", "Thai", "Tamil"})
"""Languages' names left out of the lists above as a name too, which still tell a list of languages."""


def a_languages_name(text: str, start: int, end: int) -> bool:
    """Whether `text[start:end]` is a language's name (`_IN_ENGLISH`, `_AS_WRITTEN_ELSEWHERE`), alone or after function
    words ("Auf Deutsch bitte"), where a language stands: after a word a language follows ("auf", "in het", "prefers",
    "Interpreter:"), before a word of speaking ("Tigrinya line", "Almanca konuşuyor"), or in a list of languages
    ("Amharic, Tigrinya, English", "French or Bambara"). Never a family name after a title ("Frau Deutsch")."""
    *before, last = text[start:end].split() or [""]
    if not _a_language(last) or not all(a_function_word(word) for word in before):
        return False
    previous = _WORD_BEFORE.search(text, max(0, start - 40), start)
    following = _WORD_AFTER.match(text, end)
    said_before = before[-1].lower() if before else previous.group(1).lower() if previous else ""
    said_after = following.group(1) if following else ""
    if said_before in _ONLY_A_LANGUAGE_AFTER or said_after.lower() in _LANGUAGE_BEFORE:
        return True
    if last in _NAMED_TOO:
        return False
    return said_before in _A_LANGUAGE_AFTER or _in_a_list(text, previous, following)


def _a_language(word: str) -> bool:
    return word in _IN_ENGLISH or word in _AS_WRITTEN_ELSEWHERE


def _in_a_list(text: str, previous: regex.Match[str] | None, following: regex.Match[str] | None) -> bool:
    """Whether the language's name stands in a list beside another's ("Amharic, Tigrinya", "French or Bambara"):
    `previous` and `following` are the words next to it, the joining word of such a list, then the other name."""
    beside = []
    if previous is not None and previous.group(1).lower() in _LISTED_WITH:
        beside.append(_WORD_BEFORE.search(text, max(0, previous.start() - 40), previous.start()))
    if following is not None and following.group(1).lower() in _LISTED_WITH:
        beside.append(_WORD_AFTER.match(text, following.end()))
    return any(word is not None and (_a_language(word.group(1)) or word.group(1) in _EVERY_LANGUAGE) for word in beside)
