"""Álomfogó legality: every rule that can forbid an action, written once as a check.

A check returns None when its rule allows the action and a :class:`Refusal` when the rule forbids
it. :meth:`~deckkit.games.alomfogo.state.AlomfogoState.legal_actions` lists, for each action kind
the phase allows (:data:`PHASE_KINDS`), the candidates whose checks pass; the fast goldfish pilot
asks the same checks; :func:`deckkit.games.alomfogo.explain.explain` reads an action's text into the
candidate it names and reports the first refusal of the same checks. So a rule number appears here
once, beside the condition that implements it.

A refusal is a module constant: its message is built only when someone asks for it
(:meth:`Refusal.message`), never while actions are listed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from deckkit.games.alomfogo.zones import (ACTIVE, ASSIST, COUNTER, CREATURE_DRAW, DECIDE, DEFEND, DRAW, DUELS, HELPER,
                                          OVER, PLAY, RESTING, SETUP, Perm)

if TYPE_CHECKING:
    from deckkit.games.alomfogo.cards import CardDef
    from deckkit.games.alomfogo.rulebase import RulesBase as AlomfogoState  # the state, as its rule mixins see it


class Candidate:
    """The action a text names, as far as it could be read: its kind, who would take it, the card
    in hand (``card``) or in play (``perm``) it names, a free-dreamwalker event (``event``)."""

    __slots__ = ("text", "kind", "p", "card", "perm", "event")

    def __init__(self, text: str, kind: str, p: int, card: CardDef | None = None, perm: Perm | None = None,
                 event: Perm | None = None) -> None:
        self.text, self.kind, self.p = text, kind, p
        self.card, self.perm, self.event = card, perm, event


Say = Callable[["AlomfogoState", Candidate], str]


class Refusal:
    """A rule forbidding an action: its number (None for a plain reading error) and how to say why."""

    __slots__ = ("rule", "say")

    def __init__(self, rule: str | None, say: Say) -> None:
        self.rule = rule
        self.say = say

    def message(self, state: AlomfogoState, cand: Candidate) -> tuple[str, str | None]:
        """``(message, rule)`` for the candidate this refusal forbids."""
        return self.say(state, cand), self.rule

    def __repr__(self) -> str:
        return f"Refusal({self.rule})"


PHASE_TEXT = {
    DRAW: "phase 2 (the draw)", PLAY: "phase 3 (playing cards)", CREATURE_DRAW: "the dream-creature draw",
    DUELS: "phase 4 (challenges)", DEFEND: "the choice of a defender", HELPER: "the choice of helpers",
    ASSIST: "the assist exchange", COUNTER: "a counterspell reaction", OVER: "the end of the game",
    SETUP: "the set-up (who starts)", DECIDE: "a decision of an ability",
}


def now(state: AlomfogoState, p: int) -> str:
    """Whose decision it is and in which part of the turn (the tail of out-of-phase messages)."""
    where = PHASE_TEXT.get(state.phase, state.phase)
    return f"it is {state.pname(p)}'s decision in {where}" if p >= 0 else "the game is over"


def _card_name(c: Candidate) -> str:
    return c.card.name if c.card is not None else "?"


def _perm_name(c: Candidate) -> str:
    return c.perm.card.name if c.perm is not None else "?"


# -- the phases: which action kinds each allows (AF-504, AF-510 – AF-518, AF-700 …) -----------------
#: The action kinds each phase allows, in the order the legal actions list them.
PHASE_KINDS: dict[str, tuple[str, ...]] = {
    SETUP: ("start",), DRAW: ("draw",), PLAY: ("play", "cycle", "pass"), CREATURE_DRAW: ("draw", "no draw"),
    DUELS: ("challenge with", "pass"), DEFEND: ("defend with", "no defence"), HELPER: ("helper", "no helper"),
    ASSIST: ("assist", "cast", "pass"), COUNTER: ("counter", "no counter"), DECIDE: ("choose",), OVER: (),
}

SETUP_ONCE = Refusal("AF-504", lambda s, c: f"{c.text}: who starts is decided once, before the first turn "
                                            f"('start p1', 'start p2' …); {now(s, c.p)}")
NOT_NOW = Refusal(None, lambda s, c: f"{c.text} is not legal now; {now(s, c.p)}")
_DEFENCE = Refusal("AF-704", lambda s, c: f"{c.text}: only the challenged player chooses a defender, right after "
                                          f"a challenge; {now(s, c.p)}")
_HELPERS = Refusal("AF-721", lambda s, c: f"{c.text}: helpers are designated after the defender, attacker first; "
                                          f"{now(s, c.p)}")
_COUNTERS = Refusal("AF-371", lambda s, c: f"{c.text}: a counterspell reacts only when an opponent plays a spell; "
                                           f"{now(s, c.p)}")
_NO_DRAW_DUE = Refusal("AF-512", lambda s, c: f"{c.text}: no draw is due; {now(s, c.p)}")
def _choices(s: AlomfogoState) -> str:
    return ", ".join(f"choose {w}" for w, _ in s.decision_options())


#: An ability waits for a decision (a target of the player's choice, AF-385; "you may"): nothing else first.
DECIDE_FIRST = Refusal("AF-385", lambda s, c: f"{c.text}: {s.decision_text()} first: {_choices(s)}")
NOT_A_CHOICE = Refusal("AF-385", lambda s, c: f"{c.text}: not a choice {s.decision_text()} has: {_choices(s)}")
NOTHING_TO_CHOOSE = Refusal("AF-385", lambda s, c: f"{c.text}: no ability waits for a choice (a card is chosen "
                                                   f"when the text asks for one); {now(s, c.p)}")

#: The refusal of a kind outside the phases that allow it (by the phase, None: any other phase).
OUT_OF_PHASE: dict[str, dict[str | None, Refusal]] = {
    "play": {None: Refusal("AF-514", lambda s, c: f"{c.text}: cards are played in phase 3; {now(s, c.p)}")},
    "cast": {None: Refusal("AF-351", lambda s, c: f"{c.text}: instants can be played only during a duel, as an "
                                                  f"assist; {now(s, c.p)}")},
    "cycle": {None: Refusal("AF-611", lambda s, c: f"{c.text}: instants are cycled in phase 3; {now(s, c.p)}")},
    "challenge with": {None: Refusal("AF-515", lambda s, c: f"{c.text}: challenges are made in phase 4; "
                                                            f"{now(s, c.p)}")},
    "defend with": {None: _DEFENCE}, "no defence": {None: _DEFENCE},
    "helper": {None: _HELPERS}, "no helper": {None: _HELPERS},
    "assist": {None: Refusal("AF-730", lambda s, c: f"{c.text}: assists come after both duelists and helpers are "
                                                    f"chosen; {now(s, c.p)}")},
    "counter": {None: _COUNTERS}, "no counter": {None: _COUNTERS},
    "draw": {None: _NO_DRAW_DUE},
    "no draw": {DRAW: Refusal("AF-512", lambda s, c: "the phase 2 draw is not optional"), None: _NO_DRAW_DUE},
    "pass": {
        COUNTER: Refusal("AF-371", lambda s, c: f"{c.text}: {s.pending_choice()}; answer with a counter or "
                                                "'no counter'"),
        DRAW: Refusal("AF-512", lambda s, c: f"{c.text}: the phase 2 draw comes first"),
        CREATURE_DRAW: Refusal("AF-333", lambda s, c: f"{c.text}: first choose 'draw' or 'no draw' for the dream "
                                                      "creature"),
        DEFEND: Refusal("AF-704", lambda s, c: f"{c.text}: the challenged player answers with a defender or "
                                               "'no defence'"),
        HELPER: Refusal("AF-721", lambda s, c: f"{c.text}: designate a helper or say 'no helper'"),
        None: NOT_NOW,
    },
}


def before_first_turn(state: AlomfogoState) -> Refusal | None:
    """Before the first turn the only decision is who starts (AF-504)."""
    return SETUP_ONCE if state.phase == SETUP else None


def phase_gate(state: AlomfogoState, kind: str) -> Refusal | None:
    """Whether the phase allows actions of ``kind`` at all (:data:`PHASE_KINDS`)."""
    phase = state.phase
    if kind in PHASE_KINDS[phase]:
        return None
    if phase == DECIDE:
        return DECIDE_FIRST
    if kind == "choose":
        return NOTHING_TO_CHOOSE
    if kind == "start":
        return SETUP_ONCE
    table = OUT_OF_PHASE[kind]
    return before_first_turn(state) or table.get(phase) or table[None]


EMPTY_DECK_DRAW = Refusal("AF-Q7", lambda s, c: f"{c.text}: the deck is empty, so the dream-creature draw is not "
                                                "offered (declining it never loses); say 'no draw'")


def may_draw(state: AlomfogoState, p: int) -> Refusal | None:
    """The draw due now: phase 2's is required; the optional dream-creature draw needs a card to draw."""
    if state.phase == CREATURE_DRAW and not state.players[p].library:
        return EMPTY_DECK_DRAW
    return None


# -- phase 3: playing cards (AF-600) ----------------------------------------------------------------
INSTANT_IS_CAST = Refusal("AF-353", lambda s, c: f"{_card_name(c)} is an instant: instants cannot be played in "
                                                 "phase 3")
NOT_AN_INSTANT = Refusal("AF-607", lambda s, c: f"{_card_name(c)} is not an instant; play it in phase 3")
ONE_SOURCE = Refusal("AF-610", lambda s, c: f"{c.text}: only one magic source (bűvforrás) per turn")
COST = Refusal("AF-601", lambda s, c: f"{c.text}: {s.cost_of(c.p, c.card) if c.card else '?'} VP needed, "
                                      f"{s.players[c.p].vp} available")


def one_source(state: AlomfogoState, p: int, card: CardDef) -> Refusal | None:
    """At most one magic source (bűvforrás) a turn, instants too, in either player's turn (AF-610)."""
    return ONE_SOURCE if card.magic_source and state.players[p].source_played else None


def may_play(state: AlomfogoState, p: int, card: CardDef) -> Refusal | None:
    """A card from the hand put into play in phase 3, paid or free (the phase itself: :func:`phase_gate`):
    every card but an instant, which is cast in a duel (AF-353)."""
    if card.type == "instant":
        return INSTANT_IS_CAST
    return one_source(state, p, card) if card.magic_source else None  # (only a magic source is limited)


def may_cast(state: AlomfogoState, p: int, card: CardDef) -> Refusal | None:
    """An instant from the hand cast as an assist (whose assist turn: :func:`assist_turn`); the other
    cards are played in phase 3 (AF-607)."""
    return NOT_AN_INSTANT if card.type != "instant" else one_source(state, p, card)


#: Refusals for the kind of card named, reported before the phase is looked at.
CARD_KINDS = (INSTANT_IS_CAST, NOT_AN_INSTANT)


def affordable(state: AlomfogoState, p: int, card: CardDef) -> Refusal | None:
    """The card's VP cost, as continuous effects change it, can be paid from the VP saved (AF-601)."""
    return COST if state.cost_of(p, card) > state.players[p].vp else None


NO_FREE_EVENT = Refusal("AF-EX-26", lambda s, c: f"{c.text}: no event of yours by that name lets you play a "
                                                 "dreamwalker free")
FREE_TOO_DEAR = Refusal("AF-EX-26", lambda s, c: (
    f"{c.text}: {c.event.card.name} lets you play a dreamwalker costing at most {c.event.card.free_max} VP free; "
    f"{_card_name(c)} is a {c.card.type if c.card else '?'} costing {c.card.cost if c.card else '?'}")
    if c.event is not None else "?")
EVENT_RESTING = Refusal("AF-342", lambda s, c: f"{c.text}: {c.event.card.name if c.event else '?'} is not active, "
                                               "and a resting event has no effect")
FREE_USED = Refusal("AF-EX-26", lambda s, c: f"{c.text}: {c.event.card.name if c.event else '?'} was already used "
                                             "this turn (one dreamwalker each turn)")


def free_event(event: Perm | None) -> Refusal | None:
    """Whether a card in play is an event that lets its owner play dreamwalkers free (AF-EX-26)."""
    return NO_FREE_EVENT if event is None or event.card.free_max < 0 else None


def free_play(state: AlomfogoState, card: CardDef, event: Perm) -> Refusal | None:
    """A dreamwalker played free through a free-dreamwalker event: one costing at most the event's
    maximum, the event active (AF-342) and not used yet this turn (AF-EX-26)."""
    if not card.is_dreamwalker or card.cost > event.card.free_max:
        return FREE_TOO_DEAR
    if event.state != ACTIVE:
        return EVENT_RESTING
    return FREE_USED if event.used == state.turn else None


def _shown(state: AlomfogoState, c: Candidate) -> str:
    kinds = (c.kind,)
    name = _card_name(c) if c.kind != "assist" else (c.perm.card.name if c.perm else "?")
    forms = [str(a) for a in state.legal_actions() if a.kind in kinds and a.args and
             (a.args[0] == name or c.perm is not None and a.args[0] == state.label(c.p, c.perm))]
    return ", ".join(forms[:6])


SAY_WHICH = Refusal("AF-913", lambda s, c: f"{c.text}: {_card_name(c)} affects one opponent; say which: "
                                           f"play {_card_name(c)} on p2 …")
WHICH_OPPONENT = Refusal("AF-913", lambda s, c: f"{c.text}: {_card_name(c)} affects one opponent; say which: "
                                                f"{_shown(s, c)}")
NO_TARGET = Refusal("AF-385", lambda s, c: f"{c.text}: {_card_name(c)} has nothing to choose: no card fits its "
                                           "target (no target, no play)")
NOT_A_TARGET = Refusal("AF-385", lambda s, c: f"{c.text}: not a card {_card_name(c)} can choose; it can be "
                                              f"{'cast' if c.kind == 'cast' else 'played'} as: {_shown(s, c)}")
NOT_A_FORM = Refusal(None, lambda s, c: f"{c.text}: not a way to {'cast' if c.kind == 'cast' else 'play'} "
                                        f"{_card_name(c)}; it can be {'cast' if c.kind == 'cast' else 'played'} as: "
                                        f"{_shown(s, c)}")
NAME_THE_MODE = Refusal("AF-385", lambda s, c: f"{c.text}: {_card_name(c)} is played in one of its modes, named "
                                               f"before its targets: {_shown(s, c)}")
NAME_THE_DISCARD = Refusal("AF-384", lambda s, c: f"{c.text}: {_perm_name(c)}'s ability costs a discard too; say "
                                                  f"which card: {_shown(s, c)}")
NOT_A_WAY = Refusal("AF-385", lambda s, c: f"{c.text}: not a card {_perm_name(c)} can choose; it can be used as: "
                                           f"{_shown(s, c)}")
NOT_A_USE = Refusal(None, lambda s, c: f"{c.text}: not a way to use {_perm_name(c)}; it can be used as: "
                                       f"{_shown(s, c)}")


def unchosen(card: CardDef, ways: int, words: str, duel: bool = False) -> Refusal:
    """Why words after a card name are none of the ways it can be played (``duel``: cast) now, ``ways``
    of them: a target must be chosen, no target no play (AF-385); outside a duel "the opponent" a card
    affects is named (AF-913); a modal card's mode is named (AF-385); else the words are no order or
    choice the card has."""
    opponent = card.target == "opponent" and not duel
    if opponent and " on " not in f" {words} ":
        return SAY_WHICH
    if not ways:
        return NO_TARGET
    if opponent:
        return WHICH_OPPONENT
    if card.play is not None and len(card.play.modes) > 1:
        return NAME_THE_MODE
    return NOT_A_TARGET if card.target == "chosen" else NOT_A_FORM


def unused(card: CardDef, words: str) -> Refusal:
    """Why words after a helper's name are none of the ways its ability can be used now: a discard it
    costs is named (AF-384), a target it chooses (AF-385); else they are no choice it has."""
    if card.helper_discard and " discarding " not in f" {words} ":
        return NAME_THE_DISCARD
    ability = card.helper_ability
    chooses = ability is not None and any(step.target is not None and step.target.chosen
                                          for seq in ability.sequences for step in seq)
    return NOT_A_WAY if chooses else NOT_A_USE


ONCE_A_TURN = Refusal("AF-612", lambda s, c: f"{c.text}: instant cycling at most once per turn")
EMPTY_DECK_CYCLE = Refusal("AF-Q7", lambda s, c: f"{c.text}: cycling is not offered on an empty deck")
CYCLE_COST = Refusal("AF-611", lambda s, c: f"{c.text}: cycling costs 1 VP")
CYCLE_INSTANT = Refusal("AF-611", lambda s, c: f"{c.text}: only an instant in hand can be cycled")


def may_cycle(state: AlomfogoState, p: int) -> Refusal | None:
    """Instant cycling: once a turn (AF-612), 1 VP (AF-611), not on an empty deck (AF-Q7)."""
    player = state.players[p]
    if player.cycled:
        return ONCE_A_TURN
    if not player.library:
        return EMPTY_DECK_CYCLE
    return CYCLE_COST if player.vp < 1 else None


def cyclable(card: CardDef | None) -> Refusal | None:
    """Only an instant in the hand is cycled (AF-611)."""
    return CYCLE_INSTANT if card is None or card.type != "instant" else None


# -- phase 4: challenges and duels (AF-700) ----------------------------------------------------------
FIRST_TURN = Refusal("AF-516", lambda s, c: f"{c.text}: the starting player may not challenge in their first turn")
NOT_A_WALKER = Refusal("AF-705", lambda s, c: f"{c.text}: only dreamwalkers can challenge")
NOT_A_CHALLENGER = Refusal("AF-703", lambda s, c: f"{c.text}: the challenger must be an active dreamwalker of yours")
NOT_A_DEFENDER = Refusal("AF-704", lambda s, c: f"{c.text}: the defender must be an active dreamwalker of yours")


def may_challenge_now(state: AlomfogoState) -> Refusal | None:
    """The starting player does not challenge in the game's first turn (AF-516)."""
    return FIRST_TURN if state.first_turn_of_game() else None


def challenger(perm: Perm | None) -> Refusal | None:
    """A challenge is made with an active dreamwalker of one's own (AF-703); creatures never duel (AF-705)."""
    if perm is None:
        return NOT_A_CHALLENGER
    if not perm.card.is_dreamwalker:
        return NOT_A_WALKER
    return NOT_A_CHALLENGER if perm.state != ACTIVE else None


def defender(perm: Perm | None) -> Refusal | None:
    """The challenged player defends with an active dreamwalker (AF-704), or a resting one that may defend
    while resting (AF-D16); never with one that cannot defend."""
    if perm is None:
        return NOT_A_DEFENDER
    card = perm.card
    if not card.is_dreamwalker or "cannot-defend" in card.keywords:
        return NOT_A_DEFENDER
    if perm.state == ACTIVE or perm.state == RESTING and "defend-while-resting" in card.keywords:
        return None
    return NOT_A_DEFENDER


HELPER_RESTING = Refusal("AF-414", lambda s, c: f"{c.text}: {_perm_name(c)} is resting; resting and damaged "
                                                "creatures cannot be helpers")
HELPER_DAMAGED = Refusal("AF-415", lambda s, c: f"{c.text}: {_perm_name(c)} is damaged; resting and damaged "
                                                "creatures cannot be helpers")
HELPER_IS_DUELIST = Refusal("AF-721", lambda s, c: f"{c.text}: {_perm_name(c)} is the duelist; the helper must be "
                                                   "another active creature")
HELPER_NOT_CREATURE = Refusal("AF-721", lambda s, c: f"{c.text}: only a dreamwalker or dream creature can be a "
                                                     "helper")
NOT_A_HELPER = Refusal("AF-721", lambda s, c: f"{c.text}: a helper must be an active creature of yours other than "
                                              "your duelist")


def helper_candidate(duelist: Perm, perm: Perm | None) -> Refusal | None:
    """A helper is an active dreamwalker or dream creature of the side other than its duelist (AF-721,
    AF-724); resting (AF-414) and damaged (AF-415) creatures cannot help."""
    if perm is None:
        return NOT_A_HELPER
    if perm.state != ACTIVE and perm.card.is_creature:
        return HELPER_RESTING if perm.state == RESTING else HELPER_DAMAGED
    if perm is duelist:
        return HELPER_IS_DUELIST
    return HELPER_NOT_CREATURE if not perm.card.is_creature else None


def _turn_message(s: AlomfogoState, c: Candidate) -> str:
    if c.perm is not None:  # an assist with the other side's helper
        d = s.duel
        owner = d.players[1 - d.to_act] if d is not None else -1
        return (f"{c.text}: {c.perm.card.name} is {s.pname(owner)}'s helper, and it is {s.pname(c.p)}'s assist "
                "turn; assists alternate, attacker first")
    return f"{c.text}: it is {s.pname(c.p)}'s assist turn; assists alternate, attacker first"


ASSIST_TURN = Refusal("AF-731", _turn_message)


def assist_turn(state: AlomfogoState, who: int) -> Refusal | None:
    """Assists alternate, attacker first: only the side whose assist turn it is acts (AF-731)."""
    d = state.duel
    return ASSIST_TURN if d is None or d.players[d.to_act] != who else None


def _waits(s: AlomfogoState, c: Candidate) -> str:
    return f"{c.text}: {now(s, s.current_player())}; p{c.p + 1} waits"


#: Who decides in each phase, for an action a player names out of turn: the active player's phases
#: (AF-512, AF-514, AF-515; the dream-creature draw is the player's who played it, AF-333), the
#: challenged player's defence (AF-704), the helpers attacker first (AF-721), whose assist turn it is
#: (AF-731), the counterspell's reaction (AF-371) and the chooser of an ability's decision (AF-385).
WAITS: dict[str, Refusal] = {
    DRAW: Refusal("AF-512", _waits), PLAY: Refusal("AF-514", _waits), DUELS: Refusal("AF-515", _waits),
    CREATURE_DRAW: Refusal("AF-333", _waits), DEFEND: Refusal("AF-704", _waits),
    HELPER: Refusal("AF-721", _waits), COUNTER: Refusal("AF-371", _waits), DECIDE: Refusal("AF-385", _waits),
}


def out_of_turn(state: AlomfogoState) -> Refusal:
    """The rule that gives the decision now to another player (an action named by the one who waits):
    in the assist exchange assists alternate, attacker first (AF-731); see :data:`WAITS`."""
    if state.phase == ASSIST:
        return ASSIST_TURN
    return WAITS.get(state.phase) or (SETUP_ONCE if state.phase == SETUP else NOT_NOW)


NOT_YOUR_HELPER = Refusal("AF-734", lambda s, c: f"{c.text}: only your own helper's ability can be used, and it is "
                                                 f"{s.pname(c.p)}'s assist turn")
SACRIFICED = Refusal("AF-382", lambda s, c: f"{c.text}: {_perm_name(c)} was sacrificed (Á) and is in the spell cage")
HELPER_NOT_ACTIVE = Refusal("AF-735", lambda s, c: f"{c.text}: the helper is not active, so its ability cannot be "
                                                   "used")
NO_HELPER_ABILITY = Refusal("AF-735", lambda s, c: f"{c.text}: {_perm_name(c)} has no (P), (S) or (Á) ability")
EXTRA_COST = Refusal("AF-384", lambda s, c: f"{c.text}: its extra cost cannot be paid")


def may_assist(state: AlomfogoState, p: int, named: Perm | None) -> Refusal | None:
    """An assist with a helper's ability: the acting side's own helper (AF-734), still on the table (an
    (Á) helper is gone once used, AF-382), active and with a (P)/(S)/(Á) ability (AF-735), its extra
    VP and discard costs payable (AF-384, AF-386)."""
    d = state.duel
    helper = d.helpers[d.to_act] if d is not None else None
    if helper is None or named is not helper:
        return NOT_YOUR_HELPER
    player = state.players[p]
    if helper not in player.table:
        return SACRIFICED
    if helper.state != ACTIVE:
        return HELPER_NOT_ACTIVE
    card = helper.card
    if not card.has_helper_ability:
        return NO_HELPER_ABILITY
    return EXTRA_COST if player.vp < card.helper_vp or len(player.hand) < card.helper_discard else None


NOT_A_COUNTER = Refusal("AF-371", lambda s, c: (
    f"{c.text}: {s.pending_choice()}; it is answered by sacrificing an active counterspell (ellenvarázs) event "
    "of yours, or 'no counter'"))


def counter_event(perm: Perm | None) -> Refusal | None:
    """A counterspell answers with an active counterspell (ellenvarázs) event of the asked player (AF-371)."""
    return NOT_A_COUNTER if perm is None or not perm.card.counter or perm.state != ACTIVE else None
