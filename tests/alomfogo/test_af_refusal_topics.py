"""Every refusal cites a rule, and the rule speaks of the action refused (the rule-topic table of the
package, written from the rulebook): over the random positions of the legality test, each candidate
refused — by the deciding player, or named by another (AF-731 for an assist out of turn) — has a
rule whose topic names the action, or is a rule of order (a phase, turns taken, a decision that
comes first, whatever the action; the table's PENDING says why for each)."""

from __future__ import annotations


from deckkit.games.alomfogo import explain as reader
from deckkit.games.alomfogo import legality
from deckkit.games.alomfogo.legality import Refusal
from af_rule_topics import ACTION_WORDS, PENDING, RULE_TOPICS
from rule_topics import speaks_of
from test_af_legality import CASUAL, GAME, READING, _candidates, _states


_speaks_of = speaks_of(RULE_TOPICS, PENDING, ACTION_WORDS)


def test_af_rules_of_order_are_rules_with_a_topic():
    """Each rule of order (AF-…) is a rule of the table, and its justification is written out."""
    assert PENDING and set(PENDING) <= set(RULE_TOPICS)
    assert all(len(why.split()) >= 5 for why in PENDING.values())


def _refusals() -> list[Refusal]:
    found = [v for m in (legality, reader) for v in vars(m).values() if isinstance(v, Refusal)]
    for table in (legality.OUT_OF_PHASE, legality.WAITS):
        for value in table.values():
            found += list(value.values()) if isinstance(value, dict) else [value]
    return found


def test_af_every_refusal_but_a_reading_error_cites_a_rule_with_a_topic():
    """Each refusal carries a rule number the topic table knows; only misreadings carry none."""
    for refusal in _refusals():
        if refusal in READING:
            assert refusal.rule is None, refusal
        else:
            assert refusal.rule in RULE_TOPICS, refusal


def test_af_the_topic_check_can_fail():
    """AF-612 (cycling once a turn) does not speak of assists; AF-731 does."""
    assert not _speaks_of("AF-612", "assist") and _speaks_of("AF-731", "assist")


def test_af_refusals_cite_a_rule_that_concerns_the_action():
    """AF-731, AF-514, AF-704 …: each refused candidate's rule speaks of the action's kind."""
    seen: set[tuple[str, str | None]] = set()
    for seed in range(3):
        for state in _states(GAME, CASUAL, 2, seed, every=5):
            p = state.current_player()
            plain, _ = _candidates(state)
            for text in plain:
                found = reader.refusal(state, text)
                if found is not None and found[0] not in READING:
                    seen.add((found[1].kind, found[0].rule))
                kind = reader._split(text)[0]
                seen.add((kind, state.explain_out_of_turn(1 - p, text)[1]))
    wrong = sorted((k, str(r)) for k, r in seen if r is None or not _speaks_of(r, k))
    assert not wrong, wrong
    assert len(seen) > 20
