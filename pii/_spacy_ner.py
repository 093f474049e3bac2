"""spaCy's named entities, its greedy parse stepped from Python: the same entities in about half of spaCy's time.

spaCy's NER is a transition-based parser: a state per document, one action per step, chosen by the model's scores
among the actions valid in that state. spaCy 3.8 runs that loop in C with the GIL released, but something in the
validity checks it calls for every action of every state (`StateC::B_` in the profile) takes the GIL back each time
(`PyGILState_Ensure`): profiled on this machine, the GIL's mutex was two thirds of the loop, and the loop two thirds
of spaCy's time. Stepped from here, the same checks (spaCy's own `transition_states`) run with the GIL held, where
taking it again costs nothing. Each step's scores are computed as spaCy's loop computes them: the state's features
summed into the hidden layer by spaCy's own code, then the product with the output layer plus its bias, on numpy's
BLAS as the model's other layers here (`pii._presidio`), not on blis as spaCy's loop: equal to the last bits or
nearly (a reviewer saw 2,150 of 120,842 scores differ, by at most 7.6e-6, with no action changed), and blis's Python
entry costs 5 us a step. The steps are few (one per word, the documents of a batch together).

`entities` replaces `nlp.pipe(texts)` for a pipeline whose only pipe is the greedy `ner`, and `check_pipeline` refuses
any other, as it refuses a spaCy whose parse this no longer reproduces (tested on a sample at load):
`tests/pii/test_spacy_pipeline.py` compares the two on held-out prompts.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy

from ._errors import DetectionFailed

SAMPLE = (
    "Priya Raman flew from Chennai to Leeds on Monday.",
    "Dear Mr. Okafor, the Lagos office will call you.",
    "",
    "Ok.",
)
"""Texts whose entities `check_pipeline` finds both ways at load (a few milliseconds): a spaCy whose internals moved
fails there, closed, not at a region's first request."""


def check_pipeline(nlp: Any) -> None:
    """Refuse a pipeline this parse does not reproduce: anything but one greedy `ner` pipe whose hidden layer is a
    maxout (spaCy's loop applies no other activation) under a linear output layer, or one that finds other entities
    than spaCy's own loop on `SAMPLE`."""
    if nlp.pipe_names != ["ner"]:
        raise DetectionFailed(f"spaCy pipeline {nlp.pipe_names} is not the NER-only pipeline detection expects")
    ner = nlp.get_pipe("ner")
    upper = ner.model.get_ref("upper") if ner.model.attrs.get("has_upper") else None
    if (
        ner.cfg.get("beam_width", 1) != 1
        or ner.model.get_ref("lower").get_dim("nP") < 2
        or upper is None
        or not (upper.has_param("W") and upper.has_param("b"))
    ):
        raise DetectionFailed("spaCy's NER model is not a greedy maxout parser with a linear output layer")
    try:
        ours = [_spans(doc) for doc in entities(nlp, SAMPLE, len(SAMPLE))]
    except Exception as exc:  # spaCy's internals are not the ones this steps through
        raise DetectionFailed(
            f"spaCy's parse cannot be stepped here ({type(exc).__name__}); check spaCy's version"
        ) from exc
    if ours != [_spans(doc) for doc in nlp.pipe(SAMPLE)]:
        raise DetectionFailed("spaCy's parse stepped here finds other entities than spaCy's own; check spaCy's version")


def entities(nlp: Any, texts: Sequence[str], batch_size: int) -> Iterator[Any]:
    """A spaCy `Doc` for each text, its entities set as spaCy's own parse sets them, `batch_size` texts parsed
    together."""
    ner = nlp.get_pipe("ner")
    size = max(1, batch_size)
    for start in range(0, len(texts), size):
        docs = [nlp.make_doc(text) for text in texts[start : start + size]]
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


def _spans(doc: Any) -> list[tuple[int, int, str]]:
    return [(entity.start_char, entity.end_char, entity.label_) for entity in doc.ents]
