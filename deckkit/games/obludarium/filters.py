"""How a filter of the ability language is asked of Obludárium cards, fast: its answers on a card's
printed facts are kept per card (they never change), its state words are asked of the card in play
directly, and a filter only attacking cards pass is known as such (no attacker, no candidate).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deckkit.engine.abilities import Filter
from deckkit.games.obludarium.cards import CardInfo

#: What a filter may read of a card in play beyond its printed facts (:meth:`~deckkit.games.obludarium.rules.AbilityRules._getter`).
_LIVE_FIELDS = frozenset({"attack", "defense", "state"})


def printed_only(f: Filter) -> bool:
    """Whether a filter reads only a card's printed facts (type, group, name, cost), so its answer
    for a card never changes."""
    return all(name not in _LIVE_FIELDS for name, _ in f.tests) and \
        all(printed_only(g) for g in (*f.negated, *f.alternatives))


def compile_test(f: Filter) -> tuple[Callable[[Any, Any], bool], tuple]:
    """The test of :meth:`~deckkit.games.obludarium.rules.AbilityRules.tester`: ``f.matches`` on the card's getter, its answers on
    printed facts kept by card (a card's facts are held as the key, so they stay the same object);
    and its parts for a card in play, (answers kept, the filter on printed facts they answer, the
    rest read now: None, state tests or a filter), which :meth:`~deckkit.games.obludarium.choices.ChoiceRules._candidates` reads
    without a call per card."""
    facts: dict[CardInfo, bool] = {}  # f's answer on a card's printed facts
    if not (f.tests or f.negated or f.alternatives):
        return (lambda state, card: True), (facts, f, None)

    def on_facts(state, card) -> bool:
        info = card if type(card) is CardInfo else card.info
        known = facts.get(info)
        if known is None:
            known = facts[info] = f.matches(state._getter(info))
        return known

    if printed_only(f):
        return on_facts, (facts, f, None)
    # f is its tests on printed facts (kept per card) and the rest, which a card in play passes or not now
    printed = Filter(tuple((name, want) for name, want in f.tests if name not in _LIVE_FIELDS))
    rest = Filter(tuple((name, want) for name, want in f.tests if name in _LIVE_FIELDS), f.negated,
                  f.alternatives)
    printed_facts: dict[CardInfo, bool] = {}
    words = _state_tests(rest)  # a rest of state words only is asked of the card directly

    def test(state, card) -> bool:
        if type(card) is CardInfo:
            return on_facts(state, card)
        known = printed_facts.get(card.info)
        if known is None:
            known = printed_facts[card.info] = printed.matches(state._getter(card.info))
        if not known:
            return False
        if words is not None:
            for holds in words:
                if not holds(state, card):
                    return False
            return True
        return rest.matches(state._getter(card))
    return test, (printed_facts, printed, words if words is not None else rest)


#: What each ``state`` word of a filter asks of a card in play (:meth:`~deckkit.games.obludarium.rules.AbilityRules.states_of`);
#: an attack is unblocked once the blocks are declared (OB-830, OB-831).
STATE_WORDS: dict[str, Callable[[Any, Any], bool]] = {
    "tapped": lambda state, perm: perm.tapped,
    "untapped": lambda state, perm: not perm.tapped,
    "new": lambda state, perm: perm.new,
    "attacking": lambda state, perm: perm.attacking,
    "blocked": lambda state, perm: perm.attacking and perm.blocked,
    "unblocked": lambda state, perm: perm.attacking and not perm.blocked and state.phase in ("block", "fight"),
    "blocking": lambda state, perm: bool(perm.blocking),
}


#: The state words only an attacking card has: it is one of the active player's ``attackers``.
ATTACKING_WORDS = frozenset({"attacking", "blocked", "unblocked"})


def attackers_only(f: Filter) -> bool:
    """Whether only attacking cards pass ``f`` (it asks for one of :data:`ATTACKING_WORDS`)."""
    for name, want in f.tests:
        if name == "state" and (want in ATTACKING_WORDS if isinstance(want, str) else
                                isinstance(want, frozenset) and bool(want) and want <= ATTACKING_WORDS):
            return True
    return False


def _any_of(tests: tuple[Callable[[Any, Any], bool], ...]) -> Callable[[Any, Any], bool]:
    def holds(state, perm) -> bool:
        return any(t(state, perm) for t in tests)
    return holds


def _state_tests(f: Filter) -> tuple[Callable[[Any, Any], bool], ...] | None:
    """The state words ``f`` asks for, one test each (a set of words: any of them), when that is all
    it asks (as :meth:`Filter.matches` reads a ``set`` field); else None."""
    if f.negated or f.alternatives:
        return None
    out = []
    for name, want in f.tests:
        if name != "state":
            return None
        if isinstance(want, str) and want in STATE_WORDS:
            out.append(STATE_WORDS[want])
        elif isinstance(want, frozenset) and want <= STATE_WORDS.keys():
            out.append(_any_of(tuple(STATE_WORDS[w] for w in sorted(want))))
        else:
            return None
    return tuple(out)
