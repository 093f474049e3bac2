"""The Redactor: Presidio finds spans, we merge them, replace every occurrence, and check for leaks."""

from __future__ import annotations

import bisect
import concurrent.futures
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from . import _english as english
from ._accounts import failed_ibans
from ._address_countries import countries_closing_addresses
from ._address_lines import address_lines
from ._aged_lists import aged_list_items
from ._code_words import a_code_word, an_acronym
from ._column_kinds import kinds_of_their_columns
from ._config import PiiSettings
from ._dates import a_day_before_its_date
from ._eponyms import a_dish, a_storm, a_thing_in_lower_case, an_eponym
from ._errors import DetectionFailed, DetectionTimeout, LeakDetected, PiiError, TextTooLong
from ._field_labels import field_labels
from ._foreign_words import a_function_word_alone, a_pronoun_or_greeting
from ._german_nouns import a_german_noun_phrase
from ._homes_of_people import homes_after_people
from ._language_names import a_languages_name
from ._name_parts import name_parts
from ._name_words import east_asian_family_names, listed_names
from ._normalize import Normalized, normalize, view_of
from ._other_scripts import spelled_in_other_scripts
from ._place_forms import a_time_zone, states_after_towns
from ._placeholders import Vault, new_nonce
from ._places import gazetteer
from ._pool import detection_for
from ._presidio import build_context_enhancer, build_nlp_engine, import_presidio
from ._repeats import ValueSearch
from ._spans import Entity, families_opening_cells, joined, merge
from ._tables import header_cells
from ._transcribed import hangul_before_its_han, hangul_before_its_latin, spellings_beside
from ._truecase import truecased
from .recognizers import build_recognizers
from .wordlists import split_key


@dataclass(frozen=True, slots=True, repr=False)
class Redaction:
    """A sanitized text, the spans replaced (offsets in the original) and the vault to restore them."""

    text: str
    entities: tuple[Entity, ...]
    vault: Vault

    def counts(self) -> dict[str, int]:
        """Spans replaced per entity type (safe to log and audit)."""
        counts: dict[str, int] = {}
        for entity in self.entities:
            counts[entity.type] = counts.get(entity.type, 0) + 1
        return counts

    def __repr__(self) -> str:
        return f"Redaction({len(self.text)} chars, {self.counts()})"


class Redactor:
    """Replaces personal data with placeholders. Building one loads spaCy (about a second).

    Every failure raises `PiiError`, so a caller that sends only what `redact` returns fails closed.
    Detection runs off the caller's thread (`pii._batching`): it is CPU-bound, a timeout must not strand
    the caller, and the texts of concurrent callers run as one batch, in worker processes on every core
    once requests come concurrently (`pii._pool`).
    """

    def __init__(self, settings: PiiSettings | None = None) -> None:
        self.settings = settings or PiiSettings()
        try:
            presidio = import_presidio()
            registry = presidio.RecognizerRegistry(supported_languages=["en"])
            for recognizer in build_recognizers(self.settings.profiles):
                registry.add_recognizer(recognizer)
            self._nlp = build_nlp_engine()
            self._analyzer = presidio.AnalyzerEngine(
                registry=registry,
                nlp_engine=self._nlp,
                supported_languages=["en"],
                default_score_threshold=0.0,
                context_aware_enhancer=build_context_enhancer(),
            )
        except PiiError:
            raise
        except Exception as exc:
            raise DetectionFailed(f"could not build the PII analyzer: {type(exc).__name__}") from exc
        wanted = set(self.settings.entities) if self.settings.entities else None
        self._recognizers = [r for r in registry.recognizers if wanted is None or wanted & set(r.supported_entities)]
        self._entities = sorted(
            {e for r in self._recognizers for e in r.supported_entities if wanted is None or e in wanted}
        )
        self._entity_set = frozenset(self._entities)
        for recognizer in self._recognizers:
            if not recognizer.is_loaded:
                recognizer.load()
                recognizer.is_loaded = True
        self._batcher = detection_for(self.settings, self._detect)

    @property
    def entity_types(self) -> list[str]:
        """Every entity type this redactor can replace."""
        return sorted(self._analyzer.get_supported_entities("en"))

    def redact(self, text: str, *, vault: Vault | None = None) -> Redaction:
        """Replace personal data in `text`; pass the request's vault to share placeholders across messages."""
        return self.redact_many([text], vault=vault)[0]

    def redact_many(self, texts: Sequence[str], *, vault: Vault | None = None) -> list[Redaction]:
        """Redact several texts in one batch (spaCy processes them together). A shared vault numbers
        placeholders across all of them; without one, each text gets its own."""
        for text in texts:
            if len(text) > self.settings.max_chars:
                raise TextTooLong(len(text), self.settings.max_chars)
        # Detection reads a normalised view (full-width digits, invisible characters, look-alike
        # letters undone); spans map back onto the original characters, which the vault keeps.
        views = [normalize(text) for text in texts]
        seen = (f"{text}\n{norm.view}".casefold() for text, norm in zip(texts, views, strict=True))
        if vault is not None and any(vault.nonce in both for both in seen):
            raise PiiError("the text contains this request's placeholder nonce; refusing a forged placeholder")
        future = self._batcher.submit([v.view for v in views])
        try:
            detected = future.result(timeout=self.settings.timeout_s)
        except concurrent.futures.TimeoutError as exc:
            future.cancel()  # still queued: no lane spends time on it (running: its lane sees the deadline)
            raise DetectionTimeout(self.settings.timeout_s) from exc
        except PiiError:
            raise
        except Exception as exc:  # Presidio or spaCy broke: nothing may be sent
            raise DetectionFailed(f"PII detection failed ({type(exc).__name__}); nothing was sent") from exc
        return [
            self._pseudonymize(
                text,
                _to_original(norm, _with_numbers_read_aloud(norm, spans, self._entity_set)),
                vault if vault is not None else Vault(new_nonce(avoid=f"{text}\n{norm.view}")),
            )
            for text, norm, spans in zip(texts, views, detected, strict=True)
        ]

    def warm(self, timeout_s: float | None = None) -> bool:
        """Start the detection worker processes now, not at the first concurrent requests, and wait up to
        `timeout_s` (None: as long as they take) until they are ready; False if they were not."""
        return self._batcher.warm(timeout_s)

    def close(self) -> None:
        self._batcher.close()

    # -- internals ------------------------------------------------------------------------------

    def _detect(self, texts: list[str]) -> Iterator[list[Entity]]:
        """The spans of each text, in order, each yielded as soon as it is found: spaCy reads the batch's texts
        together, then the rules read them one by one, and the caller of the first text need not wait for the
        last (`pii._batching.outcomes`)."""
        # A text with lines in capitals is read twice: as written, and truecased (`pii._truecase`), same offsets.
        second = {i: cased for i, text in enumerate(texts) if (cased := truecased(text, _a_proper_noun)) is not None}
        readings = [*texts, *second.values()]
        with self._nlp.transient():  # spaCy's documents end here: only offsets and types leave
            batch = self._nlp.process_batch(readings, language="en", batch_size=self.settings.batch_size)
            artifacts = [nlp_artifacts for _, nlp_artifacts in batch]
            again = dict(zip(second, artifacts[len(texts) :], strict=True))
            for i, text in enumerate(texts):
                spans = self._found(text, artifacts[i])
                if i in again:
                    spans += _typed_as_the_first(spans, self._found(second[i], again[i]))
                yield _with_what_they_point_at(text, _without_false_alarms(text, spans))

    def _found(self, text: str, nlp_artifacts: Any) -> list[Entity]:
        """What the recognizers find in one reading of a text, less what names no one."""
        return [
            Entity(r.entity_type, r.start, r.end, r.score)
            for r in self._analyze(text, nlp_artifacts)
            if r.end > r.start
            and self._keep(r.entity_type, r.score, text[r.start : r.end])
            and not _named_after_someone(text, r)  # "Kalman filter", "Typhoon Haikui"
            and not _markup(text, r)  # "<Cdtr>", "mailto:"
            and not (r.entity_type in _NAMED and _a_word(text, r.start, r.end, r.entity_type))
        ]

    def _analyze(self, text: str, nlp_artifacts: Any) -> list[Any]:
        """Presidio's analysis, minus work that cannot change our answer.

        `AnalyzerEngine.analyze` re-filters the registry and deep-copies every result to enhance it
        with context words, for every text. A result already over the threshold stays over it, so
        only weak ones go through Presidio's context enhancement; spans are merged by us later.
        """
        found: list[Any] = []
        for recognizer in self._recognizers:
            found.extend(recognizer.analyze(text=text, entities=self._entities, nlp_artifacts=nlp_artifacts) or ())
        strong = [r for r in found if r.score >= self.settings.score_threshold]
        weak = [r for r in found if r.score < self.settings.score_threshold]
        if weak:
            weak = self._analyzer._enhance_using_context(text, weak, nlp_artifacts, self._recognizers)
        return [r for r in (*strong, *weak) if r.entity_type in self._entity_set]

    def _keep(self, entity_type: str, score: float, value: str) -> bool:
        if score >= self.settings.score_threshold:
            return True
        # Admitted only by a lowered per-type threshold: a weak identifier match must hold something
        # other than letters, or plain words ("explaining") would pass for identifiers.
        return score >= self.settings.threshold_for(entity_type) and not value.isalpha()

    def _pseudonymize(self, text: str, spans: list[Entity], vault: Vault) -> Redaction:
        spans = joined(text, _every_occurrence(text, spans))  # repeats first: a part alone elsewhere is found by itself
        pieces: list[str] = []
        cursor = 0
        for span in spans:
            pieces.append(text[cursor : span.start])
            pieces.append(vault.placeholder(span.type, text[span.start : span.end]))
            cursor = span.end
        pieces.append(text[cursor:])
        sanitized = "".join(pieces)
        _refuse_leaks(sanitized, vault)
        return Redaction(sanitized, tuple(spans), vault)


def _typed_as_the_first(first: list[Entity], second: list[Entity]) -> list[Entity]:
    """The second reading's spans, each typed as the first reading's span it overlaps, if any: the first reading's type
    wins ("GRAND CANYON" stays a place), and what the second reading adds to a value the first found in part is kept
    ("WANG" found, "WANG XIAOLING" too)."""
    ordered = merge(first)
    starts = [span.start for span in ordered]
    typed = []
    for span in second:
        before = bisect.bisect_left(starts, span.end) - 1  # the last of the first's spans starting before this one ends
        if before >= 0 and ordered[before].end > span.start:
            span = Entity(ordered[before].type, span.start, span.end, span.score)
        typed.append(span)
    return typed


def _with_what_they_point_at(text: str, spans: list[Entity]) -> list[Entity]:
    """A text's spans (its readings' spans in), with the values they point at (a person's home, a name's spelling in
    another script, the cells of a column of people or places), sorted; unmerged: every value found, the shorter ones
    inside a wider one too, is searched for again on its own (`_every_occurrence`: "Stockton" of "Stockton-on-Tees",
    met again alone as "STOCKTON")."""
    merged = merge(spans)
    spans += homes_after_people(text, merged) + hangul_before_its_latin(text, merged)
    spans += spellings_beside(text, merged, listed_names())
    spans += hangul_before_its_han(text) + kinds_of_their_columns(text, merged)
    spans += spelled_in_other_scripts(text, merged) + families_opening_cells(text, merged)
    spans += aged_list_items(text, merged)
    spans += address_lines(text, merge(spans))
    merged = merge(spans)  # one reading for a country's line under an address and a state after its town
    towns = [(span.start, span.end) for span in merged if span.type == "LOCATION"]
    spans += countries_closing_addresses(text, merged)
    spans += [Entity("LOCATION", start, end, 0.6) for start, end in states_after_towns(text, towns)]
    return sorted(spans, key=lambda span: (span.start, -span.end))


def _without_false_alarms(text: str, spans: list[Entity]) -> list[Entity]:
    """`spans` but those inside a run shaped like an IBAN whose check fails (`failed_ibans`: "BE71 0961 2345 6760" holds
    no phone number "0961 2345 6760"), and people and places inside a table's header (`header_cells`: "Nachname",
    "Ort") or that are a word the text uses as a field's label (`field_labels`: "Teléfono: +34 ...")."""
    runs = failed_ibans(text)
    headers = header_cells(text)
    labels = field_labels(text, spans)
    if not runs and not headers and not labels:
        return spans
    return [
        s
        for s in spans
        if (s.type == "IBAN_CODE" or not any(a <= s.start and s.end <= b for a, b in runs))
        and (
            s.type not in ("PERSON", "LOCATION")
            or not (any(a <= s.start and s.end <= b for a, b in headers) or text[s.start : s.end] in labels)
        )
    ]


def _a_proper_noun(word: str) -> bool:
    """Whether a capitalised word is a given or family name of the recognizers' lists, or a place of theirs that is no
    everyday English word ("Riyadh"; not "Reading", "Nice", "Mobile"); two words, whether they are a place of theirs
    ("Rapid City", "New Zealand")."""
    if word in listed_names() or word in east_asian_family_names():
        return True
    place = split_key(word) in gazetteer("recognizers")
    return place and (" " in word or english.zipf(word.lower()) < english.EVERYDAY)


def _a_word(text: str, start: int, end: int, kind: str) -> bool:
    """Whether what a recognizer calls a person or a place is a word of code ("MandateImporter"), German's nouns ("Ihre
    Abrechnung"), another language's function word in lower case ("ich", "hai") or pronoun or greeting in any case
    ("Je", "Gracias"), a day before its date ("Sat 6 Dec"), a language's name ("auf Deutsch") or, for a person, an
    acronym ("GBP"; a place may be one: "NM", "NYC")."""
    return (
        a_code_word(text, start, end)
        or a_german_noun_phrase(text, start, end, kind)
        or a_function_word_alone(text[start:end], listed_names())
        or a_pronoun_or_greeting(text[start:end])
        or a_day_before_its_date(text, start, end)
        or a_languages_name(text, start, end)
        or (kind == "PERSON" and an_acronym(text[start:end]))
    )


def _named_after_someone(text: str, found: Any) -> bool:
    """A person's name that names a thing or a storm (`pii._eponyms`: "Hashimoto's thyroiditis", "Hurricane Beryl"),
    a storm's the model took for a place ("Typhoon Haikui"), a place inside a time zone's name ("Europe/London"); a
    place before "distribution" stays one; either inside a dish's or a drink's name ("Earl Grey", "Beef Wellington")."""
    if found.entity_type in _NAMED and a_dish(text, found.start, found.end):
        return True
    if found.entity_type == "PERSON":
        return an_eponym(text, found.start, found.end)
    return found.entity_type == "LOCATION" and (
        a_storm(text, found.start, found.end) or a_time_zone(text, found.start, found.end)
    )


_NAMED = frozenset({"PERSON", "LOCATION"})
_SCHEMES = frozenset({"mailto", "tel", "http", "https", "sms", "callto", "skype", "urn"})


def _markup(text: str, found: Any) -> bool:
    """A name the model reads in markup: an XML element's ("<Cdtr>", "</PstlAdr>", "<AdrLine "), a URL's scheme
    ("mailto:")."""
    if found.entity_type not in ("PERSON", "LOCATION"):
        return False
    name = text[found.start : found.end]
    if text[max(0, found.start - 2) : found.start].endswith(("<", "</")) and text[found.end : found.end + 1] in "> /":
        return f"</{name}>" in text  # an element closed as one ("<Ingrid>" alone may be someone addressed)
    return name.lower() in _SCHEMES and text.startswith(":", found.end)


_ISSUED = re.compile(r"\[\[[A-Z0-9]+-\d+-([^\[\]\s]+)\]\]")
"""A placeholder as issued, its nonce in group 1 (one pattern for every request's nonce, not one compiled for each)."""


def _with_numbers_read_aloud(norm: Normalized, spans: list[Entity], wanted: frozenset[str]) -> list[Entity]:
    """The spans, and each number read aloud as words ("eight oh eight nine ...", "공일공 삼칠이육 ..."): someone's
    number whatever a recognizer found in its digits, all of it or part, or none (merged with what was found there, the
    stronger type wins: a card's, an RRN's)."""
    if not norm.spoken or "PHONE_NUMBER" not in wanted:
        return spans
    return [*spans, *(Entity("PHONE_NUMBER", start, end, 0.5) for start, end in norm.spoken)]


def _to_original(norm: Normalized, spans: list[Entity]) -> list[Entity]:
    """Spans of the detection view (repeats included) as spans of the original text."""
    spans = _every_occurrence(norm.view, spans)
    if norm.starts is None:
        return spans
    return merge([Entity(s.type, *norm.to_original(s.start, s.end), s.score) for s in spans])


def _every_occurrence(text: str, spans: list[Entity]) -> list[Entity]:
    """Add spans for undetected repeats of a detected value, so every occurrence is masked; the spans merged. A person's
    name is searched for by its parts too (`pii._name_parts`): "tharshini prefers texts" after "Tharshini
    Balasubramaniam"."""
    by_value = {text[s.start : s.end].casefold(): s for s in spans}
    parts = {part: span for part, span in name_parts(text, spans) if part not in by_value}
    by_value |= parts

    def a_thing(start: int, end: int) -> bool:  # a name's part naming a thing after its person: "a venn diagram"
        return text[start:end].casefold() in parts and a_thing_in_lower_case(text, start, end)

    search = ValueSearch(by_value)
    if not search:
        return merge(spans)
    ordered = merge(spans)  # non-overlapping, by start: an overlap is found by bisection, not by a scan of all
    starts = [s.start for s in ordered]
    extra = []
    position = 0
    while (found := search.search(text, position)) is not None:
        start, end = found
        before = bisect.bisect_left(starts, end) - 1  # the last span starting before this repeat ends
        apart = before < 0 or ordered[before].end <= start or _covers(ordered, before, start, end)
        if apart and not a_thing(start, end):
            extra.append(Entity(by_value.get(text[start:end].casefold(), spans[0]).type, start, end, 1.0))
        position = start + 1  # a repeat may hide another value's repeat that starts inside it ("11 22 33 44")
    masked = merge([*spans, *extra])
    while glued := [g for g in _glued_repeats(text, masked, search, by_value) if not a_thing(g.start, g.end)]:
        masked = merge([*masked, *glued])
    return masked


def _glued_repeats(text: str, spans: list[Entity], search: ValueSearch, by_value: dict[str, Entity]) -> list[Entity]:
    """Repeats that stand alone only once the spans are placeholders: "이요" found alone, met again glued to a name
    found too ("지용훈이요"), or "son" after "John" in "Johnson". The leak check reads the text with the placeholders
    in it, where such a repeat is a word of its own: it is masked too, not left to refuse the whole text."""
    shadow = list(text)
    for span in spans:
        shadow[span.start : span.end] = " " * (span.end - span.start)
    masked = "".join(shadow)
    glued = []
    position = 0
    while (repeat := search.search(masked, position)) is not None:
        start, end = repeat  # the spans are blanks here: this repeat lies outside them
        glued.append(Entity(by_value.get(text[start:end].casefold(), spans[0]).type, start, end, 1.0))
        position = start + 1
    return glued


def _covers(ordered: list[Entity], last: int, start: int, end: int) -> bool:
    """Whether the repeat at `start:end` holds every span it overlaps, `ordered[last]` the last of them: a handle's
    repeat whose words alone were found there ("kasia_nowicka94" over "kasia" and "nowicka") is masked whole."""
    first = last
    while first > 0 and ordered[first - 1].end > start:
        first -= 1
    itself = first == last and (ordered[last].start, ordered[last].end) == (start, end)  # the value where found
    return not itself and ordered[first].start >= start and ordered[last].end <= end


def _refuse_leaks(sanitized: str, vault: Vault) -> None:
    """The final check: no original value may survive in the text that will leave the region, as
    written or in any spelling that reads the same (full-width, invisible characters, look-alikes)."""
    types: dict[str, str] = {}
    for entity_type, value in vault.originals():
        types[value.casefold()] = entity_type
        types.setdefault(view_of(value).casefold(), entity_type)
    search = ValueSearch(types)
    if not search:
        return
    outside = _ISSUED.sub(lambda m: " " if m.group(1) == vault.nonce else m.group(0), sanitized)
    leak = search.search(outside)
    if leak is None:
        outside = view_of(outside)  # the same text with look-alikes undone
        leak = search.search(outside)
    if leak is not None:
        raise LeakDetected(types.get(outside[leak[0] : leak[1]].casefold(), "PII"))
