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
from deckkit.engine.effects import dispatch
from deckkit.games.obludarium.cards import CardInfo, Plan
from deckkit.games.obludarium.rules import _MADE, AbilityRules, ObContext

if TYPE_CHECKING:
    pass


class ChoiceRules(AbilityRules):
    """Playing abilities, mixed into the state over :class:`~deckkit.games.obludarium.rules.AbilityRules`."""

    def _candidates(self, p: int, t: Target, source, taken: list | tuple) -> list[tuple[Any, str]]:
        """(card, how the action names it) for a target the player chooses."""
        if t.zone == "deck":
            seen: dict[str, CardInfo] = {}
            for card in reversed(self.libs[p]):
                if card.name not in seen and self.in_set(t, card, p, source):
                    seen[card.name] = card
            return [(c, c.name) for c in seen.values()]
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
            for _, text in self._candidates(p, t, source, ()):
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
                sacrificed = self._named(p, ab.cost_of("sacrifice"), args[i + 1])
                i += 2
            elif args[i] == "discarding":
                i += 1
                while i < len(args) and args[i] not in ("sacrificing", "discarding"):
                    discarded.append(args[i])
                    i += 1
            else:
                i += 1
        seq = ab.sequences[mode] if ab is not None and ab.sequences else ()
        chosen: list = []
        k = 0
        for step in seq:
            t = step.target
            if t is None or not t.chosen:
                chosen.append(None)
                continue
            text = texts[k] if k < len(texts) else "nothing"
            k += 1
            chosen.append(None if text == "nothing" else self._named(p, t, text))
        return mode, seq, chosen, sacrificed, discarded

    def _named(self, p: int, t: Target, text: str):
        if t.zone == "deck":
            return next((c for c in self.libs[p] if c.name == text), None)
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
                  text: str) -> None:
        """Carry out a sequence: each step on its own targets (chosen, every, random, self, it); with
        ``chosen`` None (a trigger: no action chose) a "one" target is the first that matches."""
        for i, step in enumerate(seq):
            if self.result is not None:
                return
            pick = chosen[i] if chosen is not None else None
            targets = self._resolve_targets(p, step, pick, perm, event_card, chosen is None)
            if targets is None:  # a chosen target has left play, or a trigger found no card to act on
                self.say(f"{text}: fizzles, " + ("its target left play" if chosen is not None
                                                  else "there is nothing for it to act on"))
                continue
            dispatch(self, ObContext(p, source, targets, perm, event_card, event_amount), step)
        self.check_deaths()

    def _resolve_targets(self, p: int, step, pick, perm, event_card, auto: bool = False) -> tuple | None:
        t = step.target
        if t is None:
            return ()
        if t.choose == "self":
            return (perm,) if perm is not None and perm in self.tables[perm.owner] else None
        if t.choose == "it":
            ok = event_card is not None and not isinstance(event_card, CardInfo) and \
                event_card in self.tables[event_card.owner]
            return (event_card,) if ok else None
        if t.zone == "deck":
            if auto:
                found = [c for c in reversed(self.libs[p]) if self.in_set(t, c, p, perm)]
                return tuple(found[:1])
            return () if pick is None else (pick,)
        if t.chosen and pick is not None:
            return (pick,) if pick in self.tables[pick.owner] else None
        sides = (p,) if t.side == "own" else (1 - p,) if t.side == "enemy" else (self.active, 1 - self.active)
        found = [c for q in sides for c in self.tables[q] if self.in_set(t, c, p, perm)]
        if t.choose == "every":
            return tuple(found)
        if not found:
            return None
        if t.choose == "random":
            return (chance(self.rng, f"random target of {step.effect}", found),)
        return (found[0],)  # a triggered "one": the first in table order
