"""Why an Obludárium action is not legal: the action string is read into the candidate it names
(kind, player, cards) and the rule checks of :mod:`~deckkit.games.obludarium.legality` — the same
that list the legal actions — give the first refusal. What is left here is reading: unknown kinds
and cards, malformed forms and did-you-mean suggestions, which are no rules."""

from __future__ import annotations

import difflib
import re

from deckkit.engine.core import TERMINAL
from deckkit.games.obludarium.legality import (Ask, Refusal, may_attack, may_block, may_cast, may_lay_out,
                                               may_use, timing)
from deckkit.text import fold

KINDS = ("play", "cast", "use", "attack", "block", "discard", "pass", "choose")
_ANSWERS = ("yes", "no", "nothing")  # the words of a decision that name no card
# the words between a card and its choices: targets (on … and …), cost cards, a blocker
_JOINERS = re.compile(r"\s+(?:on|with|and|sacrificing|discarding)\s+|\s+(?=mode\s+\d+$)|\s+(?=mode\s+\d+\s)",
                      flags=re.IGNORECASE)
_FORMS = {"choose": "choose OPTION (see the pending decision)", "play": "play NAME", "cast": "cast NAME or cast NAME on TARGET", "use": "use CARD or use CARD on TARGET",
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
    if kind == "choose" and fold(rest) in _ANSWERS:
        return None
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


# -- reading an action string into the candidate it names ---------------------------------------------
NOT_IN_HAND = Refusal(None, lambda a: f"{a.who} has no {a.shown!r} in hand")
NOT_IN_PLAY = Refusal(None, lambda a: f"{a.who} has no {a.shown!r} in play")
NOT_ATTACKING = Refusal(None, lambda a: f"{a.shown!r} is not an attacking monster")
NO_SUCH_CHOICE = Refusal(None, lambda a: (
    f"no such target or mode for {a.name}; see the legal actions for its choices "
    "(cast NAME [mode N] [on T1 [and T2 …]])" if a.kind == "cast" else
    f"no legal target, mode or cost card for {a.name}; see the legal actions "
    "(use CARD [mode N] [on T1 [and T2 …]] [sacrificing X] [discarding Y])"))
_CHOICES = re.compile(r" (?:on|with|mode|sacrificing|discarding) ")
_CHOICES_SAID = re.compile(r"\s+(?:on|with|mode|sacrificing|discarding)\s+", flags=re.IGNORECASE)
_ZONE = {"play": "hand", "cast": "hand", "discard": "hand", "use": "table", "attack": "table", "block": "table"}


def _whose(state, p: int, kind: str, name: str) -> int:
    """Whose attempt an action without a named player is: the deciding player's, unless only the
    other player holds the card it names (then it is theirs, made out of turn)."""
    find = _find_hand if _ZONE.get(kind) == "hand" else _find_table
    if not name or kind not in _ZONE or find(state, p, name) is not None:
        return p
    return 1 - p if find(state, 1 - p, name) is not None else p


def refusal(state, text: str, player: int | None = None) -> tuple[Refusal, Ask] | None:
    """The first refusal of the rule checks (:mod:`~deckkit.games.obludarium.legality`) for an action
    string of the deciding player (or of ``player``, named by the script), or None when they allow it.

    Legal exactly when :func:`~deckkit.games.obludarium.legality.legal_actions` lists it; an action
    string :func:`malformed` rejects is not read here."""
    words = fold(text).split(" ", 1)
    kind, rest = words[0], (words[1] if len(words) > 1 else "")
    name = _CHOICES.split(rest)[0].strip()
    said = text.strip().split(None, 1)
    shown = _CHOICES_SAID.split(said[1])[0].strip() if len(said) > 1 else ""
    p = state.current_player() if player is None else player
    if player is None and kind == "block" and " with " in rest:
        p = _whose(state, p, kind, rest.split(" with ", 1)[1].strip())
    elif player is None:
        p = _whose(state, p, kind, name)
    ask = Ask(state, p, kind, shown=shown, named=player is not None)
    found = timing(state, p, kind)
    if kind == "choose" and found is None:
        ask.shown = text
        return (NO_SUCH_OPTION, ask) if state.find_action(text, state.legal_actions()) is None else None
    if found is not None or kind == "pass":
        return None if found is None else (found, ask)
    food = state.untapped_food(p)
    if kind == "block":
        return _block(state, p, ask, rest, text)
    find = _find_hand if _ZONE[kind] == "hand" else _find_table
    card = ask.card = find(state, p, name)
    if card is None:
        return (NOT_IN_HAND if _ZONE[kind] == "hand" else NOT_IN_PLAY), ask
    if kind == "play":
        found = may_lay_out(state, p, card, food)
    elif kind == "attack":
        found = may_attack(state, p, card)
    elif kind in ("cast", "use"):
        found = may_cast(state, p, card, food) if kind == "cast" else may_use(state, p, card, food)
        if found is None and not _among_choices(state, p, kind, card, food, text):
            found = NO_SUCH_CHOICE
    return None if found is None else (found, ask)


def _among_choices(state, p: int, kind: str, card, food: int, text: str) -> bool:
    """Whether ``text`` is one of the ways to play the ability of ``card`` (targets, mode, cost cards)."""
    acts: list = []
    if kind == "cast":
        state.ability_actions(p, "cast", card.name, card.cast, card.cast_plan, None, acts, food)
    else:
        label = state.label_of(card)
        state.ability_actions(p, "use", label, card.info.use, card.info.use_plan, card, acts, food)
    wanted = fold(text)
    return any(fold(str(a)) == wanted for a in acts)


def _block(state, p: int, ask: Ask, rest: str, text: str) -> tuple[Refusal, Ask] | None:
    parts = rest.split(" with ")
    if len(parts) != 2:
        ask.shown = text
        return MALFORMED_BLOCK, ask
    said = re.split(r"\s+with\s+", text.split(" ", 1)[1], maxsplit=1, flags=re.IGNORECASE)
    att = _find_table(state, state.active, parts[0].strip())
    if att is None or not att.attacking:
        ask.shown = said[0].strip()
        return NOT_ATTACKING, ask
    blk = _find_table(state, p, parts[1].strip())
    if blk is None:
        ask.shown = said[-1].strip()
        return NOT_IN_PLAY, ask
    ask.card, ask.blocker = att, blk
    found = may_block(state, att, blk)
    return None if found is None else (found, ask)


NO_SUCH_OPTION = Refusal(None, lambda a: f"{a.shown!r} is not one of the options: {a.state.decision_text()}")
MALFORMED_BLOCK = Refusal(None, lambda a: f"write 'block ATTACKER with BLOCKER', not {a.shown!r}")


def explain(state, text: str) -> tuple[str, str | None]:
    """``(message, rule)`` for an action string that is not among the legal actions."""
    if state.current_player() == TERMINAL:
        return ("the game is over", state.end_rule())
    problem = malformed(state, text)
    if problem is not None:
        return (problem, None)
    words = fold(text).split(" ", 1)
    kind = words[0]
    if kind != "pass" and not (_CHOICES.split(words[1])[0].strip() if len(words) > 1 else ""):
        example = next((str(a) for a in state.legal_actions() if a.kind == kind), None)
        return (f"{kind!r} needs a card: write '{_FORMS[kind]}'" + (f", e.g. '{example}'" if example else ""), None)
    found = refusal(state, text)
    if found is not None:
        return (found[0].message(found[1]), found[0].rule)
    legal = state.legal_actions()
    close = difflib.get_close_matches(fold(text), [fold(str(a)) for a in legal], n=1, cutoff=0.6)
    fix = next((f"; did you mean '{a}'?" for a in legal if close and fold(str(a)) == close[0]), "")
    return (f"{text!r} is not legal now{fix}", None)


def out_of_turn(state, player: int, text: str) -> tuple[str, str | None]:
    """``(message, rule)`` for an action of ``player`` while the other player holds the decision."""
    found = refusal(state, text, player)
    if found is None:  # pragma: no cover - timing refuses every action of a player who does not decide
        return (f"p{state.current_player() + 1} is to act, not p{player + 1}", None)
    return (found[0].message(found[1]), found[0].rule)
