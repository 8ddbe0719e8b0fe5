"""Decisions made while an Obludárium ability resolves: a "one" target of a triggered ability, the
yes/no of "you may", a choice another player makes (``chooser``), the cards kept on top of a deck.

Nothing is resolved as "the first card in table order". When a step needs a choice with more than
one option (or any "you may"), the sequence stops with a **pending decision**: the chooser is the
deciding player (:meth:`~deckkit.games.obludarium.state.ObState.current_player`), the legal actions
are exactly the options (``choose Medděd``, ``choose enemy Glum``, ``choose yes``, ``choose no``,
``choose nothing``), and the sequence goes on from that step once the choice is made. A choice
with one option and no "you may" is made at once (no decision: nothing to ask).

While a decision is pending nothing else happens (an ability resolves completely before anything
else, as instants do, OB-901, OB-908): another sequence that starts (a trigger the step set off)
waits behind it in :attr:`DecisionRules.pending`, and so does the rest of the rule procedure that
was running (:class:`Later`: the rest of the stack, the fights' damage, the turn's end). The queue
is worked off in order once the decision is made. A position with no decision pending has
``pending`` None, and nothing here is looked at.

The questions a step asks are found again from the position and the answers so far whenever they
are needed (:meth:`DecisionRules._decide`), so a pending decision holds only strings: a clone or
an undo copies it as it is.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from deckkit.engine.abilities import Ability, Target, vocabulary
from deckkit.engine.core import Action
from deckkit.games.obludarium.cards import CardInfo, in_action
from deckkit.games.obludarium.rules import AbilityRules
from deckkit.games.obludarium.zones import Perm

GAME = "obludarium"
#: What a step's questions return when the step is not carried out ("no", "nothing").
SKIP = "skip"
#: ... and when a target it must have is not there (it fizzles).
FIZZLE = "fizzle"


class Ask:
    """One question: who answers (``chooser``), what is asked (:attr:`prompt`) and the options (the
    words after ``choose``). ``auto``: a single option is taken without asking (not so for "you may").
    The prompt is written only when someone reads it: ``form`` with ``{what}``, the English of ``step``
    on card ``name``. ``private``: the options name cards of a hidden zone (a deck, a hand), so the log
    names the chosen card to the chooser alone."""

    __slots__ = ("chooser", "form", "options", "auto", "step", "name", "private")

    def __init__(self, chooser: int, form: str, options: list[str], auto: bool = True, step: Any = None,
                 name: str = "", private: bool = False) -> None:
        self.chooser = chooser
        self.form = form
        self.options = tuple(options)
        self.auto = auto
        self.step = step
        self.name = name
        self.private = private

    @property
    def prompt(self) -> str:
        """What is asked, in words."""
        if self.step is None:
            return self.form
        return self.form.format(what=_phrase(self.step, self.name))


class Held:
    """A card out of play that a step acts on: its facts, whose it is and the zone it is in."""

    __slots__ = ("info", "owner", "zone")

    def __init__(self, info: CardInfo, owner: int, zone: str) -> None:
        self.info = info
        self.owner = owner
        self.zone = zone

    def __repr__(self) -> str:
        return f"Held({self.info.name!r}, p{self.owner + 1}, {self.zone})"


class Frame:
    """A sequence of steps that waits: stopped at ``index`` for a decision (``ask``), or queued behind
    one. ``refs``: the cards each earlier step acted on; ``done``: whether the last "you may" was done;
    ``answers``: the choices made so far for the step at ``index``."""

    __slots__ = ("p", "source", "perm", "seq", "chosen", "event_card", "event_amount", "event_player", "text",
                 "index", "refs", "done", "answers", "depth", "ask")

    def __init__(self, p: int, source: CardInfo, perm: Any, seq: tuple, chosen: list | None, event_card: Any,
                 event_amount: int, event_player: int, text: str, depth: int = 0) -> None:
        self.p, self.source, self.perm, self.seq, self.chosen = p, source, perm, seq, chosen
        self.event_card, self.event_amount, self.event_player, self.text = event_card, event_amount, event_player, text
        self.index = 0
        self.refs: list[tuple] = []
        self.done = False
        self.answers: list[str] = []
        self.depth = depth
        self.ask: Ask | None = None

    def copy(self, card) -> Frame:
        """A copy for a cloned state; ``card`` maps a card in play to the clone's."""
        twin = Frame(self.p, self.source, remap(self.perm, card), self.seq, remap(self.chosen, card),
                     remap(self.event_card, card),
                     self.event_amount, self.event_player, self.text, self.depth)
        twin.index, twin.done, twin.ask = self.index, self.done, self.ask
        twin.refs = [remap(r, card) for r in self.refs]
        twin.answers = self.answers[:]
        return twin


class Later:
    """The rest of a rule procedure (a method of the state and its arguments), waiting for the
    decisions before it; or, with ``ask``, for a question of its own, whose answers the method gets
    after its arguments (the mode of a "choose one" no action named)."""

    __slots__ = ("name", "args", "ask", "answers")

    def __init__(self, name: str, args: tuple = (), ask: Ask | None = None) -> None:
        self.name = name
        self.args = args
        self.ask = ask
        self.answers: list[str] = []

    def copy(self, card) -> Later:
        twin = Later(self.name, remap(self.args, card), self.ask)
        twin.answers = self.answers[:]
        return twin


def remap(value: Any, card) -> Any:
    """``value`` with every card in play in it replaced by ``card(perm)`` (lists and tuples walked)."""
    if type(value) is Perm:
        return card(value)
    if type(value) is list:
        return [remap(v, card) for v in value]
    if type(value) is tuple:
        return tuple(remap(v, card) for v in value)
    return value


class DecisionRules(AbilityRules):
    """Pending decisions, mixed into the state between the language's rules and playing abilities."""

    pending: list | None
    stolen: tuple  # (card in play, its owner, the last turn the control lasts): control changed

    if TYPE_CHECKING:
        def table_changed(self, p: int) -> None: ...
        def _run(self, f: Frame) -> None: ...

    # -- the queue ---------------------------------------------------------------------------------
    def later(self, name: str, *args: Any) -> bool:
        """When a decision is pending, queue the rest of a procedure (method ``name``) behind it: True."""
        if self.pending:
            self.pending.append(Later(name, args))
            return True
        return False

    def ask_mode(self, p: int, text: str, ab, args: tuple) -> None:
        """A "choose one" whose mode no action named (a trigger's, a borrowed property's, OB-D22): ``p``
        chooses it as it resolves (``choose mode 2``), then :meth:`run_mode` carries it out."""
        from deckkit.engine.ability_text import render
        from deckkit.games.obludarium.language import GAME

        modes = "; ".join(f"mode {i + 1}: {render(GAME, Ability('play', seq)).rstrip('.')}"
                          for i, seq in enumerate(ab.sequences)) if self.logging else ""
        ask = Ask(p, f"{text}: choose one — {modes}" if modes else f"{text}: choose one",
                  [f"mode {i + 1}" for i in range(len(ab.sequences))], False)
        later = Later("run_mode", args, ask)
        if self.pending:
            self.pending.append(later)
        else:
            self.pending = [later]

    def run_mode(self, p: int, source: CardInfo, perm, ab, event_card, event_amount: int, event_player: int,
                 text: str, answer: str) -> None:
        """The mode chosen for :meth:`ask_mode`, carried out as the ability's steps."""
        seq = ab.sequences[int(answer.split()[-1]) - 1]
        self.trigger_depth += 1
        try:
            self.run_steps(p, source, perm, seq, None, event_card, event_amount, text, event_player)
        finally:
            self.trigger_depth -= 1

    def _resume(self) -> None:
        """Work off the queue until a decision is asked or nothing waits."""
        while self.pending and self.result is None:
            head = self.pending[0]
            if head.ask is not None:
                return
            todo = self.pending
            self.pending = None
            todo.pop(0)
            if type(head) is Later:
                getattr(self, head.name)(*head.args, *head.answers)
            else:
                depth = self.trigger_depth
                self.trigger_depth = head.depth
                try:
                    self._run(head)
                finally:
                    self.trigger_depth = depth
            if self.pending is None:
                self.pending = todo or None
            else:
                self.pending.extend(todo)

    def choose(self, p: int, option: str) -> None:
        """The chooser answers the pending decision; the sequence goes on."""
        head = self.pending[0] if self.pending else None
        if head is None or head.ask is None:  # pragma: no cover - legal_actions lists choices only when asked
            raise ValueError(option)
        head.answers.append(option)
        if self.logging:
            if head.ask.private and option not in ("yes", "no", "nothing"):
                self.tell(p, f"p{p + 1} chooses {option}", f"p{p + 1} chooses a card")
            else:
                self.say(f"p{p + 1} chooses {option}")
        head.ask = None
        self._resume()

    def decision(self) -> Ask | None:
        """The question now asked, or None."""
        return self.pending[0].ask if self.pending else None

    def decision_actions(self) -> list[Action]:
        """``choose OPTION`` for each option of the pending decision."""
        ask = self.pending[0].ask if self.pending else None
        if ask is None:
            return []
        return [Action(ask.chooser, "choose", (o,)) for o in ask.options]

    def decision_text(self) -> str | None:
        """What the pending decision asks, with its options (scripts and ``deckkit play`` show it)."""
        ask = self.decision()
        if ask is None:
            return None
        return f"p{ask.chooser + 1} must choose: {ask.prompt} — " + ", ".join(f"choose {o}" for o in ask.options)

    def followed(self, card) -> Held | None:
        """The card of an event that has gone from play to a discard pile (it died), where it lies now —
        "whenever another monster of yours dies, you may return it to your hand" — or None."""
        if type(card) is not Perm:
            return None
        for q in (card.owner, 1 - card.owner):  # its owner's pile (a card taken over goes back to its owner's)
            if any(c is card.info for c in self.discards[q]):
                return Held(card.info, q, "discard")
        return None

    # -- control ---------------------------------------------------------------------------------
    def home_of(self, perm) -> int:
        """The owner of a card in play (whose discard pile, hand and deck it goes to, OB-408), which
        differs from its controller only after a change of control."""
        if self.stolen:
            for held, owner, _ in self.stolen:
                if held is perm:
                    return owner
        return perm.owner

    def released(self, perm) -> int:
        """A card leaves play: its owner, and a change of control on it ends."""
        owner = self.home_of(perm)
        self.stolen = tuple(entry for entry in self.stolen if entry[0] is not perm)
        return owner

    def take_control(self, perm, p: int, until: int) -> None:
        """``p`` controls a card in play until the end of turn ``until`` (10**9: while it stays in play).
        It keeps its state: it was laid out in an earlier turn and was in play when this turn started,
        so the rules on a monster laid out this turn do not hold it back again."""
        q = perm.owner
        if q == p:
            return
        owner = self.home_of(perm)
        self._leave_play(perm)  # off the old side's table and out of any attack or block
        perm.owner = p
        self.tables[p].append(perm)
        self.table_changed(p)
        self.stolen = tuple(entry for entry in self.stolen if entry[0] is not perm)
        if owner != p:
            self.stolen = (*self.stolen, (perm, owner, until))

    def control_lapses(self) -> None:
        """At the end of a turn, changes of control that lasted this turn end: the card goes back."""
        turn = self.turn
        for perm, owner, until in list(self.stolen):
            if until <= turn and perm in self.tables[perm.owner]:
                self._leave_play(perm)
                perm.owner = owner
                self.tables[owner].append(perm)
                self.table_changed(owner)
                self.say(f"{perm.info.name} returns to p{owner + 1}'s control")
        self.stolen = tuple(entry for entry in self.stolen if entry[2] > turn)

    # -- asking ------------------------------------------------------------------------------------
    def _decide(self, f: Frame, step, ctx, pick) -> tuple | None:
        """Replay the step's questions with the answers so far: (targets, the effect's answers,
        done) when all are answered, else None with the next question in ``f.ask``."""
        gen = self._questions(f, step, ctx, pick)
        answers = f.answers
        k = 0
        try:
            ask = next(gen)
            while True:
                if len(ask.options) == 1 and ask.auto:
                    answer = ask.options[0]
                elif k < len(answers):
                    answer = answers[k]
                    k += 1
                else:
                    f.ask = ask
                    return None
                ask = gen.send(answer)
        except StopIteration as stop:
            return stop.value

    def _chooser(self, f: Frame, step) -> int:
        who = step.chooser
        return f.p if who == "you" else 1 - f.p if who == "opponent" else f.p

    def _questions(self, f: Frame, step, ctx, pick) -> Generator[Ask, str, tuple]:
        """The questions of one step, in order; returns (targets or None: found as usual; or SKIP /
        FIZZLE, the effect's own answers, done: True/False for "you may", else None)."""
        t = step.target
        asked = t is not None and t.choose == "one" and (f.chosen is None or not in_action(step))
        who = self._chooser(f, step)
        targets: Any = None
        done = None
        name = f.source.name
        head = f.text.replace("{", "{{").replace("}", "}}")  # the prompt's form is formatted later
        hidden = t is not None and t.zone in ("deck", "hand")  # the chosen card is named to the chooser alone
        if step.optional:
            if asked and step.chooser != "player":
                found = self._pick_list(f.p, t, f.perm, who, None)
                if not found:
                    return SKIP, (), False
                answer = yield Ask(who, f"{head}: you may {{what}} — which card, or nothing",
                                   [text for _, text in found] + ["nothing"], False, step, name, hidden)
                if answer == "nothing":
                    return SKIP, (), False
                targets = tuple(card for card, text in found if text == answer)[:1]
            elif step.chooser == "player" and not asked:  # each affected player may, or may not, for themselves
                willing = []
                for q in self._players(step, ctx):
                    answer = yield Ask(q, f"{head}: p{q + 1} may {{what}}", ["yes", "no"], False, step, name)
                    if answer == "yes":
                        willing.append(q)
                if not willing:
                    return SKIP, (), False
                ctx.willing = tuple(willing)
            else:
                answer = yield Ask(who, f"{head}: you may {{what}}", ["yes", "no"], False, step, name)
                if answer == "no":
                    return SKIP, (), False
            done = True
        if targets is None and asked:
            if step.chooser == "player":  # each player whose cards it may be chooses one of their own
                picked: list = []
                for q in self._sides(f.p, t):
                    found = self._pick_list(f.p, t, f.perm, q, q)
                    if found:
                        answer = yield Ask(q, f"{head}: {{what}} — which of your cards", [x for _, x in found],
                                           True, step, name, hidden)
                        picked.extend(card for card, text in found if text == answer)
                targets = tuple(picked)
            else:
                found = self._pick_list(f.p, t, f.perm, who, None)
                if not found:
                    return (() if t.zone == "deck" else FIZZLE), (), done
                answer = yield Ask(who, f"{head}: {{what}} — which one", [x for _, x in found], True, step, name,
                                   hidden)
                targets = tuple(card for card, text in found if text == answer)[:1]
            if not targets and t.zone != "deck":
                return FIZZLE, (), done
        extra: Any = ()
        more = _QUESTIONS.get(step.effect)
        if more is not None:
            extra = yield from more(self, f, step, ctx)
        return targets, extra, done

    def _sides(self, p: int, t: Target) -> tuple[int, ...]:
        return (p,) if t.side == "own" else (1 - p,) if t.side == "enemy" else (self.active, 1 - self.active)

    def _pick_list(self, p: int, t: Target, source, chooser: int, only: int | None) -> list[tuple[Any, str]]:
        """(card, how ``choose`` names it) for a target chosen as the ability resolves: cards in play
        by their labels, cards in another zone by name (one option a name); a card of the other player
        than the chooser reads ``enemy …``. ``only``: of that player alone."""
        out: list[tuple[Any, str]] = []
        zone = t.zone or "play"
        for q in self._sides(p, t):
            if only is not None and q != only:
                continue
            enemy = "enemy " if q != chooser else ""
            if zone == "play":
                labels = self.labels(q)
                for perm, label in zip(self.tables[q], labels):
                    if t.other and perm is source:
                        continue
                    if self.passes(t.filter, perm):
                        out.append((perm, enemy + label))
                continue
            seen: set[str] = set()
            cards = self._zone(q, zone)
            for card in (reversed(cards) if zone == "deck" else cards):
                if card.name in seen or not self.passes(t.filter, card):
                    continue
                seen.add(card.name)
                out.append((Held(card, q, zone), enemy + card.name))
        return out


def _phrase(step, name: str) -> str:
    """What a step does, in the words of its card's text (the prompt of its decision)."""
    from deckkit.engine.ability_text import Words

    plain = replace(step, optional=False, only_if=())
    try:
        return Words(vocabulary(GAME), name).step(plain)
    except (KeyError, ValueError):  # pragma: no cover - every checked step renders
        return step.effect.replace("-", " ")


#: Effects that ask questions of their own as they resolve (after the target): fn(state, frame, step,
#: ctx) is a generator of :class:`Ask` returning the answers the handler reads (``ctx.answers``).
_QUESTIONS: dict[str, Any] = {}


def questions(name: str):
    """Decorator: the questions effect ``name`` asks as it resolves."""
    def register(fn):
        _QUESTIONS[name] = fn
        return fn
    return register
