"""Write N valid synthetic cards (all three games) as a JSON array: ``python bench/gen_cards.py 100000 out.json``.

Seeded (``--seed``), so the same arguments always give the same file.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
from pathlib import Path

SYLLABLES = ["éj", "lé", "pő", "kaj", "tár", "jég", "szem", "so", "ya", "na", "ři", "zek", "čar", "ko", "tlík", "mán",
             "bú", "bos", "hó", "för", "ge", "teg", "láng", "dár", "da", "ne", "to", "pýr", "žá", "bí", "ůl", "ěš"]
WORDS = ["draw", "card", "discard", "magic", "power", "attack", "defence", "flying", "food", "monster", "dream",
         "cage", "rest", "active", "duel", "glory", "point", "each", "turn", "opponent", "player", "cauldron",
         "stone", "move", "score", "recipe", "spell", "counter", "free", "play", "gain", "lose", "when", "the", "a"]
OB_TYPES = ["food", "monster", "artifact", "spell"]
AF_TYPES = ["dreamwalker", "dream-creature", "event", "instant", "general-spell"]
LABELS = ["white", "black", "green", "grey", "brown", "blue", "yellow"]


def _name(rng: random.Random) -> str:
    words = [("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))).capitalize() for _ in range(rng.randint(1, 3))]
    return " ".join(words)


def _text(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 25))).capitalize() + "."


def card(i: int, rng: random.Random) -> dict:
    """One valid synthetic card with id ``syn-<game>-<i>``."""
    game = ("obludarium", "alomfogo", "kotlik")[i % 3]
    c: dict = {"id": f"syn-{game[:2]}-{i}", "game": game, "name": f"{_name(rng)} {i}", "text": _text(rng),
               "set": f"SYN{rng.randint(1, 9)}"}
    if game == "obludarium":
        c["type"] = t = rng.choice(OB_TYPES)
        if t != "food":
            c["cost"] = rng.randint(0, 9)
        if t == "monster":
            c["attack"], c["defense"] = rng.randint(0, 9), rng.randint(0, 9)
            c["groups"] = rng.sample(["flying", "male", "female", "nocturnal", "beast"], rng.randint(0, 2))
        if t == "spell" and rng.random() < 0.2:
            c["blocking"] = True
        take = rng.random() < 0.3
        if t != "food" and take and not c.get("blocking"):
            c["abilities"] = _abilities(game, t, rng)
    elif game == "alomfogo":
        c["type"] = t = rng.choice(AF_TYPES)
        c["cost"] = rng.randint(0, 7)
        c["rarity"] = rng.choice(["bronze", "silver", "gold", "green"])
        if t == "dreamwalker":
            c["attack"], c["defense"] = rng.randint(0, 8), rng.randint(0, 8)
            if rng.random() < 0.2:
                c["glory"] = rng.randint(1, 5)
        if rng.random() < 0.3:
            c["subtypes"] = [rng.choice(["bűvforrás", "ellenvarázs", "Yurt"])]
        if rng.random() < 0.3:
            c["helper"] = rng.choice(["P", "S", "Á"])
        if rng.random() < 0.3 and "helper" not in c:
            c["abilities"] = _abilities(game, t, rng)
            if not c["abilities"]:
                del c["abilities"]
    else:
        c["type"] = "ingredient"
        c["ingredient"] = rng.choice(SYLLABLES) + "-" + rng.choice(SYLLABLES)
        c["number"] = rng.randint(1, 4)
        c["label"] = rng.choice(LABELS)
        c["symbols"] = ["exploding-cauldron"] if rng.random() < 0.2 else []
    return c


@functools.cache
def _pool(game: str, card_type: str) -> tuple[str, ...]:
    """The abilities (as JSON texts) of the shipped cards of one game and type, written in the ability
    language: bundled and example cards without a helper mark or a blocking flag they would depend on."""
    root = Path(__file__).resolve().parent.parent / "data" / "cards"
    files = [root / f"{game}.json", *sorted((root / "examples").glob("*.json"))]
    found = []
    for file in files:
        data = json.loads(file.read_text(encoding="utf-8"))
        for c in data.get("cards", []) if isinstance(data, dict) else data:  # a file of keywords and cards
            if (c.get("game") == game and c.get("type") == card_type and c.get("abilities")
                    and not c.get("helper") and not c.get("blocking")):
                found.append(json.dumps(c["abilities"], ensure_ascii=False, sort_keys=True))
    return tuple(sorted(set(found)))


def _abilities(game: str, card_type: str, rng: random.Random) -> list:
    pool = _pool(game, card_type)
    return json.loads(rng.choice(pool)) if pool else []


def generate(n: int, seed: int = 1) -> list[dict]:
    """``n`` synthetic cards from ``seed``."""
    rng = random.Random(seed)
    return [card(i, rng) for i in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("n", type=int)
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(generate(args.n, args.seed), fh, ensure_ascii=False)
    print(f"wrote {args.n} cards to {args.out}")


if __name__ == "__main__":
    main()
