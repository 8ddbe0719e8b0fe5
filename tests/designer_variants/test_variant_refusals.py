"""Designer-card variants the language refuses: each is refused with the JSON path of the part that
cannot work and a hint, never imported to play differently from its text."""

from __future__ import annotations

import pytest

from deckkit.schemas import ability_problems

REFUSED: list[tuple[str, dict, str, str]] = [
    # AF-D16 kind: a keyword under a condition ("it cannot defend while you have fewer than two
    # dreamwalkers"): the defence rule reads the card's keywords alone, so the condition is refused.
    ("AF-D16", {"id": "dv-af-d16-cond", "game": "alomfogo", "name": "Zbabělý", "type": "dreamwalker", "cost": 1,
                "attack": 3, "defense": 3, "text": "It cannot defend while you have fewer than two dreamwalkers.",
                "abilities": [{"static": [{"effect": "keyword", "keyword": "cannot-defend"}],
                               "condition": {"count": {"side": "own", "filter": {"type": "dreamwalker"}}, "max": 1}}]},
     "$.abilities[0].condition", "'keyword'"),
    ("AF-371", {"id": "dv-af-counter-cond", "game": "alomfogo", "name": "Strážná zvonice", "type": "event",
                "cost": 2, "text": "While you have a dreamwalker, sacrifice it when an opponent plays a spell: …",
                "abilities": [{"static": [{"effect": "counterspell", "condition": {
                    "count": {"side": "own", "filter": {"type": "dreamwalker"}}, "min": 1}}]}]},
     "$.abilities[0].static[0].condition", "'counterspell'"),
    # OB-D14 kind: a searched card put into the hand "tapped" (the flag would be ignored).
    ("OB-D14", {"id": "dv-ob-d14-tapped", "game": "obludarium", "name": "Nábor", "type": "spell", "cost": 1,
                "text": "Search your deck for a food card and put it into your hand tapped.",
                "abilities": [{"do": [{"effect": "search", "target": {"side": "own", "zone": "deck",
                                                                       "filter": {"type": "food"}},
                                       "to": "hand", "tapped": True}]}]},
     "$.abilities[0].do[0].tapped", "tapped"),
    # AF-D22 kind (finding M1): a cost change of cards in the spell cage (the zone was ignored).
    ("AF-D22", {"id": "dv-af-d22-cage", "game": "alomfogo", "name": "Álomszövő", "type": "dreamwalker", "cost": 2,
                "attack": 2, "defense": 2, "text": "The first instant in your spell cage each turn costs 1 VP less.",
                "abilities": [{"static": [{"effect": "cost", "amount": 1, "first": True, "cards": {
                    "side": "own", "zone": "cage", "filter": {"type": "instant"}}}]}]},
     "$.abilities[0].static[0].cards.zone", "'cost'"),
    # OB-D3 kind: a bonus to monsters in a hand (the zone was ignored).
    ("OB-D3", {"id": "dv-ob-d3-hand", "game": "obludarium", "name": "Vůdce", "type": "monster", "cost": 4,
               "attack": 3, "defense": 3, "text": "Beasts in your hand get +1 attack.",
               "abilities": [{"static": [{"effect": "modify", "attack": 1, "cards": {
                   "side": "own", "zone": "hand", "filter": {"group": "beast"}}}]}]},
     "$.abilities[0].static[0].cards.zone", "'modify'"),
    # AF-D18 kind: "the attacking dreamwalker" looked for in the spell cage by its part in the duel,
    # which only cards in play have (the card was found by nothing; 'it' follows a duelist instead).
    ("AF-D18", {"id": "dv-af-d18-cage", "game": "alomfogo", "name": "Odražeč", "type": "dreamwalker", "cost": 3,
                "attack": 1, "defense": 3, "text": "When it wins as the defender, the attacker returns to its hand.",
                "abilities": [{"trigger": "duel-won", "condition": {"duel_role": "defender"}, "do": [{
                    "effect": "to-hand", "target": {"choose": "every", "zone": "cage",
                                                    "filter": {"type": "dreamwalker", "role": "attacker"}}}]}]},
     "$.abilities[0].do[0].target.filter.role", "role"),
    # OB-D27 kind: a card in the discard pile filtered on a state only cards in play have.
    ("OB-D27", {"id": "dv-ob-d27-state", "game": "obludarium", "name": "Bludné světlo", "type": "monster",
                "cost": 1, "attack": 1, "defense": 1, "text": "When it is summoned, return an untapped monster …",
                "abilities": [{"trigger": "enters", "do": [{"effect": "move", "to": "hand", "target": {
                    "side": "own", "zone": "discard", "filter": {"not": {"state": "tapped"}}}}]}]},
     "$.abilities[0].do[0].target.filter.not.state", "state"),
    # AF-D13 kind: two looks at the top of the deck in one ability (one stated order served both, and a
    # second look of another size failed with an internal error).
    ("AF-D13", {"id": "dv-af-d13-twice", "game": "alomfogo", "name": "Dvojí tükör", "type": "general-spell",
                "cost": 1, "text": "Order the top 2 cards of your deck, then you may order the top 3.",
                "abilities": [{"do": [{"effect": "order-top", "amount": 2},
                                      {"effect": "order-top", "amount": 3, "optional": True}]}]},
     "$.abilities[0].do[1]", "order-top"),
    # G5 (generative findings): "owner" on a step of a trigger whose event has no card.
    ("OB-D30", {"id": "dv-g5", "game": "obludarium", "name": "Gen five", "type": "monster", "cost": 1, "attack": 1,
                "defense": 1, "text": "At the end of each turn, its owner looks at the top two cards of their deck.",
                "abilities": [{"trigger": {"on": "turn-end", "who": "any"},
                               "do": [{"effect": "look", "amount": 2, "player": "owner"}]}]},
     "$.abilities[0].do[0].player", "'owner'"),
    # OB-801 kind: "whenever it attacks with 3 or more attack": a declared attack carries no amount.
    ("OB-801", {"id": "dv-ob-amount-attacks", "game": "obludarium", "name": "Vztekloun", "type": "monster",
                "cost": 2, "attack": 3, "defense": 2, "text": "Whenever it attacks for 3 or more, draw a card.",
                "abilities": [{"trigger": {"on": "attacks", "amount": {"min": 3}},
                               "do": [{"effect": "draw", "amount": 1}]}]},
     "$.abilities[0].trigger.amount", "'attacks'"),
    # AF-D18 kind: no Álomfogó trigger event carries an amount to test.
    ("AF-D18", {"id": "dv-af-amount-duel", "game": "alomfogo", "name": "Vérszomj", "type": "dreamwalker",
                "cost": 2, "attack": 3, "defense": 2, "text": "Whenever it wins a duel by 3 or more, draw a card.",
                "abilities": [{"trigger": {"on": "duel-won", "amount": {"min": 3}},
                               "do": [{"effect": "draw", "amount": 1}]}]},
     "$.abilities[0].trigger.amount", "'duel-won'"),
    # OB-108 kind: a gain of life is a trigger event, not one a replacement can replace ("gain twice that").
    ("OB-108", {"id": "dv-ob-life-replace-gain", "game": "obludarium", "name": "Hojnost", "type": "artifact",
                "cost": 3, "text": "If you would gain life, you gain twice that much instead.",
                "abilities": [{"replace": {"on": "gains-life"},
                               "do": [{"effect": "gain-life", "amount": {"from": "event"}, "player": "you"}]}]},
     "$.abilities[0].replace.on", "'gains-life'"),
    # OB-108 kind: a loss of life is at least 1, so a range of it starts at 1.
    ("OB-108", {"id": "dv-ob-life-amount-zero", "game": "obludarium", "name": "Pijavka", "type": "artifact",
                "cost": 2, "text": "Whenever your opponent loses 0 or more life, draw a card.",
                "abilities": [{"trigger": {"on": "loses-life", "who": "other", "amount": {"min": 0}},
                               "do": [{"effect": "draw", "amount": 1}]}]},
     "$.abilities[0].trigger.amount.min", "0"),
    # AF-106 kind: a loss of glory is a player's, with no card for a filter to read.
    ("AF-106", {"id": "dv-af-glory-filter", "game": "alomfogo", "name": "Árnyék", "type": "event", "cost": 2,
                "text": "Whenever a dreamwalker makes your opponent lose glory points, gain 1 VP.",
                "abilities": [{"trigger": {"on": "loses-glory", "who": "other", "filter": {"type": "dreamwalker"}},
                               "do": [{"effect": "gain-vp", "amount": 1}]}]},
     "$.abilities[0].trigger.filter", "'loses-glory'"),
]


@pytest.mark.parametrize("rule,card,path,words", REFUSED, ids=[card["id"] for _, card, _, _ in REFUSED])
def test_refused_with_path(rule: str, card: dict, path: str, words: str) -> None:
    """AF-106, AF-D13, AF-D16, AF-D18, AF-D22, AF-371, OB-108, OB-801, OB-D3, OB-D14, OB-D27, OB-D30 (G5): refused naming the path
    and the part, with a hint."""
    problems = ability_problems(card)
    assert problems, (rule, card["id"])
    assert any(p.path == path and words in p.message and p.hint for p in problems), \
        [(p.path, p.message) for p in problems]


def test_a_granted_keyword_no_card_file_defines_is_refused() -> None:
    """OB-D18, OB-D48: granting a keyword that is neither built in nor defined is refused at the step's
    keyword, with a did-you-mean over the built-in keywords and the defined ones."""
    from deckkit.engine.keywords import KeywordTable, expand_card, read_section

    card = {"id": "dv-ob-d18-grant-typo", "game": "obludarium", "name": "Píseň", "type": "spell", "cost": 1,
            "text": "A monster of yours gains krvelačný this turn.",
            "abilities": [{"do": [{"effect": "grant", "keyword": "krvelacny", "duration": "turn",
                                   "target": {"side": "own", "filter": {"type": "monster"}}}]}]}
    section = {"krvelačný": {"game": "obludarium", "text": "It cannot block.",
                             "abilities": [{"static": [{"effect": "keyword", "keyword": "cannot-block"}]}]}}
    defined, problems = read_section(section, "k.json")
    assert not problems
    _, problems = expand_card(card, KeywordTable(defined), "k.json")
    assert [p.path for p in problems] == ["$.abilities[0].do[0].keyword"]
    assert "krvelačný" in (problems[0].hint or "") and "block-two" in (problems[0].hint or "")
    # without a keyword table (a card checked alone), the built-in keywords are the hint
    typo = ability_problems({**card, "abilities": [{"do": [{**card["abilities"][0]["do"][0], "keyword": "blok-two"}]}]})
    assert any(p.path == "$.abilities[0].do[0].keyword" and "did you mean 'block-two'" in (p.hint or "")
               for p in typo), typo
