"""Generated abilities are refused with a path and a message, or play through real games (issue 23, item 3).

Hypothesis builds well-formed-looking abilities from each game's registered words (its Vocabulary and
its effects with their parameter schemas: triggers, costs, statics, conditions, replacements, modes,
targets, amounts and the shared step keys optional / if / chooser / ref / per_turn), so a part a game
adds is generated without a change here (:mod:`ability_gen`). For each card the checker either refuses
it — every problem with a JSON path into the card and a message — or the card reads in English and
plays: seeded random self-play games of a deck holding eight copies, where after every action no card
is lost or made and no counter is negative, every game ending; and goldfish games with the greedy and
the random pilot, which end too (the loop caps a turn that never ends, saying so in the record).
"""

from __future__ import annotations

import json
import random
import re
from functools import cache

import pytest
from hypothesis import HealthCheck, Phase, event, given, note, settings
from hypothesis import strategies as st

from ability_gen import FLOW_KEYS, DataPicker, Maker, Picker, deck_with, random_game
from deckkit.engine.abilities import compile_card, has_vocabulary, vocabulary
from deckkit.engine.effects import effects_of
from deckkit.engine.players import policy_rng_of
from deckkit.engine.registry import load_game, registered_games, spec



def _games_with_words() -> list[str]:
    """The registered games that write abilities in the language (loading a game registers its words)."""
    for g in registered_games():
        load_game(g.name)
    return [g.name for g in registered_games() if has_vocabulary(g.name)]


GAMES = _games_with_words()
#: Counters a game's rules let go below zero (a duel's magic power has no floor in one game); the
#: attack/defence readouts of cards in play are checked too, unless a game lists "readouts".
SIGNED: dict[str, frozenset[str]] = {"alomfogo": frozenset({"attack", "defence", "readouts"})}  # AF-751 – AF-754
EXAMPLES = 25  # per game: the file runs in about 20 s of CPU
#: The goldfish loop's per-turn cap for these games: a generated card may loop (a free ability that
#: untaps itself), and the default cap would spend its thousand greedy steps on each such game.
TURN_CAP = 100


#: Engine gaps these tests found, written down for the game's maintainers, each with a minimal card:
#: (game, pattern of "ExceptionType: message") -> what it is. A card that runs into one of them counts
#: as played (Hypothesis reports it as an event); any other failure fails the test. Remove an entry
#: once its game is mended, to keep it mended.
KNOWN: dict[tuple[str, str], str] = {
}


def _known(name: str, exc: BaseException) -> str | None:
    """The finding of :data:`KNOWN` that ``exc`` is, or None."""
    text = f"{type(exc).__name__}: {exc}"
    return next((why for (game, pattern), why in KNOWN.items() if game == name and re.search(pattern, text)), None)


def _checked(name: str, card: dict, seeds: tuple[int, ...] = (0, 1), hypothesis: bool = True) -> bool:
    """:func:`_refused_or_plays`, with a known finding counted as played (an event of Hypothesis's)."""
    try:
        return _refused_or_plays(name, card, seeds)
    except (AssertionError, RecursionError, AttributeError, TypeError) as exc:
        finding = _known(name, exc)
        if finding is None:
            raise
        if hypothesis:
            event(f"known finding {finding[:2]}")
        return True


@cache
def _pool(name: str) -> tuple[dict, ...]:
    return tuple(load_game(name).cards.values())


def _maker(name: str, pick: Picker) -> Maker:
    return Maker(vocabulary(name), effects_of(name), _pool(name), pick)


def _refused_or_plays(name: str, card: dict, seeds: tuple[int, ...] = (0, 1)) -> bool:
    """True when the card compiles and played; False when refused (each problem with a path and a message)."""
    _, problems = compile_card(name, card)
    if problems:
        for problem in problems:
            assert problem.path.startswith("$"), problem  # a JSON path into the card
            assert problem.message.strip(), problem
        return False
    lines = spec(name).ability_text(card)
    assert lines and all(line.strip() for line in lines), f"no English for {card['abilities']}"
    game = load_game(name, [*_pool(name), card])
    deck = deck_with(game, card)
    signed = SIGNED.get(name, frozenset())
    for seed in seeds:
        random_game(game, deck, seed, signed)
    for seed, policy in zip(seeds, ("greedy", "random")):
        rng = random.Random(seed)
        run = game.goldfish(deck, rng, policy=policy)
        run.max_turn_actions = TURN_CAP
        record = run.play(policy_rng_of(rng))
        assert record.capped is None or record.capped.startswith("capped: "), record.capped
    return True


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          phases=[Phase.explicit, Phase.generate],  # no shrinking: the failing card is printed whole, at once
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_a_generated_ability_is_refused_with_a_path_or_plays(name, data):
    card = _maker(name, DataPicker(data)).card()
    note(json.dumps(card["abilities"], ensure_ascii=False))
    _checked(name, card)


def _parts(name: str) -> list[tuple[str, str]]:
    """Every part a game's words name: each effect, trigger event, cost, continuous effect, condition,
    replaceable event, and the shared flow keys of a step."""
    v = vocabulary(name)
    return ([("effect", e) for e in sorted(effects_of(name))] + [("event", e) for e in v.events]
            + [("cost", c) for c in v.costs] + [("static", s) for s in v.statics]
            + [("condition", c) for c in v.conditions] + [("replace", r) for r in v.replaceable]
            + [("flow", k) for k in FLOW_KEYS])


@pytest.mark.parametrize("name", GAMES)
def test_every_part_of_the_language_is_generated_accepted_and_played(name):
    """Each part of the game's words is in some generated card the checker accepts, and that card plays
    (so a new effect, event, cost or key is exercised as soon as a game registers it)."""
    missing = []
    for part in _parts(name):
        for seed in range(40):
            card = _maker(name, Picker(random.Random(f"{part}:{seed}"))).card(part)
            if _checked(name, card, seeds=(seed,), hypothesis=False):
                break
        else:
            missing.append(f"{part[0]} {part[1]}")
    assert not missing, f"no generated card using these parts was accepted: {missing}"
