"""The Álomfogó :class:`~deckkit.engine.core.Game`: settings, new games, scripted setups, goldfish."""

from __future__ import annotations

import itertools
import random
import re
from operator import attrgetter
from pathlib import Path
from typing import Any
from collections.abc import Callable

from deckkit.engine.core import Action, Game, Policy, Setting, SetupError
from deckkit.engine.loop import MAX_TURN_ACTIONS, ActionCapped, Goldfish
from deckkit.engine.opening import Opening
from deckkit.engine.results import WinRecord
from deckkit.errors import DataError, UnknownCard, UsageError
from deckkit.games.alomfogo.cards import CardDef, Pool
from deckkit.games.alomfogo.legality import challenger, may_challenge_now
from deckkit.games.alomfogo.policies import POLICIES, choose_play, greedy
from deckkit.games.alomfogo.state import AlomfogoState
from deckkit.games.alomfogo.zones import (ACTIVE, CREATURE_DRAW, DECIDE, DRAW, DUELS, PLAY, SETUP, STATE_NAMES, Perm,
                                          shuffle)
from deckkit.games.alomfogo.opening import ALOMFOGO_MULLIGANS, alomfogo_opening

_PLAYER_KEY = re.compile(r"^p([1-9][0-9]?)$")
_STATE_SUFFIX = re.compile(r"^(?P<name>.*?)\s*\((?P<states>[^()]*)\)\s*$")
_PLAYER_FIELDS = {"deck", "library", "hand", "table", "cage", "glory", "vp", "add_to_hand"}
_SETUP_FIELDS = {"start", "first", "phase", "turn"}
_PHASES = {"phase1": None, "start": None, "setup": SETUP, "phase2": DRAW, "phase3": PLAY, "phase4": DUELS}


class AlomfogoGame(Game):
    """Álomfogó rules (AF-100 – AF-915) with the digest's recommended interpretations as settings."""

    name = "alomfogo"
    SETTINGS = (
        Setting("starting_glory", 15, "glory points each player starts with (15; variants 20 or 10)",
                "AF-103, AF-902", (10, 15, 20), minimum=1, maximum=1000),
        Setting("deck_minimum", 35, "minimum deck size for a new game: 35 casual, 45 tournament "
                "(goldfish and scripts accept any deck)", "AF-202, AF-206, AF-Q1", (35, 45), minimum=1, maximum=1000),
        Setting("vp_per_turn", 3, "magic points received in phase 1 (league handicaps change it)",
                "AF-602, AF-904", minimum=0, maximum=1000),
        Setting("turn_direction", "right", "multiplayer: turns pass to the right (as challenges) or left",
                "AF-Q10", ("right", "left")),
        Setting("mulligan", "none", "opening hand: none (the rule) or the reshuffle house rule",
                "AF-503, AF-Q5", ALOMFOGO_MULLIGANS),
    )

    def __init__(self, cards: Any = (), **settings: Any) -> None:
        cards = list(cards)
        if not cards:
            from deckkit.catalogue import bundled_cards

            cards = bundled_cards("alomfogo")
        super().__init__(cards, **settings)
        self.pool = Pool(self.cards.values())

    # -- card lookup -----------------------------------------------------------------------------
    def card(self, name_or_dict: str | dict, *, where: str | None = None) -> CardDef:
        """The compiled card for a name, an id or a card dict."""
        if isinstance(name_or_dict, dict):
            found = self.pool.by_key.get(self.pool_key(name_or_dict.get("id", "")))
            return found if found is not None else CardDef(name_or_dict)
        return self.pool.get(name_or_dict, where=where)

    @staticmethod
    def pool_key(text: str) -> str:
        from deckkit.text import fold

        return fold(text)

    # -- games ---------------------------------------------------------------------------------
    def new_game(self, decks: list[list[dict]], rng: random.Random, **options: Any) -> AlomfogoState:
        """Shuffle each deck, deal 5 cards (AF-501, AF-502) and begin the starting player's turn.

        Options: ``start`` (player index, default 0), ``passive`` (indices of players who take no
        turns and never defend: goldfish opponents), ``keep`` (mulligan decision, house rule only).
        """
        minimum = self.settings["deck_minimum"]
        for index, deck in enumerate(decks):
            if len(deck) < minimum:  # AF-202, AF-206: a game needs legal decks (goldfish and scripts do not)
                raise DataError(f"p{index + 1}'s deck has {len(deck)} cards, fewer than the minimum {minimum} "
                                "(AF-202, AF-206)", hint="add cards, or set deck_minimum=35 for casual play")
        n = max(2, len(decks))
        state = AlomfogoState(self, rng, n)
        state.logging = options.get("log", True)
        for index in options.get("passive", ()):
            state.players[index].passive = True
        for index, deck in enumerate(decks):
            library = [self.card(c) for c in deck]
            shuffle(library, rng)
            opening = alomfogo_opening(library, options.get("keep"), mulligan=self.settings["mulligan"], rng=rng)
            player = state.players[index]
            player.hand = list(opening.hand)
            player.library = opening.library[::-1]
        start = int(options.get("start", 0))
        state.first = start
        state.begin_turn(start)
        return state

    def from_setup(self, setup: dict, rng: random.Random) -> AlomfogoState:
        """A game in the position a script describes (see the package docstring for the keys)."""
        if not isinstance(setup, dict):
            raise SetupError("setup must be a table", hint="write [setup] with [setup.p1] and [setup.p2]")
        unknown = [k for k in setup if k not in _SETUP_FIELDS and not _PLAYER_KEY.match(str(k))]
        if unknown:
            raise SetupError(f"setup: unknown key(s) {', '.join(map(str, unknown))}",
                            hint="setup keys are start, first, phase, turn and p1, p2, …")
        indices = [int(m.group(1)) for k in setup if (m := _PLAYER_KEY.match(str(k)))]
        n = max([2, *indices])
        state = AlomfogoState(self, rng, n)
        for index in range(n):
            self._setup_player(state, index, setup.get(f"p{index + 1}") or {})
        start = self._player_index(setup.get("start", "p1"), n, "start")
        state.first = self._player_index(setup.get("first", setup.get("start", "p1")), n, "first")
        turn = setup.get("turn", 1)
        if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
            raise SetupError(f"setup.turn: {turn!r} is not a turn number", field="turn",
                             hint="turn = 1 is the first turn")
        phase = setup.get("phase", "phase1")
        if not isinstance(phase, str) or phase not in _PHASES:
            raise SetupError(f"setup.phase: unknown phase {phase!r}", field="phase",
                             hint="phases are " + ", ".join(_PHASES))
        if phase == "setup":  # AF-504: the first action says who starts; nothing has happened yet
            if turn != 1:
                raise SetupError("setup.turn: the setup phase comes before turn 1", field="turn",
                                 hint="leave turn out with phase = \"setup\"")
            state.phase = SETUP
        elif (target := _PHASES[phase]) is None:
            state.turn = turn - 1
            state.players[start].turns = 0 if turn == 1 else turn // 2
            state.begin_turn(start)
        else:
            state.turn = turn
            state.active = start
            state.players[start].turns = 1 if turn == 1 else (turn + 1) // 2
            state.phase = target
        return state

    def _player_index(self, value: Any, n: int, field: str) -> int:
        m = _PLAYER_KEY.match(str(value))
        if not m or int(m.group(1)) > n:
            raise SetupError(f"setup.{field}: {value!r} is not a player", field=field,
                            hint="players are " + ", ".join(f"p{i + 1}" for i in range(n)))
        return int(m.group(1)) - 1

    def _names(self, value: Any, where: str) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise SetupError(f"{where}: expected a list of card names", field=where[6:],
                             hint='e.g. ["Éjlépő Kajtár", "Athame"]')
        return value

    def _setup_player(self, state: AlomfogoState, index: int, data: dict) -> None:
        where = f"setup.p{index + 1}"
        if not isinstance(data, dict):
            raise SetupError(f"{where} must be a table", field=where[6:], hint="e.g. [setup.p1] hand = [\"Athame\"]")
        unknown = sorted(set(data) - _PLAYER_FIELDS)
        if unknown:
            raise SetupError(f"{where}: unknown key(s) {', '.join(unknown)}", field=where[6:],
                            hint="keys are " + ", ".join(sorted(_PLAYER_FIELDS)))
        player = state.players[index]
        if "deck" in data:
            spec = data["deck"]
            if isinstance(spec, list):  # the script runner hands over the deck file's card names
                names = self._names(spec, f"{where}.deck")
                deck = [self._setup_card(n, f"{where}.deck[{i}]") for i, n in enumerate(names)]
            else:
                deck = self.deck_cards(spec, where=f"{where}.deck")
            state.rng.shuffle(deck)
            if "library" in data:
                raise SetupError(f"{where}: give either deck or library, not both", field=f"{where[6:]}.library",
                                hint="library lists the deck in order, top first")
            if "hand" in data:
                player.library = deck[::-1]
            else:
                opening = alomfogo_opening(deck, None)
                player.hand = list(opening.hand)
                player.library = opening.library[::-1]
        if "library" in data:
            names = self._names(data["library"], f"{where}.library")
            player.library = [self._setup_card(n, f"{where}.library[{i}]") for i, n in enumerate(names)][::-1]
        if "hand" in data:
            player.hand = [self._setup_card(n, f"{where}.hand[{i}]")
                           for i, n in enumerate(self._names(data["hand"], f"{where}.hand"))]
        if "cage" in data:
            player.cage = [self._setup_card(n, f"{where}.cage[{i}]")
                           for i, n in enumerate(self._names(data["cage"], f"{where}.cage"))]
        for i, text in enumerate(self._names(data.get("table", []), f"{where}.table")):
            player.table.append(self._perm(text, f"{where}.table[{i}]"))
        for key in ("glory", "vp"):
            if key in data:
                value = data[key]
                if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    raise SetupError(f"{where}.{key}: {value!r} is not a whole number ≥ 0",
                                     field=f"{where[6:]}.{key}",
                                     hint=f"e.g. {key} = 15")
                setattr(player, key, value)
        fixtures = data.get("add_to_hand", [])
        if not isinstance(fixtures, list):
            raise SetupError(f"{where}.add_to_hand: expected a list of {{turn, cards}} tables",
                             field=f"{where[6:]}.add_to_hand",
                            hint='e.g. add_to_hand = [{turn = 3, cards = ["Wugu Wataruru"]}]')
        for k, item in enumerate(fixtures):
            at = f"{where}.add_to_hand[{k}]"
            turn = item.get("turn") if isinstance(item, dict) else None
            if not isinstance(item, dict) or set(item) != {"turn", "cards"} or not isinstance(turn, int) \
                    or isinstance(turn, bool) or turn < 1:
                raise SetupError(f"{at}: each entry needs turn (a game turn number from 1) and cards",
                                 field=f"{where[6:]}.add_to_hand", hint='e.g. {turn = 3, cards = ["Wugu Wataruru"]}')
            cards = [self._setup_card(n, f"{at}.cards[{j}]")
                     for j, n in enumerate(self._names(item["cards"], f"{at}.cards"))]
            state.fixtures.setdefault(index, []).append((item["turn"], cards))

    def _perm(self, text: str, where: str) -> Perm:
        m = _STATE_SUFFIX.match(text)
        name, states = (m.group("name"), m.group("states")) if m else (text, "")
        state = ACTIVE
        for word in filter(None, (w.strip().lower() for w in states.split(","))):
            if word not in STATE_NAMES:
                raise SetupError(f"{where}: unknown card state {word!r} in {text!r}", field=where[6:],
                                hint="states are active, resting, damaged (AF-410)")
            state = STATE_NAMES.index(word)
        return Perm(self._setup_card(name.strip(), where), state)

    def _setup_card(self, name: str, where: str) -> CardDef:
        try:
            return self.card(name)
        except UnknownCard as exc:
            raise SetupError(f"{where}: unknown card {name!r}", field=where[6:], hint=exc.hint or
                             "deckkit search 'game:af' lists the Álomfogó cards") from None

    def deck_cards(self, path: str | Path, *, where: str | None = None) -> list[CardDef]:
        """The main-deck cards of a deck file, one entry per copy, in file order."""
        from deckkit.decks.textfile import parse_text

        p = Path(path)
        if not p.is_absolute() and not p.exists():
            from deckkit.paths import data_dir

            candidate = data_dir().parent / p
            p = candidate if candidate.exists() else p
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as exc:
            raise DataError(f"cannot read deck file: {exc.strerror}", path=str(path),
                            hint="give a path to a .deck file") from None
        deck, problems = parse_text(text, str(p))
        errors = [pr for pr in problems if getattr(pr, "severity", "error") == "error"]
        if errors:
            raise DataError(f"deck file has problems: {errors[0]}", path=str(p))
        out: list[CardDef] = []
        for entry in deck.entries:
            card = self.card(entry.name, where=f"{p}:{entry.line}")
            out.extend([card] * entry.count)
        return out

    # -- goldfish ------------------------------------------------------------------------------
    def policies(self) -> dict[str, Policy[AlomfogoState]]:
        """greedy (plays out its hand, challenges with everything) and random."""
        return dict(POLICIES)

    def goldfish(self, deck: list[dict], rng: random.Random, *, policy: str | Callable = "greedy",
                 opponent: str | Callable = "passive", keep: Callable[[list[dict]], bool] | None = None,
                 trace: list[str] | None = None, max_turns: int = 60,
                 uses: dict[str, int] | None = None) -> Goldfish:
        """Play ``deck`` against a passive opponent (no turns, never defends) until it has no glory left.

        ``opponent="greedy"``: the opponent plays a copy of the deck with the greedy pilot (it takes
        turns, defends, designates helpers, assists), so duel abilities are used too. ``uses``, when
        given, counts how often each card's abilities were carried out; a trace ends with the counts.
        The greedy pilot against a passive opponent plays a whole turn per step of the loop through
        the state's own rule methods (:func:`_greedy_turn`, the same choices without Action objects).
        """
        choose = _goldfish_pilot(policy, opponent)
        mirror = opponent == "greedy"
        state = AlomfogoState(self, rng, 2)
        state.logging = trace is not None
        if uses is not None or trace is not None:
            state.uses = uses if uses is not None else {}
        opening = self._goldfish_deal(state, deck, rng, keep, mirror)
        me = state.players[0]
        me.marks = []
        state.first = 0
        state.begin_turn(0)
        # A passive opponent is never asked; should the rules ask it, the deck's pilot answers, as it always has.
        seats = [choose, greedy if mirror else choose]
        fast = policy == "greedy" and not mirror
        # The fast step plays a whole turn and caps it itself (ActionCapped), so the loop's per-turn count is not kept.
        return Goldfish(state, seats, lambda: _goldfish_record(state, opening, trace), turn=lambda: me.turns,
                        max_turns=max_turns, step=_greedy_turn if fast else _apply,
                        max_turn_actions=None if fast else MAX_TURN_ACTIONS)

    def _goldfish_deal(self, state: AlomfogoState, deck: list[dict], rng: random.Random,
                       keep: Callable[[list[dict]], bool] | None, mirror: bool) -> Opening:
        """Deal the goldfish table and return p1's opening: p1's shuffled library and opening hand (``keep``
        judges a hand on card dicts); the opponent gets a shuffled copy of the deck (``mirror``) or sits passive."""
        by_id = self.pool.by_id
        library = [by_id.get(c["id"]) or self.card(c) for c in deck]
        shuffle(library, rng)
        keep_defs = None
        if keep is not None:
            keep_defs = lambda hand: keep([c.data for c in hand])  # noqa: E731 — callback on card dicts
        opening = alomfogo_opening(library, keep_defs, mulligan=self.settings["mulligan"], rng=rng)
        me = state.players[0]
        me.hand = list(opening.hand)
        me.library = opening.library[::-1]
        if mirror:  # the opponent's copy of the deck, shuffled from the same chance generator
            them = state.players[1]
            theirs = [by_id.get(c["id"]) or self.card(c) for c in deck]
            shuffle(theirs, rng)
            them.hand, them.library = theirs[:5], theirs[5:][::-1]
        else:
            state.players[1].passive = True
        return opening


def _goldfish_pilot(policy: str | Callable, opponent: str | Callable) -> Callable:
    """The deck's pilot: ``policy`` itself when callable (a scripted pilot), else the named policy;
    UsageError for an unknown policy or opponent."""
    try:
        choose = policy if callable(policy) else POLICIES[policy]
    except KeyError:
        raise UsageError(f"unknown policy {policy!r}", hint="policies: " + ", ".join(POLICIES)) from None
    if opponent not in ("passive", "greedy"):
        raise UsageError(f"unknown opponent {opponent!r}",
                         hint="Álomfogó goldfish opponents: passive (the default), greedy (a copy of the deck)")
    return choose


def _goldfish_record(state: AlomfogoState, opening: Opening, trace: list[str] | None) -> WinRecord:
    """The finished goldfish game's record: won, p1's turns, the cards it saw (by own turn); the trace
    ends with the game's log and the ability uses."""
    me = state.players[0]
    won = state.result == 0
    total = len(opening.library)
    drawn = total - len(me.library)
    marks = me.marks
    # Only the cards drawn are named (top first) when the library never grew past its opening size
    # (a card put back on it, AF-D19); else the whole library, as the turns' bounds may reach past the draws.
    lowest = min(marks) if marks else 0
    upto = total - min(lowest, len(me.library)) if drawn >= 0 and marks and max(marks) <= total else total
    opening_names = list(map(_NAME, opening.hand))
    names = list(map(_NAME, opening.library[:upto]))
    seen = opening_names + names[:drawn]
    if trace is not None:
        trace.extend(state.log)
        counted = state.uses or {}
        trace.append("ability uses: " + (", ".join(f"{name} {n}" for name, n in sorted(counted.items()))
                                         or "none"))
    return WinRecord(won, me.turns if won else None, opening.mulligans, seen, opening_names,
                     _seen_by_turn(opening_names, names, marks, drawn, total))


def _seen_by_turn(opening_names: list[str], names: list[str], marks: list[int], drawn: int,
                  total: int) -> dict[str, list[str]]:
    """Cards first seen in each own turn, from the cards drawn (``names``, top first), the library's size
    after the opening (``total``) and at the start of each own turn (``marks``) and how many cards were
    drawn in all; turn 1 includes the opening hand."""
    # Every draw of turn t (phase 2, dream creatures AF-333, cycling AF-611, draw spells) lies between
    # the library sizes at the start of turns t and t+1.
    starts = [total - m for m in marks]
    seen_by_turn = {str(t): names[a:b] for t, a, b in zip(range(1, len(starts) + 1), starts, [*starts[1:], drawn])}
    if starts:
        seen_by_turn["1"] = opening_names + seen_by_turn["1"]
    return seen_by_turn


_NAME = attrgetter("name")
_GLORY = attrgetter("card.glory")


def _apply(state: AlomfogoState, seat: int, policy: Callable, rng: random.Random) -> Action:
    """A seat's decision carried out by the state's rules (goldfish games keep no action history)."""
    action = policy(state, rng)
    state._apply(action)
    return action


def _settle(state: AlomfogoState, policy: Callable, rng: random.Random) -> None:
    """Abilities waiting for decisions are carried out, the pilot making each decision (resolve.py)."""
    state.settle()
    while state.phase == DECIDE:
        state._apply(policy(state, rng))


def _greedy_turn(state: AlomfogoState, seat: int, policy: Callable, rng: random.Random) -> None:
    """One turn of the greedy policy against a passive opponent without building Action objects (same choices).

    A passive opponent never answers, so every challenge is unanswered (AF-710 – AF-712); the state's
    own methods carry out every play, so the rules are the ones the slow path applies.
    """
    me = state.players[0]
    if state.queue:  # an ability of the turn's end or start waits for a decision
        _settle(state, policy, rng)
        if state.result is not None:
            return
    if state.phase == DRAW:
        state.draw(0, required=True)
        if state.result is not None:
            return
        state.start_phase3(0)
        if state.queue:
            _settle(state, policy, rng)
    for plays in itertools.count():
        choice = choose_play(state, 0)
        if choice is None:
            break
        kind, card, event, how = choice
        if plays >= MAX_TURN_ACTIONS:  # a card that comes back to the hand for free would be played for ever
            raise ActionCapped(f"turn {me.turns} did not end within {plays:,} plays (the last: p1 plays {card.name})")
        me.hand.remove(card)
        if kind == "cycle":
            state.cycle(0, card)
        else:
            state.play_card(0, card, event, how)
            if state.queue:
                _settle(state, policy, rng)
            if state.phase == CREATURE_DRAW:
                state.draw(0, required=False)
                state.phase = PLAY
        if state.result is not None:
            return
    state.end_play_phase(0)
    if may_challenge_now(state) is None:
        walkers = [perm for perm in me.table if challenger(perm) is None]
        walkers.sort(key=_GLORY, reverse=True)  # the most glorious first; a stable sort keeps ties in table order
        for perm in walkers:
            state.challenge(0, perm)
            if state.queue:
                _settle(state, policy, rng)
            if state.result is not None:
                return
    if state.logging:
        state.note("p1 ends the turn")
    state.end_turn()
