"""What the rule mixins of the Álomfogó state share, for a type checker: the state's fields and the
methods one part calls on another.

:class:`~deckkit.games.alomfogo.state.AlomfogoState` is put together from
:class:`~deckkit.games.alomfogo.interpret.AbilityRules` (the ability language),
:class:`~deckkit.games.alomfogo.duel.DuelRules` (the duel) and
:class:`~deckkit.games.alomfogo.plays.PlayRules` (phase 3). Each is written against this base, so
``self`` in any of them is the whole state. The methods are declared only for the checker (their one
implementation stays where it is); at run time the base adds nothing to :class:`State`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckkit.engine.core import State

if TYPE_CHECKING:
    from collections.abc import Callable

    from deckkit.engine.abilities import Ability
    from deckkit.games.alomfogo.cards import CardDef
    from deckkit.games.alomfogo.effects import Context
    from deckkit.games.alomfogo.game import AlomfogoGame
    from deckkit.games.alomfogo.zones import Choice, Duel, Pending, Perm, Player


class RulesBase(State):
    """The Álomfogó state as its rule mixins see it (fields set in ``AlomfogoState.__init__``)."""

    game: AlomfogoGame
    players: list[Player]
    active: int
    first: int
    turn: int
    phase: str
    duel: Duel | None
    pending: Pending | None
    result: int | str | None
    uses: dict[str, int] | None
    depth: int
    capped: bool

    if TYPE_CHECKING:
        # -- the state's own helpers (state.py)
        def pname(self, index: int) -> str: ...
        def note(self, line: str) -> None: ...
        def label(self, index: int, perm: Perm) -> str: ...
        def passing(self, p: int, check: Callable[[Perm], object]) -> list[tuple[str, Perm]]: ...
        def has(self, p: int, check: Callable[[Perm], object]) -> bool: ...
        def right_of(self, index: int) -> int: ...
        def first_turn_of_game(self) -> bool: ...
        def draw(self, index: int, *, required: bool) -> bool: ...
        def lose_glory(self, index: int, amount: int) -> None: ...

        # -- the ability language (interpret.py)
        def options(self, p: int, card: CardDef, ability: Ability | None, side: int | None = None) -> list[Choice]: ...
        def carry_out(self, ctx: Context, ability: Ability, choice: Choice | None = None) -> None: ...
        def count_use(self, card: CardDef) -> None: ...
        def fire(self, event: str, owner: int, thing: Any = None, role: str | None = None, amount: int = 0) -> None: ...
        def static_power(self, subject_owner: int, subject: Perm, count: bool = False) -> int: ...
        def count_cost_mods(self, p: int, card: CardDef) -> None: ...
        def cost_of(self, p: int, card: CardDef) -> int: ...
        def powers(self, owner: int, perm: Perm) -> tuple[int, int]: ...

        # -- phase 3 and the duel (plays.py, duel.py)
        def _cast(self, p: int, card: CardDef, side: int | None, resume: str, choice: Choice | None = None) -> None: ...
        def _totals_text(self) -> str: ...
        def _defenders(self, p: int) -> list[tuple[str, Perm]]: ...
