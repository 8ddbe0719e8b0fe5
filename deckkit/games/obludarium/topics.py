"""What each rule an Obludárium refusal cites is about, in a few words of the rulebook's.

A refusal names the rule that forbids an action (:mod:`~deckkit.games.obludarium.legality`); this
table says what that rule concerns, so that a test can hold every refusal to a rule that speaks of
the action refused — or, for the rules of order (who acts first, alternation), of what comes first.
"""

from __future__ import annotations

#: How the rules speak of each kind of action.
ACTION_WORDS: dict[str, tuple[str, ...]] = {
    "play": ("lay out", "laid out", "summon", "food"),
    "cast": ("cast", "spell", "strengthen"),
    "use": ("special propert", "use", "used", "tap", "strengthen"),
    "attack": ("attack",),
    "block": ("block",),
    "discard": ("discard",),
    "pass": ("pass", "no block"),
    "choose": ("choice", "choose"),
}

#: How a rule of order speaks: another decision comes first, actions alternate.
ORDER_WORDS = ("first", "alternate", "in a row", "decides")

#: Rule number → what it is about (the rulebook's rules and open questions; OB-D: a designer card's).
RULE_TOPICS: dict[str, str] = {
    "OB-315": "a player may lay out at most one new food per turn",
    "OB-330": "a card's properties, its special properties too, are those printed on it",
    "OB-333": "a monster cannot attack in the turn in which it was summoned",
    "OB-334": "a monster's special properties cannot be used in the turn in which it was laid out",
    "OB-351": "spells are instants: single-use cards that are cast",
    "OB-356": "spells are never laid out in play; a used spell goes to the discard pile",
    "OB-606": "attack step: the active player may attack",
    "OB-607": "block step: the defender decides whether and how to block",
    "OB-610": "in the opponent's turn a player may cast spells and use special properties (instants)",
    "OB-611": "food, monsters and artifacts are laid out only in the owner's own main phase",
    "OB-701": "food pays what is summoned, cast or used: one untapped food tapped per point of cost",
    "OB-702": "casting a spell requires tapping food",
    "OB-704": "a tapped card cannot be tapped again to pay a cost until it has been untapped",
    "OB-802": "each monster sent into the attack is tapped",
    "OB-804": "each attacking monster makes one attack",
    "OB-811": "an attack is blocked by an untapped monster of the defender, or a blocking spell",
    "OB-812": "tapped monsters cannot block",
    "OB-813": "blocking spells may be cast only in the block step",
    "OB-814": "each monster may block only one attack",
    "OB-816": "an attack by a flying monster can be blocked only by flying monsters",
    "OB-904": "when an attack or a defence is strengthened the players' actions alternate: the other answers first",
    "OB-905": "a player may not strengthen twice in a row without an action of the opponent in between",
    "OB-908": "instants resolve last in, first out: the one resolving, and the choice it asks, comes first",
    "OB-909": "hand-size rule: a player holding 7 cards who can lay out none must discard one first",
    "OB-Q9": "an artifact takes part in an attack only when its text says so; a plain one has no attack",
    "OB-D2": "it can be blocked only by monsters of a group",
    "OB-D9": "a monster that cannot attack (a restriction)",
    "OB-D24": "a monster that cannot block",
    "OB-D35": "a special property used only once each turn",
}
