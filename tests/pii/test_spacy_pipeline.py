"""spaCy runs only what detection reads: leaving out the model's shared word vectors changes no entity."""

from __future__ import annotations

import spacy

from pii import heldout
from pii._presidio import _UNUSED_PIPES, SPACY_PACKAGE, build_nlp_engine


def test_the_entities_are_the_same_without_the_shared_word_vectors() -> None:
    ours = build_nlp_engine().nlp["en"]
    # the pipeline before they were left out: only the tagger, parser and lemmatizer's pipes excluded
    with_vectors = spacy.load(SPACY_PACKAGE, exclude=[pipe for pipe in _UNUSED_PIPES if pipe != "tok2vec"])
    assert ours.pipe_names == ["ner"] and with_vectors.pipe_names == ["tok2vec", "ner"]
    texts = [s.text for s in heldout.generate_held_out(60, seed=5)]
    texts += [s.text for s in heldout.handwritten(heldout.UNSEEN_FIFTEENTH)]
    found = 0
    for doc, reference in zip(ours.pipe(texts), with_vectors.pipe(texts), strict=True):
        assert [(e.start_char, e.end_char, e.label_) for e in doc.ents] == [
            (e.start_char, e.end_char, e.label_) for e in reference.ents
        ], doc.text
        found += len(doc.ents)
    assert found > 100  # the comparison compared something
