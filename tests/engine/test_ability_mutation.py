"""No field of a designer card's abilities is silently ignored (issue 23, item 2).

Every designer card of the shipped examples is pinned by a script that inlines it as ``[[card]]``
(one folder per game: the Obludárium scripts under tests/, the Álomfogó ones under data/scripts/).
Each field and value of the card's abilities is mutated (:mod:`ability_mutants`: numbers ±1, words
swapped for another allowed word, booleans flipped, keys and steps removed) and the script is run
through the real script runner: the mutant is *killed* when the checker refuses the card (the
script cannot start) or the script fails. A mutant that neither kills is a field the engine does not
read — a test failure naming the script and the JSON path — unless it is in
:data:`mutation_allowed.ALLOWED`, each entry with its reason (the script does not pin the field, or
the engine may not read it).

Every distinct path shape (the path without list positions, and the kind of change) is tried on
every card that has it; beyond that the mutants are sampled deterministically, so the test's
runtime stays bounded as designer cards are added.
"""

from __future__ import annotations

import dataclasses
import random
import tomllib
from functools import cache
from pathlib import Path

import pytest

from ability_gen import deck_with
from ability_mutants import Mutant, Mutator
from mutation_allowed import ALLOWED
from deckkit.engine.abilities import compile_card, vocabulary
from deckkit.engine.effects import effects_of
from deckkit.engine.registry import load_game, resolve
from deckkit.errors import DeckkitError
from deckkit.paths import data_dir
from deckkit.scripts.cards import CardSource
from deckkit.scripts.reader import ScriptError, load_script
from deckkit.scripts.runner import run_script

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted([*(ROOT / "tests" / "obludarium" / "scripts" / "designer").glob("*.deckkit.toml"),
                  *(data_dir() / "scripts").glob("af-designer-*.deckkit.toml")])
#: Mutants tried per script beyond one of each path shape (a bounded, deterministic sample).
EXTRA_PER_SCRIPT = 6


_SOURCE = CardSource()


def _script_cards(path: Path) -> list[int]:
    """Positions of the script's inline cards that have abilities."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return [i for i, card in enumerate(data.get("card", [])) if card.get("abilities")]


CASES = [(path, i) for path in SCRIPTS for i in _script_cards(path)]


@cache
def _mutator(game: str) -> Mutator:
    load_game(game)
    names = sorted({c["name"] for c in load_game(game).cards.values()})
    return Mutator(vocabulary(game), effects_of(game), names[:3])


def _killed(script, index: int, mutant: Mutant) -> bool:
    """Whether the mutant is refused by the checker or makes the script fail."""
    data = dict(script.data)
    cards = [dict(c) for c in data["card"]]
    cards[index]["abilities"] = mutant.abilities
    data["card"] = cards
    try:
        result = run_script(dataclasses.replace(script, data=data), cards=_SOURCE)
    except ScriptError:
        return True
    return not result.passed


def _equivalent(game: str, card: dict, mutant: Mutant) -> bool:
    """Whether the mutant compiles to the very abilities of the card: nothing changed, so nothing can be
    seen. (Reading the same in English is no proof: the English may skip the field too.)"""
    before, problems = compile_card(game, card)
    after, refused = compile_card(game, {**card, "abilities": mutant.abilities})
    return not problems and not refused and _plain(before) == _plain(after)


def _plain(abilities: tuple) -> list:
    """The compiled abilities without their ``text`` (the prose the mutants leave alone)."""
    return [dataclasses.replace(a, text="") for a in abilities]


def _plays_alike(game: str, card: dict, mutant: Mutant, seeds: int = 3) -> bool:
    """Whether seeded random games of a deck holding the card take the same actions with the mutant:
    if so, nothing shows that the engine reads the field at all (an engine gap, not a script's)."""
    changed = {**card, "abilities": mutant.abilities}
    pool = list(load_game(game).cards.values())
    try:
        games = [load_game(game, [*pool, c]) for c in (card, changed)]
    except DeckkitError:  # the card names keywords its script defines: it cannot be played alone
        return False
    for seed in range(seeds):
        logs = [_actions(g, deck_with(g, c), seed) for g, c in zip(games, (card, changed))]
        if logs[0] != logs[1]:
            return False
    return True


def _actions(game, deck: list[dict], seed: int, most: int = 400) -> list[str]:
    state = game.new_game([deck, deck], random.Random(seed))
    chooser = random.Random(seed)
    out = []
    while len(out) < most and not state.is_terminal():
        legal = state.legal_actions()
        action = legal[chooser.randrange(len(legal))]
        state.apply_unchecked(action)
        out.append(str(action))
    return out + [repr(state.snapshot())]


def _chosen(mutants: list[Mutant], seed: str) -> list[Mutant]:
    """One mutant of each path shape, then a deterministic sample of the rest."""
    first: dict[str, Mutant] = {}
    for m in mutants:
        first.setdefault(m.shape, m)
    rest = [m for m in mutants if first[m.shape] is not m]
    random.Random(seed).shuffle(rest)
    return list(first.values()) + rest[:EXTRA_PER_SCRIPT]


@pytest.mark.parametrize(("path", "index"), CASES, ids=[f"{p.name.split('.')[0]}#{i}" for p, i in CASES])
def test_every_mutation_of_a_designer_card_is_refused_or_changes_its_script(path, index):
    script = load_script(path)
    base = run_script(script, cards=_SOURCE)
    assert base.passed, f"{path.name} fails as it is: {[f.message for f in base.failures][:2]}"
    card = script.data["card"][index]
    game = resolve(script.data["game"])
    mutants = _mutator(game).mutants(card["abilities"])
    assert mutants, f"{card['id']}: no mutant could be written"
    survivors = []
    for mutant in _chosen(mutants, f"{path.name}#{index}"):
        if (path.name, card["id"], mutant.path, mutant.change) in ALLOWED or _equivalent(game, card, mutant):
            continue
        if not _killed(script, index, mutant):
            seen = ("no random game shows it either: the engine may not read it" if _plays_alike(game, card, mutant)
                    else "random games play differently: the script does not pin it")
            survivors.append(f"{mutant.path} {mutant.change} — {seen}")
    assert not survivors, (f"{path.name} ({card['id']}): these changes to the card neither were refused nor "
                           f"changed the script's outcome (an ignored field?):\n  " + "\n  ".join(survivors))
