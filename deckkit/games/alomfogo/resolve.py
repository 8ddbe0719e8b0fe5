"""Carrying out an Álomfogó ability step by step, pausing for the decisions its steps ask of a player.

A mixin of :class:`~deckkit.games.alomfogo.state.AlomfogoState`. An ability is carried out by a
:class:`Resolution`: its steps in order, each with its own targets and amount. A step asks for a
decision when it has a target "of your choice" that was not named when the card was played (every
chosen target of a triggered ability, AF-385: the player using it chooses), when it is optional ("you
may", answered ``choose yes`` / ``choose no``, or ``choose nothing`` beside the cards it could take), or
when each affected player chooses for themselves (``chooser: "player"``). The state then pauses in the
``decide`` phase: :meth:`Resolver.current_chooser` is the player deciding, each option is one legal
``choose …`` action, and the rest of the ability (and of the turn) waits. A step with exactly one
option that is not optional is resolved without asking; nothing is ever taken as "the first in table
order".

Triggered abilities that may ask wait in :attr:`queue` until the action that set them off is over
(then :meth:`Resolver.settle` carries them out in the order they triggered); those that cannot ask are
carried out at once, as the rules always have. Replacements ("if it would become damaged, it becomes
resting instead") are read here too (:meth:`Resolver.become`).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from deckkit.engine.abilities import Ability, Step
from deckkit.engine.core import Action, chance
from deckkit.engine.effects import REGISTRY
from deckkit.games.alomfogo.cards import may_ask, named_when_played
from deckkit.games.alomfogo.effects import Context
from deckkit.games.alomfogo.rulebase import RulesBase
from deckkit.games.alomfogo.zones import DAMAGED, DECIDE, OVER, RESTING, Choice, CopyPerm, Duel, Perm

if TYPE_CHECKING:
    from deckkit.games.alomfogo.cards import CardDef

__all__ = ["Resolution", "Resolver", "may_ask", "named_when_played"]

YES, NO, NOTHING = ("yes",), ("no",), ("nothing",)
MODE = Step("mode")  # the decision of a modal ability's mode, made when it resolves (a trigger's, a used one's)
_WAIT = object()  # a step's decision is not made yet


def _map(thing: Any, perm: CopyPerm) -> Any:
    return perm(thing) if isinstance(thing, Perm) else thing


def _pairs(pairs: Any, perm: CopyPerm) -> tuple:
    return tuple((o, _map(t, perm)) for o, t in pairs)


class Resolution:
    """One ability being carried out: its context, the steps of its (chosen) sequence, the next step
    (``at``), the targets named when it was played (``picks``), what each step acted on (``acted``,
    read by references), whether the last optional step was done, the players deciding the current
    step and their answers so far, the duel a duel trigger is about (``fought``) and an ability it uses
    (``inner``, AF-D30)."""

    __slots__ = ("ctx", "ability", "steps", "at", "picks", "acted", "done", "choosers", "answers", "fought",
                 "inner", "started")

    def __init__(self, ctx: Context, ability: Ability, steps: tuple[Step, ...] | None, picks: list,
                 fought: Duel | None = None) -> None:
        self.ctx = ctx
        self.ability = ability
        self.steps = steps
        self.at = 0
        self.picks = picks
        self.acted: list[tuple] = []
        self.done = False
        self.choosers: list[int] | None = None
        self.answers: list[tuple] = []
        self.fought = fought
        self.inner: Resolution | None = None
        self.started = False

    def copy(self, perm: CopyPerm) -> Resolution:
        """A copy for a cloned state, its cards in play mapped by ``perm``."""
        twin = Resolution.__new__(Resolution)
        twin.ctx = self.ctx.copy(perm)
        twin.ability, twin.steps, twin.at, twin.done, twin.started = (self.ability, self.steps, self.at, self.done,
                                                                      self.started)
        twin.picks = list(_pairs(self.picks, perm))
        twin.acted = [_pairs(a, perm) for a in self.acted]
        twin.ctx.acted = twin.acted
        twin.choosers = None if self.choosers is None else self.choosers[:]
        twin.answers = [a if a[0] != "card" else ("card", a[1], _map(a[2], perm)) for a in self.answers]
        twin.fought = self.fought.copy(perm) if self.fought is not None else None
        twin.inner = self.inner.copy(perm) if self.inner is not None else None
        return twin

    def waiting(self) -> Resolution:
        """The innermost resolution (an ability used by this one waits first)."""
        res = self
        while res.inner is not None:
            res = res.inner
        return res


def first_steps(ability: Ability) -> tuple[Step, ...] | None:
    """The steps of an ability carried out without a choice named in an action: its one sequence, or None
    when it has modes (the mode is then a decision, never the first in order)."""
    if len(ability.modes) > 1:
        return None
    return ability.sequences[0] if ability.sequences else ()


class Resolver(RulesBase):
    """The resolution of abilities and the decisions they ask for (a mixin of the state)."""

    queue: list[Resolution]
    fought: Duel | None
    resume_phase: str
    after: str
    replacing: frozenset

    if TYPE_CHECKING:
        def candidates(self, ctx: Context, target: Any, owners: list[int] | None = None) -> list[tuple]: ...
        def affected_players(self, ctx: Context, who: str, step: Step | None = None) -> list[int]: ...
        def enemies(self, ctx: Context) -> list[int]: ...
        def holds(self, ctx: Context, cond: Any, subject: Any = None) -> bool: ...
        def count_cards(self, ctx: Context, what: Any) -> int: ...
        def card_field(self, thing: Any, name: str, role: str | None = None) -> Any: ...
        def target_label(self, p: int, owner: int, thing: Any) -> str: ...
        def finish_turn(self) -> None: ...

    # -- carrying out -----------------------------------------------------------------------------------
    def carry_out(self, ctx: Context, ability: Ability, choice: Choice | None = None) -> None:
        """Carry out an ability: its condition, then its (chosen mode's) steps in order, each with its own
        targets and amount. When a step waits for a decision the rest waits with it, ahead of the
        triggered abilities waiting already (:meth:`settle` goes on once the action is over)."""
        seqs = ability.sequences
        choice = choice or Choice()
        if choice.opponent is not None:
            ctx.opponent = choice.opponent
        ctx.order = choice.order
        steps = seqs[choice.mode if choice.mode < len(seqs) else 0] if seqs else ()
        if id(ability) in self.game.pool.plain:
            self._run_plain(ctx, ability, steps, list(choice.targets))
            return
        res = Resolution(ctx, ability, steps, list(choice.targets), self.fought)
        if not self._run(res):
            self.queue.insert(0, res)

    def _run_plain(self, ctx: Context, ability: Ability, steps: tuple[Step, ...], picks: list) -> None:
        """An ability that asks nothing and refers to no earlier step, carried out at once (the common case,
        as :meth:`_run` would, without keeping what each step acted on)."""
        if not self.holds(ctx, ability.condition):
            if self.logging:
                self.note(f"  {ctx.card.name}: its condition does not hold, nothing happens")
            return
        if not steps:
            return
        self.count_use(ctx.card)
        effects = REGISTRY["alomfogo"]
        for step in steps:
            ctx.targets = self.step_targets(ctx, step, picks)
            ctx.amount = step.amount.value(lambda c: self.count_cards(ctx, c),
                                           ctx.event[2] if ctx.event is not None and len(ctx.event) > 2 else 0)
            effects[step.effect].handler(self, ctx, step)
            if self.result is not None or not self.players[ctx.player].alive:
                return

    def queue_trigger(self, ctx: Context, ability: Ability) -> None:
        """A triggered ability that may ask a player something waits until the action is over."""
        self.queue.append(Resolution(ctx, ability, first_steps(ability), [], self.fought))

    def _run(self, res: Resolution) -> bool:
        """Carry ``res`` on; False when it waits for a decision (the state's decision is then its)."""
        ctx = res.ctx
        fought, self.fought = self.fought, res.fought
        try:
            if not res.started:
                res.started = True
                if not self.holds(ctx, res.ability.condition):
                    if self.logging:
                        self.note(f"  {ctx.card.name}: its condition does not hold, nothing happens")
                    return True
                if res.steps is not None and not res.steps:
                    return True
                self.count_use(ctx.card)
            if res.steps is None:  # the mode is the player's decision
                if not res.answers:
                    res.choosers = [ctx.player]
                    return False
                res.steps = res.ability.modes[res.answers[0][1]]
                res.choosers, res.answers = None, []
            ctx.acted = res.acted
            if res.inner is not None:
                if not self._run(res.inner):
                    return False
                res.inner = None
                res.at += 1
            while res.at < len(res.steps):
                if self.result is not None or not self.players[ctx.player].alive:
                    return True
                step = res.steps[res.at]
                if res.choosers is None:
                    if not self._step_runs(res, step):
                        res.acted.append(())
                        res.at += 1
                        continue
                    res.choosers = self._choosers(ctx, step) if self._asks(res, step) else []
                    res.answers = []
                while len(res.answers) < len(res.choosers):
                    answer = self._auto(res, step)
                    if answer is _WAIT:
                        return False
                    res.answers.append(answer)
                res.choosers = None
                if step.optional:
                    res.done = any(a is not NO and a is not NOTHING for a in res.answers)
                    if not res.done:
                        res.acted.append(())
                        res.at += 1
                        continue
                if not self._do_step(res, step):
                    return False
                res.at += 1
            return True
        finally:
            self.fought = fought

    def _step_runs(self, res: Resolution, step: Step) -> bool:
        """A step's ``if``: "if you do" (the last optional step was done) or a card an earlier step acted on
        matching a filter ("if it is a dreamwalker", AF-D27)."""
        cond = step.only_if
        if not cond:
            return True
        if cond[0] == "done":
            return res.done
        n, f = cond[1], cond[2]
        acted = res.acted[n - 1] if 0 < n <= len(res.acted) else ()
        return any(f.matches(lambda name, thing=thing: self.card_field(thing, name)) for _, thing in acted)

    def _asks(self, res: Resolution, step: Step) -> bool:
        if step.effect == "order-top" and not res.ctx.order:  # an order nobody stated when it was played
            return True
        return step.optional or step.target is not None and step.target.chosen and not (
            named_when_played(step) and res.picks)

    def _choosers(self, ctx: Context, step: Step) -> list[int]:
        """Who decides the step: you, your opponent, or each player it affects for themselves."""
        if step.chooser == "you":
            who = [ctx.player]
        elif step.chooser == "opponent":
            who = self.enemies(ctx)[:1]
        else:
            t = step.target
            if t is not None and t.choose not in ("self", "it", "ref"):
                side = t.side
                who = [ctx.player] if side == "own" else self.enemies(ctx) if side == "enemy" else \
                    [i for i in self.affected_players(ctx, "each")]
            else:
                who = self.affected_players(ctx, step.player, step)
        count = step.target.count if step.target is not None and step.target.chosen else 1
        return [p for p in who for _ in range(count)]

    def step_options(self, res: Resolution, step: Step, chooser: int) -> list[tuple[str, tuple]]:
        """``(words, answer)`` for each way ``chooser`` can decide the step now, in seat and zone order."""
        if step is MODE:
            return [(f"mode {i + 1}", ("mode", i)) for i in range(len(res.ability.modes))]
        out: list[tuple[str, tuple]] = []
        t = step.target
        if t is not None and t.chosen:
            owners = [chooser] if step.chooser == "player" else \
                self.affected_players(res.ctx, "opponent") if step.player == "opponent" else None
            taken = [a[2] for a in res.answers if a[0] == "card"]
            seen: set[str] = set()
            for owner, thing in self.candidates(res.ctx, t, owners):
                if any(thing is x for x in taken):
                    continue
                label = self.target_label(chooser, owner, thing)
                if label not in seen:  # identical cards in a hand are one choice
                    seen.add(label)
                    out.append((label, ("card", owner, thing)))
            if step.optional:
                out.append(("nothing", NOTHING))
        elif step.optional:
            out += [("yes", YES), ("no", NO)]
        elif step.effect == "order-top":  # AF-D13's kind in a trigger: each order of the top cards, top first
            n = step.amount.value(lambda c: self.count_cards(res.ctx, c))
            top = [c.name for c in self.players[res.ctx.player].library[::-1][:n]]
            out += [(", ".join(order), ("order", order)) for order in sorted(set(itertools.permutations(top)))]
        return out

    def _auto(self, res: Resolution, step: Step) -> Any:
        """The answer when there is nothing to decide (one option, not optional; or none), else _WAIT."""
        chooser = res.choosers[len(res.answers)] if res.choosers else res.ctx.player
        options = self.step_options(res, step, chooser)
        if not options:
            return NOTHING
        if len(options) == 1 and (not step.optional or options[0][1] is NOTHING):
            return options[0][1]
        return _WAIT

    def _do_step(self, res: Resolution, step: Step) -> bool:
        """Carry out one step with its targets and amount; False when an ability it uses waits (AF-D30)."""
        ctx = res.ctx
        answered = [(a[1], a[2]) for a in res.answers if a[0] == "card"]
        asked = step.target is not None and step.target.chosen and self._asks(res, step)
        ctx.targets = tuple(answered) if asked else self.step_targets(ctx, step, res.picks)
        ctx.amount = step.amount.value(lambda c: self.count_cards(ctx, c),
                                       ctx.event[2] if ctx.event is not None and len(ctx.event) > 2 else 0,
                                       lambda a: self._stat(ctx, a, step))
        ctx.used = None
        for a in res.answers:
            if a[0] == "order":
                ctx.order = a[1]
        REGISTRY["alomfogo"][step.effect].handler(self, ctx, step)
        res.acted.append(ctx.targets)
        res.answers = []
        used = ctx.used
        if used is not None:
            ctx.used = None
            if not self._run(used):
                res.inner = used
                return False
        return True

    def _stat(self, ctx: Context, amount: Any, step: Step) -> int:
        """A number (``attack`` …) of the card an amount reads: step ``ref``'s, else the event's card."""
        n = amount.ref or step.ref
        acted = ctx.acted[n - 1] if n and 0 < n <= len(ctx.acted) else ()
        thing = acted[0][1] if acted else ctx.event[1] if ctx.event is not None else None
        value = self.card_field(thing, amount.stat) if thing is not None else 0
        return int(value or 0)

    def step_targets(self, ctx: Context, step: Step, picks: list) -> tuple:
        """The cards a step acts on that nobody decides now: this card, the event's card, an earlier
        step's cards, a target named when the card was played, every card that fits, a random one."""
        t = step.target
        if t is None:
            return ()
        if t.choose == "self":
            return ((ctx.player, ctx.perm),) if ctx.perm is not None else ()
        if t.choose == "it":
            return (self._followed(*ctx.event[:2]),) if ctx.event is not None and ctx.event[1] is not None else ()
        if t.choose == "ref":  # an earlier step's cards, where they are now (a card put in the cage is found there)
            return tuple(self._followed(o, c) for o, c in ctx.acted[t.ref - 1]) if 0 < t.ref <= len(ctx.acted) else ()
        owners = self.affected_players(ctx, "opponent") if step.player == "opponent" else None
        if t.chosen:
            return (picks.pop(0),) if picks else ()
        found = self.candidates(ctx, t, owners)
        if t.choose == "random":  # AF-D12: chance picks from a hidden hand, from the seeded chance generator
            out = []
            for _ in range(min(t.count, len(found))):
                labels = [self.target_label(ctx.player, o, c) for o, c in found]
                pick = chance(self.rng, "random card", labels)  # a script may fix it
                out.append(found.pop(labels.index(pick)))
            return tuple(out)
        return tuple(found)

    def _followed(self, holder: int, thing: Any) -> tuple:
        """The event's card where it is now: a duelist that lost went from play to its owner's spell
        cage before the duel's triggers resolve, so "when it wins as the defender, the attacking
        dreamwalker returns to its owner's hand" finds it there (the copy last put in, AF-754)."""
        if isinstance(thing, Perm) and thing not in self.players[holder].table:
            owner = self.owner_of(holder, thing)
            cage = self.players[owner].cage
            for card in reversed(cage):
                if card is thing.card:
                    return (owner, card)
        return (holder, thing)

    # -- the decide phase -----------------------------------------------------------------------------
    def settle(self) -> None:
        """Carry out the abilities waiting, in order, until one waits for a decision (the state is then in
        the decide phase, the phase it interrupted kept) or none is left (that phase goes on; a turn whose
        end waited for them ends)."""
        while True:
            if self.phase == OVER:
                self.queue.clear()
                return
            if not self.queue:
                break
            if self.phase != DECIDE:
                self.resume_phase, self.phase = self.phase, DECIDE
            res = self.queue[0]
            finished = self._run(res)
            if self.phase != DECIDE and self.phase != OVER:  # the rules moved on (a player left the game …)
                self.resume_phase, self.phase = self.phase, DECIDE
            if not finished:
                return
            if self.queue and self.queue[0] is res:
                self.queue.pop(0)
            else:
                self.queue.remove(res)
        if self.phase == DECIDE:
            self.phase = self.resume_phase
        if self.after and self.phase != OVER:
            self.after = ""
            self.finish_turn()
            if self.queue:
                self.settle()

    def deciding(self) -> tuple[Resolution, Step, int] | None:
        """The resolution, step and player whose decision the state waits for, or None."""
        if self.phase != DECIDE or not self.queue:
            return None
        res = self.queue[0].waiting()
        if res.choosers is None or len(res.answers) >= len(res.choosers):
            return None
        if res.steps is None:
            return res, MODE, res.choosers[0]
        if res.at >= len(res.steps):
            return None
        return res, res.steps[res.at], res.choosers[len(res.answers)]

    def current_chooser(self) -> int:
        found = self.deciding()
        return found[2] if found is not None else self.active

    def decision_options(self) -> list[tuple[str, tuple]]:
        """The options of the decision waited for (words after ``choose``, the answer)."""
        found = self.deciding()
        if found is None:
            return []
        res, step, chooser = found
        return self.step_options(res, step, chooser)

    def decision_text(self) -> str:
        """What the decision waited for is about: the card and its step's text."""
        found = self.deciding()
        if found is None:
            return "nothing to decide"
        res, step, chooser = found
        what = "a mode for " if step is MODE else "whether to " if step.optional and step.target is None else "for "
        return f"{self.pname(chooser)} chooses {what}{res.ctx.card.name}"

    def _list_choices(self, p: int, out: list[Action]) -> None:
        out.extend(Action(p, "choose", (words,)) for words, _ in self.decision_options())

    def _apply_choose(self, p: int, args: tuple[str, ...]) -> None:
        """``choose X`` / ``choose yes`` / ``choose no`` / ``choose nothing``: the decision waited for."""
        words = " ".join(args)
        found = self.deciding()
        assert found is not None  # "choose" is listed only while a decision waits
        res = found[0]
        answer = next(a for w, a in self.decision_options() if w == words)
        if self.logging:
            said = f"{self.pname(p)} chooses {words} for {res.ctx.card.name}"
            if answer[0] == "order" or answer[0] == "card" and self.unseen(answer[1], answer[2]):
                self.tell(p, said, f"{self.pname(p)} chooses {'an order' if answer[0] == 'order' else 'a card'} "
                                   f"for {res.ctx.card.name}")
            else:
                self.note(said)
        res.answers.append(answer)

    # -- replacements ---------------------------------------------------------------------------------
    def become(self, owner: int, perm: Perm, state: int, after_duel: bool = False) -> None:
        """``perm`` turns resting or damaged (AF-410) — unless a replacement does something else instead
        (AF-D25; after a duel, AF-D11 and szívós replace AF-757's rest)."""
        pool = self.game.pool
        replaced = pool.replaced
        if replaced and (perm.card.replacements or pool.replaced_others):  # (most pools replace nothing)
            if after_duel:
                won = self.fought is not None and self.fought.result(perm) == "won"
                for event in ("rests-after-win", "rests-after-duel") if won else ("rests-after-duel",):
                    if event in replaced and self.replace(event, owner, perm):
                        return
            name = "resting" if state == RESTING else "damaged" if state == DAMAGED else ""
            if name in replaced and self.replace(name, owner, perm):
                return
        perm.state = state

    def replace(self, event: str, owner: int, perm: Perm) -> bool:
        """Carry out the first replacement of ``event`` about ``perm`` (its own, then other cards' in seat
        order) instead of the event; False when none applies. A replacement applies once to one event."""
        for controller, source, ab in self._replacements(event, owner, perm):
            key = (id(ab), id(perm))
            if key in self.replacing:
                continue
            ctx = Context(controller, source.card, None, source, "trigger")
            ctx.event = (owner, perm, 0)
            if not self.holds(ctx, ab.condition, perm):
                continue
            if ab.per_turn and not self.within_limit(source, source.card, ab):  # "only once each turn"
                continue
            if self.logging:
                self.note(f"{source.card.name} ({self.pname(controller)}): {ab.text or event} instead")
            was = self.replacing
            self.replacing = was | {key}
            try:
                if ab.steps:
                    self.carry_out(ctx, ab)
                else:
                    self.count_use(source.card)
            finally:
                self.replacing = was
            return True
        return False

    def _replacements(self, event: str, owner: int, perm: Perm) -> list[tuple[int, Perm, Ability]]:
        out = [(owner, perm, ab) for ab in perm.card.replacements.get(event, ()) if ab.trigger is not None
               and ab.trigger.who in ("self", "any")]
        if event in self.game.pool.replaced_others:
            for i, pl in enumerate(self.players):
                for source in pl.table:
                    for ab in source.card.replacements.get(event, ()):
                        trig = ab.trigger
                        if trig is None or trig.who == "self" or trig.who == "any" and source is perm:
                            continue
                        if trig.who == "other" and source is perm or trig.side == "own" and owner != i or \
                                trig.side == "enemy" and owner == i:
                            continue
                        if trig.filter.matches(lambda name: self.card_field(perm, name)):
                            out.append((i, source, ab))
        return out

    # -- limits within a turn -------------------------------------------------------------------------
    def within_limit(self, perm: Perm | None, card: CardDef, ability: Ability) -> bool:
        """Whether a limited ability ("use this only once each turn", AF-D21) may be used again this turn,
        counting the use when it may."""
        if not ability.per_turn or perm is None:
            return True
        index = next(i for i, ab in enumerate(card.abilities) if ab is ability)
        kept = []
        uses = 0
        for i, turn, n in perm.limits:
            if i == index and turn == self.turn:
                uses = n
            elif turn == self.turn:
                kept.append((i, turn, n))
        if uses >= ability.per_turn:
            return False
        perm.limits = (*kept, (index, self.turn, uses + 1))
        return True

    def owner_of(self, holder: int, thing: Any) -> int:
        """The owner of a card ``holder`` has (another player's, after a change of control, AF-D29)."""
        owner = thing.owner if isinstance(thing, Perm) else None
        return holder if owner is None else owner
