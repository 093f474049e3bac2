"""A recognizer of people whose spans a pure function of the text finds: the class the script rules share
(`pii._han_names`, `pii._abjad_and_thai_names`), each giving only its function."""

from __future__ import annotations

from typing import Any

from ._presidio import import_presidio, rule_result

import_presidio()
from presidio_analyzer import EntityRecognizer, RecognizerResult  # noqa: E402


class PeopleFound(EntityRecognizer):
    """People at the spans `people` finds, each scored `SCORE`; named after the subclass."""

    name: str
    SCORE = 0.7

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(supported_entities=["PERSON"], name=type(self).__name__, **kwargs)

    def load(self) -> None:
        pass

    def people(self, text: str) -> list[tuple[int, int]]:
        raise NotImplementedError

    def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
        if "PERSON" not in entities:
            return []
        return [rule_result(self, "PERSON", start, end, self.SCORE) for start, end in self.people(text)]
