"""Every refusal cites a rule, and the rule speaks of the action refused (the rule-topic table of the
package, written from the rulebook): over the random positions of the legality test, each candidate
action refused — by the deciding player, or named by the other — has a rule whose topic names the
action, or, for a rule of order (OB-904, OB-905, OB-908, OB-909 …), says what comes first."""

from __future__ import annotations

import re

import pytest

from deckkit.games.obludarium import explain
from deckkit.games.obludarium.topics import ACTION_WORDS, ORDER_WORDS, RULE_TOPICS
from test_ob_legality import CASES, NO_RULE, REFUSALS, _candidates, _positions


def _speaks_of(rule: str, kind: str) -> bool:
    topic = RULE_TOPICS[rule]
    return any(re.search(r"\b" + re.escape(w), topic) for w in (*ACTION_WORDS[kind], *ORDER_WORDS))


def test_ob_every_refusal_but_a_reading_error_cites_a_rule_with_a_topic():
    """Each refusal constant carries a rule number the topic table knows; only the reading errors
    (a card or option the words name is not there) carry none."""
    for name, refusal in REFUSALS.items():
        if name in NO_RULE:
            assert refusal.rule is None, name
        else:
            assert refusal.rule in RULE_TOPICS, (name, refusal.rule)


def test_ob_the_topic_check_can_fail():
    """OB-611 (laying out) does not speak of attacks; OB-333 does."""
    assert not _speaks_of("OB-611", "attack") and _speaks_of("OB-333", "attack")


@pytest.mark.parametrize(("source", "seed"), CASES[::3], ids=[f"{s}-seed{n}" for s, n in CASES[::3]])
def test_ob_refusals_cite_a_rule_that_concerns_the_action(source, seed):
    """OB-904, OB-611, OB-606 …: each refused candidate's rule speaks of the action's kind."""
    seen: set[tuple[str, str | None]] = set()
    for state, legal in _positions(source, seed):
        p = state.current_player()
        for text in _candidates(state, legal):
            kind = text.split(" ", 1)[0]
            found = explain.refusal(state, text)
            if found is not None and found[0].rule is not None:
                seen.add((kind, found[0].rule))
            seen.add((kind, state.explain_out_of_turn(1 - p, text)[1]))
    wrong = sorted((k, r) for k, r in seen if r is None or not _speaks_of(r, k))
    assert not wrong, wrong
    assert len(seen) > 20
