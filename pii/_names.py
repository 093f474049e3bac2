"""The name recognizer: people spaCy's small model misses, found by general rules over closed lists.

Rules, each a shape or a cue and never a particular person: a listed given or family name next to
another capitalised word; a listed East-Asian family name before a romanized given name ("Kim
Min-jun", "Nguyen Van An"); name particles ("Ludwig van Beethoven", "Omar bin Said"); titles with
initials ("Dr. A. Okafor"); cues that introduce or sign a name ("Dear ...", "Regards, ...", "Name:",
"my name is ..." in any case). Only the recognizers' part of each list is loaded (`pii.wordlists`).

Names on no list are taken by where they stand: two or three capitalised words (none an ordinary word
of an organisation's, a department's or a product's name, `data/ordinary_capitalised.txt`: "Customer
Service", "Sales Team") after a verb that takes a person ("thank", "ask", "copy", "cc", "call", ...),
after "for" or a role ("customer", "cardholder", "tenant", ...), introducing the writer ("Hi, ...
here"), as the subject of a verb of saying or moving at a sentence's start ("... asked whether"), or
listed with a person already found ("Wei Takahashi and ...", "..., Ana Silva"). Product names shaped
like people ("Grafana Loki") are masked too: hidden either way, at some cost to the remote answer.
"""

from __future__ import annotations

from typing import Any

import regex

from . import _english as english
from . import _name_cues as cues
from . import _name_lists as lists
from . import wordlists
from ._chat import speakers
from ._given_names import given_names_abroad, recognizers_dictionary_names
from ._grown_names import grown_names
from ._handles import folded, handles
from ._kin_names import everyday, kin_named, sharing_a_family_name
from ._lower_names import lower_case_names, lower_east_asian
from ._name_cultures import marked_by_naming
from ._name_shapes import (
    _CHAT_WORDS,
    _CUED_LOWER_CEILING,
    _DOSE_AFTER,
    _EVERYDAY_NAME,
    _LOWER_PARTICLES,
    _NAME_PARTS,
    _NEXT_LOWER_WORD,
    _NOT_A_LOWER_NAME,
    _NOT_A_SPEAKER,
    _PLACES,
    _UNCOMMON_PAIR_CEILING,
    _VERB_ENDINGS,
    _VIETNAMESE_MIDDLE,
    _a_party,
    _capitalised,
    _leading_name,
    _name_part,
    _no_name_shaped,
    _plain_name,
    _repeated_lower_part,
    _repeated_part,
    _surname_first,
    _vouched,
    cells_of,
    greeted,
    korean_shaped_name,
    romanized_given_name,
    standing_alone,
    within_the_field,
)
from ._name_words import (
    _ALSO_ENGLISH,
    _ENGLISH_FAMILY_NAMES,
    _NOT_A_GIVEN_NAME,
    _NOT_A_SURNAME,
    _NOT_IN_A_NAME,
    east_asian_family_names,
    listed_given_names,
    listed_surnames,
)
from ._names_alone import (
    given_names_alone,
    given_names_by_their_place,
    given_names_in_other_languages,
    initialled,
)
from ._notice_names import notice_names
from ._places import gazetteer
from ._presidio import import_presidio, rule_result
from ._shouted_names import shouted_after_its_label, shouted_names
from ._spans import SpanIndex
from ._titled_names import titled_names
from ._uncommon_names import uncommon_names

import_presidio()
from presidio_analyzer import EntityRecognizer, RecognizerResult  # noqa: E402
from spacy.lang.en.stop_words import STOP_WORDS  # noqa: E402


class NameRecognizer(EntityRecognizer):
    """People spaCy's small model misses, by the rules of the module docstring."""

    name: str

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(supported_entities=["PERSON"], name="NameRecognizer", **kwargs)

    def load(self) -> None:
        # Only the recognizers' part: the held-out part is what the held-out evaluation draws from.
        self._our_first_names = listed_given_names()
        # in lower case, only the project's own list's names: the dictionary's name foods and products too ("curd")
        self.first_names = self._our_first_names | given_names_abroad()
        self._every_given_name = self.first_names | recognizers_dictionary_names()  # where a capital marks a name
        self.surnames = listed_surnames()
        self.east_asian_family_names = east_asian_family_names()
        self._family_after_given = self.surnames | (self.east_asian_family_names - _ALSO_ENGLISH)
        self._lower_first_names = frozenset(name.lower() for name in self._our_first_names) - STOP_WORDS
        self._lower_names = self._lower_first_names | {
            name.lower() for name in self.surnames | self.east_asian_family_names
        }
        self._places = gazetteer("recognizers")
        self._lower_family_names = (
            frozenset(name.lower() for name in self.east_asian_family_names - _ALSO_ENGLISH)
            - STOP_WORDS
            - _ENGLISH_FAMILY_NAMES
        )

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        results = []
        for match in cues.PAIR.finditer(text, overlapped=True):
            first, last, third = match.group(1), match.group(2), match.group(3)
            if last in _NOT_A_SURNAME:
                continue
            if "\n" in text[match.end(1) : match.start(2)]:
                if first in self.first_names and last in self._family_after_given:  # "contact Ingrid\nChoi about"
                    results.append(self._result(match.start(1), match.end(2), 0.7))
                continue
            if first in self.first_names and not self._followed_by_a_name(first, last):
                continue  # "Kenyatta National", "Lindley Group": a name of the dictionary before a word of a thing
            if first in self.first_names or last in self._family_after_given:
                end = match.end(3) if third and third in self._family_after_given else match.end(2)
                results.append(self._result(match.start(1), end, 0.7))
        for match in cues.GIVEN_FIRST.finditer(text, overlapped=True):
            if korean_shaped_name(match.group(2), match.group(1)):
                results.append(self._result(match.start(1), match.end(2), 0.65))
        for match in cues.FAMILY_FIRST.finditer(text, overlapped=True):
            end = self._family_first_end(match)
            if end:
                results.append(self._result(match.start(1), end, 0.65))
        for match in cues.PARTICLED.finditer(text, overlapped=True):
            first, particles = match.group(1), match.group(2)
            strong = cues.STRONG_PARTICLE.match(particles) is not None
            product = "Mac" in particles.split() and any(w in _NOT_IN_A_NAME or everyday(w) for w in match.group(1, 3))
            if first in _NOT_A_GIVEN_NAME or match.group(3) in _NOT_A_SURNAME or product:
                continue  # and "Apple Mac Mini", "Big Mac Meal": a product's words around Irish "Mac"
            if strong or first in self.first_names:
                results.append(self._result(match.start(1), match.end(3), 0.65))
        results += [self._result(start, end, 0.6) for start, end in titled_names(text)]
        lower = lower_case_names(text, self._lower_name_word, self._lower_name_end, self._lower_first_names)
        results += [self._result(start, end, 0.6) for start, end in lower]
        results += self._placed(text, results)
        uncommon = uncommon_names(text, nlp_artifacts, [(r.start, r.end) for r in results])
        results += [self._result(start, end, 0.6) for start, end in uncommon]
        results += self._cued(text)
        kin = kin_named(text, self._after_kin, lambda word: self._a_name_word(word, self.surnames))
        results += [self._result(start, end, 0.6) for start, end in kin]
        results += [self._result(start, end, 0.6) for start, end in shouted_names(text, self._a_listed_name)]
        results += self._listed(text, nlp_artifacts, results)
        for result in results:  # a form's next label on the line is no part of a name, nor to be met again alone
            result.start, result.end = within_the_field(text, (result.start, result.end))  # "Tomas Date of birth:"
        results += self._repeated(text, nlp_artifacts, results)
        results += self._grown(text, nlp_artifacts, results)
        results += self._nicknamed(text, nlp_artifacts, results)  # after a grown name too ("... Bezerra (Gracinha)")
        quoted = lists.quoted_nicknames(text, self._a_listed_name)  # Rohan "Ronny" Deshpande
        results += [self._result(start, end, 0.6) for start, end in quoted]
        results = [  # no name holds a tab: one across a table's cells is one name for each
            self._result(start, end, result.score) if (start, end) != (result.start, result.end) else result
            for result in results
            for start, end in cells_of(text, result.start, result.end)
        ]
        shared = sharing_a_family_name(text, sorted(_people(nlp_artifacts, results)), self._after_kin)
        results += [self._result(start, end, 0.6) for start, end in shared]
        best: dict[tuple[int, int], RecognizerResult] = {}
        for result in results:  # one result a span, whichever rules found it: the surest
            result.start, result.end = within_the_field(text, (result.start, result.end))  # grown or nicknamed
            if (kept := best.get((result.start, result.end))) is None or result.score > kept.score:
                best[(result.start, result.end)] = result
        return list(best.values())

    def _followed_by_a_name(self, first: str, last: str) -> bool:
        """Whether `last` may be the family name after the given name `first`: any word after one of the project's
        own list, no organisation's or venue's word nor an everyday English word after one of the dictionary's."""
        if first in self._our_first_names or last in self._family_after_given:
            return True
        return last not in _NOT_IN_A_NAME and english.zipf(last.lower()) < english.EVERYDAY

    def _placed(self, text: str, found: list[RecognizerResult]) -> list[RecognizerResult]:
        """Names on no list (not already `found`), after a verb that takes a person, "for" or a role,
        introducing the writer, or as the subject of a verb of saying or moving."""
        results: list[RecognizerResult] = []
        for match in cues.PLACED.finditer(text, overlapped=True):
            group = next(g for g in (1, 4, 7, 10) if match.group(g))
            words = [match.group(g) for g in (group, group + 1, group + 2) if match.group(g)]
            start, end = match.start(group), match.end(group + len(words) - 1)
            if _plain_name(words) and not any(r.start <= start and end <= r.end for r in (*found, *results)):
                results.append(self._result(start, end, 0.6))
        return results

    def _cued(self, text: str) -> list[RecognizerResult]:
        """Names after a greeting, a form's label or a relation, and names marked by their naming culture in
        any case (`pii._name_cues`)."""
        spans: list[tuple[int, int]] = []
        spans += [(m.start(1), m.end(1)) for m in cues.found(cues.HONORED, text) if _name_part(m.group(1))]
        for match in cues.found(cues.PASSENGER, text):
            words = regex.split(r"[/ \t-]+", match.group(1).lower())
            if min(english.zipf(word) for word in words if word) < english.EVERYDAY:  # not "PRIMARY/SECONDARY DR"
                spans.append(match.span(1))
        spans += [span for m in cues.found(cues.GREETED, text) if (span := greeted(m.start(1), m.group(1)))]
        for pattern in (cues.NAMED, cues.DECLARANT, cues.SIGNED):
            spans += [span for m in cues.found(pattern, text) if (span := _leading_name(m.start(1), m.group(1)))]
        for match in cues.found(cues.LABELLED, text):
            if _no_one_named(match.group(1)):
                continue  # "Pacjent: Nieznany", "Phlebotomist: Vacant"
            if span := _leading_name(match.start(1), match.group(1)):
                spans.append(span)
            elif shouted_after_its_label(match, self._a_listed_name):
                spans.append(match.span(1))
        surname_first = cues.found(cues.LABELLED_SURNAME_FIRST, text)
        spans += [(m.start(1), m.end(2)) for m in surname_first if _surname_first(m) and not _no_one_named(m.group(1))]
        spans += [m.span(1) for m in cues.found(cues.IN_LATIN_LETTERS, text)]
        spans += [(m.start(1), m.end(2)) for m in cues.found(cues.PARTY_SURNAME_FIRST, text) if _a_party(m)]
        shouted = cues.found(cues.SHOUTED_SURNAME_FIRST, text)
        spans += [(m.start(1), m.end(2)) for m in shouted if _surname_first(m, labelled=_vouched(m, text))]
        for match in cues.found(cues.NAMED_BEFORE_BIRTH, text):  # not "Patient Name, DOB ...": everyday words
            span = _leading_name(match.start(1), match.group(1))
            if span and max(english.zipf(word.lower()) for word in text[slice(*span)].split()) < english.EVERYDAY:
                spans.append(span)
        born = cues.found(cues.SHOUTED_SURNAME_BORN, text)
        spans += [(m.start(1), m.end(2)) for m in born if self._shouted_family(m.group(1)) and _surname_first(m)]
        for pattern in (cues.BRACKETED, cues.VERB_NAMED, cues.KIN_BRACKETED, cues.RAISED_BY):
            raised = pattern is cues.RAISED_BY  # a library raises as often: two plain words or a listed given name
            for match in cues.found(pattern, text):
                span = _leading_name(match.start(1), match.group(1))
                words = text[span[0] : span[1]].split() if span else []
                several = len(words) > 1 and max(english.zipf(word.lower()) for word in words) < english.EVERYDAY
                ceiling = english.EVERYDAY if pattern is cues.KIN_BRACKETED else english.UNCOMMON
                one = len(words) == 1 and (
                    words[0] in self.first_names if raised else self._a_name_word(words[0], ceiling=ceiling)
                )
                if span and ((several and (not raised or _plain_name(words))) or one):
                    spans.append(span)
        spans += notice_names(text, lambda word: self._a_name_word(word, ceiling=english.EVERYDAY))
        for match in cues.found(cues.ROLE_NAMED, text):
            if self._seldom_a_word((match.start(1), match.end(1)), text):
                spans.append((match.start(1), match.end(1)))
        for match in cues.found(cues.HERE, text):
            word, span = match.group(1), (match.start(1), match.end(1))
            tool = word.capitalize() in _NOT_IN_A_NAME  # "nginx here:", "kafka here,"
            if not tool and (self._lower_name_word(word) if word.islower() else self._seldom_a_word(span, text)):
                spans.append(span)
        for match in cues.found(cues.SPEAKER, text):
            words, span = match.group(1).split(), (match.start(1), match.end(1))
            prefixed = len(words) == 2 and words[0].isupper() and len(words[0]) <= 3  # a desk's "CS", "HR", "QA"
            if prefixed and english.zipf(words[1].lower()) < english.EVERYDAY:  # "[10:03] CS Dewi (Toko Mas Joko):"
                words, span = words[1:], (match.end(1) - len(words[1]), match.end(1))
            if any(w.lower() in STOP_WORDS or w.lower() in _NOT_A_SPEAKER or w in _NOT_IN_A_NAME for w in words):
                continue  # "[09:15] Bot:", "User:", "ERROR:"
            if all(self._lower_name_word(w) if w.islower() else w[:1].isupper() and w[1:].islower() for w in words):
                spans.append(span)
        spans += speakers(text, self._speaker_word)
        spans += handles(text)
        for match in cues.found(cues.LINE_HEAD, text):
            words = match.group(1).split()
            one = len(words) == 1 and self._seldom_a_word((match.start(1), match.end(1)), text)
            one = one and not _DOSE_AFTER.match(text, match.end(1))  # "- Atorvastatin (20 mg nightly)"
            several = len(words) > 1 and _plain_name(words) and max(map(english.zipf, words)) < _UNCOMMON_PAIR_CEILING
            if (one or several) and wordlists.split_key(match.group(1)) not in self._places:
                spans.append((match.start(1), match.end(1)))
        for match in cues.found(cues.VOCATIVE, text):
            word = match.group(1)
            opens_the_text = "\n" not in text[: match.start(1)]
            uncommon = not opens_the_text and english.uncommon(word) and not word.endswith("ly")
            if _name_part(word) and (word in self.first_names or uncommon):
                spans.append((match.start(1), match.end(1)))
        for match in cues.found(cues.RELATED, text):
            if match.group(2):  # "Brother Imran", "..., daughter Layla"; not a family's history ("Mother Hypertension")
                span = _leading_name(match.start(2), match.group(2))
                words = text[span[0] : span[1]].split() if span else []
                seldom = span and max(english.zipf(word.lower()) for word in words) < _UNCOMMON_PAIR_CEILING
                if span and seldom and not any(_no_name_shaped(word) for word in words):
                    spans.append(span)
                continue
            first = regex.sub(r"['\u2019]s$", "", match.group(1).split()[0])
            if first[:1].islower() and not cues.THEIR_RELATIVES.match(text, match.start()):
                # "my brother marco", "uncle hieu", "my nan, rhiannon pryce-jones", "my sister joy dela cruz" (a
                # particle after any word); not "my colleague refactored"
                first_end = match.start(1) + len(first)
                end = self._lower_name_end(text, first_end)
                more = _NEXT_LOWER_WORD.match(text, first_end)
                particled = more is not None and end > more.end() and more.group(1) in _LOWER_PARTICLES
                named = first.lower() in self._lower_first_names or self._lower_name_word(first)
                # a given name English uses more, before a listed family name: "my husband marcus kowalski"; not
                # "my husband drinks kombucha", "my son lego ninjago"
                family = more.group(1) if more is not None and end >= more.end() else ""
                paired = family.capitalize() in self.surnames and self._lower_name_word(first, ceiling=_EVERYDAY_NAME)
                if named or paired or (particled and first not in STOP_WORDS):
                    spans.append((match.start(1), end))
            elif span := _leading_name(match.start(1), match.group(1)):
                spans.append(span)
        spans += initialled(text, self.surnames, self._places)  # "K. Obi"
        spans += given_names_alone(text, self.first_names, self._places)  # "came from Tshepo and Wiremu"
        spans += given_names_by_their_place(text, self.first_names, self._our_first_names, self._places)  # "(Reem)"
        spans += given_names_in_other_languages(text, self._every_given_name, self._places)  # "a Clive Hollis per"
        spans += marked_by_naming(text)
        spans += lower_east_asian(text, self._lower_family_names)
        return [self._result(start, end, 0.6) for start, end in spans]

    def _seldom_a_word(self, span: tuple[int, int], text: str) -> bool:
        """Whether one capitalised word at `span`, found by where it stands alone, is a name: a listed given name, or
        a word English seldom uses that is no ordinary word of an organisation or product, no listed place, and not
        shaped like a discipline, a condition, a medicine or a gerund ("Dermatology", "Hyperkalaemia", "Omeprazole",
        "Onboarding")."""
        return self._a_name_word(text[span[0] : span[1]])

    def _a_name_word(self, word: str, listed: frozenset[str] | None = None, ceiling: float = english.UNCOMMON) -> bool:
        """`_seldom_a_word` for a word; `listed`: the list a listed word is taken from (the given names); `ceiling`:
        how common in English an unlisted word may be (`EVERYDAY` after a strong cue: "Ellie's mum")."""
        if not _name_part(word) or wordlists.split_key(word) in self._places:
            return False
        listed = self.first_names if listed is None else listed
        return word in listed or (english.zipf(word.lower()) < ceiling and not _no_name_shaped(word))

    def _after_kin(self, word: str) -> bool:
        """A word a relative's cue points at that is a name (`_a_name_word` below `EVERYDAY`), not a role's
        ("Complainant's son")."""
        return cues.ROLE_ALONE.fullmatch(word) is None and self._a_name_word(word, ceiling=english.EVERYDAY)

    def _speaker_word(self, word: str) -> bool:
        """A word of the name opening a chat line (`pii._chat`): in lower case as after a name's cue, capitalised
        or in capitals as a word found by where it stands alone; no stop word, tool nor who speaks in logs."""
        lower = word.lower()
        if lower == word.upper():
            return False  # a script without case: Hangul's speakers are `pii._korean_cued`'s
        if lower in STOP_WORDS or lower in _NOT_A_SPEAKER or word.capitalize() in _NOT_IN_A_NAME:
            return False
        if word.islower():
            return self._lower_name_word(word)
        if word.isupper() and len(word) < 5:
            return False  # "DOB", "IBAN", "SSN"
        shaped = word.capitalize() if word.isupper() else word
        return self._seldom_a_word((0, len(shaped)), shaped)

    def _a_listed_name(self, titled: str) -> bool:
        return titled in self.first_names or titled in self.surnames or titled in self.east_asian_family_names

    def _lower_name_word(self, word: str, ceiling: float = _CUED_LOWER_CEILING) -> bool:
        """A word typed in lower case after a name's cue that may be part of the name: a listed name that is
        no everyday English word, or a word English uses less than `ceiling` ("gwilym", "pryce-jones", "gareth"); no
        stop word, chat word nor verb."""
        parts = word.split("-")
        if word in _NOT_A_LOWER_NAME or word in _CHAT_WORDS or (len(parts) == 1 and word.endswith(_VERB_ENDINGS)):
            return False
        listed = all(part in self._lower_names and english.zipf(part) < _EVERYDAY_NAME for part in parts)
        return listed or min(english.zipf(part) for part in parts) < ceiling

    def _lower_name_end(self, text: str, end: int) -> int:
        """Where a lower-case name that has reached `end` ends: up to four more name words after it
        ("uncle zhang jianguo", "my nan, rhiannon pryce-jones", "nurul aina binti mohd razak")."""
        for _ in range(4):
            more = _NEXT_LOWER_WORD.match(text, end)
            if more is not None and more.group(1) in _LOWER_PARTICLES:  # "sanne de vries", "joy dela cruz"
                after = _NEXT_LOWER_WORD.match(text, more.end())
                if after is None or after.group(1) in STOP_WORDS or english.zipf(after.group(1)) >= _EVERYDAY_NAME:
                    break
                end = after.end()
                continue
            if more is None or not self._lower_name_word(more.group(1)):
                break
            end = more.end()
        return end

    def _repeated(self, text: str, nlp_artifacts: Any, found: list[RecognizerResult]) -> list[RecognizerResult]:
        """A part of a person's full name written alone elsewhere in the text ("Tomasz Zieliński ... Tomasz
        asked", "sanne de vries ... sanne already has"): every such word, once a name of two words or more holds
        it."""
        doc = getattr(nlp_artifacts, "tokens", None)
        people = {(r.start, r.end) for r in found}
        people |= {(e.start_char, e.end_char) for e in (doc.ents if doc is not None else ()) if e.label_ == "PERSON"}
        names = [_NAME_PARTS.findall(text[start:end]) for start, end in people]
        parts = {
            word
            for words in names
            if len(words) >= 2
            for word in words
            if len(word) >= 3 and (_repeated_part(word) if word[:1].isupper() else _repeated_lower_part(word))
        }
        if not parts:
            return []
        known = SpanIndex(people)
        spans: list[tuple[int, int]] = []
        for start, end in standing_alone(text, parts):
            if known.overlaps(start, end):
                continue
            if spans and text[spans[-1][1] : start].strip(" \t") == "":
                spans[-1] = (spans[-1][0], end)  # "Inês Carvalho Sousa" again: one name, not three
            else:
                spans.append((start, end))
        return [self._result(start, end, 0.6) for start, end in spans]

    def _nicknamed(self, text: str, nlp_artifacts: Any, found: list[RecognizerResult]) -> list[RecognizerResult]:
        ends = {end for _, end in _people(nlp_artifacts, found)}
        return [self._result(start, end, 0.6) for start, end in lists.nicknames(text, ends)]

    def _listed(self, text: str, nlp_artifacts: Any, found: list[RecognizerResult]) -> list[RecognizerResult]:
        people = _people(nlp_artifacts, found)
        spans = lists.listed(text, people, self._seldom_a_word, self.first_names)
        return [self._result(start, end, 0.6) for start, end in spans]

    def _grown(self, text: str, nlp_artifacts: Any, found: list[RecognizerResult]) -> list[RecognizerResult]:
        """People found (by these rules or by spaCy) grown over the name words beside them (`pii._grown_names`)."""
        spans = grown_names(text, _people(nlp_artifacts, found), self.first_names, self._shouted_surname)
        return [self._result(start, end, 0.6) for start, end in spans]

    def _shouted_family(self, family: str) -> bool:
        """Whether a family name in capitals before a birth is one: each word a listed name, or a word of five letters
        or more English seldom uses ("LEE", "BRENNAN", "FALEOLO"; not "TODO", "NOTES", "MRS LEE")."""
        words = [_capitalised(word) for word in family.split()]
        return all(self._a_listed_name(w) or (len(w) > 4 and english.zipf(w.lower()) < english.EVERYDAY) for w in words)

    def _shouted_surname(self, word: str) -> bool:
        """Whether a word in capitals after a name may be its family name: no everyday English word, nor a form's
        label or an acronym ("DOB", "NHS", "CEO"): four letters at least, hyphenated, or a listed East Asian family
        name ("LEE", "NG")."""
        parts = [part for part in word.split("-") if part]
        if all(english.zipf(part.lower()) >= english.EVERYDAY for part in parts) or word.capitalize() in _NOT_IN_A_NAME:
            return False  # "ADEYEMI-CLARKE" is one, though "Clarke" is common in English
        return len(word) >= _SHORTEST_SHOUTED or len(parts) > 1 or word.capitalize() in self.east_asian_family_names

    def _family_first_end(self, match: Any) -> int:
        """Where a "Family Given" name starting at this match ends, or 0 if it is not one."""
        family, given, third = match.group(1).capitalize(), match.group(2), match.group(3)
        given = given[0] + given[1:].lower()  # "Wei-Lun" as "Wei-lun"
        if korean_shaped_name(family, given):
            return int(match.end(2))
        # a hyphenated word whose parts are all everyday English is no romanized given name ("SQL Co-Pilot")
        english_parts = all(english.zipf(part) >= english.EVERYDAY for part in given.lower().split("-"))
        if (
            match.group(1).isupper()
            and "-" in given
            and romanized_given_name(given, hyphenated=True)
            and not english_parts
        ):
            return int(match.end(2))  # a family name in capitals before a romanized given name: "LIU Jia-Hui"
        if family not in self.east_asian_family_names or f"{family} {given}" in _PLACES:
            return 0
        if given in _VIETNAMESE_MIDDLE and third and "-" not in third:
            return int(match.end(3))  # "Nguyen Van An", "Tran Thi Mai"
        if romanized_given_name(given, hyphenated=True):
            return int(match.end(2))
        # Two family names in a row are more often a place ("Hong Kong") than a person.
        plain = family not in _ALSO_ENGLISH and given not in _NOT_A_SURNAME | self.east_asian_family_names
        return int(match.end(2)) if plain and romanized_given_name(given, hyphenated=False) else 0

    def _result(self, start: int, end: int, score: float) -> RecognizerResult:
        return rule_result(self, "PERSON", start, end, score)


_SHORTEST_SHOUTED = 4
"""A family name in capitals after a name's last word, written in lower case (not after "MD": "Maria Lopez MD FACP")."""


def _people(nlp_artifacts: Any, found: list[RecognizerResult]) -> set[tuple[int, int]]:
    """The people found so far, by these rules or by spaCy."""
    doc = getattr(nlp_artifacts, "tokens", None)
    people = {(r.start, r.end) for r in found}
    return people | {(e.start_char, e.end_char) for e in (doc.ents if doc is not None else ()) if e.label_ == "PERSON"}


def _no_one_named(value: str) -> bool:
    """Whether a person's label holds no one ("Pacjent: Nieznany", "Patiënte: Zwanger, Tweede Trimester")."""
    return folded(value.split()[0].rstrip(",")) in cues.NO_ONE_NAMED
