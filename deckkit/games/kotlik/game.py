"""The Kotlík rules with their settings (the digest's open questions), setups and goldfish games."""

from __future__ import annotations

import random
from functools import partial
from typing import Any
from collections.abc import Callable, Iterable

from deckkit.engine.core import Action, Game, Policy, Setting
from deckkit.engine.loop import Goldfish
from deckkit.engine.results import ScoreRecord
from deckkit.errors import UsageError
from deckkit.games.kotlik import setup as ko_setup
from deckkit.games.kotlik.board import LINE_CELLS, SPACE_LINE
from deckkit.games.kotlik.cards import CardSet, bundled_cards
from deckkit.games.kotlik.policies import POLICIES, Passive, as_action_policy
from deckkit.games.kotlik.scoring import card_value, counted_ones, counts_as_one
from deckkit.games.kotlik.state import EXPLODE, FINAL, HAT, OVER, PLAYER_NAMES, TAKE, KotlikState

# Corner cells of the stone-marked corners (KO-303, KO-Q3: White beside P0, Black beside P10).
STONE_CORNER_CELL = {"white": 0, "black": 35}
OTHER_CORNER_CELLS = (5, 30)


class KotlikGame(Game[KotlikState]):
    """Čarodějnický kotlík for two players, White (p1) and Black (p2)."""

    name = "kotlik"
    # Each setting is an open question of the digest; its default is the recommended reading. A value
    # that no reading of the digest gives is marked "house rule" in its help.
    SETTINGS = (
        Setting("take_line", "inward", "which line a stone takes from: inward (the row/column running into "
                "the board) or edge (Reading B: the edge line it stands along)", "KO-Q2", ("inward", "edge")),
        Setting("direction", "clockwise", "movement direction: clockwise, anticlockwise (Reading A the other "
                "way round), or choose (Reading B: a move action each turn)", "KO-Q4",
                ("clockwise", "anticlockwise", "choose")),
        Setting("returned_card", "bottom", "where a card returned to the supply deck goes: bottom (Reading B, "
                "the German original: under the deck) or shuffle (Reading A: shuffled in with the game's seed)",
                "KO-307, KO-601, KO-Q6", ("bottom", "shuffle")),
        Setting("explode_last_card", False, "Reading A (not recommended): an explosion may empty a one-card "
                "cauldron; its owner then has no number to move by, stays where the stone stands and takes "
                "from the line beside it until a card is back in the cauldron", "KO-Q7"),
        Setting("end_condition", "any-line", "the game ends when any row or column has no ingredient card "
                "(any-line) or only when the line taken from does (taken-line)", "KO-Q8",
                ("any-line", "taken-line")),
        Setting("doubling", "own", "which white/black labels are doubled: own (the holder's colour) or both "
                "(Reading B: either colour, for whoever holds it)", "KO-Q9", ("own", "both")),
        Setting("ones", "printed", "which cards count for the value-1 majority: printed (every printed 1) or "
                "after-doubling (the doubt the digest raises: an own-colour 1, worth 2, does not count)",
                "KO-Q10", ("printed", "after-doubling")),
        Setting("ones_from", "all", "which of a player's cards the value-1 majority counts: all (every card "
                "in the cauldron, singletons and pairs included, as the digest recommends) or sets (only "
                "ingredients the player holds 3 or 4 cards of)", "KO-802, KO-Q10", ("all", "sets")),
        Setting("recipes", False, "play with recipe cards: each player draws 2 and scores the bonus printed "
                "on each one whose every ingredient is in the cauldron at least once (off = the beginners' "
                "variant)", "KO-311, KO-Q11"),
        Setting("tie", "draw", "equal scores: draw (the rulebook has no tie-break), or most-ones (a house "
                "rule, not in the rulebook: more value-1 cards wins)", "KO-Q12", ("draw", "most-ones")),
        Setting("memory", "perfect", "what a player's view holds for the match AIs: perfect (every card the player "
                "has seen) or visible (only what lies open now: the board and each cauldron's top card)",
                "KO-503, KO-Q5", ("perfect", "visible")),
    )

    def __init__(self, cards: Iterable[dict] = (), **settings: Any) -> None:
        cards = list(cards) or list(bundled_cards())
        super().__init__(cards, **settings)
        self.cardset = CardSet.from_cards(cards)
        s = self.settings
        cs = self.cardset
        self.space_line = SPACE_LINE[s["take_line"]]
        self.line_cells = LINE_CELLS
        self.direction = {"clockwise": 1, "anticlockwise": -1, "choose": 0}[s["direction"]]
        self.returned = s["returned_card"]
        self.explode_min = 1 if s["explode_last_card"] else 2  # KO-Q7 Reading B keeps the last card
        self.end_any_line = s["end_condition"] == "any-line"
        self.tie = s["tie"]
        n = len(cs.ingredients)
        self.value = [[card_value(cs, c, p, s["doubling"]) for c in range(n)] for p in (0, 1)]
        self.one = [[int(counts_as_one(cs, c, p, s["doubling"], s["ones"])) for c in range(n)] for p in (0, 1)]
        # ones_counted[n][o]: majority cards among n cards of one ingredient, o of them value-1 (KO-Q10);
        # a table so the running score and the greedy policy look the rule up instead of calling it.
        most = max((cs.ing.count(k) for k in set(cs.ing)), default=0) + 1
        self.ones_counted = [[counted_ones(k, o, s["ones_from"]) for o in range(most + 1)] for k in range(most + 1)]
        self.corner_names: dict[int, str] = {}
        others = iter(OTHER_CORNER_CELLS)
        for corner in cs.corners:
            cell = STONE_CORNER_CELL[corner["stone"]] if corner.get("stone") else next(others)
            self.corner_names[cell] = corner["name"]
        self._deck_games: dict[tuple, KotlikGame] = {}
        self._policies: dict[str, Policy[KotlikState]] | None = None
        self.ingredient_index = {c["id"]: i for i, c in enumerate(cs.ingredients)}

    # -- starting a game -------------------------------------------------------------------------
    def _state(self, rng: random.Random) -> KotlikState:
        return KotlikState(self, rng)

    def new_game(self, decks: list[list[dict]] | None, rng: random.Random, **options: Any) -> KotlikState:
        """A fresh game set up by KO-300 and dealt with ``rng``; ``decks`` is ``[card set]`` or None for
        this game's cards. Option ``log`` (default True) switches the readable log on or off."""
        if not isinstance(rng, random.Random):
            raise TypeError("Kotlík's new_game needs the chance generator (a random.Random): the deal is random")
        game = self._for_deck(decks[0]) if decks else self
        state = game._state(rng)
        state.logging = options.get("log", True)
        ko_setup.deal(state)
        state._recount()
        state.start_turn()  # KO-401: White moves first
        return state

    def _for_deck(self, deck: list[dict]) -> KotlikGame:
        key = tuple(c["id"] for c in deck)
        if key == tuple(self.cards):
            return self
        game = self._deck_games.get(key)
        if game is None:
            game = self._deck_games[key] = KotlikGame(deck, **self.settings)
        return game

    def from_setup(self, setup: dict, rng: random.Random) -> KotlikState:
        """A position from a script's ``[setup]``; cards not placed anywhere go to the stock or the box.

        The keys (``board`` or ``cells`` + ``empty``, ``stock``, ``box``, ``start``, ``phase``, ``turn``,
        per player ``cauldron``, ``stone``, ``recipes``) are described in the package docstring of
        :mod:`deckkit.games.kotlik`; every mistake raises a SetupError naming its field.
        """
        from deckkit.games.kotlik.position import SetupReader

        return SetupReader(self, setup, rng).build()

    # -- policies and goldfish -------------------------------------------------------------------
    def policies(self) -> dict[str, Policy[KotlikState]]:
        """greedy, random and passive, as ``(state, rng) -> Action`` functions."""
        return {name: as_action_policy(cls) for name, cls in POLICIES.items()}

    def goldfish(self, deck: list[dict] | None, rng: random.Random, *, policy: str | Callable = "greedy",
                 opponent: str | Callable = "passive", keep: Callable | None = None,
                 trace: list[str] | None = None, max_turns: int = 60) -> Goldfish:
        """One seeded game, White plays ``policy`` and Black ``opponent`` (names or policies), for the loop.

        ``keep`` is refused: Kotlík has no opening hand to keep or mulligan. ``max_turns`` is only a
        safety cap: a game that runs past ``max(max_turns, 400)`` turns is scored as it stands.
        """
        if keep is not None:
            raise UsageError("a keep rule does not apply to Kotlík: players hold no opening hand",
                             hint="the set-up is fixed by KO-300 (board, supply deck, one cauldron card); "
                                  "leave out --keep")
        named = self._named_policies
        seats = []
        for name in (policy, opponent):
            if not callable(name):
                if name not in named:
                    raise UsageError(f"unknown Kotlík policy {name!r}", hint="policies: " + ", ".join(POLICIES))
                name = named[name]
            seats.append(name)
        game = self._for_deck(deck) if deck else self
        state = game.new_game(None, rng, log=trace is not None)
        if trace is not None:
            from deckkit.games.kotlik.render import legend

            trace.extend(state.log)
            state.log.clear()
            trace.append(legend(state))
            trace.append(state.render())

        def finish() -> ScoreRecord:
            if not state.is_terminal():  # past the safety cap: score the position as it stands
                state.phase = FINAL
                state.pending = -1
                _score_now(state)
            return ScoreRecord([state.score(0), state.score(1)], state.winners(), state.turn)

        pilots = [getattr(seat, "pilot", None) for seat in seats]  # the built-in policies' own objects
        cap = max(max_turns, 400)
        return Goldfish(state, seats, finish, turn=lambda: state.turn, max_turns=cap,
                        step=partial(_step, pilots=pilots, cap=cap, trace=trace))

    @property
    def _named_policies(self) -> dict[str, Policy[KotlikState]]:
        # A plain attribute set in __init__: writing the instance's __dict__ later would slow down
        # every read of the game's tables in the rules (CPython's attribute fast path).
        if self._policies is None:
            self._policies = self.policies()
        return self._policies


def _step(state: KotlikState, seat: int, policy: Callable, rng: random.Random, *, pilots: list[Passive | None],
          cap: int, trace: list[str] | None = None) -> Action | None:
    """The loop's step (Kotlík's fast path). The built-in policies (``pilots``) decide on the rules directly,
    without Action objects, for as long as a seat of theirs is to act and turn ``cap`` is not passed
    (so a greedy game is one step); any other policy decides once, through the engine's actions."""
    pol = pilots[seat]
    if pol is None:
        action = policy(state, rng)
        state.apply_unchecked(action)
        if trace is not None:
            trace.extend(state.log)
            state.log.clear()
            trace.append(f"  p{seat + 1}: {action}")
        return action
    for p in pilots:
        if p is not None:
            p.rng = rng
    take, explode, extra, final = state.take, state.announce_explosion, state.announce_extra_turn, state.final_take
    while state.turn <= cap:
        pol = pilots[state.active]
        if pol is None:
            break
        phase = state.phase
        turn = state.turn
        if phase == TAKE:
            cells = state.takeable()
            cell = pol.take(state, cells) if cells else -1
            if trace is not None and cell >= 0:
                trace.extend(state.log)
                state.log.clear()
                trace.append(_why(state, pol, cells, cell))
            take(cell)
        elif phase == EXPLODE:
            explode(pol.explode(state))
        elif phase == HAT:
            extra(pol.extra(state))
        elif phase == FINAL:
            final(pol.keep(state))
        elif phase == OVER:
            break
        else:
            state.move(pol.direction(state))
        if trace is not None and state.log:
            trace.extend(state.log)
            state.log.clear()
            if state.phase == OVER or state.turn != turn:
                trace.append(state.render())
    return None


def _why(state: KotlikState, pol: Passive, cells: list[int], cell: int) -> str:
    """One trace line: what the policy took and what each choice was worth to it (KO-800 deltas)."""
    from deckkit.games.kotlik.policies import take_gain

    p = state.active
    names = state.cs.names
    options = ", ".join(f"{names[state.board[c]]} {take_gain(state, p, state.board[c]):+d}" for c in cells)
    return f"  {pol.name} {PLAYER_NAMES[p]} picks {names[state.board[cell]]} (points if taken: {options})"


def _score_now(state: KotlikState) -> None:
    s0, s1 = state.score(0), state.score(1)
    state.phase = OVER
    state.winners_ = [] if s0 == s1 else [0 if s0 > s1 else 1]


__all__ = ["KotlikGame"]
