"""Designer-card variants (tests/designer_variants/*.deckkit.toml): the cards a reviewer writes as
other instances of the kinds OB-D1 … OB-D48 and AF-D1 … AF-D32. The scripts pin how each plays
(the pytest plugin runs them); here every inline card must be accepted as `deckkit import` accepts
it, and the English `deckkit card` prints for it reads as the card says."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from deckkit.engine.ability_text import render_card
from deckkit.engine.keywords import KeywordTable, expand_card, read_section
from deckkit.schemas import ability_problems

HERE = Path(__file__).parent
GAMES = {"obludarium", "alomfogo"}


def _cards() -> list[tuple[str, dict]]:
    """Every inline card of the scripts, its keywords put in as abilities (as a script and an import do)."""
    out = []
    for path in sorted(HERE.glob("*.deckkit.toml")):
        script = tomllib.loads(path.read_text(encoding="utf-8"))
        game = script["game"]
        section = {k: {"game": game, **v} for k, v in script.get("keywords", {}).items()}
        defined, problems = read_section(section, path.name)
        assert not problems, problems
        table = KeywordTable(defined)
        for card in script.get("card", []):
            card = {"game": game, **card}
            expansion, problems = expand_card(card, table, path.name)
            assert not problems, (path.name, problems)
            out.append((path.name, expansion.card if expansion is not None else card))
    return out


CARDS = _cards()

# (card id, one ability's English as it must read): wordings that read wrongly before.
ENGLISH = {
    # OB-D8: a negated count reads as its complement, not "if not you have a monster in play".
    "dv-ob-d8b": "At the start of each player's turn, if you have no monsters in play, you gain 2 life.",
    # OB-D44: "you may" decided by the opponent for the opponent.
    "dv-ob-d44a": "When Dobrák enters play, your opponent may draw a card.",
    # AF-D19: a "you may" whose phrase has its own subject, decided by the opponent: "if they do".
    "dv-af-p2c": "Your opponent may have an enemy card from your opponent's hand go to its owner's spell cage; "
                 "if they do, your opponent gains 2 VP.",
    # AF-D18: the condition of a trigger on another card's event names this card ("if it is" was ambiguous).
    "dv-af-d18a": "Whenever another dreamwalker fighting as the attacker of your opponent's loses a duel, if "
                  "Odražeč is the defender, that card goes to its owner's hand.",
    # OB-D18: a keyword granted for a turn ("each turn this turn" before).
    "dv-ob-d18b": "One of your monsters can block two attacks this turn.",
    # OB-D18 with an OB-D48 keyword: a granted designer keyword reads by its name.
    "dv-ob-d18-grant-a": "A monster gains krvelačný this turn.",
    # OB-830: a trigger on the event's amount says the range before what the amount counts.
    "dv-ob-amount-a": "Whenever a monster of yours deals 3 or more damage to a player, your opponent loses 1 life.",
    # OB-108: a player's loss or gain of life as a trigger, with a range put before "life".
    "dv-ob-life-pijavice": "Whenever your opponent loses life, you gain that much life.",
    "dv-ob-life-pakt": "Whenever your opponent loses 2 or more life, you draw a card.",
    "dv-ob-life-zridlo": "Whenever you gain 3 or more life, your opponent loses 1 life.",
    # AF-106: a player's glory points going down or up as a trigger, the range before "glory".
    "dv-af-glory-szamlalo": "Whenever your opponent loses glory points, you gain 1 VP.",
    "dv-af-glory-tukor": "Whenever your opponent loses 2 or more glory points, you gain 1 glory point.",
    "dv-af-glory-forras": "Whenever you gain glory points, you gain 1 VP.",
    # OB-D14: a searched card's tests follow the noun ("a monster with cost 2 or less card" before).
    "dv-ob-d14a": "Search your deck for a monster card with cost 2 or less, put it into your hand, then shuffle "
                  "your deck.",
    # OB-D36: a replaced loss's amount is "that much" (it was refused: no amount to take).
    "dv-ob-p2c": "If you would lose life from a spell, your opponent loses that much life instead.",
    # OB-D45 kind: each player chooses one of their own cards.
    "dv-ob-p2e": "Each player chooses one of their monsters; return it to its owner's hand.",
    # OB-D36, AF-D25: a replacement's per-turn limit is printed.
    "dv-ob-d36-stit": "If you would lose life from an unblocked monster, it is 2 less (never below 0). "
                      "Use this only once each turn.",
    "dv-af-d25-stit": "If another card of yours would become damaged, that card turns resting instead. "
                      "Use this only once each turn.",
}


@pytest.mark.parametrize("name,card", CARDS, ids=[c["id"] for _, c in CARDS])
def test_variant_is_accepted_and_reads(name: str, card: dict) -> None:
    """Each variant card imports (no problem) and every ability reads as English, not as a refusal."""
    assert card["game"] in GAMES, name
    assert not ability_problems(card), (name, card["id"])
    lines = render_card(card["game"], card)
    assert lines and not any(line.startswith("(cannot work") for line in lines), (name, lines)


@pytest.mark.parametrize("card_id", sorted(ENGLISH))
def test_variant_english(card_id: str) -> None:
    """OB-D8, OB-D44, OB-D36, AF-D19, AF-D25 …: the card's English says what the card does."""
    card = next(c for _, c in CARDS if c["id"] == card_id)
    assert ENGLISH[card_id] in render_card(card["game"], card)


def test_a_count_of_at_least_none_reads_as_always() -> None:
    """OB-D17 kind (finding M2): a count with "min": 0 always holds, and reads so, not as "a beast"."""
    card = {"id": "dv-ob-d17-min0", "game": "obludarium", "name": "Horská obluda", "type": "monster", "cost": 5,
            "attack": 4, "defense": 6, "text": "It costs 1 food less.",
            "abilities": [{"static": [{"effect": "cost", "less": 1, "condition": {
                "count": {"side": "own", "filter": {"type": "monster", "group": "beast"}}, "min": 0}}]}]}
    assert render_card("obludarium", card) == [
        "Horská obluda costs 1 food less (never below 0) if you have any number of beast monsters in play."]
