"""How common a word is in English, from `wordfreq`'s offline lists (loaded at the first question, ~0.2 s).

A writer who types proper nouns in lower case leaves no capital to tell "talkha" or "dilnoza" from
"mobile" or "reading"; how often English uses the word does. On the Zipf scale (log10 of uses per
billion words): "the" 7.7, "mobile" 4.9, "reading" 5.1, "python" 3.8; towns and names typed in lower
case mostly under 2 ("mansoura" 1.8, "hieu" 1.7, "panevėžys" 0); but tools too ("postgres" 2.0,
"kubernetes" 2.3): rarity alone is no proof, only a condition beside a cue.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

RARE = 2.0
"""Below this Zipf frequency a word is rare in English: most towns and names typed in lower case."""
UNCOMMON = 3.0
"""Below this, a word is no everyday English word ("innsbruck" 2.6, "brampton" 2.9; "garden" 4.8)."""
EVERYDAY = 4.0
"""At or above this, a word is an everyday English word ("payments" 4.5, "previous" 5.0): after a full stop it
starts a sentence, after "to" it is a department, not a place, and it is no word of a name found only by a verb
or a role before it ("signed by Let's Encrypt")."""


@lru_cache(maxsize=65536)  # bounded: a stream of distinct words must not grow a process without end
def zipf(word: str) -> float:
    """The word's Zipf frequency in English (0 for a word the lists do not hold)."""
    import wordfreq

    return float(wordfreq.zipf_frequency(word, "en"))


def common(words: Collection[str], zipf: float, languages: tuple[str, ...] = ("en",)) -> set[str]:
    """Those of `words` (as a list writes them, in lower case) that a language of `languages` uses at `zipf` or more,
    read from wordfreq's tables themselves (English's large one, the others' small ones): no tokenizing and no cache
    filled, for a list's thousands of words at load."""
    import wordfreq

    least, wanted = 10 ** (zipf - 9), set(words)
    tables = (wordfreq.get_frequency_dict(language, "best" if language == "en" else "small") for language in languages)
    return {word for table in tables for word in wanted & table.keys() if table[word] >= least}


def rare(word: str) -> bool:
    """Whether English rarely uses `word` (`RARE`)."""
    return zipf(word) < RARE


def uncommon(word: str) -> bool:
    """Whether `word` is no everyday English word (`UNCOMMON`)."""
    return zipf(word) < UNCOMMON


ELSEWHERE = ("de", "fr", "es", "pt", "it", "nl", "pl", "tr", "id", "ms", "vi", "hu", "fi", "sv", "cs", "ro")
"""Other languages prompts come in, written in Latin script, whose everyday words spaCy's English model takes for
people or places in their text ("Saya", "Müşteri", "Tisztelt Ügyfélszolgálat"). Their small lists (the 30,000
commonest words each) load in about 0.3 s together, at the first question."""


@lru_cache(maxsize=65536)
def zipf_elsewhere(word: str) -> float:
    """The word's highest Zipf frequency in the languages of `ELSEWHERE` (0 where none holds it)."""
    import wordfreq

    return max(float(wordfreq.zipf_frequency(word, language, wordlist="small")) for language in ELSEWHERE)
