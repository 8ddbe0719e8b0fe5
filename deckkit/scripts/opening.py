"""A script that starts before the opening: the game's own new-game procedure, its decisions as actions.

With ``[setup] opening = true`` the runner does not place a position: it hands the players' decks
to the game's ``new_game`` — the same opening procedures ``deckkit hand`` uses (a bottom-of-deck
mulligan, OB-504 – OB-506, OB-Q5; five cards and no mulligan, AF-502, AF-Q5; the board's deal,
KO-301 – KO-310) — and asks each opening decision of the script as an action: ``mulligan``
or ``keep``, player by player (p1 first). When every player has kept, the game's first turn starts
and the script goes on with ordinary actions. Who starts follows the game's ``first_player``
setting; a chance start is a random event a script may fix (``[chance] "first player" = "p2"``).
"""

from __future__ import annotations

from typing import Any

from deckkit.engine.core import Action
from deckkit.errors import IllegalAction

OPENING_KINDS = ("mulligan", "keep")


def _name(card: Any) -> str:
    """A dealt card's name: a game deals the deck's records (dicts) or its own card objects."""
    return card["name"] if isinstance(card, dict) else card.name


class _Ask(Exception):
    """The procedure asks about a hand the script has not decided yet."""

    def __init__(self, player: int, hand: list) -> None:
        super().__init__(player)
        self.player, self.hand = player, hand


class Opening:
    """The opening in progress: replays ``new_game`` with the decisions taken so far (pure and seeded)."""

    def __init__(self, game: Any, decks: list[list[dict]] | None, make_rng: Any, max_mulligans: int,
                 no_mulligan_rule: str | None = None, floor_rule: str | None = None) -> None:
        self.game, self.decks, self.make_rng, self.max_mulligans = game, decks, make_rng, max_mulligans
        #: the rules a refused mulligan cites: the game has none, or the hand is already empty
        self.no_mulligan_rule, self.floor_rule = no_mulligan_rule, floor_rule
        self.decisions: list[str] = []
        self.log: list[str] = []
        self.history: list[Action] = []
        self.done: Any = None
        self.asking: _Ask | None = None
        self.mulligans: dict[int, int] = {}
        self.kept: dict[int, list] = {}
        self.rng: Any = None
        self._replay()

    def _replay(self) -> None:
        taken = iter(self.decisions)
        self.mulligans, self.kept, player = {}, {}, 0

        def keep(hand: list) -> bool:
            nonlocal player
            choice = next(taken, None)
            if choice is None:
                raise _Ask(player, list(hand))
            if choice == "keep" or not hand:
                self.kept[player] = list(hand)
                player += 1
                return True
            self.mulligans[player] = self.mulligans.get(player, 0) + 1
            return False

        self.rng = self.make_rng()
        try:
            self.done = self.game.new_game(self.decks, self.rng, keep=keep)
            self.asking = None
        except _Ask as ask:
            self.asking = ask

    @classmethod
    def of_game(cls, game: Any, decks: list[list[dict]] | None, make_rng: Any) -> Opening:
        """The opening of ``game`` under its mulligan setting: the most mulligans its hand procedure
        allows and the rules a refused mulligan cites (none for a game that deals no hands)."""
        from deckkit.errors import DeckkitError
        from deckkit.hands.procedures import procedure

        try:
            proc = procedure(game.name, variant=game.settings.get("mulligan"))
        except DeckkitError:  # a layout opening: nothing to mulligan
            return cls(game, decks, make_rng, 0)
        return cls(game, decks, make_rng, proc.max_mulligans, proc.no_mulligan_rule, proc.floor_rule)

    # -- the State interface the runner uses --------------------------------------------------------
    def current_player(self) -> int:
        return self.asking.player if self.asking else -1

    def is_terminal(self) -> bool:
        return False

    def legal_actions(self) -> list[Action]:
        if not self.asking:
            return []
        p = self.asking.player
        acts = [Action(p, "keep")]
        if self.asking.hand and self.mulligans.get(p, 0) < self.max_mulligans:  # down to a 0-card hand (OB-Q5)
            acts.insert(0, Action(p, "mulligan"))
        return acts

    def apply(self, text: str) -> Action:
        chosen = next((a for a in self.legal_actions() if str(a) == text.strip().lower()), None)
        if chosen is None:
            if text.strip().lower() == "mulligan":
                if not self.max_mulligans:
                    why, rule = "this game's opening has no mulligan", self.no_mulligan_rule
                else:
                    why, rule = "no further mulligan: the hand has no cards left", self.floor_rule
                raise IllegalAction(why, [str(a) for a in self.legal_actions()], rule=rule)
            raise IllegalAction(f"{text!r} is not an opening decision: write mulligan or keep",
                                [str(a) for a in self.legal_actions()])
        self.decisions.append(chosen.kind)
        self.log.append(f"p{chosen.player + 1} {'keeps' if chosen.kind == 'keep' else 'takes a mulligan'}")
        self._replay()
        self.history.append(chosen)
        return chosen

    def malformed(self, text: str) -> str | None:
        return None if text.strip().lower() in OPENING_KINDS else \
            f"{text!r} is not an opening decision (the opening takes mulligan or keep)"

    def pending_choice(self) -> str | None:
        return None  # an opening decision is the ordinary next action, like a turn's

    def snapshot(self) -> dict:
        out: dict[str, Any] = {"phase": "opening", "result": None,
                               "active": f"p{self.asking.player + 1}" if self.asking else None}
        for p in range(len(self.decks or [])):
            hand = self.asking.hand if self.asking and self.asking.player == p else self.kept.get(p, [])
            out[f"p{p + 1}"] = {"hand": [_name(c) for c in hand], "mulligans": self.mulligans.get(p, 0),
                                "kept": p in self.kept}
        return out

    def render(self) -> str:
        snap = self.snapshot()
        lines = ["opening" + (f", {snap['active']} decides" if snap["active"] else "")]
        for p in range(len(self.decks or [])):
            s = snap[f"p{p + 1}"]
            lines.append(f"  p{p + 1}: hand {', '.join(s['hand']) or '–'} · mulligans {s['mulligans']}"
                         + (" · kept" if s["kept"] else ""))
        return "\n".join(lines)

    def num_players(self) -> int:
        return max(2, len(self.decks or []))
