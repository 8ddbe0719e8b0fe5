"""How an Obludárium state carries out the ability language: targets, costs, triggers, continuous
effects and durations — each rule written once, here and in :mod:`~deckkit.games.obludarium.choices`
(the choices an action names, and playing them), and used by legal actions, resolution and the
pilots alike.

- **Targets** (``target`` of a step): a target chosen when the ability is played is part of the
  action (``cast Lektvar síly on Medděd and Glum``: one per step that chooses, in step order; a
  later step's ``other`` target differs from the earlier ones and from the card itself). ``every``
  and ``random`` targets are found when the step resolves (random: the chance generator). A
  triggered ability's "one" target is the first matching card in table order (it has no action).
- **Costs** of ``use CARD`` (OB-901 – OB-903): ``tap``, ``food`` (OB-701), ``sacrifice`` (this card,
  or another card of yours named in the action: ``sacrificing Glum``), ``discard`` (``discarding
  Chleba``). A sacrificed card dies before its ability resolves, so it is no target (OB-831).
- **Triggers** resolve when their event happens, in table order (the active player's cards first);
  triggers set off by triggers stop at :data:`~deckkit.engine.abilities.MAX_TRIGGER_DEPTH` with a
  log line, so a loop the checker could not see never hangs.
- **Continuous effects** are computed whenever a number is read (:meth:`attack`, :meth:`defense`,
  :meth:`cost_of`), never written into the cards; a monster whose defence is 0 or less dies (OB-827).
- **Durations**: this turn (reset at the end of the turn), its owner's next turn (until the end of
  that turn), permanently (while the card stays in play).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckkit.engine.abilities import MAX_TRIGGER_DEPTH, Count, Filter, Target
from deckkit.engine.core import Action, State, shuffled
from deckkit.engine.effects import EffectContext
from deckkit.games.obludarium.cards import FOOD, MONSTER, SPELL, CardInfo
from deckkit.games.obludarium.filters import STATE_WORDS, attackers_only, compile_test

if TYPE_CHECKING:
    from deckkit.games.obludarium.game import ObludariumGame
    from deckkit.games.obludarium.zones import Perm, StackItem

PLAY = "play"
#: Actions are values: the usual ``KIND NAME on TARGET`` of a player, made once and listed again.
_MADE: dict[tuple, Action] = {}


class ObContext(EffectContext):
    """An effect's context with the card in play it comes from and the triggering event's card and amount."""

    __slots__ = ("perm", "event_card", "event_amount")

    def __init__(self, player: int, source: Any, targets: tuple, perm: Any = None, event_card: Any = None,
                 event_amount: int = 0) -> None:
        super().__init__(player, source, targets)
        self.perm = perm
        self.event_card = event_card
        self.event_amount = event_amount


class AbilityRules(State):
    """The ability language's rules, mixed into :class:`~deckkit.games.obludarium.state.ObState`.

    Written against the whole state: its fields (set in ``ObState.__init__``) are declared here, and
    the state's own methods these rules call are declared for a type checker only.
    """

    game: ObludariumGame
    tables: list
    hands: list
    libs: list
    discards: list
    _mods: list | None  # continuous effects on sets of cards in play, rebuilt on change
    _labels: list  # per player: the table labels, once found (ObState.labels)
    uses: dict[str, int] | None
    phase: str
    turn: int
    active: int
    stack: list[StackItem]
    attackers: list[Perm]
    result: int | str | None
    trigger_depth: int

    if TYPE_CHECKING:
        def labels(self, p: int) -> list[str]: ...
        def new_perm(self, card: CardInfo, p: int, *, tapped: bool = False) -> Perm: ...
        def pay(self, p: int, amount: int) -> None: ...
        def _take_from_hand(self, p: int, name: str) -> CardInfo: ...
        def to_discard(self, perm: Perm) -> None: ...
        def _leave_play(self, perm: Perm) -> None: ...
        def run_steps(self, p: int, source: CardInfo, perm, seq, chosen: list | None, event_card,
                      event_amount: int, text: str) -> None: ...

    def note(self, card, owner: int) -> None:
        """Count one use of a card's ability by p1 (the goldfish statistic; clones count nothing)."""
        uses = self.uses
        if uses is not None and owner == 0:
            uses[card.name] = uses.get(card.name, 0) + 1

    # -- reading cards ---------------------------------------------------------------------------
    def states_of(self, perm) -> set:
        """``state`` filter values of a card in play (:data:`STATE_WORDS`)."""
        return {word for word, holds in STATE_WORDS.items() if holds(self, perm)}

    def _getter(self, card):
        if isinstance(card, CardInfo):
            info, perm = card, None
        else:
            info, perm = card.info, card

        def get(name: str) -> Any:
            if name == "type":
                return info.type
            if name == "group":
                return info.groups
            if name == "name":
                return info.name
            if name == "cost":
                return info.cost
            if name == "attack":
                return self.attack(perm) if perm is not None else info.attack
            if name == "defense":
                return self.defense(perm) if perm is not None else info.defense
            if name == "state":
                return self.states_of(perm) if perm is not None else set()
            return None
        return get

    def in_set(self, t: Target | Count, card, controller: int, source=None) -> bool:
        """Whether ``card`` (a card in play or a card's facts) is of the set (side, other, filter)."""
        facts = type(card) is CardInfo
        owner = controller if facts else card.owner
        if t.side == "own" and owner != controller or t.side == "enemy" and owner == controller:
            return False
        if t.other and source is not None and (card is source or card is getattr(source, "info", None)):
            return False
        return self.passes(t.filter, card)

    def passes(self, f: Filter, card) -> bool:
        """Whether a card (in play, or a card's facts) passes a filter (:meth:`Filter.matches` on
        :meth:`_getter`)."""
        return self.tester(f)(self, card)

    def tester(self, f: Filter):
        """``test(state, card)``: :meth:`passes` for one filter, made once per game. What a filter
        answers from printed facts alone never changes, so that answer is kept per card."""
        return self._filter_entry(f)[1]

    def _filter_entry(self, f: Filter) -> tuple:
        """(f, its test, whether only attacking cards pass it, the test's parts), made once per game."""
        memo = self.game.filter_memo
        entry = memo.get(id(f))
        if entry is None or entry[0] is not f:  # the filter itself is held, so its id stays its own
            test, parts = compile_test(f)
            entry = memo[id(f)] = (f, test, attackers_only(f), parts)
        return entry

    def _zone(self, p: int, zone: str) -> list:
        if zone == PLAY or not zone:
            return self.tables[p]
        return {"hand": self.hands, "deck": self.libs, "discard": self.discards}[zone][p]

    def count(self, c: Count, controller: int, source=None) -> int:
        """How many cards of the set ``c`` there are (a counted amount or a condition)."""
        sides = (controller,) if c.side == "own" else (1 - controller,) if c.side == "enemy" else (0, 1)
        n = 0
        for q in sides:
            for card in self._zone(q, c.zone):
                if c.other and source is not None and (card is source or card is getattr(source, "info", None)):
                    continue
                if self.passes(c.filter, card):
                    n += 1
        return n

    def holds(self, condition, controller: int, perm=None) -> bool:
        """Whether an ability's condition holds now for its controller (and its card in play)."""
        if condition is None:
            return True
        if perm is not None and not (condition.counts or condition.negated or condition.alternatives
                                     or condition.every):  # only states of its card: asked directly
            for name, value in condition.game:
                if not (name == "state" and value in STATE_WORDS and STATE_WORDS[value](self, perm)):
                    return False
            return True

        def game(name: str, value: Any) -> bool:
            return name == "state" and perm is not None and value in STATE_WORDS and STATE_WORDS[value](self, perm)

        return condition.holds(lambda c: self.count(c, controller, perm), game)

    # -- continuous effects (computed, never written into a card) --------------------------------
    def mods(self) -> list:
        """(card in play, static) of every continuous effect on a set of cards now in play."""
        found = self._mods
        if found is None:
            found = self._mods = [(perm, st, cond) for table in self.tables for perm in table
                                  for st, cond in perm.info.statics if st.cards is not None]
        return found

    def _bonus(self, perm, stat: str) -> int:
        n = 0
        for st, cond in perm.info.statics:  # this card's own modify
            if st.effect == "modify" and st.cards is None and self.holds(st.condition or cond, perm.owner, perm):
                n += st.param(stat, 0)
        for src, st, cond in self.mods():
            if st.effect == "modify" and self.in_set(st.cards, perm, src.owner, src) and \
                    self.holds(st.condition or cond, src.owner, src):
                n += st.param(stat, 0)
        return n

    def attack(self, perm) -> int:
        """A monster's attack number now: its own with this turn's and permanent changes, plus
        continuous effects (never below 0)."""
        n = perm.atk
        if perm.info.statics or self._mods is None or self._mods:
            n += self._bonus(perm, "attack")
        return n if n > 0 else 0

    def defense(self, perm) -> int:
        """A monster's defence number now (0 or less: it dies, OB-827)."""
        n = perm.dfn
        if perm.info.statics or self._mods is None or self._mods:
            n += self._bonus(perm, "defense")
        return n

    def cost_of(self, p: int, card: CardInfo) -> int:
        """What a card costs ``p`` now: its printed cost less cost changes, never below 0 (OB-D17)."""
        n = card.cost
        mods = self._mods
        if mods is None:
            mods = self.mods()
        if not mods and not card.statics:
            return n if n > 0 else 0
        for st, cond in card.statics:
            if st.effect == "cost" and st.cards is None and self.holds(st.condition or cond, p):
                n -= st.param("less", 0)
        for src, st, cond in mods:
            if st.effect == "cost" and src.owner == p and self.in_set(st.cards, card, p, src) and \
                    self.holds(st.condition or cond, p, src):
                n -= st.param("less", 0)
        return n if n > 0 else 0

    def keyword(self, perm, word: str) -> bool:
        """Whether a card has a keyword now: printed (a static) or granted for a while."""
        if not perm.grants and not perm.info.statics:
            return False
        for st, cond in perm.info.statics:
            if st.effect == "keyword" and st.param("keyword") == word and self.holds(st.condition or cond,
                                                                                   perm.owner, perm):
                return True
        return any(w == word and self.turn <= until for w, until in perm.grants)

    def deadly(self, perm) -> bool:
        """Whether a monster that fights this one dies after the fight (a fight replacement, OB-D21)."""
        return perm.info.has_static("deadly")

    # -- changes ---------------------------------------------------------------------------------
    def change_stats(self, perm, attack: int, defense: int, lasting: bool) -> None:
        """Add to a monster's numbers this turn or permanently; one left with no defence dies."""
        perm.atk = max(0, perm.atk + attack) if attack < 0 else perm.atk + attack
        perm.dfn = max(0, perm.dfn + defense) if defense < 0 else perm.dfn + defense
        if lasting:
            perm.perm_atk += attack
            perm.perm_dfn += defense
        if self.logging:  # the numbers are worked out only for the readable log
            self.say(f"{perm.info.name} is now {self.attack(perm)}/{self.defense(perm)}")
        self.check_deaths()

    def check_deaths(self) -> None:
        """OB-827: a monster with no defence left dies (after any change, including a lost continuous effect)."""
        for table in self.tables:
            for perm in table:
                if perm.info.type == MONSTER and self.defense(perm) <= 0:
                    break
            else:
                continue  # nobody here dies: no copy of the table to walk
            for perm in list(table):
                if perm.info.type == MONSTER and perm in table and self.defense(perm) <= 0:
                    self.say(f"{perm.info.name} has no defence left and dies")
                    self.to_discard(perm)

    def grant(self, perm, word: str, duration: str) -> None:
        """A keyword for a while: this turn, its owner's next turn, or permanently (while in play)."""
        if duration == "next-turn":
            until = self.turn + (2 if perm.owner == self.active else 1)
        elif duration == "permanent":
            until = 10**9
        else:
            until = self.turn
        perm.grants = (*perm.grants, (word, until))
        self.say(f"{perm.info.name} {word.replace('-', ' ')} until the end of turn {until}"
                 if until < 10**9 else f"{perm.info.name} {word.replace('-', ' ')} permanently")

    def to_hand(self, perm) -> None:
        """A card in play goes back to its owner's hand (it leaves play; it does not die)."""
        if perm in self.tables[perm.owner]:
            self._leave_play(perm)
            self.hands[perm.owner].append(perm.info)
            self.say(f"{perm.info.name} returns to p{perm.owner + 1}'s hand")
            self.check_deaths()

    def from_deck(self, p: int, card: CardInfo, to: str, tapped: bool, ctx) -> None:
        """The searched card leaves the deck for play (tapped, if the step says so) or the hand."""
        lib = self.libs[p]
        if card not in lib:
            return
        lib.remove(card)
        if to == "hand":
            self.hands[p].append(card)
            self.say(f"p{p + 1} puts {card.name} from the deck into the hand")
            return
        perm = self.new_perm(card, p, tapped=tapped)
        self.say(f"p{p + 1} puts {card.name} from the deck into play" + (" tapped" if tapped else ""))
        self.entered(perm)

    def shuffle_deck(self, p: int) -> None:
        """Shuffle a deck with the chance generator (seeded; a script may fix it)."""
        self.libs[p] = shuffled(self.libs[p], self.rng)
        self.say(f"p{p + 1} shuffles the deck")

    def counter_spell(self, p: int) -> None:
        """The opponent's latest spell on the stack has no effect (it is already in the discard pile, OB-356)."""
        for i in range(len(self.stack) - 1, -1, -1):
            item = self.stack[i]
            if item.player != p and item.source.type == SPELL:
                del self.stack[i]
                self.say(f"{item.source.name} has no effect: countered (OB-907)")
                return
        self.say("no spell of the opponent to counter")

    def counterable(self, p: int) -> bool:
        return any(i.player != p and i.source.type == SPELL for i in self.stack)

    def players_of(self, step, ctx) -> tuple[int, ...]:
        """The players a step affects (you, your opponent, each player)."""
        who = step.player
        return (ctx.player,) if who == "you" else (1 - ctx.player,) if who == "opponent" else (0, 1)

    def amount(self, step, ctx) -> int:
        """A step's amount now: fixed, counted from the state, or the event's amount."""
        a = step.amount
        if a.count is None and not a.from_event:
            return a.fixed
        return a.value(lambda c: self.count(c, ctx.player, ctx.perm), ctx.event_amount)

    # -- events and triggers ---------------------------------------------------------------------
    def entered(self, perm) -> None:
        """A card has entered play: ``enters`` (and ``food-laid`` for a food)."""
        if self.game.watched:
            self.emit("enters", perm, perm.owner)
            if perm.info.type == FOOD:
                self.emit("food-laid", perm, perm.owner)

    def emit(self, event: str, card, owner: int, amount: int = 0) -> None:
        """An event happened: every trigger watching it resolves now, the active player's cards first."""
        if self.result is not None:
            return
        watchers = [perm for q in (self.active, 1 - self.active) for perm in self.tables[q] if event in perm.info.events]
        if card is not None and not isinstance(card, CardInfo) and event in card.info.events and card not in watchers:
            watchers.append(card)  # a card's own "dies" trigger fires from the discard pile
        for perm in watchers:
            for on, ab in perm.info.triggers:
                if on == event and self._sets_off(ab.trigger, event, perm, card, owner) and \
                        self.holds(ab.condition, perm.owner, perm):
                    self._fire(perm, ab, card, amount)

    def _sets_off(self, trigger, event: str, perm, card, owner: int) -> bool:
        if card is None or event == "food-laid":  # events of a side: whose turn, whose food
            mine = owner == perm.owner
            return trigger.who == "any" or (trigger.who == "self") == mine
        if trigger.who == "self":
            return card is perm
        if trigger.who == "other" and card is perm:
            return False
        return self.in_set(Target("every", trigger.side, PLAY, False, trigger.filter), card, perm.owner)

    def _fire(self, perm, ab, card, amount: int) -> None:
        if self.trigger_depth >= MAX_TRIGGER_DEPTH:
            self.say(f"{perm.info.name}: its {ab.trigger.on} trigger is not resolved — triggers set off by "
                     f"triggers stop at {MAX_TRIGGER_DEPTH} (a loop of triggers)")
            return
        self.trigger_depth += 1
        try:
            self.say(f"{perm.info.name} triggers ({ab.trigger.on})")
            self.note(perm.info, perm.owner)
            seq = ab.sequences[0] if ab.sequences else ()
            self.run_steps(perm.owner, perm.info, perm, seq, None, card, amount, perm.info.name)
        finally:
            self.trigger_depth -= 1
