"""The Álomfogó interpreter of the ability language: one implementation of each construct.

A mixin of :class:`~deckkit.games.alomfogo.state.AlomfogoState`: who "you", "your opponent" and
"each player" are, which cards a target or a count takes, conditions, triggered abilities (capped at
:data:`deckkit.engine.abilities.MAX_TRIGGER_DEPTH`), sequences and modes with their own targets,
continuous effects (magic power in a duel, cost changes with the AF-605 floor, keywords), power
changes with durations and the withdrawal of an assist's effect (AF-D10, AF-D15). The choices a
player makes when a card is played — mode, targets, opponent, an order — are the words of the
action (:meth:`AbilityRules.options`; the package docstring lists them).
"""

from __future__ import annotations

import itertools
from functools import partial
from typing import TYPE_CHECKING, Any

from deckkit.engine.abilities import MAX_TRIGGER_DEPTH, Ability, Condition, Count, Step, Target
from deckkit.games.alomfogo.cards import printed
from deckkit.games.alomfogo.effects import Context
from deckkit.games.alomfogo.resolve import Resolver, named_when_played, may_ask
from deckkit.games.alomfogo.zones import ACTIVE, STATE_NAMES, Choice, Perm

if TYPE_CHECKING:
    from deckkit.games.alomfogo.cards import CardDef

_ZONES = ("play", "hand", "deck", "cage")


class AbilityRules(Resolver):
    """Ability methods of the state (a mixin; the state's players, duel and turn live there)."""

    players: list
    duel: Any
    turn: int
    logging: bool
    result: Any
    if TYPE_CHECKING:  # the state's own attributes and methods the interpreter uses
        game: Any
        rng: Any
        uses: dict[str, int] | None
        depth: int
        capped: bool
        active: int

        def pname(self, index: int) -> str: ...
        def note(self, line: str) -> None: ...
        def label(self, index: int, perm: Perm) -> str: ...

    # -- players -----------------------------------------------------------------------------------
    def opponents(self, p: int) -> list[int]:
        """The other players still in the game, in seat order."""
        return [i for i, pl in enumerate(self.players) if i != p and pl.alive]

    def enemies(self, ctx: Context) -> list[int]:
        """Whose cards "enemy" means: in a duel the opposing player (in a duel trigger, the duel just
        fought), an opponent the action named (AF-913), else every opponent."""
        d = self.duel or self.fought
        if ctx.side is not None and d is not None:
            return [d.players[1 - ctx.side]]
        if ctx.opponent is not None:
            return [ctx.opponent]
        return self.opponents(ctx.player)

    def affected_players(self, ctx: Context, who: str, step: Step | None = None) -> list[int]:
        """The players a step's ``player`` names: ``you``, ``opponent`` (see :meth:`enemies`), ``each``
        (every player in the game, from the user round the table, AF-D14), ``owner`` (the owner of the
        card the step refers to: step ``ref``'s, else its targets, else the event's, AF-D28) and
        ``that-player`` (the player of the triggering event, AF-D24)."""
        if who == "you":
            return [ctx.player]
        if who == "opponent":
            return self.enemies(ctx)
        if who == "that-player":
            return [ctx.event[0]] if ctx.event is not None else [ctx.player]
        if who == "owner":
            n = step.ref if step is not None else 0
            cards = ctx.acted[n - 1] if 0 < n <= len(ctx.acted) else ctx.targets or (
                (ctx.event[:2],) if ctx.event is not None and ctx.event[1] is not None else ())
            return list(dict.fromkeys(self.owner_of(o, t) for o, t in cards))
        n = len(self.players)
        return [i for i in ((ctx.player + k) % n for k in range(n)) if self.players[i].alive]

    # -- cards -------------------------------------------------------------------------------------
    def role_of(self, perm: Any) -> str | None:
        """``attacker``, ``defender`` or ``helper`` for a card in the duel being fought, else None."""
        d = self.duel or self.fought  # a duel trigger reads the duel just fought
        if d is None or not isinstance(perm, Perm):
            return None
        if perm is d.duelists[0]:
            return "attacker"
        if perm is d.duelists[1]:
            return "defender"
        return "helper" if perm in d.helpers else None

    def card_field(self, thing: Any, name: str, role: str | None = None) -> Any:
        """One filter field of a card in play (a :class:`Perm`) or in another zone (a CardDef)."""
        perm = thing if isinstance(thing, Perm) else None
        card: CardDef = thing.card if perm is not None else thing
        if name == "state":
            return STATE_NAMES[perm.state] if perm is not None else None
        if name == "role":
            return role or self.role_of(perm)
        return printed(card, name)

    def zone(self, owner: int, zone: str) -> list:
        """A player's cards in a zone, top of the deck first."""
        pl = self.players[owner]
        if zone == "play":
            return pl.table
        if zone == "hand":
            return pl.hand
        if zone == "cage":
            return pl.cage
        return pl.library[::-1]

    def candidates(self, ctx: Context, target: Target | Count, owners: list[int] | None = None) -> list[tuple]:
        """``(owner, card)`` pairs a target or a count takes, in seat and zone order."""
        side = target.side
        if owners is None:
            owners = [ctx.player] if side == "own" else self.enemies(ctx) if side == "enemy" else \
                [i for i, pl in enumerate(self.players) if pl.alive]
        zone = target.zone or "play"
        f = target.filter
        out = []
        for owner in owners:
            for thing in self.zone(owner, zone):
                if target.other and (thing is ctx.perm or thing is ctx.card and zone != "play"):
                    continue
                if (f.tests or f.negated or f.alternatives) and not f.matches(partial(self.card_field, thing)):
                    continue
                out.append((owner, thing))
        return out

    def remove_card(self, owner: int, thing: Any) -> bool:
        """Take a card out of the zone it is in (play, hand, deck or cage); False if it is gone."""
        pl = self.players[owner]
        if isinstance(thing, Perm):
            if thing in pl.table:
                pl.table.remove(thing)
                return True
            return False
        for zone in (pl.hand, pl.cage, pl.library):
            for i, card in enumerate(zone):
                if card is thing:
                    del zone[i]
                    return True
        return False

    def count_cards(self, ctx: Context, what: Count) -> int:
        """How many cards a counted amount or a condition counts ("for each event you have in play")."""
        return len(self.candidates(ctx, what))

    def holds(self, ctx: Context, cond: Condition | None, subject: Any = None) -> bool:
        """Whether a condition holds for the ability's user; ``subject`` is the card it is about."""
        if cond is None:
            return True
        subject = subject if subject is not None else ctx.perm

        def game(name: str, value: Any) -> bool:
            d = self.duel or self.fought
            if name == "duel_role":
                return self.role_of(subject) == value
            if name == "duel_result":
                return self.fought is not None and self.fought.result(subject) == value
            if name == "opposing_glorious":
                if d is None:
                    return False
                side = ctx.side
                if side is None:
                    role = self.role_of(subject)
                    side = 0 if role == "attacker" else 1 if role == "defender" else None
                return side is not None and d.duelists[1 - side].card.glory > 0
            return False

        return cond.holds(lambda c: self.count_cards(ctx, c), game)

    # -- choices when a card is played ---------------------------------------------------------------
    def target_label(self, p: int, owner: int, thing: Any) -> str:
        """How an action names a chosen card: its label in play (``#2`` for copies), its name elsewhere;
        another player's card carries ``of p3`` when more than two play (AF-912)."""
        lab = self.label(owner, thing) if isinstance(thing, Perm) else thing.name
        return f"{lab} of {self.pname(owner)}" if owner != p and len(self.players) > 2 else lab

    def options(self, p: int, card: CardDef, ability: Ability | None, side: int | None = None) -> list[Choice]:
        """Every way to play ``ability``: one :class:`Choice` per mode, opponent, targets and order.

        Empty when a mode's chosen target has no candidate (no target, no play, AF-385). Words:
        ``mode 2``, ``on A`` / ``on A and B`` (targets in step order, or the opponent ``p3``),
        ``ordering A, B, C`` (top first).
        """
        if ability is None or card.plain_play and ability is card.play or \
                card.plain_helper and ability is card.helper_ability:
            return [Choice()]
        out: list[Choice] = []
        modal = len(ability.modes) > 1
        ctx = Context(p, card, side)
        for m, seq in enumerate(ability.sequences or ((),)):
            head: tuple[str, ...] = ("mode", str(m + 1)) if modal else ()
            opponents: list[int | None] = [None]
            if side is None and any(s.player == "opponent" for s in seq):
                foes = self.opponents(p)
                opponents = list(foes) if len(foes) > 1 else [foes[0] if foes else None]
            for opp in opponents:
                ctx.opponent = opp
                lists = []
                for step in seq:
                    if named_when_played(step) and step.target is not None:
                        owners = self.affected_players(ctx, "opponent") if step.player == "opponent" else None
                        lists.append([(o, t) for o, t in self.candidates(ctx, step.target, owners)])
                if any(not cands for cands in lists):
                    continue
                orders: list[tuple[str, ...]] = [()]
                for step in seq:
                    if step.effect == "order-top":
                        top = [c.name for c in self.players[p].library[::-1][:step.amount.fixed]]
                        if len(top) > 1:
                            orders = sorted(set(itertools.permutations(top)))
                for picks in itertools.product(*lists):
                    words: list[str] = list(head)
                    labels = [self.pname(opp)] if opp is not None and len(opponents) > 1 else []
                    labels += [self.target_label(p, o, t) for o, t in picks]
                    if labels:
                        words += ["on", labels[0]]
                        for lab in labels[1:]:
                            words += ["and", lab]
                    for order in orders:
                        tail = ["ordering", ", ".join(order)] if order else []
                        out.append(Choice(tuple(words + tail), m, tuple(picks), opp, order))
        return out

    def count_use(self, card: CardDef) -> None:
        uses = self.uses
        if uses is not None:
            uses[card.name] = uses.get(card.name, 0) + 1

    # -- triggers ---------------------------------------------------------------------------------------
    def fire(self, event: str, owner: int, thing: Any = None, role: str | None = None, amount: int = 0) -> None:
        """Set off every triggered ability watching ``event`` of ``owner``'s card ``thing`` (None: an event
        of the player, such as a phase starting). Chains stop at MAX_TRIGGER_DEPTH with a log line."""
        if event not in self.game.pool.watched:
            return
        depth = self.depth
        if depth >= MAX_TRIGGER_DEPTH:
            if self.logging:
                self.note(f"trigger chain stopped: {MAX_TRIGGER_DEPTH} triggers set each other off "
                                           f"(MAX_TRIGGER_DEPTH), {event} of {self.pname(owner)} sets off nothing more")
            self.capped = True
            return
        card = thing.card if isinstance(thing, Perm) else thing
        watchers: list[tuple[int, Any, CardDef]] = []
        if card is not None and not isinstance(thing, Perm) and event in card.triggers:
            watchers.append((owner, None, card))  # a spell's own "when it is played"
        if card is None or event in self.game.pool.watched_others:
            for i, pl in enumerate(self.players):
                for perm in pl.table:
                    if event in perm.card.triggers and (perm.card.type != "event" or perm.state == ACTIVE):  # AF-342
                        watchers.append((i, perm, perm.card))
            if isinstance(thing, Perm) and event in card.triggers and thing not in self.players[owner].table:
                watchers.append((owner, thing, card))  # its own "when it loses a duel", from the spell cage
        elif isinstance(thing, Perm) and event in card.triggers and (card.type != "event" or thing.state == ACTIVE):
            watchers.append((owner, thing, card))  # only the card's own "when it …"
        if not watchers:
            return
        self.depth = depth + 1
        try:
            for controller, perm, source in watchers:
                for ab in source.triggers[event]:
                    trig = ab.trigger
                    if trig is None or not self._sets_off(trig, controller, perm, source, owner, thing, card, role):
                        continue
                    if trig.amount is not None and not trig.amount.low <= amount <= trig.amount.high:
                        continue  # "whenever you lose 2 or more glory points"
                    if ab.per_turn and not self.within_limit(perm, source, ab):
                        continue  # AF-D21: "use this only once each turn"
                    d = self.duel or self.fought
                    side = d.players.index(controller) if d is not None and controller in d.players else None
                    ctx = Context(controller, source, side, perm, "trigger")
                    ctx.event = (owner, thing, amount)
                    if self.logging:
                        self.note(f"{source.name} ({self.pname(controller)}) triggers on {event}")
                    if source.asking and may_ask(ab):
                        self.queue_trigger(ctx, ab)  # its decisions wait until the action is over
                    else:
                        self.carry_out(ctx, ab)
                    if self.result is not None:
                        return
        finally:
            self.depth = depth

    def _sets_off(self, trig: Any, controller: int, perm: Any, source: CardDef, owner: int, thing: Any,
                  card: Any, role: str | None) -> bool:
        if card is None:  # a player's event: whose turn, draw or glory it is (side narrows "any")
            if trig.who == "any":
                return not (trig.side == "own" and owner != controller or trig.side == "enemy" and owner == controller)
            return (trig.who == "self") == (owner == controller)
        own_card = thing is perm if perm is not None else card is source
        if trig.who == "self":
            return own_card
        if trig.who == "other" and own_card:
            return False
        if trig.side == "own" and owner != controller or trig.side == "enemy" and owner == controller:
            return False
        f = trig.filter
        return f.matches(lambda name: self.card_field(thing, name, role))

    # -- continuous effects -----------------------------------------------------------------------------
    def _applies(self, st: Any, cond: Condition | None, owner: int, perm: Perm, subject_owner: int,
                 subject: Any) -> bool:
        cards = st.cards
        if cards is None:
            if subject is not perm:
                return False
        else:
            if cards.side == "own" and subject_owner != owner or cards.side == "enemy" and subject_owner == owner:
                return False
            if cards.other and subject is perm:
                return False
            f = cards.filter
            tests = f.tests
            if len(tests) == 1 and tests[0][0] == "type" and not f.negated and not f.alternatives:
                want = tests[0][1]  # the common set "your instants": read the type directly
                have = subject.card.type if isinstance(subject, Perm) else subject.type
                if have != want and not (isinstance(want, frozenset) and have in want):
                    return False
            elif not f.matches(partial(self.card_field, subject)):
                return False
        if st.condition is None and cond is None:
            return True
        ctx = Context(owner, perm.card, None, perm, "static")
        return self.holds(ctx, st.condition, subject) and self.holds(ctx, cond, subject)

    def static_power(self, subject_owner: int, subject: Perm, count: bool = False) -> int:
        """Magic power continuous effects give a duelist (AF-751, AF-752; AF-D1, Sámándob); ``count``
        counts a use of each card whose effect applies (once per duel, when it is evaluated)."""
        total = 0
        for owner, pl in enumerate(self.players):
            for perm in pl.table:
                if perm.card.power and (perm.card.type != "event" or perm.state == ACTIVE):  # AF-342
                    for st, cond in perm.card.power:
                        if self._applies(st, cond, owner, perm, subject_owner, subject):
                            total += self.static_amount(st, owner, perm)
                            if count:
                                self.count_use(perm.card)
        return total

    def vp_when(self, owner: int, perm: Perm) -> int:
        """The extra VP of ``perm``'s vp-per-turn effects whose condition holds now ("while you have two
        events in play, you receive 1 more VP", AF-602); the unconditional ones are ``card.vp_bonus``."""
        ctx = Context(owner, perm.card, None, perm, "static")
        return sum(int(st.param("amount", 0)) for st, cond in perm.card.vp_when
                   if self.holds(ctx, st.condition, perm) and self.holds(ctx, cond, perm))

    def count_cost_mods(self, p: int, card: CardDef) -> None:
        """Count a use of each card in play that made ``card`` cheaper (goldfish statistics)."""
        if self.uses is None or not self.game.pool.cost_mods:
            return
        for owner, pl in enumerate(self.players):
            for perm in pl.table:
                if perm.card.cost_mods and (perm.card.type != "event" or perm.state == ACTIVE) and card.cost and any(
                        self._applies(st, cond, owner, perm, p, card) and not (
                            st.param("first") and self._played_before(st, owner, perm, p))
                        for st, cond in perm.card.cost_mods):
                    self.count_use(perm.card)

    def cost_of(self, p: int, card: CardDef) -> int:
        """What ``card`` costs ``p`` now: its printed cost less continuous reductions, never below 0 (AF-605)."""
        pool = self.game.pool
        if not pool.cost_mods or not card.cost or id(card) in pool.full_price:
            return card.cost  # (nothing costs less than nothing; no cost change of the pool fits this card)
        less = 0
        for owner, pl in enumerate(self.players):
            for perm in pl.table:
                if perm.card.cost_mods and (perm.card.type != "event" or perm.state == ACTIVE):
                    for st, cond in perm.card.cost_mods:
                        if self._applies(st, cond, owner, perm, p, card) and not (
                                st.param("first") and self._played_before(st, owner, perm, p)):
                            less += self.static_amount(st, owner, perm)
        return max(0, card.cost - less)

    def _played_before(self, st: Any, owner: int, perm: Perm, p: int) -> bool:
        """Whether ``p`` has played a card of the static's set this turn ("the first instant you play each
        turn", AF-D22)."""
        return any(self._applies(st, None, owner, perm, p, card) for card in self.players[p].played)

    def static_amount(self, st: Any, owner: int, perm: Perm) -> int:
        """A continuous effect's amount: a number, or counted now ("1 VP less for each event you have in
        play", AF-D26)."""
        n = st.param("amount", 0)
        if isinstance(n, int):
            return n
        ctx = Context(owner, perm.card, None, perm, "static")  # a counted amount (the engine's Amount)
        return int(n.value(lambda c: self.count_cards(ctx, c)))

    def add_power(self, owner: int, perm: Perm, attack: int, defense: int, duration: str) -> None:
        """A power change of a card in play for a duration (this turn, its owner's next turn, permanently)."""
        value = self.turn if duration == "turn" else self.players[owner].turns + 1 if duration == "next-turn" else 0
        perm.mods = (*perm.mods, (attack, defense, duration, value))
        if self.logging:
            self.note(f"{perm.card.name} ({self.pname(owner)}) gets {attack:+}/{defense:+}")

    def powers(self, owner: int, perm: Perm) -> tuple[int, int]:
        """A dreamwalker's attack and defence power with the changes still in force."""
        a, b = perm.card.attack, perm.card.defense
        for da, db, duration, value in perm.mods:
            if duration == "permanent" or duration == "turn" and self.turn == value or \
                    duration == "next-turn" and self.active == owner and self.players[owner].turns == value:
                a += da
                b += db
        return a, b

    # -- the duel ---------------------------------------------------------------------------------------
    def duel_modifier(self, ctx: Context, side: int | None, amount: int) -> None:
        """An assist changes a duelist's magic power for this duel (AF-738), recorded so that a negation
        can withdraw it (AF-D10, AF-D15)."""
        d = self.duel
        if d is None or side is None:
            return
        live = not (ctx.kind == "helper" and ctx.side is not None and d.silenced[ctx.side])
        d.mods.append([ctx.assist, ctx.side, ctx.kind, side, amount, live])
        if live:
            d.bonus[side] += amount

    def negate_assist(self, ctx: Context, what: str) -> None:
        """The opposing side's latest instant (AF-D10) or its helper's ability (AF-D15) has no effect in
        this duel: what it did to magic power is withdrawn; a silenced helper's later uses change nothing."""
        d = self.duel
        if d is None or ctx.side is None:
            return
        foe = 1 - ctx.side
        if what == "helper":
            d.silenced[foe] = True
            hit = [m for m in d.mods if m[1] == foe and m[2] == "helper" and m[5]]
        else:
            last = d.last_instant[foe]
            hit = [m for m in d.mods if m[0] == last and m[1] == foe and m[5]] if last else []
        for m in hit:
            m[5] = False
            d.bonus[m[3]] -= m[4]
        if self.logging:
            self.note(f"{ctx.card.name}: the opposing {what}'s effect is withdrawn "
                                       f"({len(hit)} change{'s' if len(hit) != 1 else ''})")
