"""Obludárium's events: triggers, once-each-turn memory and replacements, mixed into
:class:`~deckkit.games.obludarium.state.ObState` over :class:`~deckkit.games.obludarium.rules.AbilityRules`
(the rules of each are described in that module's docstring).

An event is announced with :meth:`EventRules.emit` (its name, its card or None, its player, its
amount); a replacement is asked before the event happens (:meth:`EventRules.replace_death`,
:meth:`EventRules.replace_loss`), and only when a card of the game replaces that event.
"""

from __future__ import annotations

from deckkit.engine.abilities import MAX_TRIGGER_DEPTH, Target
from deckkit.games.obludarium.cards import FOOD, CardInfo
from deckkit.games.obludarium.language import PLAYER_EVENTS
from deckkit.games.obludarium.rules import PLAY, AbilityRules


class EventRules(AbilityRules):
    """Triggers, per-turn memory and replacements (the state's fields are declared in :class:`AbilityRules`)."""

    # -- events and triggers ---------------------------------------------------------------------
    def entered(self, perm) -> None:
        """A card has entered play: ``enters`` (and ``food-laid`` for a food); a continuous effect it
        brings, or one already in play on it, may leave a monster with no defence (OB-827)."""
        if perm.info.statics or self.mods():
            self.check_deaths()
        if self.game.watched:
            self.emit("enters", perm, perm.owner)
            if perm.info.type == FOOD:
                self.emit("food-laid", perm, perm.owner)

    def emit(self, event: str, card, owner: int, amount: int = 0) -> None:
        """An event happened: every trigger watching it resolves now, the active player's cards first."""
        if self.result is not None or event not in self.game.watching:
            return
        watchers = [perm for q in (self.active, 1 - self.active) for perm in self.tables[q] if event in perm.info.events]
        if card is not None and not isinstance(card, CardInfo) and event in card.info.events and card not in watchers \
                and event not in PLAYER_EVENTS:  # a loss's cause out of play watches no player's life
            watchers.append(card)  # a card's own "dies" trigger fires from the discard pile
        for perm in watchers:
            for on, ab in perm.info.triggers:
                if on == event and self._sets_off(ab.trigger, event, perm, card, owner) and \
                        (ab.trigger.amount is None or ab.trigger.amount.low <= amount <= ab.trigger.amount.high) and \
                        self.holds(ab.condition, perm.owner, perm):
                    self._fire(perm, ab, card, amount, owner)

    def _sets_off(self, trigger, event: str, perm, card, owner: int) -> bool:
        if event in PLAYER_EVENTS:  # whose turn, cast, food or loss: who, then side; the filter reads the card
            mine = owner == perm.owner
            who = trigger.who
            if who == "self" and not mine or who == "other" and mine:
                return False
            if who == "any" and (trigger.side == "own" and not mine or trigger.side == "enemy" and mine):
                return False
            f = trigger.filter
            if not (f.tests or f.negated or f.alternatives):
                return True
            return card is not None and self.passes(f, card)  # a filter holds only of a card it can read
        if trigger.who == "self":
            return card is perm
        if trigger.who == "other" and card is perm:
            return False
        return self.in_set(Target("every", trigger.side, PLAY, False, trigger.filter), card, perm.owner)

    def _fire(self, perm, ab, card, amount: int, owner: int = -1) -> None:
        if ab.per_turn and not self.spend(perm, ab):
            self.say(f"{perm.info.name}: its {ab.trigger.on} trigger was used {ab.per_turn}× this turn already")
            return
        if self.trigger_depth >= MAX_TRIGGER_DEPTH:
            self.say(f"{perm.info.name}: its {ab.trigger.on} trigger is not resolved — triggers set off by "
                     f"triggers stop at {MAX_TRIGGER_DEPTH} (a loop of triggers)")
            return
        self.trigger_depth += 1
        try:
            self.say(f"{perm.info.name} triggers ({ab.trigger.on})")
            self.note(perm.info, perm.owner)
            if len(ab.sequences) > 1:  # "choose one": its player chooses the mode as it resolves
                self.ask_mode(perm.owner, perm.info.name, ab,
                              (perm.owner, perm.info, perm, ab, card, amount, owner, perm.info.name))
                return
            seq = ab.sequences[0] if ab.sequences else ()
            self.run_steps(perm.owner, perm.info, perm, seq, None, card, amount, perm.info.name, owner)
        finally:
            self.trigger_depth -= 1

    # -- once each turn ----------------------------------------------------------------------------
    def _index(self, perm, ab) -> int:
        for i, own in enumerate(perm.info.abilities):
            if own is ab:
                return i
        return -1

    def spent(self, perm, ab) -> bool:
        """Whether a card in play has used ``ab`` as often as it may this turn (``per_turn``)."""
        return bool(ab.per_turn) and perm.spent.count(self._index(perm, ab)) >= ab.per_turn

    def spend(self, perm, ab) -> bool:
        """Remember one use of a ``per_turn`` ability this turn; False when none is left."""
        if self.spent(perm, ab):
            return False
        perm.spent = (*perm.spent, self._index(perm, ab))
        return True

    def remember_played(self, p: int, card: CardInfo) -> None:
        """``p`` laid out or cast ``card`` this turn ("the first … each turn" reads it, OB-D34)."""
        if self.game.remembers:
            self.played[p] = (*self.played[p], card)

    # -- replacements ------------------------------------------------------------------------------
    def _replacements(self, event: str, card, owner: int) -> list:
        """(card in play, replacement) of every replacement in play that applies to the event now."""
        out = []
        for q in (self.active, 1 - self.active):
            for perm in self.tables[q]:
                for on, ab in perm.info.replacements:
                    if on == event and self._sets_off(ab.trigger, event, perm, card, owner) and \
                            self.holds(ab.condition, perm.owner, perm) and not self.spent(perm, ab):
                        out.append((perm, ab))
        return out

    def replace_death(self, perm) -> bool:
        """A monster would die: True if a replacement happens instead (its steps, or nothing)."""
        if perm in self.replacing:
            return False  # a replacement does not apply again to the event it replaced
        found = self._replacements("dies", perm, perm.owner)
        if not found:
            return False
        src, ab = found[0]
        if ab.per_turn:  # "use this only once each turn": this use counts
            self.spend(src, ab)
        self.note(src.info, src.owner)
        self.say(f"{perm.info.name} would die: {src.info.name}'s replacement happens instead")
        if ab.prevent:
            return True
        before = self.replacing
        self.replacing = (*before, perm)
        try:
            self.instead(src, ab, perm, 0, perm.owner)
        finally:
            self.replacing = before
        return True

    def replace_loss(self, p: int, amount: int, cause) -> int | None:
        """``p`` would lose ``amount`` life: the amount after replacements (``less``, never below 0), or
        None when a replacement happened instead (its steps, or nothing)."""
        for src, ab in self._replacements("loses-life", cause, p):
            if ab.per_turn:
                self.spend(src, ab)
            self.note(src.info, src.owner)
            if ab.less:
                amount = amount - ab.less if amount > ab.less else 0
                self.say(f"{src.info.name}: p{p + 1} loses {ab.less} less life")
                continue
            self.say(f"p{p + 1} would lose {amount} life: {src.info.name}'s replacement happens instead")
            if not ab.prevent:
                self.instead(src, ab, cause, amount, p)
            return None
        return amount

    def instead(self, perm, ab, card, amount: int, owner: int = -1) -> None:
        """A replacement's steps, run as a trigger's are (the replaced event's card is "it")."""
        if self.trigger_depth >= MAX_TRIGGER_DEPTH:
            self.say(f"{perm.info.name}: its replacement is not carried out — replacements and triggers set off "
                     f"by each other stop at {MAX_TRIGGER_DEPTH}")
            return
        self.trigger_depth += 1
        try:
            self.run_steps(perm.owner, perm.info, perm, ab.steps, None, card, amount, perm.info.name, owner)
        finally:
            self.trigger_depth -= 1
