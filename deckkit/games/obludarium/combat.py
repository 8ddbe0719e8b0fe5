"""Obludárium's fights, damage, the turn's end and start, and losing by life or an empty deck, mixed
into :class:`~deckkit.games.obludarium.state.ObState` (written against the whole state).

Fights follow the blocks and the fight exchange (OB-820 – OB-826, OB-Q11 for several blockers),
unblocked attackers deal their attack to the defender (OB-830), and the turn ends: its end
triggers fire (``turn-end``), then this turn's changes to attack and defence end (permanent ones
stay), grants whose time is over lapse, and the memory of the turn (once-each-turn uses, the cards
played, extra food) is cleared; the next player untaps (OB-602; a card that does not untap stays
tapped) and draws (OB-603, OB-Q7).

Unblocked damage is one loss of life (the attacks' sum) unless a card of the game replaces a loss
of life: then each unblocked attacker's damage is its own loss, caused by that attacker, so a
replacement can read which attack it is (OB-D36).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckkit.games.obludarium.choices import ChoiceRules
from deckkit.games.obludarium.events import EventRules
from deckkit.games.obludarium.legality import MAIN
from deckkit.games.obludarium.view import PLAYER_NAMES

if TYPE_CHECKING:
    from deckkit.games.obludarium.zones import Perm


def fight_outcome(state: TurnRules, att: Perm, blockers) -> tuple[list[Perm], bool]:
    """How the fight of ``att`` against ``blockers`` would end as the numbers stand now, changing
    nothing: the blockers it kills (in their order) and whether ``att`` dies. A blocked attack deals
    no damage to the defender whatever the fight's end (OB-820). Each blocker dies if its defence is
    not above the attacker's attack (OB-823, OB-824: equality kills); the attacker dies if its defence
    is not above the blockers' attacks added up, or, with ``several_blockers`` = ``separate``, above
    one blocker's attack (OB-Q11). A deadly monster kills whatever fights it (OB-D21). The fight
    itself (:meth:`TurnRules._combat`) and the static evaluation both read the fight from here."""
    attack, defense, deadly = state.attack, state.defense, state.deadly
    a_atk = attack(att)
    kills_all = deadly(att)
    killed = [blk for blk in blockers if kills_all or defense(blk) <= a_atk]
    a_dfn = defense(att)
    if state.game.settings["several_blockers"] == "separate":
        dies = any(attack(blk) >= a_dfn for blk in blockers)
    else:
        dies = a_dfn <= sum(attack(blk) for blk in blockers)
    return killed, dies or any(deadly(blk) for blk in blockers)


class TurnRules(ChoiceRules, EventRules):
    """Combat, the turn's end and start, and losing; the state's fields are declared here and in :class:`AbilityRules`."""

    food_played: list[bool]
    extra_food: list[int]
    played: list[tuple]
    locked: int
    life: list[int]

    dummy: list[bool]
    ended_by: str | None

    if TYPE_CHECKING:
        def _to_discard(self, perm: Perm) -> None: ...

    def _combat(self) -> None:
        """Fights (OB-820 – OB-825, OB-Q11) and unblocked damage (OB-830), then the turn ends."""
        dead: list[Perm] = []
        hits: list[tuple[Perm, int]] = []
        attack, defense = self.attack, self.defense
        for att in list(self.attackers):
            if att.blockers:
                killed, dies = fight_outcome(self, att, att.blockers)
                for blk in killed:
                    if blk not in dead:
                        dead.append(blk)
                if dies:
                    dead.append(att)
                for perm in (att, *att.blockers):
                    if perm.info.has_static("deadly"):
                        self.note(perm.info, perm.owner)
                if self.logging:
                    self.log.append(
                        f"fight: {att.info.name} ({attack(att)}/{defense(att)}) vs "
                        + ", ".join(f"{b.info.name} ({attack(b)}/{defense(b)})" for b in att.blockers))
            elif att.sblock:
                if self.logging:
                    self.log.append(f"{att.info.name}'s attack is blocked by a spell (OB-828)")
            else:
                hits.append((att, attack(att)))
                if self.uses is not None:
                    for src, st, _ in self.mods():
                        if st.effect == "modify" and self.in_set(st.cards, att, src.owner, src):
                            self.note(src.info, src.owner)  # a continuous effect added damage
                    if any(st.effect == "modify" and st.cards is None for st, _ in att.info.statics):
                        self.note(att.info, att.owner)  # its own (OB-D40)
        for perm in dead:
            if self.logging:
                self.log.append(f"{perm.info.name} is killed (OB-826)")
            self._to_discard(perm)
        if self.later("_damage", hits):
            return  # a decision a death's trigger asks comes first (pending.py)
        self._damage(hits)

    def _damage(self, hits: list) -> None:
        """Unblocked attacks hit the defender (OB-830); then the turn ends."""
        d = 1 - self.active
        if "loses-life" in self.game.replaced or "loses-life" in self.game.watching:
            for att, n in hits:  # each attack its own loss, so a replacement or a trigger reads its cause
                if n > 0 and self.result is None:
                    lost = self.lose_life(d, n, f"{att.info.name}'s unblocked attack, OB-830", att)
                    if lost > 0 and self.game.watched:
                        self.emit("deals-damage", att, self.active, lost)
        else:
            damage = sum(n for _, n in hits)
            if damage > 0:
                self.lose_life(d, damage, "unblocked attacks, OB-830")
                if self.game.watched:
                    for att, n in hits:
                        if n > 0:
                            self.emit("deals-damage", att, self.active, n)
        if self.result is None and not self.later("_end_turn"):
            self._end_turn()

    def _end_turn(self) -> None:
        if self.game.watched:
            self.emit("turn-end", None, self.active)  # before this turn's changes end
            if self.result is not None or self.later("_turn_over"):
                return
        self._turn_over()

    def _turn_over(self) -> None:
        """This turn's changes end (permanent ones stay) and the other player's turn starts."""
        for table in self.tables:
            for perm in table:
                atk = perm.info.attack + perm.perm_atk  # this turn's changes end, permanent ones stay
                dfn = perm.info.defense + perm.perm_dfn
                perm.atk = atk if atk > 0 else 0
                perm.dfn = dfn if dfn > 0 else 0
                perm.attacking = False
                if perm.blockers:
                    perm.blockers = ()
                perm.sblock = False
                if perm.blocking:
                    perm.blocking = ()
                perm.new = False
                if perm.grants:
                    perm.grants = tuple(g for g in perm.grants if g[1] > self.turn)
                if perm.spent:  # once-each-turn memory: a new turn
                    perm.spent = ()
        self.attackers = []
        self.locked = -1
        if self.stolen:
            self.control_lapses()  # a change of control for this turn ends
        self.food_played[self.active] = False
        if self.extra_food[self.active]:
            self.extra_food[self.active] = 0
        if self.played[self.active]:
            self.played[self.active] = ()
        self.active = 1 - self.active
        self.turn += 1
        self.grants_lapse()
        self.start_turn()

    def start_turn(self) -> None:
        """Untap (OB-602) and draw (OB-603, OB-Q7) for the active player, then the main phase."""
        if self.result is not None:  # the deal emptied a deck (OB-109): no turn starts
            return
        p = self.active
        for perm in self.tables[p]:
            if perm.tapped and (perm.grants or perm.info.statics) and self.keyword(perm, "does-not-untap"):
                if self.logging:
                    self.log.append(f"{perm.info.name} does not untap")
                continue
            perm.tapped = False
        if self.logging:
            self.log.append(f"-- turn {self.turn}: {PLAYER_NAMES[p]} (life {self.life[0]}:{self.life[1]})")
        if self.turn > 1 or self.game.settings["first_turn_draw"]:
            self.draw(p)
        self.phase = MAIN
        if self.game.watched and self.result is None:
            self.emit("turn-start", None, p)

    # -- how a game is lost: life (OB-108) and the deck (OB-109, OB-Q1) ---------------------------
    def lose_life(self, p: int, amount: int, why: str, cause=None) -> int:
        """Take ``amount`` life from ``p``; at 0 they lose (OB-108). ``cause``: the card that causes
        the loss (an attacker, a spell, the card whose ability it is), which a replacement's filter
        reads. Returns the life actually lost (a replacement may lower it or happen instead)."""
        if "loses-life" in self.game.replaced:
            changed = self.replace_loss(p, amount, cause)
            if not changed:
                return 0
            amount = changed
        before = self.life[p]
        self.life[p] = max(0, before - amount)
        if self.logging:
            self.log.append(f"{PLAYER_NAMES[p]} loses {amount} life ({why}): {before} -> {self.life[p]}")
        if self.life[p] <= 0 and self.result is None:
            self.result = 1 - p
            self.ended_by = "OB-108"
            if self.logging:
                self.log.append(f"{PLAYER_NAMES[p]} has no life left: {PLAYER_NAMES[1 - p]} wins (OB-108)")
        lost = before - self.life[p]
        if lost > 0 and self.game.watched:
            self.emit("loses-life", cause, p, lost)
        return lost

    def gain_life(self, p: int, amount: int, cause=None) -> None:
        """``p`` gains ``amount`` life; ``cause`` (the spell, the card whose ability it is) is what a
        ``gains-life`` trigger's filter reads."""
        self.life[p] += amount
        self.say(f"p{p + 1} gains {amount} life: {self.life[p]}")
        if amount > 0 and self.game.watched:
            self.emit("gains-life", cause, p, amount)

    def draw(self, p: int, n: int = 1) -> None:
        """Draw ``n`` cards; an empty deck loses per the ``empty_deck`` setting (OB-109, OB-Q1)."""
        if self.dummy[p]:
            return
        lib = self.libs[p]
        for _ in range(n):
            if self.result is not None:
                return
            if not lib:  # OB-Q1 reading B: drawing from the empty deck is what loses
                self._deck_out(p)
                return
            card = lib.pop()
            self.hands[p].append(card)
            if self.logging:
                self.tell(p, f"{PLAYER_NAMES[p]} draws {card.name}", f"{PLAYER_NAMES[p]} draws a card")
            if not lib:
                self.check_decks(p)

    def check_decks(self, *players: int) -> None:
        """OB-109, OB-Q1 reading A (``empty_deck = "zero"``): a player whose deck holds 0 cards has lost
        at that moment, so this runs after every removal from a deck (a draw, a search, a move, the
        deal); both decks at once (the deal) is a draw."""
        if self.result is not None or self.game.settings["empty_deck"] != "zero":
            return
        out = [p for p in players if not self.libs[p] and not self.dummy[p]]
        if len(out) == 1:
            self._deck_out(out[0])
        elif out:
            self.result, self.ended_by = "draw", "OB-109"
            if self.logging:
                self.log.append("both decks have run out: neither wins (OB-109 for both)")

    def _deck_out(self, p: int) -> None:
        if self.result is None:
            self.result = 1 - p
            self.ended_by = "OB-109"
            if self.logging:
                self.log.append(f"{PLAYER_NAMES[p]}'s deck has run out: {PLAYER_NAMES[1 - p]} wins (OB-109)")
