"""The rules a refused mulligan cites are fields of each game's hand procedure, not words parsed out
of its sentences (OB-Q5 for a mulligan below a 0-card hand, AF-503 for a game without mulligans)."""

from __future__ import annotations

import re

import pytest

from deckkit.engine.opening import HandProcedure
from deckkit.engine.registry import registered_games

RULE_ID = re.compile(r"[A-Z]{2}-(?:Q?\d+|EX-\d+|D\d+)")


def _procedures() -> list[tuple[str, HandProcedure]]:
    out = []
    for spec in registered_games():
        if isinstance(spec.opening, HandProcedure):
            out.append((spec.name, spec.opening))
            out += [(f"{spec.name}:{name}", proc) for name, proc in spec.opening.variants.items()]
    return out


def test_some_procedures_deal_hands():
    """The check below runs over real procedures: at least one with mulligans and one without."""
    kinds = {proc.mulligan == "none" for _, proc in _procedures()}
    assert kinds == {True, False}


@pytest.mark.parametrize(("name", "proc"), _procedures(), ids=[n for n, _ in _procedures()])
def test_a_refused_mulligan_has_a_rule_id_the_procedure_words_name(name, proc):
    """A procedure with mulligans names the rule that ends them at a 0-card hand (OB-Q5); one without
    names the rule that it has none (AF-503). Each id is a rule number and is among the ones its
    words for people give (``beyond_rule``, ``no_mulligan``), so the message and the id agree."""
    if proc.max_mulligans:
        assert proc.floor_rule and RULE_ID.fullmatch(proc.floor_rule), name
        assert proc.floor_rule in RULE_ID.findall(proc.beyond_rule), name
    else:
        assert proc.no_mulligan_rule and RULE_ID.fullmatch(proc.no_mulligan_rule), name
        assert proc.no_mulligan_rule in RULE_ID.findall(proc.no_mulligan), name
