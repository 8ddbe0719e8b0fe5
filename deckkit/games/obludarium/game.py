"""The Obludárium game: rule settings, new games, scripted set-ups, policies and goldfish."""

from __future__ import annotations

import difflib
import random
import re
from typing import Any
from collections.abc import Callable, Iterator

from deckkit.engine.core import Game, Policy, SetupError, Setting, chance
from deckkit.engine.loop import Goldfish
from deckkit.errors import UsageError
from deckkit.games.obludarium import effects as _effects  # noqa: F401  (registers the effects)
from deckkit.games.obludarium.cards import MONSTER, CardInfo, bundled_cards, shuffled
from deckkit.games.obludarium.state import ATTACK, MAIN, PLAYER_NAMES, ObState, Perm
from deckkit.games.obludarium.opening import higher_plays, obludarium_opening
from deckkit.text import fold

_SUFFIX = re.compile(r"^(?P<name>.*?)\s*\((?P<states>[^()]*)\)\s*$")
_POWER = re.compile(r"^(\d+)/(\d+)$")
_PLAYER_KEYS = ("deck", "library", "hand", "table", "discard", "life", "food_played", "dummy")
_SETUP_KEYS = ("start", "phase", "turn", "p1", "p2")


class ObludariumGame(Game[ObState]):
    """Obludárium (OB): two players, food pays for monsters, artifacts and spells; life or deck loses."""

    name = "obludarium"
    SETTINGS = (
        Setting("starting_life", 20, "Starting life total; 15 is advised for base sets only.", "OB-104 – OB-106",
                minimum=1, maximum=1000),
        Setting("first_player", "p1", "Who takes the first turn: p1, p2, chance, or higher (bottom card's cost).",
                "OB-508 – OB-511, OB-Q6", ("p1", "p2", "chance", "higher")),
        Setting("empty_deck", "zero", "zero: lose as soon as the deck has 0 cards; draw: lose on drawing from "
                "an empty deck.", "OB-109, OB-Q1", ("zero", "draw")),
        Setting("first_turn_draw", True, "Does the starting player draw in their first turn?", "OB-604, OB-Q7"),
        Setting("several_blockers", "sum", "sum: the attacker dies if its defence is not above the blockers' "
                "summed attack; separate: each blocker fights it alone.", "OB-815, OB-Q11", ("sum", "separate")),
        Setting("hand_limit", 7, "Hand-size rule: holding this many cards and none layable, discard one "
                "(0 turns the rule off).", "OB-909, OB-Q13", minimum=0, maximum=1000),
    )

    def __init__(self, cards=None, **settings: Any) -> None:
        super().__init__(bundled_cards() if cards is None else cards, **settings)
        self.infos: dict[str, CardInfo] = {cid: CardInfo.from_dict(c) for cid, c in self.cards.items()}
        self.by_name: dict[str, CardInfo] = {fold(i.name): i for i in self.infos.values()}
        self.by_name.update({fold(i.id): i for i in self.infos.values()})
        #: Whether any card of the pool has a trigger (else no event is even looked at).
        self.watched = any(i.triggers for i in self.infos.values())
        #: The events some card of the pool has a trigger on (any other event sets nothing off).
        self.watching = frozenset(e for i in self.infos.values() for e in i.events)
        #: Events some card of the pool replaces (else no replacement is looked for), and whether any card
        #: asks for memory within a turn (else none is kept).
        self.replaced = frozenset(on for i in self.infos.values() for on, _ in i.replacements)
        self.remembers = any(i.remembers for i in self.infos.values())
        #: Filters' answers on printed facts, by filter and card (AbilityRules.passes); facts never change.
        self.filter_memo: dict[int, tuple] = {}
        #: Designer keywords granted in play: their abilities by name, and a card's facts with them by
        #: (card id, keywords) — found as a grant first resolves.
        self.granted: dict[str, tuple] = {}
        self.granted_infos: dict[tuple[str, tuple[str, ...]], CardInfo] = {}

    def __getstate__(self) -> dict:
        """What pickling keeps (a game goes to worker processes): all but the filter memo, which
        holds functions and is found again."""
        state = self.__dict__.copy()
        state["filter_memo"] = {}
        return state

    # -- card facts ----------------------------------------------------------------------------
    def info(self, card: dict) -> CardInfo:
        """The compiled facts of a card dict (cached per game by id)."""
        found = self.infos.get(card.get("id", ""))
        if found is None:
            found = self.infos[card["id"]] = CardInfo.from_dict(card)
            self.watched = self.watched or bool(found.triggers)
            self.watching = self.watching | found.events
            self.replaced = self.replaced | {on for on, _ in found.replacements}
            self.remembers = self.remembers or found.remembers
        return found

    def card_named(self, name: str, field: str = "") -> CardInfo:
        """The card with this name or id (case- and diacritics-insensitive); SetupError otherwise."""
        found = self.by_name.get(fold(name))
        if found is None:
            names = sorted({i.name for i in self.infos.values()})
            close = difflib.get_close_matches(fold(name), [fold(n) for n in names], n=3, cutoff=0.6)
            hints = [n for n in names if fold(n) in close]
            raise SetupError(f"unknown Obludárium card {name!r}", field=field,
                             hint=("did you mean " + " or ".join(hints) + "?") if hints
                             else "write a card name as printed, e.g. Glum (see: deckkit search game:ob)")
        return found

    def starter_deck(self) -> list[dict]:
        """The bundled starter deck (data/decks/obludarium-standard.deck) as card dicts, one per copy."""
        from deckkit.decks.io import load_deck
        from deckkit.paths import data_dir

        deck = load_deck(data_dir() / "decks" / "obludarium-standard.deck")
        return [self.cards[self.card_named(e.name).id] for e in deck.entries for _ in range(e.count)]

    # -- games ---------------------------------------------------------------------------------
    def _first(self, libraries: list[list], rng: random.Random) -> int:
        choice = self.settings["first_player"]
        if choice == "chance":  # OB-508: by chance; a script may fix the event
            return PLAYER_NAMES.index(chance(rng, "first player", list(PLAYER_NAMES)))
        if choice == "higher":
            return higher_plays(libraries, rng)
        return PLAYER_NAMES.index(choice)

    def new_game(self, decks: list[list[dict]], rng: random.Random, **options: Any) -> ObState:
        """A fresh game: shuffle both decks, deal 7 (no mulligans), choose the starter, start turn 1."""
        keep = options.get("keep")
        state = ObState(self, rng)
        state.logging = options.get("log", True)
        state.life = [self.settings["starting_life"]] * 2
        libraries = []
        for p, deck in enumerate(decks):
            opening = obludarium_opening(shuffled(list(deck), rng), keep)
            state.hands[p] = [self.info(c) for c in opening.hand]
            libraries.append(opening.library)
            state.libs[p] = [self.info(c) for c in reversed(opening.library)]
        state.active = self._first(libraries, rng)
        state.check_decks(0, 1)  # OB-109: a deck of 7 cards or fewer is empty once the hand is dealt
        state.start_turn()
        return state

    def from_setup(self, setup: dict, rng: random.Random) -> ObState:
        """A game in an explicit position (scripted tests); see the package docstring for the keys."""
        if not isinstance(setup, dict):
            raise SetupError("[setup] must be a table", field="setup")
        for key in setup:
            if key not in _SETUP_KEYS:
                raise SetupError(f"unknown setup key {key!r}", field=f"setup.{key}",
                                 hint="setup keys are " + ", ".join(_SETUP_KEYS))
        state = ObState(self, rng)
        state.life = [self.settings["starting_life"]] * 2
        for p, pname in enumerate(PLAYER_NAMES):
            self._setup_player(state, p, setup.get(pname, {}) or {}, f"setup.{pname}", rng)
        self._check_decks(state)
        start = setup.get("start", None)
        if start is None:  # OB-510, OB-Q6: "higher plays" reads the bottom cards' printed costs
            state.active = self._first([[self.cards.get(c.id, {"cost": c.cost}) for c in reversed(lib)]
                                        for lib in state.libs], rng)
        elif start in PLAYER_NAMES:
            state.active = PLAYER_NAMES.index(start)
        else:
            raise SetupError(f"start = {start!r}: write \"p1\" or \"p2\"", field="setup.start")
        turn = setup.get("turn", 1)
        if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
            raise SetupError(f"turn = {turn!r}: write a whole number from 1", field="setup.turn")
        state.turn = turn
        phase = setup.get("phase", "start")
        if phase == "start":
            state.start_turn()
        elif phase in (MAIN, ATTACK):
            state.phase = phase
            if state.logging:
                state.log.append(f"-- turn {turn}: {PLAYER_NAMES[state.active]} starts in the {phase} phase")
        else:
            raise SetupError(f"phase = {phase!r} is not a starting phase", field="setup.phase",
                             hint='write "start" (untap and draw first, the default), "main" or "attack"')
        return state

    def _check_decks(self, state: ObState) -> None:
        """OB-109, OB-Q1 reading A: a player whose deck has 0 cards has lost, so no game starts there."""
        if self.settings["empty_deck"] != "zero":
            return  # reading B: the loss comes at the first draw from the empty deck
        for p, pname in enumerate(PLAYER_NAMES):
            if not state.libs[p] and not state.dummy[p]:
                raise SetupError(
                    f"{pname}'s deck is empty: under OB-109 (OB-Q1 reading A, empty_deck = \"zero\") "
                    f"{pname} has already lost, so the game cannot start here",
                    field=f"setup.{pname}.library", rule="OB-109",
                    hint=f'give {pname} a library (e.g. library = ["Chleba"]), mark the goldfish opponent '
                         'dummy = true, or set empty_deck = "draw" (lose at the first draw)')

    def _setup_player(self, state: ObState, p: int, spec: dict, where: str, rng: random.Random) -> None:
        if not isinstance(spec, dict):
            raise SetupError(f"[{where}] must be a table", field=where)
        for key in spec:
            if key not in _PLAYER_KEYS:
                raise SetupError(f"unknown key {key!r}", field=f"{where}.{key}",
                                 hint="player keys are " + ", ".join(_PLAYER_KEYS))

        def names(key: str) -> Iterator[tuple[int, str]]:
            """(index, text) of each entry of a list of names, each checked as it comes."""
            value = spec.get(key, [])
            if not isinstance(value, list):
                raise SetupError(f"{key} must be a list of card names", field=f"{where}.{key}")
            for i, item in enumerate(value):
                if not isinstance(item, str):
                    raise SetupError(f"{key} entries must be card names", field=f"{where}.{key}[{i}]")
                yield i, item

        def named_cards(key: str) -> list[CardInfo]:
            return [self.card_named(item, f"{where}.{key}[{i}]") for i, item in names(key)]

        library, hand, discard = named_cards("library"), named_cards("hand"), named_cards("discard")
        table_specs = [text for _, text in names("table")]
        table = [self._perm(text, p, f"{where}.table[{i}]") for i, text in enumerate(table_specs)]
        deck = spec.get("deck")
        if deck is not None:
            if not isinstance(deck, list):
                raise SetupError("deck must be a deck file or a list of card names", field=f"{where}.deck")
            pool = [self.card_named(n, f"{where}.deck") if isinstance(n, str) else self.info(n) for n in deck]
            rest = list(pool)
            for zone, cards in (("library", library), ("hand", hand), ("discard", discard),
                                ("table", [perm.info for perm in table])):
                for i, card in enumerate(cards):
                    if card in rest:
                        rest.remove(card)
                    else:
                        held = pool.count(card)
                        raise SetupError(
                            f"{card.name} in {zone} is not (or not that many times) in the deck "
                            f"(the deck holds {held}; the zones list more)",
                            field=f"{where}.{zone}[{i}]",
                            hint="list only cards of the deck, or drop 'deck' and give the library in full")
            rest = shuffled(rest, rng)
            if "hand" not in spec:
                opening = obludarium_opening(rest)
                hand, rest = [*opening.hand], list(opening.library)
            library = library + rest  # the listed cards are the top of the library, in order
        state.libs[p] = list(reversed(library))
        state.hands[p] = hand
        state.tables[p] = table
        state.discards[p] = discard
        life = spec.get("life", self.settings["starting_life"])
        if not isinstance(life, int) or isinstance(life, bool) or life < 0:
            raise SetupError(f"life = {life!r}: write a whole number from 0", field=f"{where}.life")
        state.life[p] = life
        state.food_played[p] = bool(spec.get("food_played", False))
        state.dummy[p] = bool(spec.get("dummy", False))

    def _perm(self, text: str, p: int, field: str) -> Perm:
        """A card in play from ``Name`` or ``Name (tapped, new, 3/2)``."""
        match = _SUFFIX.match(text)
        name, states = (match["name"], [s.strip() for s in match["states"].split(",") if s.strip()]) \
            if match else (text, [])
        name = re.sub(r"#\d+$", "", name.strip())
        info = self.card_named(name, field)
        perm = Perm(info, p)
        for st in states:
            power = _POWER.match(st)
            if st == "tapped":
                perm.tapped = True
            elif st == "new":
                if info.type != MONSTER:
                    raise SetupError(f"'new' applies to monsters only, not to {info.name}", field=field)
                perm.new = True
            elif power and info.type == MONSTER:
                perm.atk, perm.dfn = int(power[1]), int(power[2])
            else:
                raise SetupError(f"unknown card state {st!r} in {text!r}", field=field,
                                 hint="states in a setup are: tapped, new (laid out this turn), "
                                      "A/D (attack/defence this turn, monsters); attacks and blocks are actions")
        return perm

    # -- policies and goldfish -----------------------------------------------------------------
    def policies(self) -> dict[str, Policy[ObState]]:
        """greedy (a static evaluation of each choice), greedy-playout (each choice's turn played out:
        slower, kept to measure greedy against), random (draws from the players' generator) and passive."""
        from deckkit.games.obludarium import policies

        return {"greedy": policies.greedy, "greedy-playout": policies.greedy_playout,
                "random": policies.random_policy, "passive": policies.passive}

    def goldfish(self, deck: list[dict], rng: random.Random, *, policy: str | Callable = "greedy",
                 opponent: str | Callable = "passive", keep=None, trace: list[str] | None = None,
                 max_turns: int = 60, record: list[str] | None = None) -> Goldfish:
        """One goldfish game of ``deck`` (p1) against a passive opponent, for the loop; see Game.play_goldfish.

        ``policy`` is greedy (valuing each legal action on a clone), random, passive, or any callable
        ``(state, rng) -> Action``; all play through the rules engine. ``opponent="greedy"``: p2 plays
        a copy of the deck with the greedy pilot, so blocks, fights and answers happen too (the win
        still counts p1's own turns).

        ``record``, when given, receives the canonical action strings of both players, so the game
        can be replayed through :meth:`from_setup` (tests use it to prove the pilot's moves legal).
        """
        from deckkit.games.obludarium import goldfish

        if opponent not in ("passive", "greedy"):
            raise UsageError(f"unknown opponent {opponent!r}",
                             hint="Obludárium goldfish opponents: passive (the default), greedy (a copy of the deck)")
        if not callable(policy):  # else a scripted pilot (deckkit.sim.strategy) over the full rules engine
            named = self.policies()
            if policy not in named:
                raise UsageError(f"unknown policy {policy!r}", hint="Obludárium policies: " + ", ".join(named))
            policy = named[policy]
        mirror = self.policies()["greedy"] if opponent == "greedy" else None
        return goldfish.setup(self, deck, rng, policy, keep=keep, trace=trace, max_turns=max_turns, record=record,
                              opponent=mirror, opponent_deck=deck if mirror else None)
