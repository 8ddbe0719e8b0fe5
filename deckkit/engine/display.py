"""What a game gives the game screen (``deckkit play``): the table in words and its decisions described.

Each game may fill in one :class:`ScreenSupport` (its spec's ``screen`` hook). The screen itself
(:mod:`deckkit.screen`) knows no game: it shows the :class:`Table` a game draws for a seat, lists
the legal actions (:meth:`deckkit.engine.core.State.legal_actions`) as :class:`Choice` values the
game describes, and shows the state's readable log (the lines ``match --trace`` prints), each line as
the seat may read it (the game marks a line only one seat may read when it writes it:
:mod:`deckkit.engine.gamelog`). A game without a hook is shown from its match view
(:func:`plain_support`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from deckkit.engine.core import TERMINAL, Action, State


@dataclass(frozen=True)
class Zone:
    """A row of cards: ``cards`` are (the card's name to look up, the text shown with its state and numbers)."""

    title: str
    cards: tuple[tuple[str, str], ...] = ()
    hidden: int | None = None  # a zone shown as a count only (the other hand)


@dataclass(frozen=True)
class Side:
    """One player's part of the table: the figures (life, glory …) and the zones."""

    title: str
    figures: tuple[tuple[str, str], ...]
    zones: tuple[Zone, ...]


@dataclass(frozen=True)
class Table:
    """What one seat sees, in words: whose turn and which step, each side, a shared board, notes (a duel)."""

    status: str
    sides: tuple[Side, ...]
    board: tuple[tuple[tuple[str, str] | None, ...], ...] = ()  # rows of (name, shown) or None (empty)
    board_title: str = ""
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Choice:
    """One legal action described: its group (shown as a heading), its words, and a card to read with it."""

    action: Action
    group: str
    text: str
    card: str | None = None


@dataclass(frozen=True)
class ScreenSupport:
    """One game's pieces of the game screen (see the module docstring)."""

    table: Callable[..., Table]  # (state, viewer) -> Table
    describe: Callable[..., Choice]  # (state, action) -> Choice
    #: Action kinds that only decline (a pass): a decision whose one legal action is one is no decision.
    passes: frozenset[str] = field(default_factory=lambda: frozenset({"pass"}))
    groups: tuple[str, ...] = ()  # the order of the groups of choices (others after them)


def seat(player: int) -> str:
    """``p1`` for player 0."""
    return f"p{player + 1}"


def status_line(state: Any, viewer: int, step: str, doing: str | None = None,
                name: Callable[[int], str] = seat) -> str:
    """The game screen's status in words: the turn, whose turn, the step and who decides now (``doing``
    when a game has its own words for the decision), or the result once the game is over."""
    who = state.current_player()
    if who == TERMINAL:
        won = state.winners()
        return "Game over: " + ("a draw" if not won else ("you win" if won == [viewer] else f"{name(won[0])} wins"))
    whose = "your turn" if state.active == viewer else f"{name(state.active)}'s turn"
    if doing is None:
        doing = "your decision" if who == viewer else f"{name(who)} decides"
    return f"Turn {state.turn}, {whose}, {step}: {doing}"


def _short(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(map(str, value)) if value else "none"
    return str(value)


def plain_table(view: dict, state: State, viewer: int) -> Table:
    """A table drawn from a game's match view alone: each player's counters, lists as zones."""
    who = state.current_player()
    status = "game over" if who == TERMINAL else f"{'your' if who == viewer else seat(who) + chr(39) + 's'} decision"
    sides = []
    for key, value in view.items():
        if isinstance(value, dict):
            figures = tuple((k, _short(v)) for k, v in value.items() if not isinstance(v, list) and k != "unseen")
            zones = tuple(Zone(k, tuple((str(c), str(c)) for c in v)) for k, v in value.items()
                          if isinstance(v, list) and k != "unseen" and len(v) <= 20)
            sides.append(Side(key, figures, zones))
    return Table(status, tuple(sides))


def plain_support(view: Callable[..., dict]) -> ScreenSupport:
    """A screen for a game with a match view and no screen of its own."""
    return ScreenSupport(
        table=lambda state, viewer: plain_table(view(state, viewer), state, viewer),
        describe=lambda state, action: Choice(action, action.kind, str(action), action.args[0] if action.args else None),
    )


def mode_text(game: str, card: dict | None, mode: int) -> str:
    """What mode ``mode`` (counted from 1) of the card's modal ability does, in English ("" when it has none)."""
    if not card or not card.get("abilities"):
        return ""
    from deckkit.engine.ability_check import compile_card
    from deckkit.engine.ability_text import Words
    from deckkit.engine.abilities import vocabulary

    compiled, problems = compile_card(game, card)
    if problems:
        return ""
    for ability in compiled:
        if ability.modes and 1 <= mode <= len(ability.modes):
            return Words(vocabulary(game), card.get("name") or "this card").sequence(ability.modes[mode - 1])
    return ""
