"""Why an Obludárium action is not legal: a message naming the rule it breaks."""

from __future__ import annotations

import difflib
import re

from deckkit.games.obludarium.cards import FOOD, MONSTER, SPELL
from deckkit.text import fold

KINDS = ("play", "cast", "use", "attack", "block", "discard", "pass")
# the words between a card and its choices: targets (on … and …), cost cards, a blocker
_JOINERS = re.compile(r"\s+(?:on|with|and|sacrificing|discarding)\s+|\s+(?=mode\s+\d+$)|\s+(?=mode\s+\d+\s)",
                      flags=re.IGNORECASE)
_FORMS = {"play": "play NAME", "cast": "cast NAME or cast NAME on TARGET", "use": "use CARD or use CARD on TARGET",
          "attack": "attack MONSTER", "block": "block ATTACKER with BLOCKER", "discard": "discard NAME"}


def _find_hand(state, p: int, name: str):
    for card in state.hands[p]:
        if fold(card.name) == name:
            return card
    return None


def _find_table(state, p: int, label: str):
    for perm, lab in zip(state.tables[p], state.labels(p)):
        if fold(lab) == label:
            return perm
    return None


def malformed(state, text: str) -> str | None:
    """Why an action string can never be legal in any position (unknown kind or card), else None."""
    words = text.strip().split(None, 1)
    said = words[0] if words else ""
    kind = fold(said)
    if kind not in KINDS:
        close = difflib.get_close_matches(kind, KINDS, n=1, cutoff=0.5)
        fix = f"; did you mean '{' '.join([close[0], *words[1:]])}'?" if close else ""
        return f"unknown action kind {said!r} (actions are {', '.join(KINDS)}){fix}"
    rest = words[1] if len(words) > 1 else ""
    if kind == "pass":
        return None if not rest else "'pass' takes nothing after it"
    if not rest:
        return None  # explain() gives the form with an example from the legal actions
    for part in _JOINERS.split(rest):
        name = re.sub(r"#\d+$", "", re.sub(r"^enemy\s+", "", part.strip(), flags=re.IGNORECASE))
        if fold(name) in ("nothing", "") or re.fullmatch(r"mode\s+\d+", fold(name)):
            continue
        if fold(name) not in state.game.by_name:
            names = sorted({i.name for i in state.game.infos.values()})
            close = difflib.get_close_matches(fold(name), [fold(n) for n in names], n=1, cutoff=0.6)
            fix = next((f"; did you mean {n}?" for n in names if close and fold(n) == close[0]), "")
            return f"no Obludárium card is called {name!r}{fix}"
    return None


def _strengthening(state, p: int, kind: str, name: str) -> bool:
    from deckkit.games.obludarium.state import strengthens

    if kind == "cast":
        card = _find_hand(state, p, name)
        return card is not None and strengthens(card.cast)
    perm = _find_table(state, p, name)
    return perm is not None and strengthens(perm.info.use)


def explain(state, text: str) -> tuple[str, str | None]:
    """``(message, rule)`` for an action string that is not among the legal actions."""
    from deckkit.games.obludarium.state import ATTACK, BLOCK, DISCARD, MAIN, PLAYER_NAMES

    p = state.current_player()
    who = PLAYER_NAMES[p] if p >= 0 else "nobody"
    words = fold(text).split(" ", 1)
    kind, rest = words[0], (words[1] if len(words) > 1 else "")
    name = re.split(r" (?:on|with|mode|sacrificing|discarding) ", rest)[0].strip()
    said = text.strip().split(None, 1)
    shown = re.split(r"\s+(?:on|with|mode|sacrificing|discarding)\s+", said[1], flags=re.IGNORECASE)[0].strip() \
        if len(said) > 1 else ""
    problem = malformed(state, text)
    if problem is not None:
        return (problem, None)
    if kind != "pass" and not name:
        example = next((str(a) for a in state.legal_actions() if a.kind == kind), None)
        return (f"{kind!r} needs a card: write '{_FORMS[kind]}'" + (f", e.g. '{example}'" if example else ""), None)
    if kind in ("cast", "use") and p >= 0 and state.locked == p and state.phase in (ATTACK, BLOCK, "fight") \
            and _strengthening(state, p, kind, name):
        return (f"{who} strengthened last: {PLAYER_NAMES[1 - p]} must act before {who} may strengthen again "
                "(a pass is no action, OB-Q12)", "OB-905")
    if state.window and kind in ("play", "attack", "block", "discard"):
        return (f"{who} may cast an instant or pass in this window of {PLAYER_NAMES[state.active]}'s turn; "
                "nothing else", "OB-611" if kind == "play" else "OB-610")
    if state.stack and kind in ("cast", "use", "play", "attack", "block", "discard"):
        other = 1 - p
        if _find_hand(state, other, name) is not None or _find_table(state, other, name) is not None:
            return (f"{PLAYER_NAMES[p]} must answer '{state.stack[-1].text}' first (an instant or pass): "
                    f"{PLAYER_NAMES[other]} may not act twice in a row", "OB-905")
    if p >= 0 and kind in ("cast", "use") and not state.stack:
        find = _find_hand if kind == "cast" else _find_table
        other = 1 - p
        if find(state, p, name) is None and find(state, other, name) is not None:
            return (f"it is {who}'s decision ({state.phase} of {PLAYER_NAMES[state.active]}'s turn); "
                    f"{PLAYER_NAMES[other]} casts instants in a window: after each action of the active "
                    "player, at the end of each step, in answer to an instant, or in the block step", "OB-610")
    if state.phase == DISCARD and not state.stack and kind != "discard":
        return (f"{who} holds {state.game.settings['hand_limit']} or more cards and can lay out none: "
                "discard one first", "OB-909")
    if kind == "play":
        card = _find_hand(state, p, name)
        if card is None:
            return (f"{who} has no {shown!r} in hand", None)
        if card.type == SPELL:
            return (f"{card.name} is a spell: write 'cast {card.name}'", "OB-356")
        if state.stack or state.phase != MAIN:
            return (f"{card.name} can be laid out only in its owner's main phase", "OB-611")
        if card.type == FOOD:
            return (f"{who} has already laid out a food this turn", "OB-315")
        return (f"{card.name} costs {state.cost_of(p, card)} food and {who} has {state.untapped_food(p)} untapped",
                "OB-701")
    if kind == "cast":
        card = _find_hand(state, p, name)
        if card is None:
            return (f"{who} has no {shown!r} in hand", None)
        if card.type != SPELL:
            return (f"{card.name} is not a spell: write 'play {card.name}'", None)
        if card.blocking and (state.phase != BLOCK or p == state.active):
            return (f"{card.name} is a blocking spell: only the defender casts it, in the block step", "OB-813")
        if state.cost_of(p, card) > state.untapped_food(p):
            return (f"{card.name} costs {state.cost_of(p, card)} food and {who} has {state.untapped_food(p)} "
                    "untapped", "OB-702")
        return (f"no such target or mode for {card.name}; see the legal actions for its choices "
                "(cast NAME [mode N] [on T1 [and T2 …]])", None)
    if kind == "use":
        perm = _find_table(state, p, name)
        if perm is None:
            return (f"{who} has no {shown!r} in play", None)
        ab = perm.info.use
        if ab is None:
            return (f"{perm.info.name} has no special property", None)
        if perm.info.type == MONSTER and perm.new:
            return (f"{perm.info.name} was laid out this turn: no special properties yet", "OB-334")
        if ab.cost_of("tap") and perm.tapped:
            return (f"{perm.info.name} is tapped", "OB-704")
        if (ab.cost_of("food") or 0) > state.untapped_food(p):
            return (f"{perm.info.name}'s property costs {ab.cost_of('food')} food and {who} has "
                    f"{state.untapped_food(p)} untapped", "OB-701")
        return (f"no legal target, mode or cost card for {perm.info.name}; see the legal actions "
                "(use CARD [mode N] [on T1 [and T2 …]] [sacrificing X] [discarding Y])", None)
    if kind == "attack":
        if state.phase != ATTACK or p != state.active:
            return ("attacks are declared by the active player in the attack step", "OB-606")
        perm = _find_table(state, p, name)
        if perm is None:
            return (f"{who} has no {shown!r} in play", None)
        if perm.info.type != MONSTER:
            return (f"{perm.info.name} is not a monster and has no attack", "OB-Q9")
        if perm.new:
            return (f"{perm.info.name} was laid out this turn and cannot attack", "OB-333")
        if state.keyword(perm, "cannot-attack"):
            return (f"{perm.info.name} cannot attack now (a restriction on it)", None)
        if perm.attacking:
            return (f"{perm.info.name} is already attacking", "OB-804")
        return (f"{perm.info.name} is tapped", "OB-802")
    if kind == "block":
        if state.phase != BLOCK or p == state.active:
            return ("blocks are declared by the defender in the block step", "OB-607")
        parts = rest.split(" with ")
        if len(parts) != 2:
            return (f"write 'block ATTACKER with BLOCKER', not {text!r}", None)
        att = _find_table(state, state.active, parts[0].strip())
        blk = _find_table(state, p, parts[1].strip())
        said = re.split(r"\s+with\s+", text.split(" ", 1)[1], maxsplit=1, flags=re.IGNORECASE)
        if att is None or not att.attacking:
            return (f"{said[0].strip()!r} is not an attacking monster", None)
        if blk is None:
            return (f"{who} has no {said[-1].strip()!r} in play", None)
        if blk.info.type != MONSTER:
            return (f"{blk.info.name} is not a monster", "OB-811")
        if blk.tapped:
            return (f"{blk.info.name} is tapped and cannot block", "OB-812")
        if att.info.flying and not blk.info.flying:
            return (f"{att.info.name} flies: only flying monsters can block it", "OB-816")
        if state.keyword(blk, "cannot-block"):
            return (f"{blk.info.name} cannot block", None)
        if blk.blocking and not state.keyword(blk, "block-two"):
            return (f"{blk.info.name} already blocks an attack", "OB-814")
        if blk.blocking:
            return (f"{blk.info.name} already blocks {'this attack' if att in blk.blocking else 'two attacks'}",
                    "OB-814")
        if not state.can_block(att, blk):
            return (f"{att.info.name} can be blocked only by some monsters, and {blk.info.name} is not one", None)
    if kind == "discard":
        return ("a discard is made only under the hand-size rule, at the end of one's main phase", "OB-909")
    close = difflib.get_close_matches(fold(text), [fold(str(a)) for a in state.legal_actions()], n=1, cutoff=0.6)
    fix = next((f"; did you mean '{a}'?" for a in state.legal_actions() if close and fold(str(a)) == close[0]), "")
    return (f"{text!r} is not legal now{fix}", None)


def out_of_turn(state, player: int, text: str) -> tuple[str, str | None]:
    """``(message, rule)`` for an action of ``player`` while the other player holds the decision."""
    from deckkit.games.obludarium.state import BLOCK, PLAYER_NAMES

    kind = fold(text).split(" ", 1)[0]
    who, other = PLAYER_NAMES[player], PLAYER_NAMES[state.current_player()]
    active = player == state.active
    if kind == "play":
        return (f"{who} lays out food, monsters and artifacts only in their own main phase; "
                f"now {other} decides", "OB-611")
    if kind == "attack":
        return (f"attacks are declared by the active player in the attack step; now {other} decides", "OB-606")
    if kind == "block":
        return (f"blocks are declared by the defender in the block step; now {other} decides", "OB-607")
    if kind == "discard":
        return ("the hand-size discard is made by the active player at the end of the main phase", "OB-909")
    if kind in ("cast", "use"):
        if state.stack:
            return (f"{other} must answer '{state.stack[-1].text}' first: {who} may not act twice in a row",
                    "OB-905")
        if active and state.phase == BLOCK:
            return (f"the defender {other} decides in the block step; {who} strengthens in the fight exchange "
                    "that follows", "OB-607")
        if active:
            return (f"{other} may answer {who}'s last action first (an instant, or pass)", "OB-904")
        return (f"{other} is to act; {who} casts instants in {other}'s turn after each of {other}'s actions "
                "and at the end of each step, when the engine offers the window", "OB-610")
    return (f"{other} is to act, not {who}", "OB-904")
