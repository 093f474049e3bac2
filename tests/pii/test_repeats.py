"""Finding every occurrence of known values (`pii._repeats`): the same answers as the compiled pattern
it replaces on ASCII text, and that pattern itself for everything else."""

from __future__ import annotations

import random

import pytest

from pii._repeats import ValueSearch, values_pattern


def _all(search: ValueSearch, text: str) -> list[str]:
    found, position = [], 0
    while (hit := search.search(text, position)) is not None:
        found.append(text[hit[0] : hit[1]])
        position = hit[1]
    return found


def test_values_are_found_whatever_their_case_and_never_inside_a_longer_word() -> None:
    search = ValueSearch(["Ana Silva", "ana", "555 0101"])
    text = "ANA SILVA called; ana again, but not banana or Anastasia; 555 0101 and 5550101 and 1555 0101."
    assert _all(search, text) == ["ANA SILVA", "ana", "555 0101"]


def test_the_longest_value_wins_where_several_start_at_one_place() -> None:
    assert _all(ValueSearch(["Lee", "Lee Min-ho"]), "Ask lee min-ho, then Lee.") == ["lee min-ho", "Lee"]


def test_a_value_with_punctuation_at_its_ends_needs_no_word_boundary_there() -> None:
    assert _all(ValueSearch(["@kim", "(02)"]), "x@kim and 1(02)5, not @kimi") == ["@kim", "(02)"]


@pytest.mark.parametrize(
    ("values", "text", "expected"),
    [
        (["straße"], "Hauptstraße 5", []),  # casefolded to "strasse", as the pattern always did
        (["kelvin"], "KELVIN (\u212aelvin)", ["KELVIN", "\u212aelvin"]),  # the Kelvin sign is a K to the pattern
        (["éva"], "ÉVA and Éva", ["ÉVA", "Éva"]),
        (["박지훈"], "박지훈님과 박지훈", ["박지훈"]),  # a Hangul word goes on: a particle glued to it is a word
    ],
)
def test_text_outside_ascii_is_read_by_the_compiled_pattern(values: list[str], text: str, expected: list[str]) -> None:
    assert _all(ValueSearch(values), text) == expected


def test_the_search_answers_as_the_compiled_pattern_does() -> None:
    rng = random.Random(19)
    alphabet = "aAbB _-.'1é@"
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
        values = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 4))) for _ in range(rng.randint(0, 3))]
        pattern, search = values_pattern(values), ValueSearch(values)
        for position in range(len(text) + 1):
            match = pattern.search(text, position) if pattern else None
            assert search.search(text, position) == (None if match is None else match.span()), (text, values, position)
