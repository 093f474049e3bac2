"""The cues of names typed in lower case (`pii._lower_names` applies them): "my name is" in English and fourteen other
languages, a letter's closing, a writer introducing themself, a verb that takes a person, a lower-case title. Pure
patterns.
"""

from __future__ import annotations

import regex

from ._name_shapes import _LOWER_WORD

_MY_NAME_IS = (
    r"meu\s+nome\s+[ée]|me\s+chamo|mi\s+nombre\s+es|me\s+llamo|je\s+m['\u2019 ]appelle|mon\s+nom\s+est"
    r"|mi\s+chiamo|il\s+mio\s+nome\s+[èe]|ich\s+hei(?:ß|ss)e|mein\s+name\s+ist|mijn\s+naam\s+is|ik\s+heet"
    r"|nazywam\s+si[ęe]|mam\s+na\s+imi[ęe]|jag\s+heter|jeg\s+heter|mitt\s+namn\s+är|mit\s+navn\s+er"
    r"|nama\s+saya|nama\s+aku|jina\s+langu\s+ni|benim\s+ad[\u0131i]m|ang\s+pangalan\s+ko\s+ay"
)
""""My name is" in Portuguese, Spanish, French, Italian, German, Dutch, Polish, the Scandinavian languages, Indonesian,
Swahili, Turkish and Tagalog."""
LOWER_CUED = regex.compile(
    rf"(?<!\p{{L}})(?i:my\s+name\s+is|my\s+name's|(?:kind\s+|best\s+|warm\s+)?regards\s*,|sincerely\s*,"
    rf"|cheers\s*,)\s*({_LOWER_WORD})(?:\s+({_LOWER_WORD}))?(?!\p{{L}})"
)
LOWER_CUED_ABROAD = regex.compile(
    rf"(?<!\p{{L}})(?i:{_MY_NAME_IS})\s+({_LOWER_WORD})(?:\s+({_LOWER_WORD}))?(?!\p{{L}})"
)
"""`LOWER_CUED` in other languages: a name's words only ("mi nombre es importante" keeps its words)."""
LOWER_NAMED = regex.compile(
    rf"(?<!\p{{L}})(?i:my\s+name(?:\s+is)?|name\s+on\s+(?:the\s+)?card(?:\s+is)?)(?:[ \t]*:[ \t]*|[ \t]+)"
    rf"(?P<name>{_LOWER_WORD})(?!\p{{L}})"
    rf"|(?:(?<!\p{{L}})(?P<owner>(?i:his|her|their|your))\s+|(?<![\p{{L}}\p{{N}}][ \t]{{0,8}}))"
    rf"(?i:name\s+is)[ \t]+(?P<named>{_LOWER_WORD})(?!\p{{L}})"
    rf"|(?<!\p{{L}})(?:(?i:thanks|thank\s+you|thx|regards|cheers)(?:[ \t]*,[ \t]*|[ \t]+)|(?i:love|best)[ \t]*,[ \t]*)"
    rf"(?P<signed>{_LOWER_WORD})(?=[ \t]*[.!]?[ \t]*(?:\n|$))"
)
"""A name typed in lower case after weaker cues than `LOWER_CUED`'s, so only a word that may be a name's: after "my
name" without its verb ("my name jericho dela cruz-santos"); after "name is" opening its phrase or after "his", "her",
"their" or "your" (`named`: "name is matias gonzalez ibarra", "His name is raj ..."; not "file name is config"); on a
card ("name on card jose maria quispe huaman"); after "name is" or "name on card" with no owner before them only a
listed given name or a name of two words ("name is immutable once created" is a schema's, "name on card mismatch" an
error's); or signing off at the end of a line (`signed`: "thanks, imran", "regards agus", "love, yutong"; "love" and
"best" only before a comma: "i love ramen", "the best ssd")."""
LOWER_ASKED = regex.compile(
    rf"(?<![\p{{L}}@#/.])(?:ask|asked|ping|pinged|tell|told|thank|thanks|remind|dm|cc|message)[ \t]+"
    rf"({_LOWER_WORD})(?![\p{{L}}\p{{N}}@._/-])"
)
"""A name typed in lower case after a verb that takes a person ("can someone ping saoirse", "ask juhani"), if English
seldom uses it and no tool is called so."""
LOWER_TITLED = regex.compile(
    rf"(?<![\p{{L}}\p{{N}}._])(?:mr|mrs|dr|mister|prof"
    rf"|(?<!(?<!\p{{L}})(?:the|a|an|my|your|his|her|their|our|its|family)[ \t]{{1,3}})(?:doctor|professor)"
    rf"|(?<!(?<!\p{{L}})(?:i|we|you|they|he|she|will|ll|to|really|so|gonna|do|dont|don't|don\u2019t|would)[ \t]{{1,3}})"
    rf"miss)"
    rf"\.?[ \t]+({_LOWER_WORD})(?!\p{{L}})"
)
"""A name typed in lower case after a lower-case title ("landlord name is mr gareth pryor", a transcript's "a patient
of doctor fujimoto", "noted miss espinoza"); not "ms" (200 ms, ms sql), "miss" as a verb ("i miss kasia", "you'll
miss ...") nor a doctor who is no title ("your doctor apointment")."""
LOWER_INTRODUCED = regex.compile(
    rf"(?<![\p{{L}}'\u2019])(?:im|i'm|i\u2019m|i\s+am)[ \t]+(?P<name>{_LOWER_WORD})(?!\p{{L}})"
    rf"|(?<!\p{{L}})(?:this[ \t]+is|it'?s|it\u2019s)[ \t]+(?P<name>{_LOWER_WORD})"
    rf"(?P<rest>(?:[ \t]+{_LOWER_WORD}){{0,2}})"
    rf"(?=(?:[ \t]+(?:i'?m|i\u2019m|i[ \t]+am))?[ \t]+(?P<verb>calling|speaking|here|from)\b)"
)
"""A writer introducing themself in lower case ("im maria cristina dela cruz", "this is darnell washington calling"):
a listed given name, or a word English rarely uses and not shaped like an adjective ("i am asthmatic", "im
hopeful"), also "its yuki here", and before "from" a listed given name only ("this is maria dela cruz from unit 4b";
not "this is lorem ipsum from the template"); before "calling" or "speaking", a word that is no everyday one, with the
words up to the verb (`rest`)."""
