"""spaCy runs only what detection reads, as fast as it can: leaving out the model's shared word vectors, computing on
numpy's BLAS instead of blis, or stepping its parse from Python (`pii._spacy_ner`) changes no entity; and what it learns
of new words is forgotten after each batch."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
import spacy

import pii
from pii import _spacy_ner, heldout, unseen_sets
from pii._errors import DetectionFailed
from pii._presidio import _UNUSED_PIPES, SPACY_PACKAGE, build_context_enhancer, build_nlp_engine


def _same_entities(ours: Any, reference: Any, texts: list[str]) -> None:
    """Both pipelines find the same entities in every text, and there were entities to compare."""
    found = 0
    for doc, theirs in zip(ours.pipe(texts), reference.pipe(texts), strict=True):
        assert [(e.start_char, e.end_char, e.label_) for e in doc.ents] == [
            (e.start_char, e.end_char, e.label_) for e in theirs.ents
        ], doc.text
        found += len(doc.ents)
    assert found > 100  # the comparison compared something


def test_the_entities_are_the_same_without_the_shared_word_vectors() -> None:
    ours = build_nlp_engine().nlp["en"]
    # the pipeline before they were left out: only the tagger, parser and lemmatizer's pipes excluded
    with_vectors = spacy.load(SPACY_PACKAGE, exclude=[pipe for pipe in _UNUSED_PIPES if pipe != "tok2vec"])
    assert ours.pipe_names == ["ner"] and with_vectors.pipe_names == ["tok2vec", "ner"]
    texts = [s.text for s in heldout.generate_held_out(60, seed=5)]
    _same_entities(ours, with_vectors, texts + [s.text for s in heldout.handwritten(unseen_sets.UNSEEN_FIFTEENTH)])


def test_the_entities_are_the_same_on_numpys_blas_as_on_blis() -> None:
    ours = build_nlp_engine().nlp["en"]
    on_blis = spacy.load(SPACY_PACKAGE, exclude=_UNUSED_PIPES)
    assert type(ours.get_pipe("ner").model.ops).__name__ == "NumpyOps" and not ours.get_pipe("ner").model.ops.use_blis
    assert on_blis.get_pipe("ner").model.ops.use_blis  # control: spaCy's default, as loaded without ours
    texts = [s.text for s in heldout.generate_held_out(60, seed=8)]
    _same_entities(ours, on_blis, texts + [s.text for s in heldout.handwritten(unseen_sets.UNSEEN_TWENTY_SECOND)])


def test_numpys_blas_is_held_to_one_thread() -> None:
    from threadpoolctl import threadpool_info  # type: ignore[import-untyped]

    build_nlp_engine()
    libraries = {info["filepath"]: info for info in threadpool_info()}
    numpys = [info for path, info in libraries.items() if "numpy" in path and info["user_api"] == "blas"]
    assert numpys and all(info["num_threads"] == 1 for info in numpys)  # a detection lane is one core


def test_new_words_leave_nothing_behind_in_spacys_vocabulary() -> None:
    redactor = pii.Redactor(pii.PiiSettings(detect_workers=0))
    try:
        strings = redactor._nlp.nlp["en"].vocab.strings
        texts = [f"Call Zyxqwertonia{i} on 07700 9{i:05d} or zyx{i}@example.org" for i in range(40)]
        before = len(strings)
        redactions = redactor.redact_many(texts)
        assert len(strings) == before  # a region node's memory does not grow with what it reads
        assert all(r.counts().get("PHONE_NUMBER") == 1 for r in redactions)  # and the batch was detected
        list(redactor._nlp.nlp["en"].pipe(texts))
        assert len(strings) > before + 40  # control: outside a batch's zone, the same texts add their words
    finally:
        redactor.close()


@pytest.mark.parametrize("batch_size", [1, 16])
def test_the_parse_stepped_here_finds_spacys_own_entities(batch_size: int) -> None:
    engine = build_nlp_engine()
    nlp = engine.nlp["en"]
    texts = [s.text for s in heldout.generate_held_out(60, seed=9)]
    texts += [s.text for s in heldout.handwritten(unseen_sets.UNSEEN_TWENTY_FIRST)] + ["", "   ", "\n", "Ok."]
    ours = list(_spacy_ner.entities(nlp, texts, batch_size))
    assert [doc.text for doc in ours] == texts
    theirs = list(nlp.pipe(texts, batch_size=batch_size))  # spaCy's own parse, on the same loaded model
    found = 0
    for doc, reference in zip(ours, theirs, strict=True):
        assert [(e.start_char, e.end_char, e.label_) for e in doc.ents] == [
            (e.start_char, e.end_char, e.label_) for e in reference.ents
        ], doc.text
        found += len(doc.ents)
    assert found > 100  # the comparison compared something
    text = "Priya Raman moved to Leeds."
    ((_, artifacts),) = engine.process_batch([text], "en")
    for found in (artifacts, engine.process_text(text, "en")):  # and the engine's artifacts carry them
        assert [(e.text, e.label_) for e in found.entities] == [("Priya Raman", "PERSON"), ("Leeds", "LOCATION")]


def test_a_pipeline_the_stepped_parse_does_not_reproduce_is_refused() -> None:
    engine = build_nlp_engine()
    _spacy_ner.check_pipeline(engine.nlp["en"])  # control: the pipeline detection loads
    with_vectors = spacy.load(SPACY_PACKAGE, exclude=[pipe for pipe in _UNUSED_PIPES if pipe != "tok2vec"])
    with pytest.raises(DetectionFailed, match=r"\['tok2vec', 'ner'\] is not the NER-only pipeline"):
        _spacy_ner.check_pipeline(with_vectors)
    for change in ("beam", "relu"):
        other = spacy.load(SPACY_PACKAGE, exclude=_UNUSED_PIPES)
        if change == "beam":
            other.get_pipe("ner").cfg["beam_width"] = 4
        else:  # one piece: spaCy's Python steps would apply a ReLU its own loop does not
            other.get_pipe("ner").model.get_ref("lower")._dims["nP"] = 1  # as `maxout_pieces = 1` builds it
        with pytest.raises(DetectionFailed, match="not a greedy maxout parser"):
            _spacy_ner.check_pipeline(other)


def test_a_spacy_whose_parse_is_no_longer_reproduced_is_refused_at_load(monkeypatch: pytest.MonkeyPatch) -> None:
    nlp = build_nlp_engine().nlp["en"]

    def moved(ner: Any, docs: list[Any]) -> list[Any]:
        raise AttributeError("'ParserStepModel' object has no attribute 'state2vec'")

    monkeypatch.setattr(_spacy_ner, "_parse", moved)  # a spaCy whose internals moved
    with pytest.raises(DetectionFailed, match=r"cannot be stepped here \(AttributeError\)"):
        _spacy_ner.check_pipeline(nlp)
    monkeypatch.setattr(_spacy_ner, "_parse", lambda ner, docs: ner.moves.init_batch(docs))  # finds nothing
    with pytest.raises(DetectionFailed, match="finds other entities than spaCy's own"):
        _spacy_ner.check_pipeline(nlp)


def test_the_engine_refuses_what_it_does_not_run() -> None:
    engine = build_nlp_engine()
    assert len(list(engine.process_batch(["Ok.", "Fine."], "en", 2, 1))) == 2  # control: Presidio's signature
    with pytest.raises(ValueError, match="plain texts in its own process"):
        list(engine.process_batch([("Ok.", None)], "en", as_tuples=True))
    with pytest.raises(ValueError, match="plain texts in its own process"):
        list(engine.process_batch(["Ok."], "en", n_process=2))


@pytest.mark.parametrize("module", ["pii._redactor", "pii._places", "pii.recognizers", "pii._truecase"])
def test_no_module_of_detection_imports_torch_or_transformers_on_the_way(module: str) -> None:
    """Presidio imports transformers (and through it torch) whenever they are installed, seconds of a region's cold
    start for nothing: every module that imports Presidio hides them first (`pii._presidio.import_presidio`), whichever
    is imported first."""
    code = f"import sys, {module}; print(sorted(m for m in ('torch', 'transformers') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "[]", out.stdout


def test_the_context_enhancer_finds_the_token_presidio_finds_by_bisection() -> None:
    from presidio_analyzer.context_aware_enhancers import LemmaContextAwareEnhancer

    text = "  Call  Ana on +44 20 7946 0958, (or) ext. 12  "
    doc = spacy.blank("en")(text)
    indices = [token.idx for token in doc]
    tokens = [token.text for token in doc]
    ours = build_context_enhancer()._find_index_of_match_token
    for start in range(len(text.rstrip())):  # every offset: on a token, inside one, in the blanks between two
        assert ours("w", start, tokens, indices) == LemmaContextAwareEnhancer._find_index_of_match_token(
            "w", start, tokens, indices
        ), start
    with pytest.raises(ValueError):  # past the last token, as Presidio's own: detection fails closed
        ours("w", len(text), tokens, indices)
