"""Why an Álomfogó action is illegal: a message naming the rule it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckkit.text import fold

if TYPE_CHECKING:
    from deckkit.games.alomfogo.state import AlomfogoState

# Longest first so that "no defence" is not read as "no …".
KINDS = ("start", "challenge with", "defend with", "no defence", "no helper", "no counter", "no draw", "helper",
         "assist", "cast", "play", "cycle", "counter", "draw", "pass")

PHASE_TEXT = {
    "phase2": "phase 2 (the draw)", "phase3": "phase 3 (playing cards)", "creature-draw": "the dream-creature draw",
    "phase4": "phase 4 (challenges)", "defend": "the choice of a defender", "helper": "the choice of helpers",
    "assist": "the assist exchange", "counter": "a counterspell reaction", "over": "the end of the game",
    "setup": "the set-up (who starts)",
}


def _split(text: str) -> tuple[str, str]:
    folded = fold(text)
    for kind in KINDS:
        if folded == kind or folded.startswith(kind + " "):
            return kind, folded[len(kind):].strip()
    return "", folded


def _hand_card(state: AlomfogoState, p: int, name: str):
    base = name.split(" with ")[0].split(" discarding ")[0].split(" on ")[0].split(" mode ")[0]
    base = base.split(" ordering ")[0].strip()
    for card in state.players[p].hand:
        if card.key == base:
            return card
    return None


def _table_perm(state: AlomfogoState, p: int, label: str):
    for perm in state.players[p].table:
        if fold(state.label(p, perm)) == label:
            return perm
    return None


def explain(state: AlomfogoState, action: object) -> tuple[str, str | None]:
    """``(message, rule)`` for an action that is not among the legal ones."""
    text = str(action)
    kind, rest = _split(text)
    phase = state.phase
    p = state.current_player()
    where = PHASE_TEXT.get(phase, phase)
    now = f"it is {state.pname(p)}'s decision in {where}" if p >= 0 else "the game is over"
    if not kind:
        return (f"{text!r} is not an Álomfogó action; actions start with "
                + ", ".join(KINDS), None)
    player = state.players[p] if p >= 0 else None
    if kind == "start" or phase == "setup":
        return (f"{text}: who starts is decided once, before the first turn ('start p1', 'start p2' …); {now}",
                "AF-504")
    if kind == "cast":
        card = _hand_card(state, p, rest)
        if card is not None and card.type != "instant":
            return (f"{card.name} is not an instant; play it in phase 3", "AF-607")
        if phase != "assist":
            return (f"{text}: instants can be played only during a duel, as an assist; {now}", "AF-351")
        d = state.duel
        assert d is not None and player is not None  # the assist exchange: a duel, someone to act
        if card is None:
            other = d.players[1 - d.to_act]
            if _hand_card(state, other, rest) is not None:
                return (f"{text}: it is {state.pname(p)}'s assist turn; assists alternate, attacker first", "AF-731")
            return (f"{text}: no such instant in {state.pname(p)}'s hand", "AF-404")
        if card.magic_source and player.source_played:
            return (f"{text}: only one magic source (bűvforrás) per turn", "AF-610")
        return (f"{text}: {state.cost_of(p, card)} VP needed, {player.vp} available", "AF-601")
    if kind == "assist":
        if phase != "assist":
            return (f"{text}: assists come after both duelists and helpers are chosen; {now}", "AF-730")
        label = rest.split(" discarding ")[0].split(" on ")[0].split(" mode ")[0]
        perm = _table_perm(state, p, label)
        d = state.duel
        assert d is not None  # the assist exchange is part of a duel
        helper = d.helpers[d.to_act]
        other_p = d.players[1 - d.to_act]
        other_helper = d.helpers[1 - d.to_act]
        if other_helper is not None and fold(state.label(other_p, other_helper)) == label:
            return (f"{text}: {other_helper.card.name} is {state.pname(other_p)}'s helper, and it is {state.pname(p)}'s "
                    "assist turn; assists alternate, attacker first", "AF-731")
        if helper is not None and perm is None and fold(helper.card.name) == label \
                and helper not in state.players[p].table:
            return (f"{text}: {helper.card.name} was sacrificed (Á) and is in the spell cage", "AF-382")
        if perm is not helper or perm is None:
            return (f"{text}: only your own helper's ability can be used, and it is "
                    f"{state.pname(p)}'s assist turn", "AF-734")
        if perm.state != 0:
            return (f"{text}: the helper is not active, so its ability cannot be used", "AF-735")
        if not perm.card.has_helper_ability:
            return (f"{text}: {perm.card.name} has no (P), (S) or (Á) ability", "AF-735")
        return (f"{text}: its extra cost cannot be paid", "AF-384")
    if kind == "play":
        card = _hand_card(state, p, rest)
        if card is not None and card.type == "instant":
            return (f"{card.name} is an instant: instants cannot be played in phase 3", "AF-353")
        if phase != "phase3":
            return (f"{text}: cards are played in phase 3; {now}", "AF-514")
        assert player is not None  # phase 3 is someone's turn
        if card is None:
            return (f"{text}: no such card in {state.pname(p)}'s hand", "AF-404")
        if card.magic_source and player.source_played:
            return (f"{text}: only one magic source (bűvforrás) per turn", "AF-610")
        if card.target == "opponent" and " on " not in f" {rest} ":
            return (f"{text}: {card.name} affects one opponent; say which: play {card.name} on p2 …", "AF-913")
        if card.target is not None and state.cost_of(p, card) <= player.vp:
            shown = [str(a) for a in state.legal_actions() if a.kind == "play" and a.args[0] == card.name][:6]
            if not shown:
                return (f"{text}: {card.name} has nothing to choose: no card fits its target (no target, no play)",
                        "AF-385")
            if card.target == "opponent":
                return (f"{text}: {card.name} affects one opponent; say which: {', '.join(shown)}", "AF-913")
            return (f"{text}: not a card {card.name} can choose; it can be played as: {', '.join(shown)}", "AF-385")
        if " with " in rest:
            event = _table_perm(state, p, rest.split(" with ", 1)[1].strip())
            if event is None or event.card.free_max < 0:
                return (f"{text}: no event of yours by that name lets you play a dreamwalker free", "AF-EX-26")
            if not card.is_dreamwalker or card.cost > event.card.free_max:
                return (f"{text}: {event.card.name} lets you play a dreamwalker costing at most "
                        f"{event.card.free_max} VP free; {card.name} is a {card.type} costing {card.cost}", "AF-EX-26")
            if event.state != 0:
                return (f"{text}: {event.card.name} is not active, and a resting event has no effect", "AF-342")
            return (f"{text}: {event.card.name} was already used this turn (one dreamwalker each turn)", "AF-EX-26")
        return (f"{text}: {state.cost_of(p, card)} VP needed, {player.vp} available", "AF-601")
    if kind == "cycle":
        if phase != "phase3":
            return (f"{text}: instants are cycled in phase 3; {now}", "AF-611")
        assert player is not None  # phase 3 is someone's turn
        if player.cycled:
            return (f"{text}: instant cycling at most once per turn", "AF-612")
        if not player.library:
            return (f"{text}: cycling is not offered on an empty deck", "AF-Q7")
        if player.vp < 1:
            return (f"{text}: cycling costs 1 VP", "AF-611")
        return (f"{text}: only an instant in hand can be cycled", "AF-611")
    if kind == "challenge with":
        if phase == "phase4" and state.first_turn_of_game():
            return (f"{text}: the starting player may not challenge in their first turn", "AF-516")
        if phase != "phase4":
            return (f"{text}: challenges are made in phase 4; {now}", "AF-515")
        perm = _table_perm(state, p, rest)
        if perm is not None and not perm.card.is_dreamwalker:
            return (f"{text}: only dreamwalkers can challenge", "AF-705")
        return (f"{text}: the challenger must be an active dreamwalker of yours", "AF-703")
    if kind in ("defend with", "no defence"):
        if phase != "defend":
            return (f"{text}: only the challenged player chooses a defender, right after a challenge; {now}",
                    "AF-704")
        return (f"{text}: the defender must be an active dreamwalker of yours", "AF-704")
    if kind in ("helper", "no helper"):
        if phase != "helper":
            return (f"{text}: helpers are designated after the defender, attacker first; {now}", "AF-721")
        perm = _table_perm(state, p, rest)
        if perm is not None and perm.state != 0 and perm.card.is_creature:
            state_name = "resting" if perm.state == 1 else "damaged"
            return (f"{text}: {perm.card.name} is {state_name}; resting and damaged creatures cannot be helpers",
                    "AF-414" if perm.state == 1 else "AF-415")
        d = state.duel
        assert d is not None  # helpers are chosen in a duel
        if perm is not None and perm in d.duelists:
            return (f"{text}: {perm.card.name} is the duelist; the helper must be another active creature",
                    "AF-721")
        if perm is not None and not perm.card.is_creature:
            return (f"{text}: only a dreamwalker or dream creature can be a helper", "AF-721")
        return (f"{text}: a helper must be an active creature of yours other than your duelist", "AF-721")
    if kind in ("counter", "no counter"):
        return (f"{text}: a counterspell reacts only when an opponent plays a spell; {now}", "AF-371")
    if kind in ("draw", "no draw"):
        if kind == "no draw" and phase == "phase2":
            return ("the phase 2 draw is not optional", "AF-512")
        return (f"{text}: no draw is due; {now}", "AF-512")
    if kind == "pass":
        if phase == "counter":
            return (f"{text}: {state.pending_choice()}; answer with a counter or 'no counter'", "AF-371")
        if phase == "phase2":
            return (f"{text}: the phase 2 draw comes first", "AF-512")
        if phase == "creature-draw":
            return (f"{text}: first choose 'draw' or 'no draw' for the dream creature", "AF-333")
        if phase == "defend":
            return (f"{text}: the challenged player answers with a defender or 'no defence'", "AF-704")
        if phase == "helper":
            return (f"{text}: designate a helper or say 'no helper'", "AF-721")
    return (f"{text} is not legal now; {now}", None)
