"""Tally's rules: a Game over its cards and a State of one game (see the package docstring)."""

from __future__ import annotations

import json
import random
from typing import Any

from deckkit.engine.abilities import Count, compile_card
from deckkit.engine.loop import Goldfish
from deckkit.engine.results import WinRecord
from deckkit.engine.core import TERMINAL, Action, Game, SetupError, Setting, State, shuffled
from deckkit.engine.effects import EffectContext, dispatch
from deckkit.text import fold
from tally import effects as _effects  # noqa: F401  (registers the effects and the words)
from tally.spec import HERE, PROCEDURE

NAMES = ("p1", "p2")


class TallyState(State):
    """Decks (top at the end), hands, tallies; player 0 starts."""

    def __init__(self, game: TallyGame, rng: random.Random) -> None:
        super().__init__(game, rng)
        self.decks: list[list[dict]] = [[], []]
        self.hands: list[list[dict]] = [[], []]
        self.tally = [0, 0]
        self.active = 0
        self.turn = 1
        self.result: int | None = None

    def current_player(self) -> int:
        return TERMINAL if self.result is not None or self.turn > self.game.settings["max_turns"] else self.active

    def winners(self) -> list[int]:
        return [] if self.result is None else [self.result]

    def legal_actions(self) -> list[Action]:
        p = self.current_player()
        if p == TERMINAL:
            return []
        names = sorted({c["name"] for c in self.hands[p]})
        return [*(Action(p, "play", (n,)) for n in names), Action(p, "pass")]

    def count(self, p: int, what: Count) -> int:
        sides = {"own": (p,), "enemy": (1 - p,), "any": (0, 1)}[what.side]
        zone = self.hands if what.zone == "hand" else self.decks
        return sum(1 for s in sides for c in zone[s] if what.filter.matches(c.get))

    def draw(self, p: int, n: int = 1) -> None:
        for _ in range(n):
            if self.decks[p]:  # TL-401: an empty deck draws nothing
                self.hands[p].append(self.decks[p].pop())

    def add(self, p: int, n: int) -> None:
        self.tally[p] += n
        self.logging and self.log.append(f"{NAMES[p]} tallies {self.tally[p]}")
        if self.tally[p] >= self.game.settings["target"] and self.result is None:
            self.result = p  # TL-501

    def _apply(self, action: Action) -> None:
        p = action.player
        if action.kind == "play":
            card = next(c for c in self.hands[p] if c["name"] == action.args[0])
            self.hands[p].remove(card)
            if card["type"] == "number":
                self.add(p, card["value"])  # TL-402
            for ability in self.game.compiled[card["id"]]:
                for step in ability.steps:
                    dispatch(self, EffectContext(p, card), step)
        if self.result is None:
            self.active = 1 - p
            self.turn += 1
            self.draw(self.active)  # TL-401

    def snapshot(self) -> dict:
        return {"turn": self.turn, "active": NAMES[self.active], "result": None if self.result is None
                else NAMES[self.result], **{NAMES[p]: {"tally": self.tally[p], "hand": sorted(c["name"] for c in
                                                       self.hands[p]), "deck": len(self.decks[p])} for p in (0, 1)}}

    def card_count(self) -> int:
        return sum(len(self.decks[p]) + len(self.hands[p]) for p in (0, 1))

    def clone(self) -> TallyState:
        twin = TallyState.__new__(TallyState)
        twin.__dict__.update(self.__dict__)
        twin.decks = [d[:] for d in self.decks]
        twin.hands = [h[:] for h in self.hands]
        twin.tally = self.tally[:]
        twin.history = self.history[:]
        twin.log = self.log[:]
        self._share_rng(twin)
        return twin


class TallyGame(Game):
    """Tally (TL): play number cards until a tally reaches the target."""

    name = "tally"
    SETTINGS = (Setting("target", 12, "The tally that wins (TL-501).", "TL-501", minimum=1, maximum=99),
                Setting("max_turns", 200, "Turns after which the game ends undecided.", "TL-401", minimum=1,
                        maximum=10_000))

    def __init__(self, cards: Any = None, **settings: Any) -> None:
        if cards is None:
            cards = json.loads((HERE / "cards.json").read_text(encoding="utf-8"))
        super().__init__(cards, **settings)
        self.compiled = {cid: compile_card(self.name, c)[0] for cid, c in self.cards.items()}

    def _card(self, name: str, field: str) -> dict:
        for c in self.cards.values():
            if fold(c["name"]) == fold(name) or c["id"] == name:
                return c
        raise SetupError(f"unknown Tally card {name!r}", field=field, hint="cards: " + ", ".join(
            sorted(c["name"] for c in self.cards.values())))

    def new_game(self, decks: list[list[dict]], rng: random.Random, **options: Any) -> TallyState:
        state = TallyState(self, rng)
        for p, deck in enumerate(decks[:2]):
            opening = PROCEDURE.run(shuffled(deck, rng), options.get("keep"))
            state.hands[p] = list(opening.hand)
            state.decks[p] = list(reversed(opening.library))
        state.draw(0)  # TL-401: the first turn draws too
        return state

    def from_setup(self, setup: dict, rng: random.Random) -> TallyState:
        state = TallyState(self, rng)
        for p, name in enumerate(NAMES):
            side = setup.get(name, {}) or {}
            state.hands[p] = [self._card(n, f"setup.{name}.hand[{i}]") for i, n in enumerate(side.get("hand", []))]
            state.decks[p] = [self._card(n, f"setup.{name}.deck[{i}]") for i, n in
                              reversed(list(enumerate(side.get("deck", []))))]
            state.tally[p] = int(side.get("tally", 0))
        return state

    def policies(self) -> dict:
        return {"greedy": greedy, "random": lambda s, rng: s.legal_actions()[rng.randrange(len(s.legal_actions()))],
                "passive": lambda s, rng: s.legal_actions()[-1]}

    def goldfish(self, deck: list[dict], rng: random.Random, *, policy: Any = "greedy", opponent: Any = "passive",
                 keep: Any = None, trace: list[str] | None = None, max_turns: int = 60) -> Goldfish:
        state = TallyState(self, rng)
        opening = PROCEDURE.run(shuffled(deck, rng), keep)
        state.hands[0] = list(opening.hand)
        state.decks[0] = list(reversed(opening.library))
        state.draw(0)
        seen = [c["name"] for c in opening.hand]
        turns = [1]  # p1's own turn

        def after(seat: int, action: Action) -> None:
            if seat == 0:
                trace is not None and trace.append(f"turn {turns[0]}: {action}, tally {state.tally[0]}")
            else:  # the passive opponent passed: p1's next turn, with its draw
                turns[0] += 1
                if state.hands[0]:
                    seen.append(state.hands[0][-1]["name"])

        def finish() -> WinRecord:
            won = state.result == 0
            return WinRecord(won, turns[0] if won else None, opening.mulligans, seen)

        pilot = policy if callable(policy) else self.policies()[policy]
        seats = [pilot, lambda s, r: Action(1, "pass")]
        return Goldfish(state, seats, finish, turn=lambda: turns[0], max_turns=max_turns, after=after)


def greedy(state: TallyState, rng: random.Random | None = None) -> Action:
    """Play the card that adds the most now; a charm that draws when nothing adds more than 1."""
    p = state.current_player()
    best, best_gain = Action(p, "pass"), 0
    for action in state.legal_actions():
        if action.kind != "play":
            continue
        trial = state.clone()
        before = trial.tally[p] * 3 + len(trial.hands[p])
        trial.apply_unchecked(action)
        gain = trial.tally[p] * 3 + len(trial.hands[p]) - before
        if gain > best_gain:
            best, best_gain = action, gain
    return best
