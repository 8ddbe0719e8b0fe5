"""What each rule an Obludárium refusal cites says, in the project's own words for the rulebook's.

The refusal test (test_ob_refusal_topics.py) holds every refusal to a rule that speaks of the action
refused. Each topic restates its rule and adds nothing the rule does not say, so that the check
measures the citation and not the gloss. The table is the test's oracle: the engine cites rule
numbers and has no use for their wording, so it lives here rather than in the game package.
"""

from __future__ import annotations

#: How the rules speak of each kind of action ("play" puts a card in play, OB-405).
ACTION_WORDS: dict[str, tuple[str, ...]] = {
    "play": ("lay out", "laid out", "summon", "food", "in play"),
    "cast": ("cast", "spell", "strengthen"),
    "use": ("special propert", "use", "used", "tap", "strengthen"),
    "attack": ("attack",),
    "block": ("block",),
    "discard": ("discard",),
    "pass": ("pass", "no block"),
    "choose": ("choice", "choose"),
}

#: Rules of order: each makes one decision the open one, so that any other action waits for it and
#: its refusal rightly cites this rule whatever the action is. Rule → the decision and why.
PENDING: dict[str, str] = {
    "OB-607": "the block step is the defender's decision: until the blocks are declared nothing else is done",
    "OB-904": "actions alternate while an attack or defence is strengthened: the one who acted waits for "
              "the other's answer",
    "OB-905": "no strengthening twice in a row: the one who acted last waits for an action of the opponent",
    "OB-908": "instants resolve last in, first out: the resolving one finishes, with the choice it asks, "
              "before anything else is done",
    "OB-909": "the hand-size discard, once due, is made before the player does anything else",
}

#: Rule number → what it says (the rulebook's rules and open questions; OB-D: a designer card's text).
RULE_TOPICS: dict[str, str] = {
    "OB-315": "a player may lay out at most one new food per turn",
    "OB-327": "a monster may also have further characteristics and special abilities (special properties)",
    "OB-333": "a monster cannot attack in the turn in which it was summoned",
    "OB-334": "a monster's special properties cannot be used in the turn in which it was laid out",
    "OB-354": "unlike monsters and artifacts, spells may be cast at any time, not only in the caster's main "
              "phase, the opponent's turn included",
    "OB-356": "spells are never in play; a used spell goes to the discard pile",
    "OB-606": "attack step: the active player may now attack",
    "OB-607": "block step: the opponent decides whether and how to block",
    "OB-610": "during the opponent's turn a player may use all their instants: cast spells and use the special "
              "properties of their artifacts and monsters",
    "OB-611": "food, monsters and artifacts are laid out only in the owner's own main phase; spells and special "
              "properties are the only things usable outside it",
    "OB-701": "to summon a monster or an artifact, the player taps as many untapped food cards as its summoning "
              "cost",
    "OB-702": "spells also cost food: casting a spell requires tapping some food",
    "OB-704": "a tapped food cannot be tapped again to pay a cost until it has been untapped",
    "OB-802": "each monster the player sends into the attack is tapped",
    "OB-804": "each attacking monster makes one attack",
    "OB-811": "an attack can be blocked by an untapped monster of the defending player in play, or by a "
              "(blocking) spell",
    "OB-812": "tapped monsters cannot block",
    "OB-813": "blocking spells may be cast only in the block step",
    "OB-814": "each monster may block only one attack",
    "OB-816": "an attack by a flying monster can be blocked only by flying monsters",
    "OB-904": "when an attack or a defence is being strengthened, the two players' actions alternate",
    "OB-905": "a player may not strengthen twice in a row without the opponent taking an action in between",
    "OB-908": "the last instant played overrides or modifies the earlier ones: instants resolve last in, first out",
    "OB-909": "hand-size rule: a player who holds 7 cards and cannot lay out any of them must discard one",
    "OB-Q9": "an artifact is sent into the attack only if its text allows it",
    "OB-D2": "it can be blocked only by nocturnal monsters",
    "OB-D9": "an enemy monster cannot attack during its owner's next turn",
    "OB-D24": "it cannot block",
    "OB-D35": "whenever you cast a spell, draw a card; use this only once each turn",
}
