"""The Álomfogó duel (AF-700 – AF-809): challenge, defender, helpers, alternating assists, result, glory."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from deckkit.engine.core import Action
from deckkit.games.alomfogo.effects import Context
from deckkit.games.alomfogo.cards import CardDef
from deckkit.games.alomfogo.legality import (affordable, challenger, helper_candidate, may_assist, may_cast,
                                             may_challenge_now)
from deckkit.games.alomfogo.legality import defender as defender_check
from deckkit.games.alomfogo.rulebase import RulesBase
from deckkit.games.alomfogo.zones import (ACTIVE, ASSIST, DAMAGED, DEFEND, DUELS, HELPER, MADE, RESTING, Choice, Duel,
                                          Perm, made)

if TYPE_CHECKING:
    pass


class DuelRules(RulesBase):
    """Duel methods of :class:`~deckkit.games.alomfogo.state.AlomfogoState` (a mixin; state lives there)."""

    def _challengers(self, p: int) -> list[tuple[str, Perm]]:
        return self.passing(p, challenger)

    def _defenders(self, p: int) -> list[tuple[str, Perm]]:
        return self.passing(p, defender_check)

    def _list_challenges(self, p: int, out: list[Action]) -> None:
        if may_challenge_now(self) is None:
            for lab, _ in self.passing(p, challenger):
                key = (p, "challenge with", (lab,))
                out.append(MADE.get(key) or made(key))

    def _list_defences(self, p: int, out: list[Action]) -> None:
        for lab, _ in self.passing(p, defender_check):
            key = (p, "defend with", (lab,))
            out.append(MADE.get(key) or made(key))

    def _helper_candidates(self, p: int) -> list[tuple[str, Perm]]:
        d = self.duel
        assert d is not None
        return self.passing(p, partial(helper_candidate, d.duelists[d.players.index(p)]))

    def _list_helpers(self, p: int, out: list[Action]) -> None:
        for lab, _ in self._helper_candidates(p):
            key = (p, "helper", (lab,))
            out.append(MADE.get(key) or made(key))

    def _list_assists(self, p: int, out: list[Action]) -> None:
        d = self.duel
        assert d is not None
        helper = d.helpers[d.to_act]
        if helper is not None and may_assist(self, p, helper) is None:
            self._helper_assists(p, helper, out)

    def _helper_assists(self, p: int, helper: Perm, out: list[Action]) -> None:
        """Each way to use ``helper``'s ability: one per choice it offers, times each card it may discard."""
        d = self.duel
        assert d is not None
        lab = self.label(p, helper)
        card = helper.card
        hand = self.players[p].hand
        for choice in self.options(p, card, card.helper_ability, d.to_act):
            if card.helper_discard:
                seen: set[CardDef] = set()
                for discard in hand:
                    if discard not in seen:
                        seen.add(discard)
                        out.append(Action(p, "assist", (lab, *choice.args, "discarding", discard.name)))
            else:
                out.append(Action(p, "assist", (lab, *choice.args)))

    def _list_casts(self, p: int, out: list[Action]) -> None:
        seen: set[CardDef] = set()
        for card in self.players[p].hand:
            if card not in seen and may_cast(self, p, card) is None and affordable(self, p, card) is None:
                seen.add(card)
                self._casts(p, card, out)

    def _casts(self, p: int, card: CardDef, out: list[Action]) -> None:
        """Each way to cast ``card`` as this side's assist."""
        d = self.duel
        assert d is not None
        out.extend(Action(p, "cast", (card.name, *choice.args)) for choice in self.options(p, card, card.play, d.to_act))

    # Each applier reads a legal action's words into the cards they name; the rule methods below act.
    def _apply_challenge(self, p: int, args: tuple[str, ...]) -> None:
        """``challenge with A``: the dreamwalker A challenges."""
        self.challenge(p, self._find_perm(p, args[0]))

    def _apply_defend(self, p: int, args: tuple[str, ...]) -> None:
        """``defend with D``: the dreamwalker D answers the challenge."""
        self.defend(p, self._find_perm(p, args[0]))

    def _apply_no_defence(self, p: int, args: tuple[str, ...]) -> None:
        """``no defence``: the challenged player lets the challenge go unanswered."""
        if self.logging:
            self.note(f"{self.pname(p)} does not defend")
        d = self.duel
        assert d is not None
        self.unanswered(d.duelists[0], p)

    def _apply_helper(self, p: int, args: tuple[str, ...]) -> None:
        """``helper H``: H is this side's helper."""
        self.designate_helper(p, self._find_perm(p, args[0]))

    def _apply_no_helper(self, p: int, args: tuple[str, ...]) -> None:
        """``no helper``: this side has no helper."""
        self.designate_helper(p, None)

    def _apply_assist(self, p: int, args: tuple[str, ...]) -> None:
        """``assist H [choice words] [discarding X]``: this side's helper H assists, paying with X when asked."""
        words = args[1:]
        discard = None
        if "discarding" in words:
            at = words.index("discarding")
            discard = self._take_from_hand(p, words[at + 1])
            words = words[:at]
        d = self.duel
        assert d is not None
        helper = d.helpers[d.to_act]
        assert helper is not None  # "assist" is listed only for a designated helper
        self.use_helper(p, discard, self.choice_of(p, helper.card, helper.card.helper_ability, words, d.to_act))

    def _apply_cast(self, p: int, args: tuple[str, ...]) -> None:
        """``cast X [choice words]``: the instant X is cast as this side's assist with the choice its words name."""
        card = self._hand_card(p, args[0])  # the choice is read while the card is in the hand
        d = self.duel
        assert d is not None  # instants are cast in the assist exchange
        choice = self.choice_of(p, card, card.play, args[1:], d.to_act)
        self._take_from_hand(p, args[0])
        self.cast_instant(p, card, choice)

    def challenge(self, p: int, att: Perm) -> None:
        """Phase 4: challenge the player on the right with an active dreamwalker (AF-703, AF-911)."""
        defender = self.right_of(p)  # AF-911
        if self.logging:
            self.note(f"{self.pname(p)} challenges {self.pname(defender)} with {self.label(p, att)}")
        if self.players[defender].passive or not self.has(defender, defender_check):
            self.unanswered(att, defender)  # AF-710: the defender cannot answer
        else:
            self.duel = Duel(p, att, defender, att)
            self.phase = DEFEND

    def unanswered(self, att: Perm, defender: int) -> None:
        """AF-710 – AF-712, AF-801, AF-808: the attacker rests, the defender loses 1 + glory icon."""
        # AF-712; an unanswered challenge is a duel the attacker wins at once (AF-710), so a replacement
        # of the after-duel rest (AF-D11, szívós) applies to it as to a fought duel
        pool = self.game.pool
        fought = None
        if pool.replaced and (att.card.replacements or pool.replaced_others) or "duel-won" in pool.watched:
            fought = self.duel or Duel(self.active, att, defender, att)  # AF-710: no defender fought
            fought.winner = 0
            self.fought = fought
            try:
                self.become(self.active, att, RESTING, after_duel=True)
            finally:
                self.fought = None
        else:
            att.state = RESTING
        loss = 1 + att.card.glory  # AF-711, AF-808, AF-Q9
        self.duel = None
        self.phase = DUELS
        if self.logging:
            self.note(f"unanswered: {self.pname(defender)} loses {loss} glory "
                   f"({max(0, self.players[defender].glory - loss)} left, AF-711)")
        self.lose_glory(defender, loss)
        if fought is not None and self.result is None and "duel-won" in pool.watched:  # AF-710: won at once
            self.fought = fought  # the duel's roles hold while its triggers are read (issue 23, item 10)
            try:
                self.fire("duel-won", self.active, att, "attacker")
            finally:
                self.fought = None

    def defend(self, p: int, dfn: Perm) -> None:
        """The challenged player answers with an active dreamwalker; helpers come next (AF-704, AF-720)."""
        d = self.duel
        assert d is not None
        d.duelists = (d.duelists[0], dfn)
        if self.logging:
            self.note(f"{self.pname(p)} defends with {self.label(p, dfn)}")
        if dfn.state == RESTING:
            self.count_use(dfn.card)  # AF-D16: it defends while resting
        self._next_helper(0)

    def designate_helper(self, p: int, helper: Perm | None) -> None:
        """Designate this side's helper, or none; the attacker chooses first (AF-721 – AF-723)."""
        d = self.duel
        assert d is not None
        if helper is not None:
            d.helpers[d.helper_side] = helper
            if self.logging:
                self.note(f"{self.pname(p)} designates {self.label(p, helper)} as helper")
        self._next_helper(d.helper_side + 1)

    def use_helper(self, p: int, discard: CardDef | None = None, choice: Choice | None = None) -> None:
        """An assist: pay the helper's extra costs and rotation, then its effect happens (AF-734 – AF-736)."""
        d = self.duel
        assert d is not None
        side = d.to_act
        player = self.players[p]
        helper = d.helpers[side]
        assert helper is not None  # an assist is offered only with this side's helper
        card = helper.card
        label = self.label(p, helper)
        if card.helper_vp:
            player.vp -= card.helper_vp  # AF-384
        if discard is not None:
            player.cage.append(discard)  # AF-386
        replaced = self.game.pool.replaced
        if card.helper == "P":  # AF-380 – AF-382: the rotation cost before the effect
            if replaced:
                self.become(p, helper, RESTING)
            else:
                helper.state = RESTING
        elif card.helper == "S":
            if replaced:
                self.become(p, helper, DAMAGED)
            else:
                helper.state = DAMAGED
        else:
            player.table.remove(helper)
            self.players[self.owner_of(p, helper)].cage.append(card)
        ctx = Context(p, card, side, helper, "helper")
        d.assists += 1
        ctx.assist = d.assists
        if card.helper_ability is not None:
            self.carry_out(ctx, card.helper_ability, choice)
        if self.duel is None:
            return
        if self.logging:
            self.note(f"{self.pname(p)} uses {label} ({card.helper}): {self._totals_text()}")
        d.passes = 0
        d.to_act = 1 - side

    def cast_instant(self, p: int, card: CardDef, choice: Choice | None = None) -> None:
        """An assist: pay an instant taken from the hand; it goes to the cage and may be countered (AF-351, AF-358)."""
        player = self.players[p]
        d = self.duel
        assert d is not None
        cost = self.cost_of(p, card)
        if cost < card.cost:
            self.count_cost_mods(p, card)
        player.vp -= cost
        if self.game.pool.firsts:
            player.played.append(card)  # "the first instant you play each turn" (AF-D22)
        player.cage.append(card)  # AF-358
        if card.magic_source:
            player.source_played = True  # AF-610 holds for instants too, in either player's turn
        d.passes = 0
        if self.logging:
            self.note(f"{self.pname(p)} casts {card.name} for {cost} VP")
        self.fire("played", p, card)
        if self.duel is not d:
            return
        self._cast(p, card, d.to_act, ASSIST, choice)

    def assist_pass(self, p: int) -> None:
        """No assist this time; two passes in a row end the exchange and the duel is evaluated (AF-732, AF-741)."""
        d = self.duel
        assert d is not None
        d.passes += 1
        if self.logging:
            self.note(f"{self.pname(p)} passes")
        if d.passes >= 2:
            self._resolve_duel()
        else:
            d.to_act = 1 - d.to_act

    def _next_helper(self, side: int) -> None:
        d = self.duel
        assert d is not None
        while side < 2:
            d.helper_side = side
            if self.has(d.players[side], partial(helper_candidate, d.duelists[side])):
                self.phase = HELPER
                return
            side += 1
        d.to_act = 0
        d.passes = 0
        self.phase = ASSIST  # AF-730: assists after both helpers

    def totals(self) -> tuple[int, int]:
        """The attacker's and the defender's current totals (AF-751, AF-752)."""
        d = self.duel
        assert d is not None
        (ap, dp), (att, dfn) = d.players, d.duelists
        # AF-751, AF-752: plain sums, which may go below zero; only a VP cost is floored (AF-605)
        a = (self.powers(ap, att)[0] if att.mods else att.card.attack) + d.bonus[0] + self.static_power(ap, att)
        b = (self.powers(dp, dfn)[1] if dfn.mods else dfn.card.defense) + d.bonus[1] + self.static_power(dp, dfn)
        return a, b

    def _totals_text(self) -> str:
        a, b = self.totals()
        return f"attack {a} vs defence {b}"

    def _resolve_duel(self) -> None:
        d = self.duel
        assert d is not None
        (ap, dp), (att, dfn) = d.players, d.duelists
        a, b = self.totals()
        self.duel = None
        self.phase = DUELS
        if self.uses is not None:  # goldfish statistics: continuous power that took part in the duel
            self.duel = d
            self.static_power(ap, att, True)
            self.static_power(dp, dfn, True)
            self.duel = None
        d.winner = 0 if a > b else 1 if b > a else None
        self.fought = d  # the duel's roles and result hold while its replacements and triggers are read
        try:
            self._after_duel(d, a, b)
        finally:
            self.fought = None

    def _after_duel(self, d: Duel, a: int, b: int) -> None:
        (ap, dp), (att, dfn) = d.players, d.duelists
        for perm, owner in ((att, ap), (dfn, dp), (d.helpers[0], ap), (d.helpers[1], dp)):  # AF-757, AF-758
            if perm is not None and perm.state == ACTIVE:
                # a duelist's rest may be replaced (AF-D11 "damaged instead", szívós "stays active")
                self.become(owner, perm, RESTING, after_duel=perm is att or perm is dfn)
        if a > b:  # AF-753, AF-754, AF-804
            self._to_cage(dp, dfn)
            if self.logging:
                self.note(f"{a} vs {b}: {att.card.name} wins; {dfn.card.name} goes to the spell cage")
        elif b > a:
            self._to_cage(ap, att)
            gain = 1 + dfn.card.glory  # AF-803, AF-809, AF-Q9
            if self.logging:
                self.note(f"{a} vs {b}: {dfn.card.name} wins; {att.card.name} goes to the spell cage; "
                          f"{self.pname(dp)} gains {gain} glory (AF-803)")
            self.gain_glory(dp, gain)
        else:
            if self.logging:
                self.note(f"{a} vs {b}: a tie, nobody loses (AF-756, AF-Q8)")
            return
        won, lost = ((ap, att, "attacker"), (dp, dfn, "defender")) if a > b else \
            ((dp, dfn, "defender"), (ap, att, "attacker"))
        self.fire("duel-won", *won)
        if self.result is None:
            self.fire("duel-lost", *lost)

    def _to_cage(self, p: int, perm: Perm) -> None:
        table = self.players[p].table
        if perm in table:
            table.remove(perm)
            self.players[self.owner_of(p, perm)].cage.append(perm.card)
