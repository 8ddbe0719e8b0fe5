"""One Obludárium game in progress: zones, turn steps and the instant exchange (combat: combat.py).

Turn (OB-601): untap and draw happen automatically when a turn starts; then the decisions are
``main`` (active player), ``discard`` (hand-size rule, OB-909/OB-Q13), ``attack`` (active player
declares attackers, OB-801), ``block`` (the defender, OB-810) and ``fight`` (the strengthening
exchange, OB-904, started by the attacker). Every instant (spell or special property) goes on a
stack and hands the decision to the other player, who may answer with an instant or pass; a pass
ends the exchange and the stack resolves last-in, first-out (OB-905, OB-907, OB-908, OB-Q12).

Reading choices (argued in the package docstring): an instant cast in the main phase or the
attack step (OB-803) opens its own exchange, after which the active player may go on; the fight
exchange (OB-827) follows the blocks and ends with the first pass, after which the fights and the
damage are resolved at once. The other player also decides in windows after each action of the
active player and at the end of each step (OB-354, OB-610), and strengthening alternates in the
attack and block steps and the fight (OB-904 – OB-906: ``locked``).
Killed monsters, used spells and destroyed cards go to the owner's discard pile (OB-408).

Which actions are legal, and why one is not, is :mod:`deckkit.games.obludarium.legality`: this
module carries the actions out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckkit.engine.core import TERMINAL, Action, State
from deckkit.games.obludarium import legality, view
from deckkit.games.obludarium.cards import FOOD, MONSTER, CardInfo
from deckkit.games.obludarium.combat import TurnRules
from deckkit.games.obludarium.legality import ATTACK, BLOCK, DISCARD, FIGHT, FIGHT_TIME, MAIN
from deckkit.games.obludarium.zones import Perm, StackItem

PLAYER_NAMES = view.PLAYER_NAMES
__all__ = ["ATTACK", "BLOCK", "DISCARD", "FIGHT", "MAIN", "ObState", "Perm", "StackItem"]


if TYPE_CHECKING:
    from deckkit.games.obludarium.game import ObludariumGame


class ObState(TurnRules, State):
    """An Obludárium game: two players, four zones each (OB-401), life totals and the turn steps."""

    game: ObludariumGame

    NOT_COMPARED = State.NOT_COMPARED | {"_labels", "_mods", "_modifiers", "uses", "pilot_note", "lookaheads",
                                         "_answers"}

    def __init__(self, game, rng) -> None:
        super().__init__(game, rng)
        self.libs: list[list[CardInfo]] = [[], []]  # top of the library is the END of the list
        self.hands: list[list[CardInfo]] = [[], []]
        self.tables: list[list[Perm]] = [[], []]
        self.discards: list[list[CardInfo]] = [[], []]
        self.life = [20, 20]
        self.food_played = [False, False]
        self.extra_food = [0, 0]  # food laid out this turn beyond the rules' one (OB-D47)
        self.played: list[tuple] = [(), ()]  # cards laid out or cast this turn, if a card asks (OB-D34)
        self.replacing: tuple = ()  # cards whose death a replacement is replacing now (applies once)
        self.dummy = [False, False]  # goldfish opponent: no deck, never draws, never loses by it
        self.turn = 1
        self.active = 0
        self.phase = MAIN
        self.stack: list[StackItem] = []
        self.responder = -1
        self.attackers: list[Perm] = []
        self.result: int | str | None = None  # winner seat, "draw", or None while running
        self.window: bool = False  # the non-active player may cast an instant or pass (OB-354, OB-610)
        self.window_end = False  # ... and that window closes a step: pass by both moves on
        #: The instants the other player may answer with in the window just opened, listed when it opened
        #: (its legal actions but the pass); any action forgets them.
        self._answers: list[Action] | None = None
        self.locked = -1  # who strengthened last in a fight-time exchange and must wait (legality, OB-905)
        self._labels: list[tuple[str, ...] | None] = [None, None]  # per-player table labels, rebuilt on change
        self._mods: list | None = None  # continuous effects on sets of cards in play, rebuilt on change
        self._modifiers: tuple = ()  # those of them that modify numbers, found with them
        self.trigger_depth = 0  # triggers set off by triggers (capped at MAX_TRIGGER_DEPTH)
        #: A decision asked while an ability resolves, and what waits behind it (pending.py); None: none.
        self.pending: list | None = None
        self.stolen: tuple = ()  # (card in play, its owner, last turn): control changed (moves.gain-control)
        self.uses: dict[str, int] | None = None  # p1's abilities used, by card (goldfish statistics)
        #: The greedy pilot's note on where its last choice leads (policies.greedy), kept with the
        #: history length it holds for; not part of the position, and a clone starts without one.
        self.pilot_note: tuple | None = None
        #: The greedy pilot's look-aheads here: (positions reached on a clone and valued, of them resolved by a short play-out).
        self.lookaheads: tuple[int, int] = (0, 0)

    # -- whose decision ------------------------------------------------------------------------
    def current_player(self) -> int:
        """Whose decision it is, or TERMINAL."""
        if self.result is not None:
            return TERMINAL
        if self.pending:
            return self.pending[0].ask.chooser
        if self.stack:
            return self.responder
        if self.window or self.phase == BLOCK:
            return 1 - self.active
        return self.active

    def is_terminal(self) -> bool:
        """Whether the game is over (what ``current_player() == TERMINAL`` says, without the call)."""
        return self.result is not None

    def winners(self) -> list[int]:
        """The winner of a finished game (empty for a draw or a running game)."""
        return [self.result] if isinstance(self.result, int) else []

    # -- helpers -------------------------------------------------------------------------------
    def labels(self, p: int) -> tuple[str, ...]:
        """Names of ``p``'s cards in play, with ``#2``, ``#3`` for repeated names (table order); a
        tuple, so that a clone shares it."""
        cached = self._labels[p]
        if cached is not None and len(cached) == len(self.tables[p]):
            return cached
        seen: dict[str, int] = {}
        out = []
        for perm in self.tables[p]:
            name = perm.info.name
            n = seen.get(name, 0) + 1
            seen[name] = n
            out.append(name if n == 1 else f"{name}#{n}")
        found = self._labels[p] = tuple(out)
        return found

    def label_of(self, perm: Perm) -> str:
        """The table label of one card in play."""
        return self.labels(perm.owner)[self.tables[perm.owner].index(perm)]

    def _perm(self, p: int, label: str) -> Perm:
        return self.tables[p][self.labels(p).index(label)]

    def untapped_food(self, p: int) -> int:
        """How much untapped food ``p`` has in play (what every cost is compared with)."""
        n = 0
        for c in self.tables[p]:
            if not c.tapped and c.info.type == FOOD:
                n += 1
        return n

    def table_changed(self, p: int, card: CardInfo | None = None) -> None:
        """A card entered or left ``p``'s play: labels are found again, and the continuous effects
        unless it is ``card``, which brings none (they come only from cards with statics)."""
        self._labels[p] = None
        if card is None or card.statics:
            self._mods = None

    def new_perm(self, card: CardInfo, p: int, *, tapped: bool = False) -> Perm:
        """Put a card into play (a monster comes in new: see legality.may_attack and may_use)."""
        perm = Perm(card, p, tapped=tapped, new=card.type == MONSTER)
        self.tables[p].append(perm)
        self.table_changed(p, card)
        return perm

    def pay(self, p: int, amount: int) -> None:
        """Tap ``amount`` untapped food of ``p`` (OB-701, OB-704)."""
        self._pay(p, amount)

    def _pay(self, p: int, amount: int) -> None:
        for perm in self.tables[p]:
            if amount <= 0:
                break
            if perm.info.type == FOOD and not perm.tapped:
                perm.tapped = True  # OB-313, OB-704
                amount -= 1

    def layable(self, p: int) -> bool:
        """Whether any card in ``p``'s hand could be laid out now (the hand-size rule's test)."""
        return legality.can_lay_out_any(self, p)

    # -- legal actions (deckkit.games.obludarium.legality) -------------------------------------
    legal_actions = legality.legal_actions  # every legal action of the deciding player, in a stable order

    # -- applying ------------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        p = action.player
        kind = action.kind
        args = action.args
        self._answers = None
        if kind == "choose":  # the answer to a decision asked while an ability resolves (pending.py)
            self.choose(p, args[0])
            return
        # the opponent acted: strengthening may alternate. A pass is no action (OB-Q12), except the
        # defender's pass that ends the block step letting an attack through: "no block" (OB-817, OB-906)
        if self.locked >= 0 and p != self.locked and (kind != "pass" or self.phase == BLOCK and not self.stack and any(
                not (att.blockers or att.sblock) for att in self.attackers)):
            self.locked = -1
        if kind == "pass":
            self._pass(p)
            return
        if self.window:  # the non-active player answers the window with an instant: the step goes on after it
            self.window = self.window_end = False
        self._act(p, kind, args, action)
        if p == self.active and not self.stack and self.result is None and kind in ("play", "attack"):
            if self.pending:  # after the decisions the action asked for
                self.later("_open_window", False)
            else:
                self._open_window(False)  # OB-354, OB-610: the other player may act after each action

    def _act(self, p: int, kind: str, args: tuple, action: Action) -> None:
        """Carry out one decision other than a pass (the action's kind names the step's method)."""
        if kind == "play":
            self._lay_out(p, args[0])
        elif kind == "cast":
            self._cast(p, args, action)
        elif kind == "use":
            self._use(p, args, action)
        elif kind == "attack":
            self._attack(p, args[0])
        elif kind == "block":
            self._block(p, args[0], args[2])
        elif kind == "discard":
            self._discard(p, args[0])
        else:  # pragma: no cover - legal_actions produces only the kinds above
            raise ValueError(kind)

    def _lay_out(self, p: int, name: str) -> None:
        """Lay out a food, or pay for and summon a monster or artifact."""
        card = self._take_from_hand(p, name)
        if card.type == FOOD:
            if self.food_played[p]:
                self.extra_food[p] += 1  # one more food (OB-D47)
                self.note_more_food(p)
            self.food_played[p] = True
            perm = self.new_perm(card, p)
            if self.logging:
                self.log.append(f"{PLAYER_NAMES[p]} lays out food {card.name}")
        else:
            cost = self.note_cost(p, card)  # a cost change paid off counts as its card's use (OB-D17)
            self._pay(p, cost)
            perm = self.new_perm(card, p)
            if self.logging:
                self.log.append(f"{PLAYER_NAMES[p]} summons {card.name} for {cost} food")
        self.remember_played(p, card)
        self.entered(perm)

    def _cast(self, p: int, args: tuple, action: Action) -> None:
        """Pay for a spell and put it on the stack with its choices."""
        card = self._take_from_hand(p, args[0])
        _, steps, chosen, _, _ = self.parse_choice(p, card.cast, args, None)
        self._pay(p, self.note_cost(p, card))
        self.discards[p].append(card)  # OB-356: a used spell goes to the discard pile
        self.note(card, p)
        self._push(p, card, None, steps, chosen, str(action))
        if self.phase in FIGHT_TIME and card.cast_plan is not None and card.cast_plan.strengthens:
            self.locked = p  # OB-905: p must wait for an action of the opponent
        self.remember_played(p, card)
        if self.game.watched:
            self.emit("casts", card, p)

    def _use(self, p: int, args: tuple, action: Action) -> None:
        """Pay a special property's cost and put it on the stack with its choices."""
        perm = self._perm(p, args[0])
        ab = perm.info.use
        _, steps, chosen, sacrificed, discarded = self.parse_choice(p, ab, args, perm)
        self.note(perm.info, p)
        if ab is not None and ab.per_turn:
            self.spend(perm, ab)  # once each turn: may_use refuses it again this turn
        self.pay_use(p, perm, ab, sacrificed, discarded)
        self._push(p, perm.info, perm, steps, chosen, str(action))
        if self.phase in FIGHT_TIME and perm.info.use_plan is not None and perm.info.use_plan.strengthens:
            self.locked = p  # OB-905

    def _attack(self, p: int, label: str) -> None:
        perm = self._perm(p, label)
        perm.attacking = True
        if perm.new:
            self.note(perm.info, p)  # it attacks in its first turn (attacks-at-once or acts-at-once)
        if (perm.grants or perm.info.statics) and self.keyword(perm, "attacks-untapped"):
            self.note(perm.info, p)  # attacking does not tap it (attacks-untapped)
        else:
            perm.tapped = True  # OB-802
        self.attackers.append(perm)
        if self.logging:
            self.log.append(f"{PLAYER_NAMES[p]} attacks with {label} ({self.attack(perm)} attack)")
        if self.game.watched:
            self.emit("attacks", perm, p)

    def _block(self, p: int, attacker: str, blocker: str) -> None:
        att = self._perm(self.active, attacker)
        blk = self._perm(p, blocker)
        if blk.blocking:
            self.note(blk.info, p)  # its second block (OB-D18)
        blk.blocking = (*blk.blocking, att)
        att.blockers = (*att.blockers, blk)  # OB-814, OB-815; blocking does not tap (OB-Q10)
        if self.logging:
            self.log.append(f"{PLAYER_NAMES[p]} blocks {attacker} with {blocker}")
        if self.game.watched:
            self.emit("blocks", blk, p)
            self.emit("is-blocked", att, self.active)

    def _discard(self, p: int, name: str) -> None:
        card = self._take_from_hand(p, name)
        self.discards[p].append(card)
        if self.logging:
            self.log.append(f"{PLAYER_NAMES[p]} discards {card.name} (hand-size rule, OB-909)")
        self.phase = ATTACK

    def _take_from_hand(self, p: int, name: str) -> CardInfo:
        hand = self.hands[p]
        for i, card in enumerate(hand):
            if card.name == name:
                return hand.pop(i)
        raise ValueError(name)  # pragma: no cover - only legal actions get here

    def _push(self, p: int, source: CardInfo, perm: Perm | None, steps: tuple, chosen: list, text: str) -> None:
        self.stack.append(StackItem(p, source, perm, steps, chosen, text))
        self.responder = 1 - p  # OB-904, OB-905: the other player may answer
        # the action itself is logged by whoever applied it (script, trace); say what happens next
        if self.logging:
            self.log.append(f"{PLAYER_NAMES[1 - p]} may answer with an instant or pass (OB-904)")

    def _open_window(self, end: bool) -> bool:
        """Give the non-active player a moment to cast an instant (OB-354, OB-610), if they have one.

        A window in which the only legal action would be "pass" is skipped: it is no decision. A goldfish
        dummy neither gets windows nor gives them: its turn is empty, so there is nothing to answer.
        """
        q = 1 - self.active
        if self.dummy[q] or self.dummy[self.active] or not (self.hands[q] or self.tables[q]):
            return False
        answers = legality.answers(self, q)
        if not answers:
            return False
        self._answers = answers  # the window's legal actions but the pass (legality.legal_actions)
        self.window, self.window_end = True, end
        if self.logging:
            self.log.append(f"{PLAYER_NAMES[q]} may cast an instant or pass (OB-610)")
        return True

    def _pass(self, p: int) -> None:
        if self.stack:
            self._settle_stack()  # OB-Q12: the exchange ends when the responder passes
            return
        if self.window:  # the non-active player passes: the active player goes on, or the step ends
            self.window, end = False, self.window_end
            self.window_end = False
            if end:
                self._move_on(self.active)
            return
        if p == self.active and self.phase in (MAIN, ATTACK, FIGHT) and self._open_window(True):
            return  # the step ends when both have passed
        self._move_on(p)

    def _move_on(self, p: int) -> None:
        """The step is over (both passed): the main phase, the attacks, the blocks, or the fight exchange."""
        ph = self.phase
        if ph == MAIN:
            limit = self.game.settings["hand_limit"]
            if limit and len(self.hands[p]) >= limit and not self.layable(p):
                self.phase = DISCARD  # OB-909, OB-Q13
                if self.logging:
                    self.log.append(f"{PLAYER_NAMES[p]} holds {len(self.hands[p])} cards and can lay out none")
            else:
                self.phase = ATTACK
        elif ph == ATTACK:
            if self.attackers:
                self.phase = BLOCK
            else:
                self._end_turn()
        elif ph == BLOCK:
            self.phase = FIGHT  # OB-817, OB-906: a "no block" that lets an attack through was an action (_apply)
            if self.logging:
                self.log.append(f"{PLAYER_NAMES[p]} is done blocking")
        elif ph == FIGHT:
            self._combat()

    def _settle_stack(self) -> None:
        """The stack resolves; then, in the fight step, the fights (a decision on the way waits first)."""
        self._resolve_stack()
        if self.pending:
            self.later("_settle_stack")
            return
        if self.result is None and self.phase == FIGHT:
            self._combat()

    def _resolve_stack(self) -> None:
        # OB-907, OB-908: last in, first out.
        while self.stack and self.result is None:
            item = self.stack.pop()
            self.run_steps(item.player, item.source, item.perm, item.steps, item.chosen, None, 0, item.text)
            if self.pending:
                return  # a decision: the rest of the stack waits (_settle_stack goes on)
        self.responder = -1

    # -- effects' building blocks (used by deckkit.games.obludarium.effects) -------------------
    def to_discard(self, perm: Perm) -> None:
        """Move a card in play to its owner's discard pile (killed or destroyed, OB-408)."""
        self._to_discard(perm)

    def _to_discard(self, perm: Perm) -> None:
        was_in_play = perm in self.tables[perm.owner]
        if was_in_play and "dies" in self.game.replaced and perm.info.type == MONSTER and self.replace_death(perm):
            return  # a replacement happened instead; the death's triggers do not fire
        self._leave_play(perm)
        if was_in_play:
            self.discards[self.released(perm) if self.stolen else perm.owner].append(perm.info.printed or perm.info)  # the owner's (OB-408)
            if perm.info.type == MONSTER and self.game.watched:
                self.emit("dies", perm, perm.owner)
            if perm.info.statics:
                self.check_deaths()  # a lost continuous effect may leave a monster with no defence

    def _leave_play(self, perm: Perm) -> None:
        table = self.tables[perm.owner]
        if perm in table:
            table.remove(perm)
            self.table_changed(perm.owner, perm.info)
        if perm in self.attackers:
            self.attackers.remove(perm)
        for blk in perm.blockers:
            blk.blocking = tuple(a for a in blk.blocking if a is not perm)
        for att in perm.blocking:
            if perm in att.blockers:
                att.blockers = tuple(b for b in att.blockers if b is not perm)
                # OB-820: a blocked attack stays blocked even if its blocker is gone
                att.sblock = att.sblock or not att.blockers
        perm.attacking = False
        perm.blocking = ()

    # -- observation (deckkit.games.obludarium.view) -------------------------------------------
    def perm_text(self, perm: Perm, label: str) -> str:
        """``Name (state, …)`` for a card in play, as snapshots and setups write it."""
        return view.perm_text(self, perm, label)

    def snapshot(self) -> dict:
        """Observable state: turn, active, phase, result, stack and per player life and zones."""
        return view.snapshot(self)

    def render(self) -> str:
        """A readable picture of the state for people (traces, failing scripts)."""
        return view.render(self)

    def explain_illegal(self, action) -> tuple[str, str | None]:
        """Why an action is not legal now, with the rule number when one applies."""
        from deckkit.games.obludarium.explain import explain

        return explain(self, str(action))

    def explain_out_of_turn(self, player: int, action: str) -> tuple[str, str | None]:
        """Why ``player`` may not take ``action`` now, while the other player holds the decision."""
        from deckkit.games.obludarium.explain import out_of_turn

        return out_of_turn(self, player, action)

    def end_rule(self) -> str | None:
        """OB-108 (no life left) or OB-109 (the deck ran out) for a finished game."""
        return getattr(self, "ended_by", None)

    def malformed(self, action: str) -> str | None:
        """Why an action string can never be legal (unknown kind or card name), or None."""
        from deckkit.games.obludarium.explain import malformed

        return malformed(self, action)

    def clone(self) -> ObState:
        """An independent copy: zones, cards in play, the stack and the generator are copied; card
        facts (:class:`CardInfo`) and the game are shared, they never change."""
        twin = self._twin()
        twin.history = self.history[:]
        twin.log = self.log[:]
        return twin

    def lookahead(self) -> ObState:
        """A copy to try an action on and read the position it leads to (a pilot's look-ahead): as
        :meth:`clone`, but it starts with no history and keeps no log (no rule reads either)."""
        twin = self._twin()
        twin.logging = False
        twin.history = []
        twin.log = []
        return twin

    def _twin(self) -> ObState:
        """:meth:`clone` but for the history and the log."""
        twin = ObState.__new__(ObState)
        twin.__dict__.update(self.__dict__)
        if self.stack or self.pending or self.stolen or not self._plain_copies(twin):
            self._linked_copies(twin)
        libs, hands, discards = self.libs, self.hands, self.discards
        twin.libs = [libs[0][:], libs[1][:]]
        twin.hands = [hands[0][:], hands[1][:]]
        twin.discards = [discards[0][:], discards[1][:]]
        twin.life = self.life[:]
        twin.food_played = self.food_played[:]
        twin.extra_food = self.extra_food[:]
        twin.played = self.played[:]
        twin.dummy = self.dummy[:]
        twin._labels = self._labels[:]  # same cards, same order (tuples: shared)
        # no continuous effect in play stays so (a list of its own); else they are found again for the copies
        twin._mods = None if self._mods is None or self._mods else []
        twin.uses = None  # a clone (a pilot's look-ahead) counts nothing
        twin.pilot_note = None
        self._share_rng(twin)
        twin._listed = None
        twin._answers = None
        return twin

    def _plain_copies(self, twin: ObState) -> bool:
        """Copy both tables and the attackers into ``twin`` when no card in play refers to another (no
        blocks); False (``twin`` untouched) otherwise."""
        out = []
        new = Perm.__new__
        for table in self.tables:
            copies = []
            for perm in table:
                if perm.blockers or perm.blocking:
                    return False
                copy = new(Perm)  # Perm._copy with no reference to another card (one store each: the quickest)
                copy.info = perm.info
                copy.owner = perm.owner
                copy.tapped = perm.tapped
                copy.new = perm.new
                copy.atk = perm.atk
                copy.dfn = perm.dfn
                copy.attacking = perm.attacking
                copy.sblock = perm.sblock
                copy.blockers = copy.blocking = ()
                copy.perm_atk = perm.perm_atk
                copy.perm_dfn = perm.perm_dfn
                copy.grants = perm.grants
                copy.spent = perm.spent
                copies.append(copy)
            out.append(copies)
        attackers = []
        if self.attackers:
            active, copies = self.tables[self.active], out[self.active]
            for perm in self.attackers:  # an attacker is the active player's card in play (else linked copies)
                if perm.owner != self.active or perm not in active:
                    return False
                attackers.append(copies[active.index(perm)])
        twin.tables = out
        twin.attackers = attackers
        twin.stack = []
        return True

    def _linked_copies(self, twin: ObState) -> None:
        """Tables, attackers and the stack of ``twin``, with every reference between cards copied alike."""
        perms: dict[int, Perm] = {}
        todo: list[Perm] = []

        def copied(perm: Perm) -> Perm:
            found = perms.get(id(perm))
            if found is None:
                found = perms[id(perm)] = perm._copy()
                todo.append(found)
            return found

        twin.tables = [[copied(perm) for perm in table] for table in self.tables]
        twin.attackers = [copied(perm) for perm in self.attackers]
        twin.stack = [StackItem(i.player, i.source, None if i.perm is None else copied(i.perm), i.steps,
                                [copied(c) if isinstance(c, Perm) else c for c in i.chosen], i.text)
                      for i in self.stack]
        if self.pending:
            twin.pending = [f.copy(copied) for f in self.pending]
        if self.stolen:
            twin.stolen = tuple((copied(perm), owner, until) for perm, owner, until in self.stolen)
        while todo:  # the copies still point at the original's cards; a card out of play may be reached too
            perm = todo.pop()
            perm.blockers = tuple(copied(b) for b in perm.blockers) if perm.blockers else ()
            perm.blocking = tuple(copied(b) for b in perm.blocking) if perm.blocking else ()

    def card_count(self) -> int:
        """Cards in all zones of both players (conservation checks)."""
        return sum(len(self.libs[p]) + len(self.hands[p]) + len(self.tables[p]) + len(self.discards[p])
                   for p in (0, 1))

    def pending_choice(self) -> str | None:
        """An instant waiting for an answer, or a compulsory discard; None when settled."""
        if self.result is not None:
            return None
        if self.pending:
            return self.decision_text()
        if self.stack:
            return (f"p{self.responder + 1} must answer '{self.stack[-1].text}' "
                    "(an instant, or pass to resolve it)")
        if self.window:
            return None  # an open window is an ordinary decision: casting is optional
        if self.phase == "discard":
            return f"p{self.active + 1} must discard a card (hand-size rule, OB-909)"
        return None
