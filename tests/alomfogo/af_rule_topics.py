"""What each rule an Álomfogó refusal cites says, in the project's own words for the rulebook's.

The refusal test (test_af_refusal_topics.py) holds every refusal to a rule that speaks of the action
refused. Each topic restates its rule and adds nothing the rule does not say, so that the check
measures the citation and not the gloss. The table is the test's oracle: the engine cites rule
numbers and has no use for their wording, so it lives here rather than in the game package.
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

#: Rules of order: each makes one decision or phase the open one, so that any other action waits
#: for it (legality.WAITS) and its refusal rightly cites this rule whatever the action is.
#: Rule → the decision and why.
PENDING: dict[str, str] = {
    "AF-333": "the optional draw for a dream creature just played is asked at once: the player answers it "
              "before anything else",
    "AF-371": "a counterspell answers an opponent's action, so that action waits until the opponent has "
              "countered or declined",
    "AF-385": "a card with a target is played or used by choosing the target: the choice is made before "
              "anything else",
    "AF-512": "phase 2 is the draw: it is made before the phases that follow",
    "AF-514": "phase 3 is the active player's for playing cards: duels, assists and answers wait for phase 4",
    "AF-515": "phase 4 is the active player's for challenges: the others' duel decisions wait for a challenge",
    "AF-704": "after a challenge the defender's choice is the open decision: nothing else is done until it "
              "is made",
    "AF-721": "helpers are designated, attacker first, before assists: the designation is the open decision",
    "AF-731": "assists alternate, attacker first: the player whose turn it is not waits",
}

#: Rule number → what it says (the rulebook's rules, open questions and worked example).
RULE_TOPICS: dict[str, str] = {
    "AF-333": "whenever a player plays a dream creature, they may draw a card",
    "AF-342": "an event turned to resting by some effect has no effect while it is resting",
    "AF-351": "instants can be played only during a duel (phase 4), as an assist",
    "AF-353": "instants cannot be played in phase 3 (cycling is the only exception)",
    "AF-371": "a counterspell is used as a reaction to an opponent's action, which then does not happen or "
              "is changed",
    "AF-382": "using a sacrifice (Á) ability overtaxes the helper: it goes to the spell cage",
    "AF-384": "some helper abilities have costs besides the rotation, such as spending VP or discarding a card",
    "AF-385": "a target: the player playing or using a card that names a target must choose a card of that "
              "kind, and the effect applies to it",
    "AF-404": "hand: cards drawn and not yet played",
    "AF-414": "resting creatures cannot act: they cannot attack, defend or be helpers",
    "AF-415": "damaged creatures cannot act either",
    "AF-504": "who starts is decided by a coin toss or in any other way",
    "AF-512": "phase 2: the active player draws one card from their deck",
    "AF-514": "phase 3: the active player may play cards from their hand",
    "AF-515": "phase 4: the active player may challenge the opponent to duels",
    "AF-516": "the player who starts the game may not challenge (attack) in their first turn",
    "AF-601": "cards can be played only by spending VP equal to their cost",
    "AF-607": "in phase 3 a player may play cards of any type except instant spells",
    "AF-610": "at most one card with the subtype magic source may be played per turn",
    "AF-611": "instant cycling: in phase 3 a player may pay 1 VP to discard an instant from their hand and "
              "draw a card in its place",
    "AF-612": "instant cycling may be used at most once per turn",
    "AF-703": "to start a duel the attacker chooses one of their active dreamwalkers as the attacking "
              "duelist: a challenge",
    "AF-704": "the defender may then choose one of their active dreamwalkers to defend, or none",
    "AF-705": "only dreamwalkers can attack or defend",
    "AF-721": "the attacker may first designate a helper of their duelist (one of their active dreamwalkers "
              "or dream creatures)",
    "AF-730": "assists may be used only after both duelists and any helpers have been designated",
    "AF-731": "the players take turns using assists, starting with the attacker",
    "AF-734": "an assist is using the ability of one's own helper, or playing an instant from the hand and "
              "paying its cost",
    "AF-735": "a helper's ability can be used only if the helper is active and has a helper ability",
    "AF-913": "a card that affects 'the opponent' requires choosing which opponent",
    "AF-EX-26": "in phase 3, through an event, a player plays a dreamwalker for free",
    "AF-Q7": "the dream-creature draw is optional and cycling is not offered on an empty deck",
}
