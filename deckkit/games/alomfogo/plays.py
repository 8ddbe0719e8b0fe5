"""Phase 3 of Álomfogó (AF-600): playing cards, targets, free dreamwalkers, cycling, spells and counterspells."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckkit.engine.core import Action
from deckkit.games.alomfogo.cards import CardDef
from deckkit.games.alomfogo.effects import Context
from deckkit.games.alomfogo.legality import (affordable, counter_event, cyclable, free_event, free_play, may_cycle,
                                             may_play)
from deckkit.games.alomfogo.rulebase import RulesBase
from deckkit.games.alomfogo.zones import (ASSIST, COUNTER, CREATURE_DRAW, DUELS, MADE, OVER, PLAY, Choice, Pending, Perm,
                                          made)

if TYPE_CHECKING:
    from deckkit.games.alomfogo.state import AlomfogoState  # noqa: F401


class PlayRules(RulesBase):
    """Card-playing methods of :class:`~deckkit.games.alomfogo.state.AlomfogoState` (a mixin; state lives there)."""

    def _list_plays(self, p: int, out: list[Action]) -> None:
        seen: set[CardDef] = set()
        free: list[tuple[str, Perm]] | None = None
        for card in self.players[p].hand:
            if card in seen:
                continue  # identical cards share one action
            seen.add(card)
            if may_play(self, p, card) is not None:
                continue
            if affordable(self, p, card) is None:
                self._paid_plays(p, card, out)
            if card.is_dreamwalker:
                if free is None:
                    free = self.passing(p, free_event)
                for lab, event in free:
                    if free_play(self, card, event) is None:
                        key = (p, "play", (card.name, "with", lab))
                        out.append(MADE.get(key) or made(key))

    def _paid_plays(self, p: int, card: CardDef, out: list[Action]) -> None:
        """Each way to play ``card`` paying its cost: one per choice its ability offers (none: no play)."""
        if card.play is None:
            key: tuple[int, str, tuple[str, ...]] = (p, "play", (card.name,))
            out.append(MADE.get(key) or made(key))
        else:
            for choice in self.options(p, card, card.play):
                key = (p, "play", (card.name, *choice.args))
                out.append(MADE.get(key) or made(key))

    def _list_cycles(self, p: int, out: list[Action]) -> None:
        if may_cycle(self, p) is not None:
            return
        seen: set[CardDef] = set()
        for card in self.players[p].hand:
            if card not in seen and cyclable(card) is None:
                seen.add(card)
                key = (p, "cycle", (card.name,))
                out.append(MADE.get(key) or made(key))

    def _list_counters(self, p: int, out: list[Action]) -> None:
        pend = self.pending
        assert pend is not None  # the counter phase answers a spell
        out.extend(Action(p, "counter", (pend.card.name, "with", lab)) for lab, _ in self.passing(p, counter_event))

    # Each applier reads a legal action's words into the cards they name; the rule methods below act.
    def _apply_play(self, p: int, args: tuple[str, ...]) -> None:
        """``play X …``: X is paid for with the choice its words name, or played free ``with`` an event."""
        if len(args) == 3 and args[1] == "with":  # through a free-dreamwalker event
            self.play_card(p, self._take_from_hand(p, args[0]), self._find_perm(p, args[2]))
        else:
            card = self._hand_card(p, args[0])  # the choice is read while the card is in the hand
            choice = self.choice_of(p, card, card.play, args[1:])
            self._take_from_hand(p, args[0])
            self.play_card(p, card, None, choice)

    def _apply_cycle(self, p: int, args: tuple[str, ...]) -> None:
        """``cycle X``: the instant X from the hand is cycled."""
        self.cycle(p, self._take_from_hand(p, args[0]))

    def _apply_counter(self, p: int, args: tuple[str, ...]) -> None:
        """``counter S with E``: the counterspell event E answers the waiting spell S."""
        self.counter(p, self._find_perm(p, args[2]))

    def _apply_no_counter(self, p: int, args: tuple[str, ...]) -> None:
        """``no counter``: the asked player lets the waiting spell be."""
        self.no_counter()

    def play_card(self, p: int, card: CardDef, event: Perm | None = None, choice: Choice | None = None) -> None:
        """Phase 3: put a card taken from the hand into play, paying VP or through a free-dreamwalker event."""
        player = self.players[p]
        if event is not None:
            event.used = self.turn  # Ébredés Ajtaja: once per turn, no VP (AF-EX-26)
            self.count_use(event.card)
            if self.logging:
                self.note(f"{self.pname(p)} plays {card.name} free through {event.card.name}")
        else:
            cost = self.cost_of(p, card)
            if cost < card.cost:
                self.count_cost_mods(p, card)
            player.vp -= cost  # AF-601, AF-605
            if self.logging:
                on = ""
                if choice is not None and choice.targets:
                    on = " on " + ", ".join(t.card.name if isinstance(t, Perm) else t.name for _, t in choice.targets)
                elif choice is not None and choice.opponent is not None:
                    on = f" on {self.pname(choice.opponent)}"
                said = f"{self.pname(p)} plays {card.name} for {cost} VP ({player.vp} left)"
                if on and choice is not None and any(self.unseen(q, t) for q, t in choice.targets):  # hand, deck
                    self.tell(p, said + on, said + " on a card")
                else:
                    self.note(said + on)
        if card.magic_source:
            player.source_played = True  # AF-610
        pool = self.game.pool
        if pool.firsts:
            player.played.append(card)  # "the first … you play each turn" (AF-D22)
        if card.type == "general-spell":
            player.cage.append(card)  # AF-361: resolves, then the card is in the cage
            self.fire("played", p, card)
            self._cast(p, card, None, PLAY, choice)
        else:
            perm = Perm(card)
            player.table.append(perm)  # AF-608, AF-411
            if pool.watched:
                self.fire("enters", p, perm)
                self.fire("played", p, perm)
                if self.phase == OVER:
                    return
            if card.type == "dream-creature":
                self.phase = CREATURE_DRAW  # AF-333

    def end_play_phase(self, p: int) -> None:
        """Phase 3 is over; say what is kept (for traces), then phase 4 (AF-515, AF-518)."""
        if self.logging:
            player = self.players[p]
            kept = ", ".join(c.name for c in player.hand) or "nothing"
            said = f"{self.pname(p)} ends phase 3 with {player.vp} VP, keeping "
            n = len(player.hand)
            self.tell(p, said + kept, said + f"{n} card{'s' if n != 1 else ''}")
        self.phase = DUELS
        if "phase-4" in self.game.pool.watched:
            self.fire("phase-4", p)

    def cycle(self, p: int, card: CardDef) -> None:
        """Phase 3: pay 1 VP, put an instant taken from the hand into the cage and draw (AF-611, AF-612)."""
        player = self.players[p]
        player.vp -= 1
        player.cycled = True
        player.cage.append(card)
        if self.logging:
            self.note(f"{self.pname(p)} cycles {card.name} for 1 VP (AF-611)")
        self.draw(p, required=True)

    def _cast(self, p: int, card: CardDef, side: int | None, resume: str, choice: Choice | None = None) -> None:
        # Opponents holding an active counterspell are asked in turn order from the caster (AF-371).
        n = len(self.players)
        step = 1 if self.game.settings["turn_direction"] == "right" else -1
        reactors = [i for i in ((p + k * step) % n for k in range(1, n))
                    if self.players[i].alive and self.has(i, counter_event)]
        pend = Pending(p, card, side, reactors, resume, choice)
        if reactors:
            self.pending = pend
            self.phase = COUNTER  # AF-371: the opponent may react before it takes effect
            return
        self._resolve_spell(pend)

    def _resolve_spell(self, pend: Pending) -> None:
        ctx = Context(pend.caster, pend.card, pend.side, None, "instant" if pend.side is not None else "play")
        if pend.side is not None and self.duel is not None:
            d = self.duel
            d.assists += 1
            ctx.assist = d.last_instant[pend.side] = d.assists
        self.phase = pend.resume  # effects may end the game and set OVER
        caster = self.players[pend.caster]
        if pend.card.play is not None:
            self.carry_out(ctx, pend.card.play, pend.choice)
            if self.phase == OVER or not caster.alive:
                return  # the game ended, or the caster left it and the next turn began
        if pend.resume == ASSIST and self.duel is not None:
            if self.logging:
                self.note(f"  {self._totals_text()}")
        self._resume(pend)

    def counter(self, p: int, event: Perm) -> None:
        """Sacrifice a counterspell event: the waiting spell has no effect (AF-371, AF-372)."""
        pend = self.pending
        assert pend is not None
        player = self.players[p]
        self.count_use(event.card)
        if event in player.table:  # AF-372: the counterspell event is sacrificed
            player.table.remove(event)
            player.cage.append(event.card)
        if self.logging:
            self.note(f"{self.pname(p)} sacrifices {event.card.name}: "
                   f"{pend.card.name} has no effect (AF-372)")
        self._resume(pend)

    def no_counter(self) -> None:
        """The asked player lets the spell be; the next one with a counterspell is asked, then it resolves."""
        pend = self.pending
        assert pend is not None
        pend.reactors.pop(0)
        if not pend.reactors:
            self._resolve_spell(pend)

    def _resume(self, pend: Pending) -> None:
        self.pending = None
        if self.phase == OVER:
            return
        self.phase = pend.resume
        if pend.resume == ASSIST and self.duel is not None:
            assert pend.side is not None  # a spell cast in a duel has its side
            self.duel.to_act = 1 - pend.side  # the cast was this player's assist (AF-732)
        elif pend.resume == ASSIST:
            self.phase = DUELS
