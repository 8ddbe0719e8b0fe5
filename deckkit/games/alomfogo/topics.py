"""What each rule an Álomfogó refusal cites is about, in a few words of the rulebook's.

A refusal names the rule that forbids an action (:mod:`~deckkit.games.alomfogo.legality`); this
table says what that rule concerns, so that a test can hold every refusal to a rule that speaks of
the action refused — or, for the rules of order (phases, turns, who decides first), of what comes first.
"""

from __future__ import annotations

#: How the rules speak of each kind of action.
ACTION_WORDS: dict[str, tuple[str, ...]] = {
    "start": ("starts",),
    "play": ("play", "played", "playing"),
    "cast": ("instant", "assist", "play", "played", "playing"),
    "cycle": ("cycling", "cycled"),
    "challenge with": ("challenge", "attack", "duel"),
    "defend with": ("defend", "defending"),
    "no defence": ("defend", "defending"),
    "helper": ("helper",),
    "no helper": ("helper",),
    "assist": ("assist", "helper", "using"),
    "counter": ("counterspell",),
    "no counter": ("counterspell",),
    "draw": ("draw",),
    "no draw": ("draw",),
    "pass": ("pass",),
    "choose": ("choose", "choosing"),
}

#: How a rule of order speaks: a phase and whose it is, turns taken, a decision that comes first.
ORDER_WORDS = ("first", "then", "take turns", "phase")

#: Rule number → what it is about (the rulebook's rules, open questions and worked example).
RULE_TOPICS: dict[str, str] = {
    "AF-333": "whenever a player plays a dream creature they may draw a card: that choice comes first",
    "AF-342": "an event turned to resting has no effect while resting: nothing is played through it",
    "AF-351": "instants can be played only during a duel, as an assist",
    "AF-353": "instants cannot be played in phase 3 (cycling aside)",
    "AF-371": "a counterspell is a reaction to an opponent's action, which waits for it first",
    "AF-382": "a sacrificed (Á) helper goes to the spell cage",
    "AF-384": "some helper abilities cost VP or a discard besides the rotation",
    "AF-385": "a target: the player playing or using a card must choose a card of that kind first",
    "AF-404": "hand: cards drawn and not yet played (what is played, cast or cycled comes from it)",
    "AF-414": "resting creatures cannot attack, defend or be helpers",
    "AF-415": "damaged creatures cannot attack, defend or be helpers either",
    "AF-504": "who starts is decided once, before the first turn",
    "AF-512": "phase 2: the active player draws one card from their deck",
    "AF-514": "phase 3: the active player may play cards from their hand",
    "AF-515": "phase 4: the active player may challenge the opponent to duels",
    "AF-516": "the starting player may not challenge in their first turn",
    "AF-601": "cards can be played only by spending VP equal to their cost",
    "AF-607": "in phase 3 a player may play cards of any type except instant spells",
    "AF-610": "at most one magic source may be played per turn",
    "AF-611": "instant cycling: in phase 3 pay 1 VP to discard an instant and draw a card",
    "AF-612": "instant cycling may be used at most once per turn",
    "AF-703": "to start a duel the attacker challenges with one of their active dreamwalkers",
    "AF-704": "then the defender chooses an active dreamwalker to defend with, or none",
    "AF-705": "only dreamwalkers can attack or defend",
    "AF-721": "the attacker may first designate a helper of their duelist, then the defender",
    "AF-730": "assists may be used only after both duelists and any helpers have been designated",
    "AF-731": "the players take turns using assists, starting with the attacker",
    "AF-734": "an assist is using one's own helper's ability, or playing an instant",
    "AF-735": "a helper's ability can be used only if the helper is active and has one",
    "AF-913": "a card played that affects 'the opponent' requires choosing which opponent",
    "AF-EX-26": "in phase 3 an event lets its owner play a dreamwalker free",
    "AF-Q7": "no dream-creature draw and no cycling is offered on an empty deck",
}
