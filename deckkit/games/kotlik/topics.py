"""What each rule a Kotlík refusal cites is about, in a few words of the rulebook's.

A refusal names the rule that keeps a decision closed (:mod:`~deckkit.games.kotlik.legality`);
this table says what that rule concerns, so that a test can hold every refusal to a rule that
speaks of the action refused — or, for the rules of order (turns, the move before the take, an
announcement made at once), of what comes first.
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

#: How a rule of order speaks: one decision comes first, an announcement at once, the game's end.
#: (The alternation of turns, KO-401, names the decisions of a turn itself: a symbol is not one of
#: them, since it is announced at once when its card is taken, KO-620.)
ORDER_WORDS = ("first", "immediately", "ends")

#: Rule number → what it is about (the rulebook's rules and open questions).
RULE_TOPICS: dict[str, str] = {
    "KO-401": "players take turns alternately: a turn's moves, takes and the keeping of its last card are the "
              "active player's",
    "KO-402": "on their turn a player first moves their stone, exactly as many spaces as the top card's number",
    "KO-501": "after moving, the player takes one card of the row or column beside their stone",
    "KO-504": "beside a corner card the player takes no card this turn",
    "KO-601": "a player who takes a card with the exploding cauldron may make the opponent return a card",
    "KO-610": "a player who takes a card with the hat and wand may take an extra turn",
    "KO-611": "a hat card taken during an extra turn gives no further extra turn",
    "KO-620": "the exploding cauldron or the extra turn is announced immediately, or it lapses",
    "KO-701": "the game ends when a player takes the last card of a row or column",
    "KO-702": "the player who takes that last card first decides whether to keep it in their cauldron",
    "KO-703": "if the last card shows an exploding cauldron or a hat, its action lapses",
    "KO-Q4": "direction: stones move clockwise, or the player chooses the direction",
    "KO-Q7": "an explosion never empties a one-card cauldron",
}
