"""Every refusal cites a rule, and the rule speaks of the action refused (the rule-topic table of the
package, written from the rulebook): over the random positions of the legality test, each candidate
action refused — by the deciding player, or named by the other — has a rule whose topic names the
action, or is a rule of order (OB-904, OB-905, OB-908, OB-909 …: the decision it makes pending
comes first, whatever the action; the table's PENDING says why for each)."""

from __future__ import annotations


import pytest

from deckkit.games.obludarium import explain
from ob_rule_topics import ACTION_WORDS, PENDING, RULE_TOPICS
from rule_topics import speaks_of
from test_ob_legality import CASES, NO_RULE, REFUSALS, _candidates, _positions


_speaks_of = speaks_of(RULE_TOPICS, PENDING, ACTION_WORDS)


def test_ob_rules_of_order_are_rules_with_a_topic():
    """Each rule of order (OB-…) is a rule of the table, and its justification is written out."""
    assert PENDING and set(PENDING) <= set(RULE_TOPICS)
    assert all(len(why.split()) >= 5 for why in PENDING.values())


def test_ob_every_refusal_but_a_reading_error_cites_a_rule_with_a_topic():
    """Each refusal constant carries a rule number the topic table knows; only the reading errors
    (a card or option the words name is not there) carry none."""
    for name, refusal in REFUSALS.items():
        if name in NO_RULE:
            assert refusal.rule is None, name
        else:
            assert refusal.rule in RULE_TOPICS, (name, refusal.rule)


def test_ob_casting_a_non_spell_and_using_no_property_cite_rules_of_those_actions():
    """OB-354 (spells, unlike monsters and artifacts, are cast) and OB-327 (a monster may have special
    properties), not OB-351/OB-330, whose words do not speak of casting or of using."""
    assert REFUSALS["NOT_A_SPELL"].rule == "OB-354" and _speaks_of("OB-354", "cast")
    assert REFUSALS["NO_PROPERTY"].rule == "OB-327" and _speaks_of("OB-327", "use")


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
