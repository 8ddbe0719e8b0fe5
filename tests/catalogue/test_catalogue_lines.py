"""The line each card of a JSON file starts on (deckkit.catalogue.lines): found only up to the last record a
problem names, and without decoding the items again once the rest of the file is on one line."""

from __future__ import annotations

import json
import random

import pytest

from deckkit.catalogue.lines import fill_lines, item_lines
from deckkit.schemas import Problem

CARDS = [{"id": f"c{i}", "text": "a [bracket] and {brace}\\n", "n": [i, {"deep": [i]}]} for i in range(7)]


def _layouts() -> list[str]:
    rng = random.Random(5)
    out = [json.dumps(CARDS), json.dumps(CARDS, indent=2), "\n\n" + json.dumps({"keywords": {}, "cards": CARDS}),
           json.dumps(CARDS[:3], indent=1)[:-1] + ", " + json.dumps(CARDS[3:])[1:]]  # a one-line tail
    for _ in range(5):  # line breaks at random places between items
        parts = [json.dumps(c) for c in CARDS]
        out.append("[" + "".join(p + ("," if i < len(parts) - 1 else "") + ("\n" * rng.randint(0, 2))
                                 for i, p in enumerate(parts)) + "]")
    return out


@pytest.mark.parametrize("text", _layouts())
def test_the_first_k_lines_are_those_of_the_whole_scan(text):
    whole = item_lines(text)
    assert len(whole) == len(CARDS)
    for k in range(1, len(CARDS) + 1):
        assert item_lines(text, k) == whole[:k]


def test_a_file_on_one_line_puts_every_card_on_that_line():
    assert item_lines(json.dumps(CARDS)) == [1] * len(CARDS)
    assert item_lines("\n\n" + json.dumps(CARDS), 4) == [3] * 4


def test_fill_lines_gives_each_record_its_line_in_a_pretty_file():
    text = json.dumps(CARDS, indent=2)
    problems = [Problem("f.json", "m", None, r, "$.id") for r in (5, 2)]
    filled = fill_lines(problems, {"f.json": text})
    assert [p.line for p in filled] == [item_lines(text)[4], item_lines(text)[1]]
