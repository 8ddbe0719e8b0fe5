"""Plain English for compiled abilities, and the JSON Schema of the ability language.

:func:`render` turns a compiled :class:`~deckkit.engine.abilities.Ability` into one sentence
("When Strážný pes enters play, you draw a card."), from the words of the game's
:class:`~deckkit.engine.abilities.Vocabulary` and its effects' ``phrase`` templates. A template
may use ``{player}`` (who is affected: "you", "your opponent"), ``{s}`` (the verb's ending for
that player), ``{target}``, ``{amount}``, ``{cards}`` ("a card", "2 cards"), ``{duration}``
(" this turn") and any of the step's own parameters; a counted amount adds " for each …".

:func:`language_schema` (from :mod:`deckkit.engine.ability_schema`) is the card schema's definition
of one game's abilities: every construct with a title, a description and an example, generated from
the same words the checker uses.
"""

from __future__ import annotations

from typing import Any

from deckkit.engine.ability_schema import language_schema
from deckkit.engine.abilities import (
    Ability, Amount, Condition, Count, Filter, Range, Static, Step, Target, Trigger, Vocabulary, vocabulary,
)
from deckkit.engine.effects import effects_of

__all__ = ["render", "render_card", "language_schema"]

_ARTICLE_VOWELS = "aeiouáéíóú"


def _plural(word: str) -> str:
    if word.endswith(("food", "s")):
        return word
    if word.endswith("y") and not word.endswith(("ay", "ey", "oy")):
        return word[:-1] + "ies"
    return word + "s"


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in _ARTICLE_VOWELS else "a ") + word


def _number(n: int, noun: str) -> str:
    return _a(noun) if n == 1 else f"{n} {_plural(noun)}"


class Words:
    """Renders the parts of the language for one game and one card."""

    def __init__(self, vocab: Vocabulary, name: str = "this card") -> None:
        self.v = vocab
        self.name = name

    # cards
    def noun(self, f: Filter, plural: bool = False) -> str:
        """``flying monster``, ``monster without flying``, ``beasts``."""
        before: list[str] = []
        after: list[str] = []
        noun = self.v.default_type
        for name, value in f.tests:
            spec = self.v.fields.get(name)
            if name == "type":
                names = sorted(value) if isinstance(value, frozenset) else [str(value)]
                noun = " or ".join(self.v.nouns.get(n, n) for n in names).replace("-", " ")
                continue
            text = self._test(name, value, spec)
            (after if spec is not None and spec.after else before).append(text)
        for neg in f.negated:
            after.append(self._without(neg))
        if f.alternatives:
            after.append("that is " + " or ".join(self.noun(a) for a in f.alternatives))
        head = " or ".join(_plural(n) for n in noun.split(" or ")) if plural else noun
        return " ".join([*before, head, *after])

    def _test(self, name: str, value: Any, spec: Any) -> str:
        if isinstance(value, Range):
            shown = _range_words(value)
        elif isinstance(value, frozenset):
            shown = " or ".join(sorted(value))
        elif isinstance(value, bool):
            shown = name.replace("_", " ") if value else f"not {name.replace('_', ' ')}"
            return shown if spec is None or spec.phrase == "{value}" else spec.phrase.format(value=shown)
        else:
            shown = str(value)
        return (spec.phrase if spec is not None else "{value}").format(value=shown)

    def _without(self, neg: Filter) -> str:
        parts = [str(v) if not isinstance(v, (Range, frozenset)) else self._test(k, v, self.v.fields.get(k))
                 for k, v in neg.tests]
        if parts and not neg.negated and not neg.alternatives:
            if len(neg.tests) == 1 and neg.tests[0][0] == "type":
                return f"that is not {_a(parts[0])}"
            return "without " + " and ".join(parts)
        return f"that is not {_a(self.noun(neg))}"

    def target(self, t: Target | None, plural_ok: bool = True) -> str:
        """``one of your monsters``, ``an enemy monster``, ``every monster without flying``, ``Glum``."""
        if t is None:
            return self.name
        if t.choose == "self":
            return self.name
        if t.choose == "it":
            return "that card"
        if t.choose == "ref":
            return "it"
        noun = self.noun(t.filter)
        nouns = self.noun(t.filter, plural=True)
        where = self._zone(t.zone, t.side)
        other = "other " if t.other else ""
        if t.choose == "every":
            side = {"own": f"each of your {other}{nouns}", "enemy": f"every {other}enemy {noun}",
                    "any": f"every {other}{noun}"}[t.side]
            return side + (f" {where}" if where else "")
        if t.choose == "random":
            side = {"own": f"one of your {other}{nouns}", "enemy": f"an enemy {other}{noun}",
                    "any": _a(f"{other}{noun}")}[t.side]
            return f"{side} at random" + (f" {where}" if where else "")
        if t.count > 1:
            side = {"own": f"{t.count} of your {other}{nouns}", "enemy": f"{t.count} enemy {other}{nouns}",
                    "any": f"{t.count} {other}{nouns}"}[t.side]
        elif t.other:
            side = {"own": f"another of your {nouns}", "enemy": f"another enemy {noun}",
                    "any": f"another {noun}"}[t.side]
        else:
            side = {"own": f"one of your {nouns}", "enemy": _a(f"enemy {noun}"), "any": _a(noun)}[t.side]
        return side + (f" {where}" if where else "")

    def _zone(self, zone: str, side: str) -> str:
        if not zone or zone == self.v.zones[0] or zone == self.v.play_zone:
            return ""
        name = self.v.zone_names.get(zone, zone.replace("-", " "))
        whose = {"own": "your", "enemy": "your opponent's", "any": "a player's"}[side]
        return f"from {whose} {name}"

    def cards_set(self, t: Target) -> str:
        """The set of a continuous effect: ``your other beasts``, ``enemy monsters``, ``every monster``."""
        nouns = self.noun(t.filter, plural=True)
        other = "other " if t.other else ""
        return {"own": f"your {other}{nouns}", "enemy": f"enemy {other}{nouns}", "any": f"all {other}{nouns}"}[t.side]

    def count(self, c: Count) -> str:
        """``flying monster you have in play``, ``card in your hand``."""
        noun = self.noun(c.filter)
        other = "other " if c.other else ""
        zone = c.zone or self.v.zones[0]
        if zone == self.v.play_zone:
            where = {"own": "you have in play", "enemy": "your opponent has in play", "any": "in play"}[c.side]
        else:
            name = self.v.zone_names.get(zone, zone.replace("-", " "))
            where = {"own": f"in your {name}", "enemy": f"in your opponent's {name}",
                     "any": f"in each player's {name}"}[c.side]
        return f"{other}{noun} {where}"

    # numbers and conditions
    def amount(self, a: Amount) -> tuple[str, str]:
        """(the number, the " for each …" tail)."""
        if a.stat:
            stat = a.stat.replace("defense", "defence")
            x = "X" if a.times == 1 else f"{a.times}X"
            return x, f", where X is its {stat}" + (f" plus {a.plus}" if a.plus else "") + (
                f" (at most {a.max})" if a.max is not None else "")
        if a.from_event:
            return ("that much" if a.times == 1 and not a.plus else f"{a.times}× that much"), ""
        if a.count is None:
            return str(a.fixed), ""
        tail = f" for each {self.count(a.count)}"
        if a.plus:
            tail += f", plus {a.plus}"
        if a.max is not None:
            tail += f" (at most {a.max})"
        return str(a.times), tail

    def condition(self, c: Condition, word: str = "if") -> str:
        parts = [self._count_test(what, rng) for what, rng in c.counts]
        for name, value in c.game:
            kind = self.v.conditions.get(name)
            text = kind.phrase.format(value=value) if kind else f"{name} is {value}"
            for lead in ("while ", "if "):  # the phrase may carry its own word: never "while while"
                if text.startswith(lead):
                    text = text[len(lead):]
            parts.append(text)
        parts += [self._negated(n) for n in c.negated]
        if c.alternatives:
            parts.append(" or ".join(self.condition(a, "").strip() for a in c.alternatives))
        parts += [self.condition(e, "").strip() for e in c.every]
        joined = " and ".join(p for p in parts if p)
        return f"{word} {joined}".strip()

    def _negated(self, c: Condition) -> str:
        """``not`` a condition: a single count reads as its complement ("you have no monsters in
        play", not "not you have a monster in play"); anything else as "it is not so that …"."""
        if len(c.counts) == 1 and not (c.game or c.negated or c.alternatives or c.every):
            what, rng = c.counts[0]
            if rng.high >= 10**9 and rng.low > 0:
                return self._count_test(what, Range(0, rng.low - 1))
            if rng.low <= 0 and rng.high < 10**9:
                return self._count_test(what, Range(rng.high + 1, 10**9))
        return "it is not so that " + self.condition(c, "").strip()

    def _count_test(self, what: Count, rng: Range) -> str:
        noun = self.noun(what.filter)
        nouns = self.noun(what.filter, plural=True)
        zone = what.zone or self.v.zones[0]
        where = "in play" if zone == self.v.play_zone else "in " + ("your " if what.side == "own" else "") + \
            self.v.zone_names.get(zone, zone)
        subject = {"own": "you have", "enemy": "your opponent has", "any": "there are"}[what.side]
        other = "other " if what.other else ""
        lo, hi = rng.low, rng.high
        if hi >= 10**9:  # (a minimum of 0 always holds: it says so rather than read as "a …")
            amount = f"any number of {other}{nouns}" if lo <= 0 else f"{_a(other + noun)}" if lo == 1 else \
                f"at least {lo} {other}{nouns}"
        elif hi == 0:
            amount = f"no {other}{nouns}"
        elif lo <= 0:
            amount = f"fewer than {hi + 1} {other}{nouns}"
        elif lo == hi:
            amount = f"exactly {_number(lo, other + noun)}"
        else:
            amount = f"{lo} to {hi} {other}{nouns}"
        if subject == "there are" and amount.startswith(("a ", "an ", "exactly 1")):
            subject = "there is"
        return f"{subject} {amount} {where}"

    # steps
    def step(self, s: Step) -> str:
        eff = effects_of(self.v.game).get(s.effect)
        player = self.v.players.get(s.player, s.player)
        number, tail = self.amount(s.amount)
        fixed = s.amount.fixed if s.amount.count is None and not s.amount.from_event else 1
        words: dict[str, Any] = {
            "player": player, "s": "" if s.player == "you" else "s", "es": "" if s.player == "you" else "es",
            "have": "have" if s.player == "you" else "has", "amount": number,
            "cards": _number(fixed, "card") if not s.amount.from_event else "that many cards",
            "target": self.target(s.target) if not self._chosen_by_other(s) else "it",
            "duration": self._duration(s.duration), "name": self.name,
            "step": s, "words": self,
        }
        words.update(dict(s.params))
        phrase = eff.phrase if eff is not None and eff.phrase else "{name}: " + s.effect
        text = phrase(words) if callable(phrase) else phrase.format(**words)
        text += tail
        if self._chosen_by_other(s) and s.target is not None:
            t = s.target
            nouns = self.noun(t.filter, plural=True)
            whose = {"own": "your", "enemy": "their", "any": "their"}[t.side]
            who = ("each player" if t.side == "any" else "each opponent" if t.side == "enemy" else "you") \
                if s.chooser == "player" else "your opponent"
            picks = f"one of {whose} {nouns}" if s.chooser == "player" else self.target(t)
            text = f"{who} choose{'' if who == 'you' else 's'} {picks}; {text}"
        if s.optional:
            text = self._may(s, phrase, words, tail, text)
        if s.only_if:
            if s.only_if[0] == "done":
                text = "if you do, " + text
            else:
                text = f"if it is {_a(self.noun(s.only_if[2]))}, " + text
        return text

    @staticmethod
    def _chosen_by_other(s: Step) -> bool:
        """A target chosen by someone other than the ability's controller ("each opponent chooses …")."""
        return s.chooser != "you" and not s.optional and s.target is not None and s.target.chosen

    def _may(self, s: Step, phrase: Any, words: dict[str, Any], tail: str, text: str) -> str:
        """"you may draw a card", "each player may discard a card", "you may have your opponent draw a card":
        the step's verb in its plain form after who decides."""
        plain = {**words, "player": "you", "s": "", "es": "", "have": "have"}
        base = (phrase(plain) if callable(phrase) else phrase.format(**plain)) + tail
        subject = str(words["player"])
        if not base.startswith("you "):  # a phrase without a subject ("destroy …"): the chooser may do it
            who = {"you": "you", "player": subject, "opponent": "your opponent"}[s.chooser]
            for verb, plain_verb in _CLAUSE_VERBS:  # "a card goes to …": "you may have a card go to …"
                if verb in text:
                    return f"{who} may have {text.replace(verb, plain_verb, 1)}"
            return f"{who} may {text}"
        verb = base[len("you "):]
        if s.chooser == "player" or s.player == s.chooser:  # "your opponent may draw a card"
            return f"{'you' if s.player == 'you' else subject} may {verb}"
        who = "you" if s.chooser == "you" else "your opponent"
        return f"{who} may have {subject} {verb}"

    def _duration(self, duration: str) -> str:
        return f" {self.v.durations[duration]}" if duration else ""

    def sequence(self, steps: tuple[Step, ...]) -> str:
        out = ""
        chooser = "you"  # who decided the last "you may": "if you do" or "if they do"
        for i, st in enumerate(steps):
            text = self.step(st)
            if st.only_if and st.only_if[0] == "done" and chooser != "you":
                text = text.replace("if you do, ", "if they do, ", 1)
            if st.optional:
                chooser = st.chooser
            out += text if i == 0 else ("; " if st.only_if else ", then ") + text
        return out

    def replaced(self, t: Trigger) -> str:
        """``if Fénix would die``, ``if you would lose life``: the event a replacement changes."""
        event = self.v.replaceable[t.on]
        if event.of_player:
            return "if " + event.phrase.format(**self._of_player(t, event))
        player = {"self": "you", "other": "your opponent", "any": "a player"}.get(t.who, "you")
        if t.who == "self":
            subject = self.name
        else:
            noun = self.noun(t.filter)
            side = {"own": " of yours", "enemy": " of your opponent's", "any": ""}[t.side]
            subject = f"another {noun}{side}" if t.who == "other" else f"{_a(noun)}{side}"
        return "if " + event.phrase.format(subject=subject, player=player)

    def _of_player(self, t: Trigger, event: Any) -> dict[str, str]:
        """The words of an event of a player: whose (``{whose}``), who (``{player}``, ``{s}``), the
        event's card (``{subject}``) and, when the filter names one, its cause (``{source}``)."""
        mine = ({"own": "self", "enemy": "other"}.get(t.side, "any") if t.who == "any" else t.who)
        f = t.filter
        if event.noun and not any(k == "type" for k, _ in f.tests):
            f = Filter((("type", event.noun), *f.tests), f.negated, f.alternatives)
        named = bool(t.filter.tests or t.filter.negated or t.filter.alternatives)
        return {"whose": {"self": "your", "other": "your opponent's"}.get(mine, "each player's"),
                "player": {"self": "you", "other": "your opponent"}.get(mine, "a player"),
                "s": "" if mine == "self" else "s", "subject": _a(self.noun(f)),
                "source": f" from {_a(self.noun(f))}" if named else "", "name": self.name}

    def trigger(self, t: Trigger) -> str:
        return _with_amount(self._trigger(t), self.v.events[t.on], t.amount)

    def _trigger(self, t: Trigger) -> str:
        event = self.v.events[t.on]
        if event.of_player:
            return event.phrase.format(**self._of_player(t, event))
        if "{whose}" in event.phrase:
            whose = {"self": "your", "other": "your opponent's", "any": "each player's"}.get(t.who, "your")
            return event.phrase.format(whose=whose, subject=self.name)
        if t.who == "self":
            subject, word = self.name, "when"
        else:
            noun = self.noun(t.filter)
            side = {"own": " of yours", "enemy": " of your opponent's", "any": ""}[t.side]
            subject = (f"another {noun}{side}" if t.who == "other" else f"{_a(noun)}{side}")
            word = "whenever"
        return f"{word} {event.phrase.format(subject=subject)}"

    def cost(self, cost: tuple[tuple[str, Any], ...]) -> str:
        parts = []
        for key, value in cost:
            part = self.v.costs[key]
            if isinstance(value, Target):
                shown = self.target(value)
            elif value is True:
                shown = "this card"
            else:
                shown = str(value)
            if isinstance(value, int) and not isinstance(value, bool) and "{cards}" in part.phrase:
                parts.append(part.phrase.format(value=shown, cards=_number(value, "card")))
            else:
                parts.append(part.phrase.format(value=shown, cards=shown))
        return " and ".join(parts)

    def static(self, st: Static) -> str:
        kind = self.v.statics[st.effect]
        params = dict(st.params)
        cards = self.cards_set(st.cards) if st.cards is not None else self.name
        if callable(kind.phrase):  # a phrase function also gets the card's name (as params["name"])
            text = kind.phrase({**params, "name": self.name}, cards)
        else:
            text = kind.phrase.format(cards=cards, name=self.name, **params)
        if st.condition is not None:
            text += " " + self.condition(st.condition, "while" if _is_while(self.v, st.condition) else "if")
        return text


def _range_words(value: Range) -> str:
    """"3", "3 or more", "2 or less", "2 to 4"."""
    if value.low == value.high:
        return str(value.low)
    if value.high >= 10**9:
        return f"{value.low} or more"
    if value.low <= -(10**9) or value.low == 0:
        return f"{value.high} or less"
    return f"{value.low} to {value.high}"


def _with_amount(text: str, event: Any, amount: Range | None) -> str:
    """An event's phrase with a trigger's range of its amount: "deals 3 or more damage to a player"."""
    if amount is None:
        return text
    words = _range_words(amount)
    measure = getattr(event, "measure", "")
    if measure and f" {measure}" in text:
        return text.replace(f" {measure}", f" {words} {measure}", 1)
    return f"{text} (an amount of {words})"


def _is_while(vocab: Vocabulary, c: Condition) -> bool:
    return any(vocab.conditions.get(n) is not None and vocab.conditions[n].phrase.startswith("while")
               for n, _ in c.game)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


#: A clause's verb and its plain form, for "you may have a card go to …" (a phrase with its own subject).
_CLAUSE_VERBS = ((" goes ", " go "), (" go ", " go "), (" becomes ", " become "), (" turns ", " turn "),
                 (" gets ", " get "), (" get ", " get "))


def render(game: str, ability: Ability, name: str = "this card") -> str:
    """One compiled ability as an English sentence."""
    w = Words(vocabulary(game), name)
    if ability.kind == "replacement" and ability.trigger is not None:
        head = w.replaced(ability.trigger)
        if ability.prevent:
            body = f"{head}, it does not happen"
        elif ability.less:
            body = f"{head}, it is {ability.less} less (never below 0)"
        else:
            body = f"{head}, {w.sequence(ability.steps)} instead"
        if ability.condition is not None:
            body = f"{body} {w.condition(ability.condition)}"
        return _sentence(body) + _limit(ability.per_turn)
    if ability.kind == "static":
        body = "; ".join(w.static(s) for s in ability.statics)
        if ability.condition is not None:
            body = f"{w.condition(ability.condition)}, {body}"
        return _sentence(body)
    if ability.modes:
        body = "choose one: " + "; or ".join(w.sequence(m) for m in ability.modes)
    else:
        body = w.sequence(ability.steps)
    if ability.condition is not None:
        cond = w.condition(ability.condition)
        if ability.trigger is not None and ability.trigger.who != "self":  # "it" would read as the event's card
            cond = cond.replace(" it is ", f" {w.name} is ")
        body = f"{cond}, {body}"
    if ability.trigger is not None:
        body = f"{w.trigger(ability.trigger)}, {body}"
    if ability.cost:
        body = f"{w.cost(ability.cost)}: {body}"
    return _sentence(body) + _limit(ability.per_turn)


def _limit(per_turn: int) -> str:
    """" Use this only once each turn." for a limited ability, else nothing."""
    if not per_turn:
        return ""
    times = {1: "once", 2: "twice"}.get(per_turn, f"{per_turn} times")
    return f" Use this only {times} each turn."


def render_card(game: str, card: dict) -> list[str]:
    """The English of every ability of a card (compiled; a problem reads as its message)."""
    from deckkit.engine.ability_check import compile_card

    compiled, problems = compile_card(game, card)
    if problems:
        return [f"(cannot work: {p.path} {p.message})" for p in problems]
    return [render(game, a, card.get("name") or "this card") for a in compiled]
