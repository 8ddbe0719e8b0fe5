"""Why an Álomfogó action is illegal: the text read into the action it names, then the first refusal
of the same checks :meth:`~deckkit.games.alomfogo.state.AlomfogoState.legal_actions` lists by
(:mod:`deckkit.games.alomfogo.legality`).

Only reading errors are written here: an unknown kind, a card that is not there, words after a
kind that takes none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from deckkit.engine.core import Action
from deckkit.games.alomfogo import legality as rules
from deckkit.games.alomfogo.legality import Candidate, Refusal
from deckkit.text import fold

if TYPE_CHECKING:
    from deckkit.games.alomfogo.cards import CardDef
    from deckkit.games.alomfogo.state import AlomfogoState
    from deckkit.games.alomfogo.zones import Perm

# Longest first so that "no defence" is not read as "no …".
KINDS = ("start", "challenge with", "defend with", "no defence", "no helper", "no counter", "no draw", "helper",
         "assist", "cast", "play", "cycle", "counter", "draw", "pass", "choose")

NO_SUCH_CARD = Refusal("AF-404", lambda s, c: f"{c.text}: no such card in {s.pname(c.p)}'s hand")
NO_SUCH_INSTANT = Refusal("AF-404", lambda s, c: f"{c.text}: no such instant in {s.pname(c.p)}'s hand")
UNKNOWN = Refusal(None, lambda s, c: f"{c.text!r} is not an Álomfogó action; actions start with " + ", ".join(KINDS))
TAKES_NOTHING = Refusal(None, lambda s, c: f"{c.text}: {c.kind!r} takes nothing after it; {rules.now(s, c.p)}")


def _split(text: str) -> tuple[str, str]:
    folded = fold(text)
    for kind in KINDS:
        if folded == kind or folded.startswith(kind + " "):
            return kind, folded[len(kind):].strip()
    return "", folded


def _base(rest: str) -> str:
    """The card name at the start of the words after the kind (before ``with``, ``on``, ``mode`` …)."""
    base = rest.split(" with ")[0].split(" discarding ")[0].split(" on ")[0].split(" mode ")[0]
    return base.split(" ordering ")[0].strip()


def _hand_card(state: AlomfogoState, p: int, name: str) -> CardDef | None:
    base = _base(name)
    for card in state.players[p].hand:
        if card.key == base:
            return card
    return None


def _table_perm(state: AlomfogoState, p: int, label: str) -> Perm | None:
    for perm in state.players[p].table:
        if fold(state.label(p, perm)) == label:
            return perm
    return None


def _among(text: str, forms: list[Action]) -> bool:
    folded = fold(text)
    return any(fold(str(a)) == folded for a in forms)


def _start(state: AlomfogoState, c: Candidate, rest: str) -> Refusal | None:
    seats = {state.pname(i) for i in range(len(state.players))}
    return rules.phase_gate(state, "start") or (None if rest in seats else rules.SETUP_ONCE)


def _play(state: AlomfogoState, c: Candidate, rest: str) -> Refusal | None:
    card = c.card = _hand_card(state, c.p, rest)
    first = rules.may_play(state, c.p, card) if card is not None else None
    found = first if first in rules.CARD_KINDS else rules.phase_gate(state, "play")
    if found or card is None:
        return found or NO_SUCH_CARD
    if first:
        return first
    if " with " in rest:  # through a free-dreamwalker event
        event = c.event = _table_perm(state, c.p, rest.split(" with ", 1)[1].strip())
        found = rules.free_event(event)
        if found or event is None:
            return found
        found = rules.free_play(state, card, event)
        form = Action(c.p, "play", (card.name, "with", state.label(c.p, event)))
        return found or (None if _among(c.text, [form]) else rules.NO_FREE_EVENT)
    found = rules.affordable(state, c.p, card)
    if found:
        return found
    forms: list[Action] = []
    state._paid_plays(c.p, card, forms)
    return None if _among(c.text, forms) else rules.unchosen(card, len(forms), rest)


def _cast(state: AlomfogoState, c: Candidate, rest: str) -> Refusal | None:
    card = c.card = _hand_card(state, c.p, rest)
    first = rules.may_cast(state, c.p, card) if card is not None else None
    found = first if first in rules.CARD_KINDS else rules.phase_gate(state, "cast")
    if found:
        return found
    d = state.duel
    assert d is not None  # the assist exchange is part of a duel
    if card is None:
        other = d.players[1 - d.to_act]
        if _hand_card(state, other, rest) is not None:
            return rules.assist_turn(state, other)
        return NO_SUCH_INSTANT
    found = first or rules.affordable(state, c.p, card)
    if found:
        return found
    forms: list[Action] = []
    state._casts(c.p, card, forms)
    return None if _among(c.text, forms) else rules.unchosen(card, len(forms), rest, duel=True)


def _assist(state: AlomfogoState, c: Candidate, rest: str) -> Refusal | None:
    found = rules.phase_gate(state, "assist")
    if found:
        return found
    d = state.duel
    assert d is not None  # the assist exchange is part of a duel
    label = rest.split(" discarding ")[0].split(" on ")[0].split(" mode ")[0]
    named = _table_perm(state, c.p, label)
    helper = d.helpers[d.to_act]
    if named is None and helper is not None and fold(helper.card.name) == label:
        named = helper  # named by its name though it left the table
    other_p, other_helper = d.players[1 - d.to_act], d.helpers[1 - d.to_act]
    mine = named is not None and named is helper
    if not mine and other_helper is not None and fold(state.label(other_p, other_helper)) == label:
        c.perm = other_helper
        return rules.assist_turn(state, other_p)
    c.perm = named
    found = rules.may_assist(state, c.p, named)
    if found or named is None:
        return found
    forms: list[Action] = []
    state._helper_assists(c.p, named, forms)
    return None if _among(c.text, forms) else rules.unused(named.card, rest)


def _cycle(state: AlomfogoState, c: Candidate, rest: str) -> Refusal | None:
    found = rules.phase_gate(state, "cycle") or rules.may_cycle(state, c.p)
    if found:
        return found
    card = c.card = _hand_card(state, c.p, rest)
    found = rules.cyclable(card)
    if found or card is None:
        return found
    return None if rest == card.key else rules.CYCLE_INSTANT


def _challenge(state: AlomfogoState, c: Candidate, rest: str) -> Refusal | None:
    found = rules.phase_gate(state, "challenge with") or rules.may_challenge_now(state)
    if found:
        return found
    c.perm = _table_perm(state, c.p, rest)
    return rules.challenger(c.perm)


def _defend(state: AlomfogoState, c: Candidate, rest: str) -> Refusal | None:
    found = rules.phase_gate(state, c.kind)
    if found or c.kind == "no defence":
        return found
    c.perm = _table_perm(state, c.p, rest)
    return rules.defender(c.perm)


def _helper(state: AlomfogoState, c: Candidate, rest: str) -> Refusal | None:
    found = rules.phase_gate(state, c.kind)
    if found or c.kind == "no helper":
        return found
    d = state.duel
    assert d is not None  # helpers are chosen in a duel
    c.perm = _table_perm(state, c.p, rest)
    return rules.helper_candidate(d.duelists[d.players.index(c.p)], c.perm)


def _counter(state: AlomfogoState, c: Candidate, rest: str) -> Refusal | None:
    found = rules.phase_gate(state, c.kind)
    if found or c.kind == "no counter":
        return found
    pend = state.pending
    assert pend is not None  # the counter phase answers a spell
    spell, _, label = rest.partition(" with ")
    c.perm = _table_perm(state, c.p, label.strip())
    found = rules.counter_event(c.perm)
    return found or (None if spell.strip() == pend.card.key else rules.NOT_A_COUNTER)


def _draw(state: AlomfogoState, c: Candidate, rest: str) -> Refusal | None:
    return rules.phase_gate(state, c.kind) or (rules.may_draw(state, c.p) if c.kind == "draw" else None)


def _bare(state: AlomfogoState, c: Candidate, rest: str) -> Refusal | None:
    return rules.phase_gate(state, c.kind)


def _choose(state: AlomfogoState, c: Candidate, rest: str) -> Refusal | None:
    found = rules.phase_gate(state, "choose")
    if found:
        return found
    return None if any(fold(w) == rest for w, _ in state.decision_options()) else rules.NOT_A_CHOICE


READERS: dict[str, Callable[[AlomfogoState, Candidate, str], Refusal | None]] = {
    "start": _start, "play": _play, "cast": _cast, "assist": _assist, "cycle": _cycle,
    "challenge with": _challenge, "defend with": _defend, "no defence": _defend, "helper": _helper,
    "no helper": _helper, "counter": _counter, "no counter": _counter, "draw": _draw, "no draw": _draw,
    "pass": _bare, "choose": _choose,
}
TAKES_A_CARD = {"start", "play", "cast", "assist", "cycle", "challenge with", "defend with", "helper", "counter",
                "choose"}


def refusal(state: AlomfogoState, action: object) -> tuple[Refusal, Candidate] | None:
    """The first refusal of the checks for the action a text names (with the candidate it names), or
    None when every check allows it: then it is one of :meth:`legal_actions`."""
    text = str(action)
    kind, rest = _split(text)
    c = Candidate(text, kind, state.current_player())
    if not kind:
        return UNKNOWN, c
    found = rules.before_first_turn(state) if kind != "start" else None
    found = found or READERS[kind](state, c, rest)
    if found is None and rest and kind not in TAKES_A_CARD:
        found = TAKES_NOTHING
    return (found, c) if found is not None else None


def explain(state: AlomfogoState, action: object) -> tuple[str, str | None]:
    """``(message, rule)`` for an action that is not among the legal ones."""
    found = refusal(state, action)
    if found is None:  # every check allows it (not reached for an action that is not legal)
        return rules.NOT_NOW.message(state, Candidate(str(action), "", state.current_player()))
    return found[0].message(state, found[1])


def explain_out_of_turn(state: AlomfogoState, player: int, action: object) -> tuple[str, str | None]:
    """``(message, rule)`` for an action ``player`` names while another player decides."""
    text = str(action)
    found = rules.out_of_turn(state)
    if found is rules.ASSIST_TURN:  # the words name the side whose assist turn it is
        return found.message(state, Candidate(text, _split(text)[0], state.current_player()))
    return found.message(state, Candidate(text, _split(text)[0], player))
