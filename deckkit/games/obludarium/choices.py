"""How an Obludárium ability is played: the choices an action names (targets, modes, cost cards),
reading them back from an action's words, paying a property's cost and running its steps.

The rules of targets and costs are described in :mod:`deckkit.games.obludarium.rules`; this mixin
is the part that turns them into actions (:meth:`ChoiceRules.ability_actions`, which the legal
actions list) and carries an action out (:meth:`ChoiceRules.parse_choice`, :meth:`ChoiceRules.run_steps`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckkit.engine.abilities import Target
from deckkit.engine.core import Action, chance
from deckkit.engine.effects import dispatch, effects_of
from deckkit.games.obludarium.cards import CardInfo, Plan, in_action
from deckkit.games.obludarium.pending import _QUESTIONS as _ASKING
from deckkit.games.obludarium.pending import FIZZLE, SKIP, DecisionRules, Frame, Held
from deckkit.games.obludarium.rules import _MADE, ObContext
from deckkit.games.obludarium.zones import Perm as Perm_

if TYPE_CHECKING:
    pass


_ZONED: set[str] = set()


def _zoned() -> set[str]:
    """The effects that take cards from a zone other than play (their target names ``x-zones``)."""
    if not _ZONED:
        _ZONED.update(name for name, eff in effects_of("obludarium").items()
                      if [z for z in eff.params.get("target", {}).get("x-zones", ()) if z != "play"])
    return _ZONED


#: What an action's words say of its ability, read once per (ability, words): see :func:`_parse`.
_PARSED: dict[tuple, tuple] = {}
_PARSED_MAX = 50_000


def _parse(ab, args: tuple) -> tuple:
    """(mode, its steps, per step None or (target, the words naming it), the words naming the card
    sacrificed or None, the names of the cards discarded) — what ``args`` say, before any card is found."""
    i, mode = 1, 0
    if i < len(args) and args[i] == "mode":
        mode, i = int(args[i + 1]) - 1, i + 2
    texts: list[str] = []
    if i < len(args) and args[i] == "on":
        i += 1
        while i < len(args) and args[i] not in ("sacrificing", "discarding"):
            if args[i] != "and":
                texts.append(args[i])
            i += 1
    sacrificed, discarded = None, []
    while i < len(args):
        if args[i] == "sacrificing":
            sacrificed = args[i + 1]
            i += 2
        elif args[i] == "discarding":
            i += 1
            while i < len(args) and args[i] not in ("sacrificing", "discarding"):
                discarded.append(args[i])
                i += 1
        else:
            i += 1
    seq = ab.sequences[mode] if ab is not None and ab.sequences else ()
    picks: list = []
    k = 0
    for step in seq:
        t = step.target
        if t is None or not in_action(step):
            picks.append(None)
            continue
        text = texts[k] if k < len(texts) else "nothing"
        k += 1
        picks.append(None if text == "nothing" else (t, text))
    return mode, seq, tuple(picks), sacrificed, tuple(discarded)


class ChoiceRules(DecisionRules):
    """Playing abilities, mixed into the state over :class:`~deckkit.games.obludarium.pending.DecisionRules`."""

    def _candidates(self, p: int, t: Target, source, taken: list | tuple) -> list[tuple[Any, str]]:
        """(card, how the action names it) for a target the player chooses."""
        if t.zone == "deck":
            seen: dict[str, CardInfo] = {}
            for card in reversed(self.libs[p]):
                if card.name not in seen and self.in_set(t, card, p, source):
                    seen[card.name] = card
            return [(c, c.name) for c in seen.values()]
        if t.zone in ("hand", "discard"):  # cards out of play: by name, each name once
            return self._pick_list(p, t, source, p, None)
        out = []
        sides = (p,) if t.side == "own" else (1 - p,) if t.side == "enemy" else (p, 1 - p)
        f = t.filter
        entry = self.game.filter_memo.get(id(f))
        if entry is None or entry[0] is not f:
            entry = self._filter_entry(f)
        _, _, attackers_only, (facts, printed, live) = entry  # the filter's test, read here card by card
        other = t.other
        for q in sides:
            if attackers_only and (q != self.active or not self.attackers):
                continue  # only the active player's attackers can pass
            table = self.tables[q]
            enemy = t.side == "any" and q != p  # a target of either side is "enemy X" when it is the opponent's
            labels = self._labels[q]  # the labels, if known for this table (else found at the first match)
            if labels is not None and len(labels) != len(table):
                labels = None
            for i, perm in enumerate(table):
                if other and (perm is source or perm in taken):
                    continue
                info = perm.info
                ok = facts.get(info)
                if ok is None:
                    ok = facts[info] = printed.matches(self._getter(info))
                if not ok:
                    continue
                if live is not None:
                    if type(live) is tuple:
                        if len(live) == 1:
                            if not live[0](self, perm):
                                continue
                        elif not all([holds(self, perm) for holds in live]):
                            continue
                    elif not live.matches(self._getter(perm)):
                        continue
                if labels is None:
                    labels = self.labels(q)
                out.append((perm, f"enemy {labels[i]}" if enemy else labels[i]))
        return out

    def ability_actions(self, p: int, kind: str, name: str, ab, plan: Plan | None, source, acts: list,
                        food: int) -> None:
        """Every way to play ``ab`` (read as ``plan``) now: each mode, each choice of targets, each
        choice of cost cards."""
        if ab is None or plan is None:
            acts.append(Action(p, kind, (name,)))
            return
        if ab.condition is not None and not self.holds(ab.condition, p, source):
            return
        t = plan.one_target
        if t is not None:  # the usual shape (Plan.one_target): ``KIND NAME on TARGET`` for each candidate
            made = _MADE
            for card, text in self._candidates(p, t, source, ()):
                if plan.borrows and getattr(card, "info", card).use is None:
                    continue  # OB-D42: only a card with a special property lends it
                key = (p, kind, name, text)
                action = made.get(key)
                if action is None:
                    action = made[key] = Action(p, kind, (name, "on", text))
                acts.append(action)
            return
        spare = source if plan.sacrifice is True else None
        costs = self._cost_choices(p, plan, source) if plan.card_costs else [()]
        if costs is None:
            return
        for m, (targets, counter) in enumerate(plan.modes):
            if counter and not self.counterable(p):
                continue
            head = (name, "mode", str(m + 1)) if ab.modes else (name,)
            if not targets:
                for extra in costs:
                    acts.append(Action(p, kind, head + extra))
                continue
            if len(targets) == 1 and targets[0].zone != "deck":  # one chosen target in play: each candidate
                for card, text in self._candidates(p, targets[0], source, []):
                    if card is not spare or spare is None:  # a card sacrificed to pay is gone (OB-831)
                        for extra in costs:
                            acts.append(Action(p, kind, (*head, "on", text, *extra)))
                continue
            for picks in self._target_choices(p, targets, source, spare):
                on: tuple = ()
                for i, (_, text) in enumerate(picks):
                    on += ("on", text) if i == 0 else ("and", text)
                for extra in costs:
                    acts.append(Action(p, kind, head + on + extra))

    def _target_choices(self, p: int, targets: tuple[Target, ...], source, spare) -> list[list]:
        out: list[list] = [[]]
        for t in targets:
            grown = []
            for picks in out:
                taken = [c for c, _ in picks]
                for card, text in self._candidates(p, t, source, taken):
                    if card is spare and spare is not None:
                        continue  # sacrificed to pay: gone before it resolves (OB-831)
                    grown.append([*picks, (card, text)])
            if not grown and t.zone == "deck":
                grown = [[*picks, (None, "nothing")] for picks in out]  # a search may find nothing
            out = grown
            if not out:
                return []
        return out

    def _cost_choices(self, p: int, plan: Plan, source) -> list[tuple] | None:
        """The cost-card choices (``sacrificing X``, ``discarding Y``) of an ability, or None if it cannot be paid."""
        out: list[tuple] = [()]
        sac = plan.sacrifice
        if isinstance(sac, Target):
            choices = [text for perm, text in self._candidates(p, sac, source, []) if perm is not source]
            if not choices:
                return None
            out = [("sacrificing", text) for text in choices]
        n = plan.discard
        if n:
            names = list(dict.fromkeys(c.name for c in self.hands[p]))
            if len(self.hands[p]) < n:
                return None
            if n == 1:
                out = [o + ("discarding", x) for o in out for x in names]
            else:  # several: the first n cards of the hand, in hand order
                out = [o + ("discarding", *[c.name for c in self.hands[p][:n]]) for o in out]
        return out

    def parse_choice(self, p: int, ab, args: tuple, source) -> tuple:
        """(mode, chosen targets per step, the card sacrificed, the cards discarded) from an action's args."""
        key = (id(ab), args)
        found = _PARSED.get(key)
        if found is None or found[0] is not ab:  # the ability itself is held, so its id stays its own
            if len(_PARSED) >= _PARSED_MAX:  # games made one after another (a sweep) hold no old ones alive
                _PARSED.clear()
            found = _PARSED[key] = (ab, *_parse(ab, args))
        _, mode, seq, picks, sacrifice, discards = found
        named = self._named
        chosen = [None if pick is None else named(p, pick[0], pick[1]) for pick in picks]
        sacrificed = None if sacrifice is None else named(p, ab.cost_of("sacrifice"), sacrifice)
        return mode, seq, chosen, sacrificed, list(discards)

    def _named(self, p: int, t: Target, text: str):
        if t.zone == "deck":
            return next((c for c in self.libs[p] if c.name == text), None)
        if t.zone in ("hand", "discard"):
            return next((card for card, said in self._pick_list(p, t, None, p, None) if said == text), None)
        if t.side == "any" and text.startswith("enemy "):
            q, text = 1 - p, text[len("enemy "):]
        else:
            q = 1 - p if t.side == "enemy" else p
        return self.tables[q][self.labels(q).index(text)]

    def pay_use(self, p: int, perm, ab, sacrificed, discarded: list[str]) -> None:
        """Pay ``use CARD``'s cost (OB-701, OB-704, OB-831)."""
        self.pay(p, ab.cost_of("food", 0) or 0)
        if ab.cost_of("tap"):
            perm.tapped = True
        for name in discarded:
            card = self._take_from_hand(p, name)
            self.discards[p].append(card)
            self.say(f"p{p + 1} discards {card.name} to pay")
        gone = perm if ab.cost_of("sacrifice") is True else sacrificed
        if gone is not None:
            self.to_discard(gone)
            self.say(f"p{p + 1} sacrifices {gone.info.name}")

    def run_steps(self, p: int, source: CardInfo, perm, seq, chosen: list | None, event_card, event_amount: int,
                  text: str, event_player: int = -1) -> None:
        """Carry out a sequence: each step on its own targets (named in the action, every, random,
        self, it, an earlier step's, or chosen now: a pending decision, :mod:`~deckkit.games.obludarium.pending`).
        While a decision is pending, the sequence waits behind it."""
        frame = Frame(p, source, perm, seq, chosen, event_card, event_amount,
                      (event_card.owner if isinstance(event_card, Perm_) else p) if event_player < 0 else event_player,
                      text, self.trigger_depth)
        if self.pending:
            self.pending.append(frame)
            return
        self._run(frame)

    def _run(self, f: Frame) -> None:
        """Steps ``f.index`` … of a sequence; stops (and queues the rest) at a decision."""
        seq, chosen = f.seq, f.chosen
        i, n = f.index, len(seq)
        refs = f.refs
        while i < n:
            if self.result is not None:
                return
            step = seq[i]
            if step.only_if and not self._only_if(step, f):
                refs.append(())
                i += 1
                continue
            ctx = ObContext(f.p, f.source, (), f.perm, f.event_card, f.event_amount)
            ctx.event_player, ctx.refs = f.event_player, refs
            pick = chosen[i] if chosen is not None else None
            if step.optional or step.effect in _ASKING or step.target is not None and \
                    step.target.choose == "one" and (chosen is None or not in_action(step)):
                found = self._decide(f, step, ctx, pick)
                if found is None:  # a decision: the state waits for the chooser
                    f.index = i
                    self.pending = [f]
                    return
                targets, ctx.answers, done = found
                f.answers = []
                if done is not None:
                    f.done = done
                if targets is SKIP:
                    refs.append(())
                    i += 1
                    continue
                if targets is FIZZLE:
                    targets = None
                elif targets is None:
                    targets = self._resolve_targets(f.p, step, pick, f.perm, f.event_card, refs)
            else:
                targets = self._resolve_targets(f.p, step, pick, f.perm, f.event_card, refs)
            if targets and type(targets[0]) is Held and step.effect not in _zoned():
                targets = None  # an effect that acts on cards in play has nothing to act on in another zone
            if targets is None:  # a chosen target has left play, or there is no card to act on
                self.say(f"{f.text}: fizzles, " + ("its target left play" if chosen is not None and pick is not None
                                                   else "there is nothing for it to act on"))
                refs.append(())
                i += 1
                continue
            ctx.targets = targets
            dispatch(self, ctx, step)
            refs.append(ctx.acted if ctx.acted is not None else targets)
            i += 1
            if self.pending:  # a trigger it set off waits for a decision: the rest of this waits too
                f.index = i
                self.pending.append(f)
                return
        self.check_deaths()

    def _only_if(self, step, f: Frame) -> bool:
        """"if you do" (the last "you may" was done) or "if it is …" (a card step N acted on)."""
        cond = step.only_if
        if cond[0] == "done":
            return f.done
        n, filt = cond[1], cond[2]
        cards = f.refs[n - 1] if 0 < n <= len(f.refs) else ()
        return any(self.passes(filt, getattr(c, "info", c) if type(c) is Held else c) for c in cards)

    def _resolve_targets(self, p: int, step, pick, perm, event_card, refs: list | None = None) -> tuple | None:
        t = step.target
        if t is None:
            return ()
        if t.choose == "self":
            return (perm,) if perm is not None and perm in self.tables[perm.owner] else None
        if t.choose == "it":
            ok = event_card is not None and not isinstance(event_card, CardInfo) and \
                event_card in self.tables[event_card.owner]
            if not ok and step.effect in _zoned():  # it has died: a step that takes cards from there finds it
                gone = self.followed(event_card)
                return (gone,) if gone is not None else None
            return (event_card,) if ok else None
        if t.choose == "ref":  # the cards an earlier step acted on, where they are now
            cards = refs[t.ref - 1] if refs is not None and 0 < t.ref <= len(refs) else ()
            there = tuple(c for c in cards if type(c) is not Perm_ or c in self.tables[c.owner])
            if len(there) < len(cards) and step.effect in _zoned():  # destroyed since: found in the discard pile
                there += tuple(h for h in (self.followed(c) for c in cards if c not in there) if h is not None)
            return there or None
        if t.zone == "deck":
            return () if pick is None else (pick,)
        if t.zone in ("hand", "discard"):
            if pick is None:
                return None
            return (pick,) if pick.info in self._zone(pick.owner, t.zone) else None
        if t.chosen and pick is not None:
            return (pick,) if pick in self.tables[pick.owner] else None
        sides = self._sides(p, t)
        if t.zone and t.zone != "play":  # every or a random card of another zone
            found = [Held(c, q, t.zone) for q in sides for c in self._zone(q, t.zone) if self.passes(t.filter, c)]
        else:
            found = [c for q in sides for c in self.tables[q] if self.in_set(t, c, p, perm)]
        if t.choose == "every":
            return tuple(found)
        if not found:
            return None
        # drawn among labels (same index, same card): a script fixes it by name, the report reads it
        labels = [f"{c.info.name} (p{c.owner + 1}'s {c.zone})" if type(c) is Held else
                  f"{self.labels(c.owner)[self.tables[c.owner].index(c)]} (p{c.owner + 1})" for c in found]
        return (found[labels.index(chance(self.rng, f"random target of {step.effect}", labels))],)
