"""One game of Álomfogó in progress: players and zones, the turn and its phases, legal actions and their dispatch.

Phase 3 plays live in :mod:`~deckkit.games.alomfogo.plays`, the duel in :mod:`~deckkit.games.alomfogo.duel`.
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING
from collections.abc import Callable

from deckkit.engine.abilities import Ability
from deckkit.engine.core import TERMINAL, Action, State
from deckkit.games.alomfogo.cards import CardDef
from deckkit.games.alomfogo.duel import DuelRules
from deckkit.games.alomfogo.interpret import AbilityRules
from deckkit.games.alomfogo.legality import PHASE_KINDS, may_draw
from deckkit.games.alomfogo.observe import Observation
from deckkit.games.alomfogo.plays import PlayRules
from deckkit.games.alomfogo.resolve import Resolution
from deckkit.games.alomfogo.zones import (ACTIVE, ASSIST, COUNTER, DECIDE, DEFEND, DRAW, DUELS, HELPER, OVER,
                                          MADE, PLAY, NO_CHOICE, Choice, Duel, Pending, Perm,
                                          Player, made)

if TYPE_CHECKING:
    from deckkit.games.alomfogo.game import AlomfogoGame


class AlomfogoState(AbilityRules, DuelRules, PlayRules, Observation, State):
    """A game of Álomfogó: see the package docstring for the action strings."""

    NOT_COMPARED = State.NOT_COMPARED | {"uses", "depth", "capped"}

    ACTION_KINDS = {
        "start": False, "play": True, "cast": True, "cycle": True, "counter": True, "no counter": False,
        "challenge with": True, "defend with": True, "no defence": False, "helper": True,
        "no helper": False, "assist": True, "draw": False, "no draw": False, "pass": False, "choose": True,
    }
    ACTION_JOINERS = ("with", "on", "and", "discarding", "ordering")

    def __init__(self, game: AlomfogoGame, rng: random.Random, n_players: int = 2) -> None:
        super().__init__(game, rng)
        self.players = [Player(game.settings["starting_glory"]) for _ in range(n_players)]
        self.active = 0
        self.first = 0  # who started the game (AF-513, AF-516)
        self.turn = 0
        self.phase = PLAY
        self.duel: Duel | None = None
        self.pending: Pending | None = None
        self.result: int | str | None = None
        self.fixtures: dict[int, list[tuple[int, list[CardDef]]]] = {}  # AF-Q12 test fixture
        self.uses: dict[str, int] | None = None  # card name -> abilities carried out (when counted)
        self.depth = 0  # triggers setting off triggers (capped at MAX_TRIGGER_DEPTH)
        self.capped = False
        self.queue: list[Resolution] = []  # abilities waiting to be carried out, the one deciding first
        self.fought: Duel | None = None  # the duel just over, while its replacements and triggers are read
        self.resume_phase = PLAY  # the phase a decision interrupted
        self.after = ""  # "end": the turn ends once the abilities waiting are carried out
        self.replacing: frozenset = frozenset()  # (replacement, card) pairs being applied (once per event)

    def clone(self) -> AlomfogoState:
        """An independent copy: players' zones and counters, cards on the table, the duel, the spell
        awaiting an answer and the generator are copied; card definitions and the game are shared."""
        twin = AlomfogoState.__new__(AlomfogoState)
        twin.__dict__.update(self.__dict__)
        perms: dict[int, Perm] = {}

        def copied(perm: Perm) -> Perm:
            found = perms.get(id(perm))
            if found is None:
                found = perms[id(perm)] = Perm(perm.card, perm.state)
                found.used, found.mods, found.owner, found.back, found.limits = (perm.used, perm.mods, perm.owner,
                                                                                 perm.back, perm.limits)
            return found

        twin.players = [player.copy(copied) for player in self.players]
        if self.duel is not None:
            twin.duel = self.duel.copy(copied)
        if self.pending is not None:
            twin.pending = self.pending.copy(copied)
        if self.queue:
            twin.queue = [res.copy(copied) for res in self.queue]
        else:
            twin.queue = []
        if self.fought is not None:
            twin.fought = self.fought.copy(copied)
        twin.fixtures = {k: list(v) for k, v in self.fixtures.items()}
        twin.uses = None  # a look-ahead's plays are not the game's
        self._share_rng(twin)
        twin._listed = None
        twin.history = self.history[:]
        twin.log = self.log[:]
        return twin

    # -- small helpers -------------------------------------------------------------------------
    def num_players(self) -> int:
        """How many players sit at the table."""
        return len(self.players)

    def pname(self, index: int) -> str:
        """``p1``, ``p2`` … for player index 0, 1 …"""
        return f"p{index + 1}"

    def note(self, line: str) -> None:
        """Add a readable line to the game log (when :attr:`logging` is on)."""
        if self.logging:
            self.log.append(line)

    def label(self, index: int, perm: Perm) -> str:
        """The name of a card in play, with ``#2``, ``#3`` for later copies of the same name."""
        name = perm.card.name
        k = 1
        for other in self.players[index].table:
            if other is perm:
                break
            if other.card is perm.card:
                k += 1
        return name if k == 1 else f"{name}#{k}"

    def right_of(self, index: int) -> int:
        """The next player still in the game on ``index``'s right (challenges go there, AF-911)."""
        n = len(self.players)
        j = (index + 1) % n
        while not self.players[j].alive and j != index:
            j = (j + 1) % n
        return j

    def next_turn_player(self, index: int) -> int:
        """Who takes the turn after ``index`` (setting turn_direction, AF-Q10)."""
        if self.game.settings["turn_direction"] == "right":
            return self.right_of(index)
        n = len(self.players)
        j = (index - 1) % n
        while not self.players[j].alive and j != index:
            j = (j - 1) % n
        return j

    def first_turn_of_game(self) -> bool:
        """Whether this is the starting player's first turn (no draw AF-513, no challenge AF-516)."""
        return self.active == self.first and self.players[self.active].turns == 1 and self.turn == 1

    # -- core hooks ----------------------------------------------------------------------------
    def current_player(self) -> int:
        """Whose decision it is, or TERMINAL."""
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        if phase == DEFEND or phase == HELPER or phase == ASSIST:  # a duel is on
            d = self.duel
            assert d is not None
            return d.players[1 if phase == DEFEND else d.helper_side if phase == HELPER else d.to_act]
        if phase == COUNTER:  # a spell waits for the answers
            pend = self.pending
            assert pend is not None
            return pend.reactors[0]
        if phase == DECIDE:  # an ability waits for a player's decision
            return self.current_chooser()
        return self.active

    def is_terminal(self) -> bool:
        """Whether the game is over (as ``current_player() == TERMINAL``, without asking whose turn it is)."""
        return self.phase == OVER

    def explain_illegal(self, action: Action | str) -> tuple[str, str | None]:
        """Why an action is not legal now, naming the rule it breaks."""
        from deckkit.games.alomfogo.explain import explain

        return explain(self, action)

    def explain_out_of_turn(self, player: int, action: str) -> tuple[str, str | None]:
        """Why ``player`` may not take an action while another player decides, naming the rule."""
        from deckkit.games.alomfogo.explain import explain_out_of_turn

        return explain_out_of_turn(self, player, action)

    def card_count(self) -> int:
        """Cards in all zones of all players (conservation checks); fixtures add theirs when they arrive."""
        return sum(len(p.library) + len(p.hand) + len(p.table) + len(p.cage) for p in self.players)

    def pending_choice(self) -> str | None:
        """A spell paid for and waiting for an opponent's counterspell answer (AF-371), else None."""
        pend = self.pending
        if self.phase == COUNTER and pend is not None:  # (a spell waits in that phase only)
            return f"{pend.card.name} waits for {self.pname(pend.reactors[0])}'s counterspell answer"
        if self.phase == DECIDE:
            return self.decision_text()
        return None

    def winners(self) -> list[int]:
        """The last player standing (AF-915); empty while running."""
        return [self.result] if isinstance(self.result, int) else []

    # -- zones and counters --------------------------------------------------------------------
    def draw(self, index: int, *, required: bool) -> bool:
        """Draw the top card; a required draw from an empty deck loses the game (AF-107)."""
        player = self.players[index]
        if not player.library:
            if required:
                if self.logging:
                    self.note(f"{self.pname(index)} must draw from an empty deck and loses (AF-107)")
                self.ended_by = "AF-107"
                self.eliminate(index)
            return False
        card = player.library.pop()
        player.hand.append(card)
        if self.logging:
            self.tell(index, f"{self.pname(index)} draws {card.name}", f"{self.pname(index)} draws a card")
        if "draw" in self.game.pool.watched:
            self.fire("draw", index)
        return True

    def lose_glory(self, index: int, amount: int) -> None:
        """Take glory points; at 0 the player is out (AF-106, AF-914). A ``loses-glory`` trigger reads
        the points actually lost."""
        player = self.players[index]
        before = player.glory
        player.glory -= amount
        if player.glory <= 0:
            player.glory = max(player.glory, 0)
            if self.logging:
                self.note(f"{self.pname(index)} has no glory left and loses (AF-106)")
            self.ended_by = "AF-106"
            self.eliminate(index)
        lost = before - player.glory
        if lost > 0 and self.result is None and "loses-glory" in self.game.pool.watched:
            self.fire("loses-glory", index, amount=lost)

    def gain_glory(self, index: int, amount: int) -> None:
        """Give glory points (no maximum, AF-810); a ``gains-glory`` trigger reads how many."""
        self.players[index].glory += amount
        if amount > 0 and self.result is None and "gains-glory" in self.game.pool.watched:
            self.fire("gains-glory", index, amount=amount)

    def end_rule(self) -> str | None:
        """The rule that took the last player out: AF-106 (glory 0) or AF-107 (a draw from an empty deck)."""
        return getattr(self, "ended_by", None) if self.result is not None else None

    def eliminate(self, index: int) -> None:
        """Take a player out; the last one standing wins (AF-914, AF-915)."""
        self.players[index].alive = False
        alive = [i for i, p in enumerate(self.players) if p.alive]
        if len(alive) == 1:
            self.result = alive[0]
            self.phase = OVER
            self.duel = None
            self.pending = None
            if self.logging:
                self.note(f"{self.pname(alive[0])} wins")
        elif not alive:
            self.result = "draw"
            self.phase = OVER
        elif index == self.active:
            self.duel = None
            self.pending = None
            self.end_turn()
        elif self.duel is not None and index in self.duel.players:
            self.duel = None  # the duel's other side left the game; the attacker goes on
            self.phase = DUELS

    # -- turn structure ------------------------------------------------------------------------
    def begin_turn(self, index: int) -> None:
        """Phase 1 (VP, recovery) then phase 2 (AF-510 – AF-513, AF-Q3)."""
        while True:
            self.turn += 1
            self.active = index
            player = self.players[index]
            player.turns += 1
            if not player.passive:
                if player.marks is not None:
                    player.marks.append(len(player.library))
                break
            index = self.next_turn_player(index)  # a goldfish opponent does nothing
        for each in self.players:  # AF-610: "per turn" — every player's count starts again each turn
            each.source_played = False
            if each.played:
                each.played = []  # "the first … each turn" (AF-D22) counts again
        player.cycled = False
        gain = self.game.settings["vp_per_turn"]
        for perm in player.table:  # one pass: each card's VP by its state, then its recovery
            card = perm.card
            if (card.vp_bonus or card.vp_when) and (perm.state == ACTIVE or card.type != "event"):  # AF-342
                more = card.vp_bonus + (self.vp_when(index, perm) if card.vp_when else 0)
                if more:
                    gain += more
                    self.count_use(card)
            if perm.state:  # AF-420: recovery after the VP, before the draw (AF-Q3)
                perm.state -= 1
        player.vp += gain  # AF-602, AF-603: unspent VP carry over
        if self.logging:
            self.note(f"-- turn {self.turn}: {self.pname(index)} (turn {player.turns}), "
                   f"+{gain} VP = {player.vp}")
        for when, cards in self.fixtures.get(index, ()):
            if when == self.turn:  # AF-Q12: cards the example gives without saying how
                player.hand.extend(cards)
                if self.logging:
                    self.tell(index, f"{self.pname(index)} gets {', '.join(c.name for c in cards)} (fixture, AF-Q12)",
                              f"{self.pname(index)} gets {len(cards)} card(s) (fixture, AF-Q12)")
        if "phase-1" in self.game.pool.watched:
            self.fire("phase-1", index)
            if self.phase == OVER or self.active != index:
                return
        if self.first_turn_of_game():
            self.start_phase3(index)  # AF-513: no draw in the starting player's first turn
        elif not player.library:
            self.phase = DRAW
            self.draw(index, required=True)  # AF-107: loses at once
        else:
            self.phase = DRAW

    def end_turn(self) -> None:
        """The active player passes: end-of-turn triggers (AF-D19), then the next player's turn begins
        (AF-517) — once the abilities they set off waiting for decisions are carried out."""
        self.duel = None
        self.pending = None
        if self.phase == OVER:
            return
        pool = self.game.pool
        if not pool.watched and not pool.control:
            self.begin_turn(self.next_turn_player(self.active))
            return
        if "turn-end" in pool.watched and self.players[self.active].alive:
            self.fire("turn-end", self.active)
            if self.phase == OVER:
                return
            if self.queue:
                self.after = "end"
                self.settle()
                return
        self.finish_turn()

    def finish_turn(self) -> None:
        """Control taken for this turn goes back (AF-D29), and the next player's turn begins."""
        if self.game.pool.control:
            for pl in self.players:
                for perm in pl.table[:]:
                    owner = perm.owner
                    if owner is not None and perm.back == self.turn and self.players[owner].alive:
                        pl.table.remove(perm)
                        perm.owner, perm.back = None, 0
                        self.players[owner].table.append(perm)
                        if self.logging:
                            self.note(f"{perm.card.name} goes back to {self.pname(owner)}")
        self.begin_turn(self.next_turn_player(self.active))

    # -- legal actions -------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action of the deciding player, in a stable order: for each action kind the phase
        allows (:data:`~deckkit.games.alomfogo.legality.PHASE_KINDS`), the candidates whose checks pass."""
        p = self.current_player()
        out: list[Action] = []
        listers, bare = _LISTERS[self.phase]
        for lister in listers:
            lister(self, p, out)
        for kind in bare:
            key = (p, kind, ())
            out.append(MADE.get(key) or made(key))
        self._listed = out  # apply() checks an action against this list (State.legal_actions's own wrapper, inlined)
        return out

    legal_actions._remembers = True  # type: ignore[attr-defined]  # the list is remembered above

    def passing(self, p: int, check: Callable[[Perm], object]) -> list[tuple[str, Perm]]:
        """``(label, card in play)`` for ``p``'s cards that ``check`` (a check of :mod:`legality`) allows,
        labelled as :meth:`label` labels them."""
        out = []
        table = self.players[p].table
        i = 0
        # map() runs the checks without a Python loop around them: listing them is much of a step's work.
        for refusal in map(check, table):
            if refusal is None:
                perm = table[i]
                card = perm.card
                for first in table:
                    if first.card is card:
                        break
                if first is perm:  # the common case: the first copy of the card, labelled by its name
                    out.append((card.name, perm))
                else:
                    k = 1
                    for earlier in table[:i]:
                        if earlier.card is card:
                            k += 1
                    out.append((f"{card.name}#{k}", perm))
            i += 1
        return out

    def has(self, p: int, check: Callable[[Perm], object]) -> bool:
        """Whether ``check`` allows any of ``p``'s cards in play."""
        for refusal in map(check, self.players[p].table):
            if refusal is None:
                return True
        return False

    def _list_start(self, p: int, out: list[Action]) -> None:
        out.extend(Action(p, "start", (self.pname(i),)) for i in range(len(self.players)))

    def _list_draw(self, p: int, out: list[Action]) -> None:
        if may_draw(self, p) is None:
            key = (p, "draw", ())
            out.append(MADE.get(key) or made(key))

    def start_phase3(self, p: int) -> None:
        """Phase 3 begins (AF-514): phase-3 triggers."""
        self.phase = PLAY
        if "phase-3" in self.game.pool.watched:
            self.fire("phase-3", p)

    # -- applying ------------------------------------------------------------------------------
    def _find_perm(self, p: int, label: str) -> Perm:
        table = self.players[p].table
        if "#" not in label:  # a bare name labels the first card of that name (a copy before it would share it)
            for perm in table:
                if perm.card.name == label:
                    return perm
        for perm in table:
            if label.startswith(perm.card.name) and self.label(p, perm) == label:
                return perm
        raise AssertionError(label)

    def _hand_card(self, p: int, name: str) -> CardDef:
        return next(card for card in self.players[p].hand if card.name == name)

    def choice_of(self, p: int, card: CardDef, ability: Ability | None, words: tuple[str, ...],
                  side: int | None = None) -> Choice:
        """The :class:`Choice` a legal action's words after the card name stand for."""
        words = tuple(words)
        return next((c for c in self.options(p, card, ability, side) if c.args == words), NO_CHOICE)

    def malformed(self, action: str) -> str | None:
        """As the engine's check, reading ``mode 2`` and the comma-separated names of ``ordering``."""
        if re.fullmatch(r"\s*choose\s+(yes|no|nothing)\s*", action, flags=re.I):
            return None  # the words of a yes/no decision (resolve.py)
        action = re.sub(r"\s+of\s+p\d+\s*$", "", action, flags=re.I)  # another player's card (AF-912)
        text = re.sub(r"\s+mode\s+\d+\b", "", action, flags=re.I)
        return super().malformed(re.sub(r"\s*,\s*", " and ", text))

    def _take_from_hand(self, p: int, name: str) -> CardDef:
        hand = self.players[p].hand
        for i, card in enumerate(hand):
            if card.name == name:
                return hand.pop(i)
        raise AssertionError(name)

    def _apply(self, action: Action) -> None:
        """Carry out a legal action: the applier of its kind (:data:`_KIND_APPLIERS`) reads its words."""
        p, kind, args = action
        _KIND_APPLIERS[kind](self, p, args)
        if self.queue:
            self.settle()  # abilities waiting for decisions go on (resolve.py)

    def _apply_start(self, p: int, args: tuple[str, ...]) -> None:
        """``start pN``: the player named starts the game and takes the first turn (AF-504)."""
        self.first = int(args[0][1:]) - 1
        if self.logging:
            self.note(f"{args[0]} starts the game (AF-504)")
        self.begin_turn(self.first)

    def _apply_draw(self, p: int, args: tuple[str, ...]) -> None:
        """``draw``: phase 2's required draw, then phase 3; or a dream creature's draw, then back to playing."""
        was = self.phase
        self.draw(p, required=was == DRAW)
        if self.phase != OVER:
            if was == DRAW:
                self.start_phase3(p)
            else:
                self.phase = PLAY

    def _apply_no_draw(self, p: int, args: tuple[str, ...]) -> None:
        """``no draw``: the dream creature's draw is declined (AF-333); phase 3 goes on."""
        if self.logging:
            self.note(f"{self.pname(p)} does not draw")
        self.phase = PLAY

    def _apply_pass(self, p: int, args: tuple[str, ...]) -> None:
        """``pass``: ends phase 3, ends the turn in phase 4, or makes no assist in the duel's exchange."""
        if self.phase == PLAY:
            self.end_play_phase(p)
        elif self.phase == DUELS:
            if self.logging:
                self.note(f"{self.pname(p)} ends the turn")
            self.end_turn()
        else:
            self.assist_pass(p)


_KIND_LISTERS: dict[str, Callable[[AlomfogoState, int, list[Action]], None]] = {
    "start": AlomfogoState._list_start, "draw": AlomfogoState._list_draw, "play": AlomfogoState._list_plays,
    "cycle": AlomfogoState._list_cycles, "challenge with": AlomfogoState._list_challenges,
    "defend with": AlomfogoState._list_defences, "helper": AlomfogoState._list_helpers,
    "assist": AlomfogoState._list_assists, "cast": AlomfogoState._list_casts, "counter": AlomfogoState._list_counters,
    "choose": AlomfogoState._list_choices,
}


#: Per action kind, the method that carries it out; every kind of :attr:`AlomfogoState.ACTION_KINDS` has one.
_KIND_APPLIERS: dict[str, Callable[[AlomfogoState, int, tuple[str, ...]], None]] = {
    "start": AlomfogoState._apply_start, "draw": AlomfogoState._apply_draw, "no draw": AlomfogoState._apply_no_draw,
    "play": AlomfogoState._apply_play, "cycle": AlomfogoState._apply_cycle, "pass": AlomfogoState._apply_pass,
    "challenge with": AlomfogoState._apply_challenge, "defend with": AlomfogoState._apply_defend,
    "no defence": AlomfogoState._apply_no_defence, "helper": AlomfogoState._apply_helper,
    "no helper": AlomfogoState._apply_no_helper, "assist": AlomfogoState._apply_assist,
    "cast": AlomfogoState._apply_cast, "counter": AlomfogoState._apply_counter,
    "no counter": AlomfogoState._apply_no_counter, "choose": AlomfogoState._apply_choose,
}
assert _KIND_APPLIERS.keys() == AlomfogoState.ACTION_KINDS.keys()

def _listers(kinds: tuple[str, ...]) -> tuple[tuple[Callable[[AlomfogoState, int, list[Action]], None], ...],
                                               tuple[str, ...]]:
    """What lists each kind, and the kinds that are one action each (``pass``), which end every phase's list."""
    listed = tuple(kind for kind in kinds if kind in _KIND_LISTERS)
    assert kinds == listed + tuple(kind for kind in kinds if kind not in _KIND_LISTERS), kinds
    return tuple(_KIND_LISTERS[kind] for kind in listed), kinds[len(listed):]


#: Per phase, the listers of the kinds it allows and the kinds without candidates (one action each).
_LISTERS = {phase: _listers(kinds) for phase, kinds in PHASE_KINDS.items()}
