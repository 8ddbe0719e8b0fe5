"""docs/designer-cards.md tells the truth: every designer card (OB-D1 … OB-D48, AF-D1 … AF-D32) is there
under its kind with the data the examples hold and the English deckkit prints for it, and the README
teaches the parts and points to it, not outside the repository.

The entries below the catalogue's first kind are generated from the data; after changing a designer
card, rewrite them with ``python tests/engine/test_designer_cards_doc.py --write`` (the prose above
them, and each kind's introduction here, are written by hand).
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "designer-cards.md"
EXAMPLES = ROOT / "data" / "cards" / "examples"
NUMBERS = [f"OB-D{i}" for i in range(1, 49)] + [f"AF-D{i}" for i in range(1, 33)]

#: The kinds of the catalogue: heading, what the kind is, and the cards that show it best.
KINDS = [
    ("When it happens to this card", "A trigger on the card's own event: it enters play or is played, it "
     "attacks, deals damage, dies, wins or loses a duel. `trigger` names the event; `who` is `self` (the "
     "default).", "OB-D1 OB-D6 OB-D7 OB-D20 OB-D27 OB-D28 OB-D44 AF-D2 AF-D18 AF-D20 AF-D29"),
    ("When it happens elsewhere", "A trigger on another card's or a player's event: `who: other` or `any`, "
     "narrowed by `side` and a `filter`; `per_turn: 1` makes it happen only once each turn.",
     "OB-D4 OB-D35 OB-D46 AF-D9 AF-D21"),
    ("At the start or end of a turn or phase", "Events of a player: whose turn is `who` (`self` your turn, "
     "`other` an opponent's, `any` each player's); `that-player` is the player whose turn it is.",
     "OB-D8 OB-D25 OB-D33 AF-D6 AF-D19 AF-D24"),
    ("Pay to use it", "An activated ability: a `cost` (tap, food, sacrifice this or another card, discard; in "
     "Álomfogó the helper marks rest, damage, sacrifice and VP) and the steps it pays for.",
     "OB-D5 OB-D9 OB-D16 OB-D19 OB-D23 OB-D30 OB-D31 OB-D42 OB-D45 AF-D3 AF-D12 AF-D17 AF-D23"),
    ("While it is in play", "A continuous effect (`static`) holds as long as the card is in play, for the card "
     "itself or for a set of cards (`cards`), maybe only while a `condition` holds; a counted amount follows "
     "the state as it changes.", "OB-D2 OB-D3 OB-D40 AF-D1"),
    ("What cards cost", "A continuous cost change: less or more, fixed or counted, for this card or a set of "
     "cards, or only the first such card each turn; a cost never goes below 0.",
     "OB-D17 OB-D34 OB-D41 AF-D8 AF-D22 AF-D26"),
    ("Once, when played", "A spell's or instant's steps, in order: each with its own target (of your choice, "
     "every, at random, the card an earlier step acted on), player, amount and duration; `modes` for "
     "\"choose one\".", "OB-D10 OB-D11 OB-D12 OB-D13 OB-D14 OB-D15 OB-D22 OB-D26 OB-D29 OB-D38 OB-D39 OB-D43 "
     "AF-D4 AF-D5 AF-D7 AF-D10 AF-D13 AF-D14 AF-D15 AF-D27 AF-D28 AF-D30 AF-D32"),
    ("Instead", "A replacement (`replace`): if the event would happen, it does not (`prevent`), happens with a "
     "smaller amount (`less`), or the steps of `do` happen instead; the replaced event's own triggers do not "
     "fire.", "OB-D21 OB-D36 OB-D37 AF-D11 AF-D25"),
    ("Bending a rule", "The game's built-in keywords and rule numbers: cannot block, blocks two attacks, may "
     "attack at once, may defend while resting, one more food a turn.", "OB-D18 OB-D24 OB-D32 OB-D47 AF-D16"),
    ("Cards with designer keywords", "A keyword is a named bundle of abilities defined once in a card file and "
     "given to any number of cards by name (see the keywords above).", "OB-D48 AF-D31"),
]


def designer_cards() -> dict[str, tuple[str, dict, str]]:
    """number -> (example file, card, script) for every designer card a script pins (its title starts
    with the number and names the card)."""
    cards = [(f.name, c) for f in sorted(EXAMPLES.glob("*-designer.json"))
             for c in json.loads(f.read_text(encoding="utf-8"))]
    scripts = sorted([*ROOT.glob("data/scripts/*.deckkit.toml"), *ROOT.glob("tests/*/scripts/**/*.deckkit.toml")])
    out: dict[str, tuple[str, dict, str]] = {}
    for path in scripts:
        title = tomllib.loads(path.read_text(encoding="utf-8")).get("title", "")
        m = re.match(r"((?:OB|AF)-D\d+)\b", title)
        if not m or m.group(1) in out:
            continue
        found = [(f, c) for f, c in cards if c["name"] in title and c["id"].startswith(m.group(1)[:2].lower())]
        if found:
            out[m.group(1)] = (*found[0], str(path.relative_to(ROOT)))
    return out


def _stats(card: dict) -> str:
    out = f"{card['type'].replace('-', ' ')} {card.get('cost', 0)}"
    if "attack" in card:
        out += f", {card['attack']}/{card['defense']}"
    out += "".join(f", {g}" for g in card.get("groups", []))
    out += f", ★{card['glory']}" if card.get("glory") else ""
    return out + (f", ({card['helper']})" if card.get("helper") else "")


def _english(card: dict) -> list[str]:
    from deckkit.engine.registry import spec

    return spec(card["game"]).ability_text(card)


def entries() -> str:
    """The generated part of the catalogue: each kind with its cards."""
    cards = designer_cards()
    out = []
    for title, intro, numbers in KINDS:
        out.append(f"## {title}\n\n{intro}\n")
        for number in numbers.split():
            if number not in cards:
                out.append(f"### {number}\n\nNot yet written as data.\n")
                continue
            file, card, script = cards[number]
            out.append(f"### {number} {card['name']}\n\n{_stats(card)} · `{file}` id `{card['id']}` · "
                       f"script `{script}`\n")
            out += [f"> {line}\n" for line in _english(card)]
            data = "".join(f'"keywords": {json.dumps(card["keywords"], ensure_ascii=False)},\n'
                           for _ in [0] if "keywords" in card)
            body = ",\n".join(json.dumps(a, ensure_ascii=False) for a in card.get("abilities", []))
            out.append(f"```json\n{data}\"abilities\": [\n{body}\n]\n```\n")
    return "\n".join(out).rstrip() + "\n"


def _split(text: str) -> tuple[str, str]:
    start = text.index(f"## {KINDS[0][0]}\n")
    return text[:start], text[start:]


def test_every_designer_card_is_in_the_catalogue_under_one_kind_with_its_data():
    numbers = [n for _, _, ns in KINDS for n in ns.split()]
    assert sorted(numbers) == sorted(NUMBERS)  # each card in exactly one kind
    _, generated = _split(DOC.read_text(encoding="utf-8"))
    assert generated == entries(), "docs/designer-cards.md is out of date: run this module with --write"


def test_the_readme_teaches_the_parts_and_points_inside_the_repository():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### Writing abilities"):readme.index("### Rule settings")]
    for part in ("**Events and triggers.**", "**Actions.**", "**Targets and references.**", "**Choices.**",
                 "**Once each turn.**", "**Replacements.**", "**Durations.**", "**Keywords as data.**",
                 "docs/designer-cards.md"):
        assert part in section
    for text in (readme, DOC.read_text(encoding="utf-8")):
        assert "../shared" not in text and "/work/" not in text


def test_the_readmes_examples_are_abilities_the_checker_accepts():
    from deckkit.engine.ability_check import compile_ability

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### Writing abilities"):readme.index("### Rule settings")]
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", section, re.S)]
    abilities = [b for b in blocks if "keywords" not in b]
    assert len(abilities) >= 6
    for ability in abilities:
        game = "alomfogo" if any(w in json.dumps(ability) for w in ("glory", "to-deck", "rests-after")) \
            else "obludarium"
        _, problems = compile_ability(game, ability, None, "$")
        assert problems == [], (ability, problems)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    head, _ = _split(DOC.read_text(encoding="utf-8"))
    DOC.write_text(head + entries(), encoding="utf-8")
