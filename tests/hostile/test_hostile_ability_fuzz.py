"""A seeded fuzzer over the ability language (issue 28, item 5): mutants of the shipped cards either
import or are refused with clear messages, never an internal error; the mutants that import play a few
goldfish turns without one, and read in English.

The mutants start from every shipped card with abilities (the bundled cards and the examples in
data/cards/examples/) and take one to three changes each, in the grammar's terms and outside them:

- a part replaced by a part another shipped card has under the same key (a trigger, a filter, a
  target, a step, an amount…), so most mutants are new, well-formed combinations that import and play;
- a word replaced by another word the shipped cards use, a key dropped, a key another card uses added;
- a value replaced by one of the wrong kind (an object where a word goes, a list of objects in a
  filter's list, a huge number, a long string, null), a part wrapped in a list or in a ``not``.

The whole set is imported through the real importer (with the example keyword files, so keyword cards
are put in): every problem must name the record and a JSON path, say what is wrong in a bounded number of
characters, and hold no traceback. The mutants it accepts are imported into a catalogue, read back, and
played. The run is bounded by the number of mutants (seeded and deterministic), not by a clock.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from deckkit.bundled import starter_deck
from deckkit.catalogue import open_catalogue
from deckkit.catalogue.importer import import_files
from deckkit.engine.abilities import has_vocabulary
from deckkit.engine.players import policy_rng_of
from deckkit.engine.registry import load_game, registered_games, spec
from deckkit.errors import ValidationFailed
from deckkit.paths import data_dir

SEED = 28
#: Mutants per game: about two seconds of CPU for the file with both games.
MUTANTS = 200
#: Of the mutants that import, how many play (the rest are imported and read back only).
PLAYED = 40
TURNS = 3
#: A message longer than this echoes a value whole (values are cut to about 60 characters).
LONGEST_MESSAGE = 700

_HOSTILE: tuple[Any, ...] = ({"x": 1}, [], [{"x": 1}], [["own"]], None, True, False, 0, -1, 10**15, 2.5, "",
                             "ü" * 3, "x" * 5000, {"not": {}}, {"any": []}, {"min": 5, "max": 1}, {"ref": 99},
                             {"effect": {"x": 1}}, [{"effect": "draw"}] * 3)


def _games() -> list[str]:
    for g in registered_games():
        load_game(g.name)
    return [g.name for g in registered_games() if has_vocabulary(g.name)]


GAMES = _games()


def _example_files() -> list[Path]:
    return sorted((data_dir() / "cards" / "examples").glob("*.json"))


def _cards_of(path: Path) -> list[dict]:
    data = json.loads(path.read_text(encoding="utf-8"))
    cards = data.get("cards", []) if isinstance(data, dict) else data
    return [c for c in cards if isinstance(c, dict)]


def _keyword_files() -> list[Path]:
    return [p for p in _example_files() if isinstance(json.loads(p.read_text(encoding="utf-8")), dict)]


@cache
def _shipped(game: str) -> tuple[dict, ...]:
    """Every shipped card of the game with abilities or keywords: bundled and examples."""
    bundled = [c for c in load_game(game).cards.values() if c.get("abilities")]
    examples = [c for p in _example_files() for c in _cards_of(p)
                if c.get("game") == game and (c.get("abilities") or c.get("keywords"))]
    return tuple(bundled + examples)


def _nodes(node: Any, key: str = "abilities") -> Iterator[tuple[str, Any, Any, Any]]:
    """(key it stands under, its parent, its place in the parent, the value) of every part of ``node``."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k != "text":
                yield k, node, k, v
                yield from _nodes(v, k)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield key, node, i, v
            yield from _nodes(v, key)


@cache
def _parts(game: str) -> tuple[dict[str, list[Any]], list[str], list[str]]:
    """What the shipped cards write: the values under each key, every word, every key."""
    by_key: dict[str, list[Any]] = {}
    words: set[str] = set()
    for card in _shipped(game):
        for key, _, _, value in _nodes(card.get("abilities") or []):
            by_key.setdefault(key, []).append(value)
            if isinstance(value, str):
                words.add(value)
    return by_key, sorted(words), sorted(by_key)


class _Mutator:
    def __init__(self, game: str, rng: random.Random) -> None:
        self.rng = rng
        self.by_key, self.words, self.keys = _parts(game)

    def card(self, base: dict, number: int) -> dict:
        card = copy.deepcopy(base)
        card["id"] = f"fz-{number:04d}-{card['id']}"[:80]
        card["name"] = f"Fuzz {number} {card['name']}"[:120]
        for _ in range(self.rng.choice((1, 1, 1, 2, 2, 3))):
            self.once(card)
        return card

    def once(self, card: dict) -> None:
        rng = self.rng
        if rng.random() < 0.08:  # the fields the checker reads beside the abilities
            field = rng.choice(["type", "cost", "keywords", "abilities"])
            card[field] = copy.deepcopy(rng.choice([*_HOSTILE, *self.by_key.get(field, [])[:5]]))
            return
        nodes = list(_nodes(card.get("abilities")))
        if not nodes:
            card["abilities"] = copy.deepcopy(rng.choice(self.by_key.get("abilities") or [[]]))
            return
        key, parent, place, value = rng.choice(nodes)
        roll = rng.random()
        if roll < 0.50 and self.by_key.get(key):  # a part another shipped card has under this key
            parent[place] = copy.deepcopy(rng.choice(self.by_key[key]))
        elif roll < 0.62 and isinstance(value, str):
            parent[place] = rng.choice(self.words)
        elif roll < 0.70 and isinstance(parent, dict):
            del parent[place]
        elif roll < 0.70 and isinstance(parent, list) and len(parent) > 1:
            del parent[place]
        elif roll < 0.78 and isinstance(value, dict):
            extra = rng.choice(self.keys)
            value[extra] = copy.deepcopy(rng.choice(self.by_key[extra]))
        elif roll < 0.83:
            parent[place] = [value] if rng.random() < 0.5 else {"not": value}
        elif roll < 0.88 and isinstance(value, int) and not isinstance(value, bool):
            parent[place] = value + rng.choice([-100, -1, 1, 1000])
        else:
            parent[place] = copy.deepcopy(rng.choice(_HOSTILE))


def _mutants(game: str) -> list[dict]:
    rng = random.Random(f"{SEED}:{game}")
    mutator = _Mutator(game, rng)
    shipped = _shipped(game)
    return [mutator.card(rng.choice(shipped), i) for i in range(MUTANTS)]


def _check_problem(p: Any, file: str) -> None:
    text = str(p)
    assert p.message.strip(), text
    assert "Traceback" not in text and "Error:" not in p.message, text
    assert len(text) <= LONGEST_MESSAGE, f"a message of {len(text)} characters: {text[:300]}…"
    if p.file == file:
        assert p.record is not None, text
        assert p.path.startswith("$"), text


def _import(db: Path, files: list[Path]) -> tuple[set[int], Any]:
    """Import the files; the record numbers of the mutants file that have problems, and the report."""
    cat = open_catalogue(db, fill=False)
    try:
        report = import_files(cat, files)
    except ValidationFailed as exc:
        for p in exc.problems:
            _check_problem(p, str(files[-1]))
        return {p.record for p in exc.problems if p.file == str(files[-1])}, None
    finally:
        cat.close()
    for w in report.warnings:
        _check_problem(w, str(files[-1]))
    return set(), report


def _play(game_name: str, card: dict, seed: int) -> None:
    game = load_game(game_name, [*load_game(game_name).cards.values(), card])
    deck = starter_deck(game)
    same = [i for i, c in enumerate(deck) if c.get("type") == card.get("type")]
    others = [i for i in reversed(range(len(deck))) if i not in same]
    for i in (same + others)[:8]:
        deck[i] = card
    rng = random.Random(seed)
    run = game.goldfish(deck, rng, policy="random" if seed % 2 else "greedy", max_turns=TURNS)
    run.max_turn_actions = 60
    record = run.play(policy_rng_of(rng))
    assert record.capped is None or record.capped.startswith("capped: "), record.capped


@pytest.mark.parametrize("game", GAMES)
def test_every_mutant_of_a_shipped_card_imports_or_is_refused_clearly_and_the_imported_ones_play(game, tmp_path):
    mutants = _mutants(game)
    fuzz = tmp_path / "mutants.json"
    fuzz.write_text(json.dumps(mutants, ensure_ascii=False), encoding="utf-8")
    keywords = _keyword_files()
    try:
        refused, _ = _import(tmp_path / "dry.db", [*keywords, fuzz])
    except (ValidationFailed, AssertionError):
        raise
    except Exception as exc:  # name the mutant that breaks the importer
        for m in mutants:
            one = tmp_path / "one.json"
            one.write_text(json.dumps([m], ensure_ascii=False), encoding="utf-8")
            try:
                _import(tmp_path / "one.db", [*keywords, one])
            except AssertionError:
                raise
            except Exception:
                pytest.fail(f"importing this mutant is an internal error ({exc!r}):\n{json.dumps(m)[:3000]}")
        raise
    accepted = [m for i, m in enumerate(mutants, 1) if i not in refused]
    assert refused and accepted, f"{len(refused)} refused, {len(accepted)} accepted: the mutations lost their mix"
    good = tmp_path / "accepted.json"
    good.write_text(json.dumps(accepted, ensure_ascii=False), encoding="utf-8")
    still_refused, report = _import(tmp_path / "cat.db", [*keywords, good])
    assert not still_refused and report is not None
    with open_catalogue(tmp_path / "cat.db", fill=False) as cat:
        stored = [cat.get(m["id"]) for m in accepted]
    assert all(stored)
    for card in stored:  # what `deckkit card` shows
        lines = spec(game).ability_text(card)
        assert all(line.strip() and "cannot work" not in line for line in lines), (lines, json.dumps(card)[:3000])
    for seed, card in enumerate(stored[:PLAYED]):
        try:
            _play(game, card, seed)
        except Exception as exc:
            pytest.fail(f"an imported mutant fails in play ({type(exc).__name__}: {exc}):\n{json.dumps(card)[:3000]}")
