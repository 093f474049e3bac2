"""spaCy's named entities, its greedy parse stepped from Python: the same entities in about half of spaCy's time.

spaCy's NER is a transition-based parser: a state per document, one action per step, chosen by the model's scores
among the actions valid in that state. spaCy 3.8 runs that loop in C with the GIL released, but the state's accessors
its validity checks call are compiled by Cython 3 to take the GIL back at every call (`StateC::B_` ->
`PyGILState_Ensure`, dozens per state and step): profiled on this machine, taking and dropping the GIL was two
thirds of the loop, and the loop two thirds of spaCy's time. Stepped from here, the same checks run with the GIL
held, where taking it again costs nothing; each step's scores are the same product of the same weights that spaCy's
loop computes (the model's hidden vector times its output layer, plus its bias), on numpy. The steps are few (one
per word, the documents of a batch together).

`entities` replaces `nlp(text)` / `nlp.pipe(texts)` for a pipeline whose only pipe is the greedy `ner`
(`tests/pii/test_spacy_pipeline.py` compares the two on held-out prompts).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy

from ._errors import DetectionFailed


def check_pipeline(nlp: Any) -> None:
    """Refuse a pipeline this parse does not reproduce: anything but one greedy `ner` pipe with an output layer."""
    if nlp.pipe_names != ["ner"]:
        raise DetectionFailed(f"spaCy pipeline {nlp.pipe_names} is not the NER-only pipeline detection expects")
    ner = nlp.get_pipe("ner")
    upper = ner.model.layers[-1] if ner.model.attrs.get("has_upper") else None
    if ner.cfg.get("beam_width", 1) != 1 or upper is None or not (upper.has_param("W") and upper.has_param("b")):
        raise DetectionFailed("spaCy's NER model is not a greedy parser with a linear output layer, as detection needs")


def entities(nlp: Any, texts: Sequence[str], batch_size: int) -> Iterator[Any]:
    """A spaCy `Doc` for each text, its entities set as `nlp.pipe(texts, batch_size=batch_size)` sets them."""
    ner = nlp.get_pipe("ner")
    for start in range(0, len(texts), max(1, batch_size)):
        docs = [nlp.make_doc(text) for text in texts[start : start + batch_size]]
        ner.set_annotations(docs, _parse(ner, docs))
        yield from docs


def _parse(ner: Any, docs: list[Any]) -> list[Any]:
    """The final state of each document, as spaCy's `Parser.predict` reaches it with a beam of one."""
    states: list[Any] = ner.moves.init_batch(docs)
    if not any(len(doc) for doc in docs):
        return states  # as spaCy's: no model for a batch of empty documents
    ner._ensure_labels_are_added(docs)
    model = ner.model.predict(docs)  # the words' vectors and each word's share of the hidden layer, once
    upper = model.vec2scores
    weights, bias = upper.get_param("W"), upper.get_param("b")
    unseen = numpy.flatnonzero(model._class_mask == 0)
    unfinished = [state for state in states if not state.is_final()]
    while unfinished:
        hidden = model.state2vec.predict(model.get_token_ids(unfinished))
        scores = numpy.dot(hidden, weights.T)
        scores += bias
        if unseen.size:
            scores[:, unseen] = numpy.nanmin(scores)  # as spaCy's: an action never trained is never taken
        unfinished = ner.transition_states(unfinished, scores)  # the valid action scored best, in each state
    model.clear_memory()
    return states
