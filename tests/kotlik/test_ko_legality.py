"""Legal actions and refusals come from one table of decisions (deckkit.games.kotlik.legality).

Over random games, at every decision, every action string a player could write (each action kind,
a take of every card of the game, in any case) is refused exactly when the legal actions do not
list it, and every refusal of a well-formed action cites the rule that keeps it closed (KO-401 –
KO-703). The refusal rule ids are written once, in the legality module.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from deckkit.engine.registry import load_game
from deckkit.games.kotlik import legality
from deckkit.text import fold


def _candidates(state) -> list[str]:
    names = sorted(set(state.cs.names))
    kinds = [k for k in legality.KINDS if k != "take"]
    return [*kinds, "take nothing", *(f"take {n}" for n in names), *(f"TAKE {n.upper()}" for n in names[:5])]


@pytest.mark.parametrize("direction", ["clockwise", "anticlockwise", "choose"])
@pytest.mark.parametrize("seed", range(4))
def test_ko_refused_exactly_when_not_legal(direction, seed):
    game = load_game("kotlik", direction=direction)
    state = game.new_game(None, random.Random(seed))
    players = random.Random(100 + seed)
    decisions = 0
    while not state.is_terminal():
        legal = {fold(str(a)) for a in state.legal_actions()}
        for text in _candidates(state):
            why = legality.refusal(state, text)
            assert (why is None) == (fold(text) in legal), (text, why, sorted(legal))
            if why is not None:
                message, rule = why
                assert message and rule and re.fullmatch(r"KO-(\d{3}|Q\d+)", rule), (text, why)
                assert state.explain_illegal(text) == why
        actions = state.legal_actions()
        state.apply(actions[players.randrange(len(actions))])
        decisions += 1
    assert decisions > 10
    assert legality.refusal(state, "take nothing") == ("'take nothing': the game is over", "KO-701")


def test_ko_701_after_the_end_every_action_is_refused():
    """KO-701: the game ends with the take that empties a line; every action after it is refused."""
    state = load_game("kotlik").new_game(None, random.Random(3))
    players = random.Random(3)
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply(actions[players.randrange(len(actions))])
    assert state.legal_actions() == []
    for text in ("take nothing", "explode", "extra turn", "keep last", "move clockwise"):
        assert legality.refusal(state, text) == (f"{text!r}: the game is over", "KO-701")


def _refusals(path: Path) -> set[str]:
    """The rule ids of the ``return (message, "KO-…")`` refusals written in a module."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) and len(node.value.elts) == 2:
            rule = node.value.elts[1]
            if isinstance(rule, ast.Constant) and isinstance(rule.value, str) and rule.value.startswith("KO-"):
                found.add(rule.value)
    return found


def test_ko_refusal_rules_are_written_once():
    """Refusals live in the legality module, out of turn (KO-401) too; no other module refuses."""
    package = Path(legality.__file__).parent
    assert {"KO-401", "KO-402", "KO-501", "KO-504", "KO-601", "KO-610", "KO-611", "KO-620", "KO-701", "KO-702",
            "KO-703", "KO-Q4", "KO-Q7"} <= _refusals(package / "legality.py")
    elsewhere = {path.name: _refusals(path) for path in package.glob("*.py") if path.name != "legality.py"}
    assert {name: rules for name, rules in elsewhere.items() if rules} == {}
