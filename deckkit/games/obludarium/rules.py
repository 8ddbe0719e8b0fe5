"""How an Obludárium state carries out the ability language: targets, costs, triggers, continuous
effects and durations — each rule written once, here, in :mod:`~deckkit.games.obludarium.choices`
(the choices an action names, and playing them) and in :mod:`~deckkit.games.obludarium.events`
(events, triggers, once-each-turn memory and replacements), and used by legal actions, resolution
and the pilots alike.

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
  log line, so a loop the checker could not see never hangs. An event of a player (the turn's start
  or end, a cast, a food laid, a loss of life) is whose by ``who`` (self: the card's controller's,
  other: the opponent's, any: either's, narrowed by ``side``), and its ``filter`` reads the event's
  card (the spell cast, the food, the card causing the loss).
- **Once each turn** (``per_turn``): a card in play remembers which of its abilities it used this
  turn (``Perm.spent``); the memory ends with the turn. "The first … each turn" reads the cards each
  player laid out or cast this turn (``played``), kept only when a card of the game asks.
- **Replacements** (``replace``): when a monster would die or a player would lose life, the first
  replacement in play that watches it (the active player's cards first) happens instead: its steps
  (the event's card is "it"), nothing (``prevent``), or a smaller amount (``less``: every such
  replacement counts, never below 0). The replaced event's own triggers do not fire, and a
  replacement does not apply again to the event it replaced.
- **Continuous effects** are computed whenever a number is read (:meth:`attack`, :meth:`defense`,
  :meth:`cost_of`), never written into the cards; a monster whose defence is 0 or less dies (OB-827).
- **Durations**: this turn (reset at the end of the turn), its owner's next turn (until the end of
  that turn), permanently (while the card stays in play).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from deckkit.engine.abilities import Count, Filter, Target
from deckkit.engine.core import Action, State, shuffled
from deckkit.engine.effects import EffectContext
from deckkit.games.obludarium.cards import MONSTER, SPELL, CardInfo
from deckkit.games.obludarium.filters import STATE_WORDS, attackers_only, compile_test
from deckkit.games.obludarium.language import KEYWORDS

if TYPE_CHECKING:
    from deckkit.games.obludarium.game import ObludariumGame
    from deckkit.games.obludarium.zones import Perm, StackItem

PLAY = "play"
#: (card in play, number) whose continuous effects are being worked out now (:meth:`AbilityRules._bonus`).
_READING: set[tuple[int, str]] = set()
#: Actions are values: the usual ``KIND NAME on TARGET`` of a player, made once and listed again.
_MADE: dict[tuple, Action] = {}


class ObContext(EffectContext):
    """An effect's context with the card in play it comes from, the triggering event's card, amount
    and player, the cards each earlier step of the sequence acted on (``refs``), the answers to the
    step's own questions (``answers``) and, when an effect sets it, the cards it acted on (``acted``)."""

    __slots__ = ("perm", "event_card", "event_amount", "event_player", "refs", "answers", "acted", "willing")

    def __init__(self, player: int, source: Any, targets: tuple, perm: Any = None, event_card: Any = None,
                 event_amount: int = 0) -> None:
        super().__init__(player, source, targets)
        self.perm = perm
        self.event_card = event_card
        self.event_amount = event_amount
        self.event_player = player
        self.refs: list = []
        self.answers: Any = ()
        self.acted: tuple | None = None
        self.willing: tuple | None = None  # "each player may …": the players who said yes (None: no such choice)


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
    _modifiers: tuple  # those of _mods that modify numbers (valid while _mods is not None)
    _labels: list  # per player: the table labels, once found (ObState.labels)
    uses: dict[str, int] | None
    phase: str
    turn: int
    active: int
    stack: list[StackItem]
    attackers: list[Perm]
    result: int | str | None
    trigger_depth: int
    stolen: tuple  # (card in play, its owner, last turn): control changed (pending.DecisionRules)
    food_played: list[bool]
    played: list[tuple]  # per player: the cards laid out or cast this turn (when a card of the game asks)
    extra_food: list[int]  # per player: food laid out this turn beyond the first (OB-D47)
    replacing: tuple  # the cards whose death is being replaced now (a replacement applies once)

    if TYPE_CHECKING:
        def labels(self, p: int) -> tuple[str, ...]: ...
        def new_perm(self, card: CardInfo, p: int, *, tapped: bool = False) -> Perm: ...
        def pay(self, p: int, amount: int) -> None: ...
        def _take_from_hand(self, p: int, name: str) -> CardInfo: ...
        def to_discard(self, perm: Perm) -> None: ...
        def entered(self, perm: Perm) -> None: ...
        def lose_life(self, p: int, amount: int, why: str, cause=None) -> int: ...
        def gain_life(self, p: int, amount: int, cause=None) -> None: ...
        def check_decks(self, *players: int) -> None: ...
        def _leave_play(self, perm: Perm) -> None: ...
        def table_changed(self, p: int) -> None: ...
        def released(self, perm: Perm) -> int: ...
        def run_steps(self, p: int, source: CardInfo, perm, seq, chosen: list | None, event_card,
                      event_amount: int, text: str, event_player: int = -1) -> None: ...
        def ask_mode(self, p: int, text: str, ab, args: tuple) -> None: ...

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
        """(card in play, static, condition) of every continuous effect on a set of cards now in play,
        and of every one on its controller (more food)."""
        found = self._mods
        if found is None:
            found = self._mods = [(perm, st, cond) for table in self.tables for perm in table
                                  for st, cond in perm.info.statics
                                  if st.cards is not None or st.effect == "more-food"]
            self._modifiers = tuple(m for m in found if m[1].effect == "modify")
        return found

    def _bonus(self, perm, stat: str) -> int:
        """What continuous effects add to a number of ``perm``. While they are being worked out for it,
        its number reads without them: a set, count or condition that asks the number it changes
        ("monsters with attack 0 get +3 attack") reads the number before the change, never itself."""
        if self._mods is None:
            self.mods()
        modifiers = self._modifiers
        statics = perm.info.statics
        if not modifiers:  # no modify in play: only the card's own may add (most cards have none)
            for st, _ in statics:
                if st.effect == "modify" and st.cards is None:
                    break
            else:
                return 0
        key = (id(perm), stat)
        if key in _READING:
            return 0
        _READING.add(key)
        try:
            n = 0
            for st, cond in statics:  # this card's own modify
                if st.effect == "modify" and st.cards is None and self.holds(st.condition or cond, perm.owner, perm):
                    n += self._number(st.param(stat, 0), perm.owner, perm)
            for src, st, cond in modifiers:
                if self.in_set(st.cards, perm, src.owner, src) and self.holds(st.condition or cond, src.owner, src):
                    n += self._number(st.param(stat, 0), src.owner, src)
            return n
        finally:
            _READING.discard(key)

    def _number(self, value, controller: int, source) -> int:
        """A continuous effect's number: fixed, or counted now for its controller (OB-D40, OB-D41)."""
        if type(value) is int:
            return value
        return value.value(lambda c: self.count(c, controller, source))

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

    def cost_of(self, p: int, card: CardInfo, sources: list | None = None) -> int:
        """What a card costs ``p`` now: its printed cost with cost changes (less or more, fixed or
        counted; of the set's side: whose cards; "the first … each turn"), never below 0 (OB-D17).
        ``sources`` (if given) gets (card, controller) of each change that applies (the statistics)."""
        n = card.cost
        mods = self._mods
        if mods is None:
            mods = self.mods()
        if not mods and not card.statics:
            return n if n > 0 else 0
        for st, cond in card.statics:  # the card's own change, read in hand: its controller is p
            if st.effect == "cost" and st.cards is None and self.holds(st.condition or cond, p) and \
                    (not st.param("first") or not self.played[p]):
                n -= self._cost_change(st, p, card)
                if sources is not None:
                    sources.append((card, p))
        for src, st, cond in mods:
            if st.effect != "cost":
                continue
            t = st.cards
            mine = src.owner == p
            if (t.side == "own" and not mine) or (t.side == "enemy" and mine):
                continue  # whose cards the change is about (issue 10: the side was dropped)
            if t.other and card is src.info or not self.passes(t.filter, card):
                continue
            if st.param("first") and any(self.passes(t.filter, c) for c in self.played[p]):
                continue  # OB-D34: p has laid out or cast one of the set this turn
            if self.holds(st.condition or cond, src.owner, src):
                n -= self._cost_change(st, src.owner, src)
                if sources is not None:
                    sources.append((src.info, src.owner))
        return n if n > 0 else 0

    def note_cost(self, p: int, card: CardInfo) -> int:
        """What ``card`` costs ``p`` as it is paid, counting each cost change that applies as its card's use."""
        if self.uses is None:
            return self.cost_of(p, card)
        sources: list = []
        n = self.cost_of(p, card, sources)
        for info, owner in sources:
            self.note(info, owner)
        return n

    def _cost_change(self, st, controller: int, source) -> int:
        """How much less a cost change makes a cost (negative: more)."""
        less, more = st.param("less", 0), st.param("more", 0)
        return (self._number(less, controller, source) if less else 0) - \
            (self._number(more, controller, source) if more else 0)

    def more_food(self, p: int) -> int:
        """How many food beyond the rules' one ``p`` may lay out each turn (OB-D47)."""
        n = 0
        for src, st, cond in self.mods():
            if st.effect == "more-food" and src.owner == p and self.holds(st.condition or cond, p, src):
                n += st.param("more", 1)
        return n

    def note_more_food(self, p: int) -> None:
        """Count the use of the card that let ``p`` lay out one more food (the goldfish statistic)."""
        for src, st, cond in self.mods():
            if st.effect == "more-food" and src.owner == p and self.holds(st.condition or cond, p, src):
                self.note(src.info, p)
                return

    def may_lay_food(self, p: int) -> bool:
        """Whether ``p`` may lay out a food now: one each turn, more with more-food (OB-D47)."""
        if not self.food_played[p]:
            return True
        mods = self._mods
        if mods is not None and not mods:
            return False
        return self.extra_food[p] < self.more_food(p)

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
        """Whether a monster that fights this one dies after the fight (a fight replacement, OB-D21),
        the static's condition holding ("while it blocks")."""
        if not perm.info.statics:
            return False
        return any(st.effect == "deadly" and self.holds(st.condition or cond, perm.owner, perm)
                   for st, cond in perm.info.statics)

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
        mods = self._mods
        plain = mods is not None and not mods  # no continuous effect in play: a card's defence is its own
        for table in self.tables:
            for perm in table:
                info = perm.info
                if info.type == MONSTER and (perm.dfn if plain and not info.statics else self.defense(perm)) <= 0:
                    break
            else:
                continue  # nobody here dies: no copy of the table to walk
            for perm in list(table):
                if perm.info.type == MONSTER and perm in table and self.defense(perm) <= 0:
                    self.say(f"{perm.info.name} has no defence left and dies")
                    self.to_discard(perm)

    def grant(self, perm, word: str, duration: str, abilities: Any = None) -> None:
        """A keyword for a while: this turn, its owner's next turn, or permanently (while in play). A
        designer keyword brings its abilities (``abilities``, as the card's import put them in the step):
        the card's facts have them while the keyword holds (:meth:`regrant`)."""
        if duration == "next-turn":
            until = self.turn + (2 if perm.owner == self.active else 1)
        elif duration == "permanent":
            until = 10**9
        else:
            until = self.turn
        perm.grants = (*perm.grants, (word, until))
        if abilities:
            self.game.granted.setdefault(word, tuple(abilities))
            self.regrant(perm)
        if self.logging:  # "Hejkal can block two attacks each turn until the end of turn 3"
            said = KEYWORDS.get(word, word.replace("-", " "))
            self.say(f"{perm.info.name} {said} until the end of turn {until}"
                     if until < 10**9 else f"{perm.info.name} {said} permanently")

    def regrant(self, perm) -> None:
        """Give a card in play the facts of its printed card plus the abilities of the designer keywords
        granted to it that still hold (none: the printed card again). Facts are found once per set of keywords."""
        printed = perm.info.printed or perm.info
        granted = self.game.granted
        words = tuple(dict.fromkeys(w for w, until in perm.grants if w in granted and self.turn <= until))
        info = printed
        if words:
            found = self.game.granted_infos.get((printed.id, words))
            if found is None:
                card = self.game.cards[printed.id]
                extra = [{**a, "keyword": w} for w in words for a in granted[w]]
                found = replace(CardInfo.from_dict({**card, "abilities": [*card.get("abilities", ()), *extra]}),
                                printed=printed)
                self.game.granted_infos[(printed.id, words)] = found
                self.game.watched = self.game.watched or bool(found.triggers)
                self.game.watching = self.game.watching | found.events
                self.game.replaced = self.game.replaced | {on for on, _ in found.replacements}
                self.game.remembers = self.game.remembers or found.remembers
            info = found
        if info is not perm.info:
            perm.info = info
            self.table_changed(perm.owner)
            self.check_deaths()

    def grants_lapse(self) -> None:
        """A turn ended: cards whose granted designer keywords ended go back to their printed abilities."""
        if self.game.granted:
            for table in self.tables:
                for perm in list(table):
                    if perm.info.printed is not None:
                        self.regrant(perm)

    def to_hand(self, perm) -> None:
        """A card in play goes back to its owner's hand (it leaves play; it does not die)."""
        if perm in self.tables[perm.owner]:
            self._leave_play(perm)
            owner = self.released(perm) if self.stolen else perm.owner
            self.hands[owner].append(perm.info.printed or perm.info)
            self.say(f"{perm.info.name} returns to p{owner + 1}'s hand")
            self.check_deaths()

    def from_deck(self, p: int, card: CardInfo, to: str, tapped: bool, ctx) -> None:
        """The searched card leaves the deck for play (tapped, if the step says so) or the hand."""
        lib = self.libs[p]
        if card not in lib:
            return
        lib.remove(card)
        self.check_decks(p)  # OB-109: the search may have taken the deck's last card
        if to == "hand":
            self.hands[p].append(card)
            if self.logging:
                self.tell(p, f"p{p + 1} puts {card.name} from the deck into the hand",
                          f"p{p + 1} puts a card from the deck into the hand")
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
        """The players a step affects: you, your opponent, each player, the owner of the card the step
        reads (its ``ref``, else its target, else the event's card) or the event's player — of them,
        only those who said yes when each affected player chose ("each player may …")."""
        if ctx.willing is not None:
            return ctx.willing
        return self._players(step, ctx)

    def _players(self, step, ctx) -> tuple[int, ...]:
        who = step.player
        if who == "you":
            return (ctx.player,)
        if who == "opponent":
            return (1 - ctx.player,)
        if who == "owner":
            card = self.card_read(step.ref, ctx, own=True)
            return () if card is None else (self.owner_of(card, ctx.player),)
        if who == "that-player":
            return (ctx.event_player,)
        return (0, 1)

    def card_read(self, ref: int, ctx, own: bool = False) -> Any:
        """The card a step reads: the first card step ``ref`` acted on (1-based), else (``own``) the
        step's first target, else the triggering event's card; None when there is none."""
        refs = ctx.refs
        if ref and 0 < ref <= len(refs):
            return refs[ref - 1][0] if refs[ref - 1] else None
        if own and ctx.targets:
            return ctx.targets[0]
        return ctx.event_card

    def owner_of(self, card, default: int) -> int:
        """Whose a card is: a card in play's owner, a card out of play's player (``Held``)."""
        if isinstance(card, CardInfo):
            return default
        home = getattr(self, "home_of", None)
        if home is not None and hasattr(card, "tapped"):
            return home(card)
        return card.owner

    def amount(self, step, ctx) -> int:
        """A step's amount now: fixed, counted from the state, the event's amount or a number of a
        card an earlier step acted on ("life equal to its attack")."""
        a = step.amount
        if not a.dynamic:
            return a.fixed
        return a.value(lambda c: self.count(c, ctx.player, ctx.perm), ctx.event_amount,
                       lambda am: self._stat(am, step, ctx))

    def _stat(self, a, step, ctx) -> int:
        card = self.card_read(a.ref or step.ref, ctx)
        if card is None:
            return 0
        info = card if isinstance(card, CardInfo) else card.info
        if a.stat in ("attack", "defense") and hasattr(card, "tapped"):  # a card in play: its number now
            return self.attack(card) if a.stat == "attack" else max(0, self.defense(card))
        return int(getattr(info, a.stat, 0) or 0)
