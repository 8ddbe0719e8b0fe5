"""What each rule a Kotlík refusal cites says, in the project's own words for the rulebook's.

The refusal test (test_ko_refusal_topics.py) holds every refusal to a rule that speaks of the action
refused. Each topic restates its rule and adds nothing the rule does not say, so that the check
measures the citation and not the gloss. The table is the test's oracle: the engine cites rule
numbers and has no use for their wording, so it lives here rather than in the game package.
"""

from __future__ import annotations

#: How the rules speak of each kind of action.
ACTION_WORDS: dict[str, tuple[str, ...]] = {
    "take": ("take", "takes"),
    "explode": ("exploding", "explosion"),
    "no explode": ("exploding", "explosion"),
    "extra turn": ("extra turn", "hat"),
    "no extra turn": ("extra turn", "hat"),
    "keep last": ("last card",),
    "discard last": ("last card",),
    "move clockwise": ("move", "moves", "direction"),
    "move anticlockwise": ("move", "moves", "direction"),
}

#: Rules of order: each makes one decision the open one, so that any other action waits for it and
#: its refusal rightly cites this rule whatever the action is. Rule → the decision and why.
PENDING: dict[str, str] = {
    "KO-401": "turns alternate: every decision of a turn is the active player's, and the other waits",
    "KO-620": "a symbol of the card just taken is announced at once or lapses: that announcement is made "
              "before anything else",
    "KO-702": "the game has ended with the last take: whether to keep that card is the one decision left",
}

#: Rule number → what it says (the rulebook's rules and open questions).
RULE_TOPICS: dict[str, str] = {
    "KO-401": "players take turns alternately; White takes the first turn",
    "KO-402": "on their turn a player moves their stone along the track by exactly as many spaces as the number "
              "on the top card of their cauldron",
    "KO-501": "after moving, the player takes any one card of the row or column beside which their stone stands",
    "KO-504": "if the stone stands beside a corner card, the player takes no card this turn",
    "KO-601": "a player who takes a card showing the exploding cauldron may tell the opponent to return the top "
              "card of their cauldron to the supply deck",
    "KO-610": "a player who takes a card showing the magician's hat and wand may take one more turn",
    "KO-611": "if during that extra turn the player again takes a card with the hat and wand, they get no "
              "further extra turn",
    "KO-620": "the player must announce the exploding cauldron or the extra turn immediately, or the action "
              "lapses",
    "KO-701": "the game ends at the moment a player takes the last card from any row or column",
    "KO-702": "the player who takes that last card may decide whether or not to add it to their cauldron",
    "KO-703": "if that last card shows an exploding cauldron or a magician's hat, its action lapses",
    "KO-Q4": "the direction the stones move in: both always clockwise (reading A), or the moving player "
             "chooses each turn (reading B)",
    "KO-Q7": "an explosion cannot remove the last card of a one-card cauldron (reading B)",
}
