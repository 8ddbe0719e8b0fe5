"""Abilities that are valid but can never do anything: import warnings (errors with ``--strict``).

The checker (:mod:`deckkit.engine.ability_check`) refuses what cannot be played. What is left here
is accepted data that would play as if it were not there, which a designer would want to hear of:

- a card whose rules text says something but which has no abilities (a spell that is cast and
  does nothing). Reminder text is not flagged: a sentence in parentheses, one that only names one
  of the card's groups, subtypes or symbols ("Flying."), or one that starts with the card's type
  ("Food: tap to pay 1."), describes rules the game applies anyway;
- a set of cards in play (a step's target, what an amount or a condition counts) whose filter asks
  for a card type that is never in play, or that asks for a type and for not that type: no card can
  ever match it;
- whatever the game itself can tell (its vocabulary's ``warn_card`` hook: a condition that cannot
  hold where it is evaluated, say).

Each warning has the JSON path inside the card and a hint; :func:`card_warnings` is remembered by
the card's non-prose fields, as the checker's answers are.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from deckkit.echo import shown
from deckkit.engine.effects import AbilityProblem

__all__ = ["card_warnings", "reminder_only", "speaks"]

_SET_KEYS = frozenset({"choose", "side", "zone", "other", "filter", "count"})
_LIST_FIELDS = ("groups", "subtypes", "symbols")
_CACHE: dict[tuple[str, bytes], list[AbilityProblem]] = {}


def _fold(text: str) -> str:
    from deckkit.text import fold

    return fold(text)


def reminder_only(card: dict) -> bool:
    """Whether the card's text only reminds of rules its fields already say (or is empty)."""
    text = card.get("text")
    if not isinstance(text, str) or not text or text.isspace():  # isspace: no copy, as strip() makes
        return True
    if "(" in text:
        text = re.sub(r"\([^()]*\)", " ", text)  # reminder text in parentheses
    card_type = card.get("type", "")
    kind = _KINDS.get(card_type) if isinstance(card_type, str) else None
    if kind is None:
        kind = str(card_type).casefold().replace("-", " ") + ":"
        if isinstance(card_type, str) and len(_KINDS) < 256:  # a game has a handful of types
            _KINDS[card_type] = kind
    # Most texts say something in their first sentence: decided without splitting the whole text.
    end = _SENTENCES.search(text)
    said = (text[:end.start()] if end else text).strip(" ,:\t").casefold()
    if len(said) > 40 and not said.replace("-", " ").startswith(kind):
        return False
    own: set[str] | None = None
    for sentence in _SENTENCES.split(text):
        said = sentence.strip(" ,:\t").casefold()
        if not said or said.replace("-", " ").startswith(kind):
            continue
        if len(said) > 40:  # longer than any group, subtype or symbol: it says something
            return False
        if own is None:
            own = {_fold(v) for key in _LIST_FIELDS for v in card.get(key) or () if isinstance(v, str)}
        if _fold(said) not in own:
            return False
    return True


_SENTENCES = re.compile(r"[.;!\n]+")
_KINDS: dict[str, str] = {}  # a type as a sentence starting with it begins ("dream creature:")
_LANGUAGE: dict[str, str | None] = {}


def speaks(game: str) -> str | None:
    """The registered name of ``game`` if it writes the ability language (remembered per name as written)."""
    if game not in _LANGUAGE:
        from deckkit.engine.abilities import has_vocabulary
        from deckkit.engine.registry import find

        spec = find(game)
        if spec is not None:
            spec.load_effects()
        _LANGUAGE[game] = spec.name if spec is not None and has_vocabulary(spec.name) else None
    return _LANGUAGE[game]


def card_warnings(card: Any) -> list[AbilityProblem]:
    """Every warning of one valid card (empty for a game without the ability language)."""
    if not isinstance(card, dict) or not isinstance(card.get("game"), str):
        return []
    game = speaks(card["game"])
    if game is None:
        return []
    abilities = card.get("abilities")
    if not abilities:
        if reminder_only(card):
            return []
        return [AbilityProblem("$.text", f"the text says something ({shown(card['text'])}) but the card has no abilities: "
                               "it plays as if the text were not printed",
                               "write what the text says as abilities (deckkit games --abilities lists the "
                               "parts), or put reminder text in parentheses")]
    from deckkit.engine.abilities import vocabulary
    from deckkit.engine.ability_check import PROSE_FIELDS

    try:  # the generic checks read the type and the abilities; a game's hook may read any other field
        key = (game, _key({k: v for k, v in card.items() if k not in PROSE_FIELDS}
                          if vocabulary(game).warn_card is not None else [card.get("type"), abilities]))
    except (TypeError, ValueError):  # a value the key cannot hold: work it out afresh
        return _warnings(game, card)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > 4096:
            _CACHE.clear()
        found = _CACHE[key] = _warnings(game, card)
    return list(found)


def _key(value: Any) -> bytes:
    try:
        import orjson
    except ImportError:  # pragma: no cover - a declared dependency
        import json

        return json.dumps(value, sort_keys=True).encode()
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def _warnings(game: str, card: dict) -> list[AbilityProblem]:
    """The warnings of a card the checker accepted (an import checks each card before it warns)."""
    from deckkit.engine.abilities import vocabulary

    vocab = vocabulary(game)
    out = []
    for path, node in _sets(card.get("abilities"), "$.abilities"):
        out += _empty_set(vocab, path, node)
    if vocab.warn_card is not None:
        from deckkit.engine.ability_check import compile_card

        compiled, problems = compile_card(game, card)
        if not problems:  # the checker's problems are errors, reported elsewhere
            out += vocab.warn_card(card, list(compiled))
    return out


def _sets(node: Any, path: str, key: str = "") -> Iterator[tuple[str, dict]]:
    """Every set of cards a step acts on or an amount or condition counts, as written, with its path (the
    ``cards`` of a continuous effect are left alone: a cost change, say, is about cards being played)."""
    if isinstance(node, dict):
        if key in ("target", "count") and "filter" in node and set(node) <= _SET_KEYS:
            yield path, node
        for name, value in node.items():
            if name != "static":
                yield from _sets(value, f"{path}.{name}", name)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _sets(value, f"{path}[{i}]")


def _types(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, list):
        return {v for v in value if isinstance(v, str)}
    return set()


def _empty_set(vocab: Any, path: str, node: dict) -> list[AbilityProblem]:
    filt = node.get("filter")
    if not isinstance(filt, dict) or "type" not in filt:
        return []
    wanted = _types(filt["type"])
    zone = node.get("zone", vocab.zones[0])
    out = []
    in_play = (*vocab.in_play_types, *vocab.play_types)
    if zone in (vocab.play_zone, vocab.zones[0]) and wanted and not wanted & set(in_play):
        names = " or ".join(sorted(wanted))
        out.append(AbilityProblem(f"{path}.filter.type", f"no {names} is ever in play: this set of cards is "
                                  "always empty", f"the types that stay in play: {', '.join(in_play)}; "
                                  f"or name the zone where such cards are (zone: one of {', '.join(vocab.zones)})"))
    negated = filt.get("not")
    if isinstance(negated, dict) and wanted and wanted <= _types(negated.get("type")):
        out.append(AbilityProblem(f"{path}.filter.not.type", f"the filter asks for {' or '.join(sorted(wanted))} "
                                  "and for not that: no card matches it", "remove the contradicting 'not' test"))
    return out
