"""Every refusal cites a rule, and the rule speaks of the action refused (the rule-topic table of the
package, written from the rulebook): over random games, each well-formed action refused — to the
player taking the turn, or named by the one who waits (KO-620, KO-611, KO-Q7 for a symbol claimed
late) — has a rule whose topic names the action or is a rule of order (the decision it makes
pending comes first, whatever the action; the table's PENDING says why for each)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from deckkit.engine.registry import load_game
from deckkit.games.kotlik import legality
from ko_rule_topics import ACTION_WORDS, PENDING, RULE_TOPICS
from rule_topics import speaks_of
from test_ko_legality import _candidates


_speaks_of = speaks_of(RULE_TOPICS, PENDING, ACTION_WORDS)


def test_ko_rules_of_order_are_rules_with_a_topic():
    """Each rule of order (KO-…) is a rule of the table, and its justification is written out."""
    assert PENDING and set(PENDING) <= set(RULE_TOPICS)
    assert all(len(why.split()) >= 5 for why in PENDING.values())


def test_ko_every_refusal_rule_has_a_topic():
    """Each ``return (message, "KO-…")`` of the legality module cites a rule the topic table knows."""
    rules = set()
    for node in ast.walk(ast.parse(Path(legality.__file__).read_text(encoding="utf-8"))):
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) and len(node.value.elts) == 2:
            rule = node.value.elts[1]
            if isinstance(rule, ast.Constant) and isinstance(rule.value, str):
                rules.add(rule.value)
    assert rules and rules <= set(RULE_TOPICS), rules - set(RULE_TOPICS)


def test_ko_a_take_before_the_move_cites_the_take_after_moving():
    """KO-501 ("after moving, the player takes"), not KO-402 (the move alone), refuses a take made
    before the stone has moved."""
    state = load_game("kotlik", direction="choose").new_game(None, random.Random(0), log=False)
    takes = [t for t in _candidates(state) if legality.kind_of(t) == "take"]
    assert takes and all(legality.refusal(state, t)[1] == "KO-501" for t in takes)
    assert _speaks_of("KO-501", "take") and not _speaks_of("KO-402", "take")


def test_ko_the_topic_check_can_fail():
    """KO-504 (a corner: no take) does not speak of an extra turn; KO-611 does."""
    assert not _speaks_of("KO-504", "extra turn") and _speaks_of("KO-611", "extra turn")


@pytest.mark.parametrize("direction", ["clockwise", "choose"])
def test_ko_refusals_cite_a_rule_that_concerns_the_action(direction):
    """KO-401, KO-402, KO-620 …: each refused well-formed action's rule speaks of its kind."""
    seen: set[tuple[str, str | None]] = set()
    for seed in range(3):
        state = load_game("kotlik", direction=direction).new_game(None, random.Random(seed), log=False)
        players = random.Random(100 + seed)
        while not state.is_terminal():
            for text in _candidates(state):
                kind = legality.kind_of(text)
                why = legality.refusal(state, text)
                if why is not None:
                    seen.add((kind, why[1]))
                seen.add((kind, state.explain_out_of_turn(1 - state.active, text)[1]))
            actions = state.legal_actions()
            state.apply(actions[players.randrange(len(actions))])
    wrong = sorted((k, str(r)) for k, r in seen if r is None or not _speaks_of(r, k))
    assert not wrong, wrong
    assert len(seen) > 15
