"""The leaf evaluation of Obludárium's ``expert`` search: how well a player stands when a play-out stops.

The greedy pilot's :func:`~deckkit.games.obludarium.evaluation.value` is built for a goldfish race
(the other's life taken counts six times one's own, a point of attack about twelve times a point of
defence). Between two players that read undervalues blockers, one's own life and the answer the other
side has, so the search compares positions here with a symmetric read: each side's worth minus the
other's, squashed into [0, 1]. Every term comes from the state and the cards' numbers, none from a
card's name or role:

- the attacks under way this turn, read as the greedy evaluation reads them (the blocks the defender
  would likely make, the monsters the fights kill; OB-820 – OB-830); a lethal attack is a won game;
- life as a concave function: a point of life counts more the less of it is left;
- the race: how many turns each side needs to take the other's life with its monsters past the other's
  blockers (each blocker stops one attack it may block, a flying one only by a flyer; the biggest first), who
  attacks first counted — the side with the faster clock is ahead;
- each monster's lasting attack and defence (a blocker's defence counts nearly as much as attack),
  a flying one's attack more where the other side cannot block it, the abilities cards in play bring;
- cards in hand, food in play while food is short, artifacts by their cost.
"""

from __future__ import annotations

import math

from deckkit.engine.hidden import squash
from deckkit.games.obludarium.cards import FOOD, MONSTER
from deckkit.games.obludarium.evaluation import _abilities, attacks_under_way

#: Weights, in points of life at full life: life (``LIFE * sqrt(life)``), a point of lasting attack and
#: of defence, a monster's body, a card in hand, food in play while short (and after), an artifact,
#: the race (the difference of the two sides' kill speeds, in attacks per turn).
LIFE, ATK, DEF, BODY, HAND, FOOD_SHORT, FOOD_LATE, ARTIFACT, RACE = 9.0, 2.0, 1.0, 1.0, 1.5, 2.0, 0.5, 1.0, 12.0
#: Food in play below which another food is worth much (the dearer cards need it).
FOOD_ENOUGH = 5
#: A flying monster's attack counts this much more while the other side has monsters that cannot block it.
EVASION = 1.3
#: A blocker that would die stops an attack only this much of the time (trading it away has a price).
CHUMP = 0.5
#: The spread of :func:`evaluate`: a difference of this many points is a 3-to-1 position.
SCALE = 10.0


def evaluate(state, player: int) -> float:
    """How well ``player`` stands, in [0, 1]: 1 a won game, 0 a lost one, 0.5 even; between, the
    difference of the two sides' worth (:func:`margin`) squashed like a chance of winning."""
    result = state.result
    if result is not None:
        return 1.0 if result == player else 0.0 if isinstance(result, int) else 0.5
    ahead = margin(state, player)
    if ahead == math.inf:
        return 0.99
    if ahead == -math.inf:
        return 0.01
    return squash(ahead, SCALE)


def margin(state, player: int) -> float:
    """``player``'s worth minus the other's (see the module docstring), in points of life at full life;
    infinite where the attacks under way take the last life of one side. Only for a game not over."""
    damage, dead = attacks_under_way(state)
    life = list(state.life)
    active = state.active
    if damage:
        taken = 1 - active
        if damage >= life[taken]:
            return math.inf if taken != player else -math.inf
        life[taken] -= damage
    dead_set = set(map(id, dead))
    sides = [_side(state, s, dead_set) for s in (0, 1)]
    worth = [0.0, 0.0]
    for s in (0, 1):
        o = 1 - s
        mons, extra = sides[s]
        worth[s] = LIFE * math.sqrt(max(life[s], 0)) + extra
        grounded = any(not f for _, _, f in sides[o][0])
        for atk, dfn, flying in mons:
            worth[s] += ATK * atk * (EVASION if flying and grounded else 1.0) + DEF * dfn + BODY
    # the race: each side's attacks to take the other's life; the active side attacked this turn already
    # (its damage is counted above), so the other side attacks next
    speed = [0.0, 0.0]
    for s in (0, 1):
        per_turn = _through(sides[s][0], sides[1 - s][0])
        if per_turn > 0:
            turns = math.ceil(life[1 - s] / per_turn) + (0.5 if s == active else 0.0)
            speed[s] = 1.0 / turns
    worth[0] += RACE * speed[0]
    worth[1] += RACE * speed[1]
    return worth[player] - worth[1 - player]


def _side(state, s: int, dead: set) -> tuple[list[tuple[int, int, bool]], float]:
    """A side's monsters left after the fights under way — (lasting attack, lasting defence, flying)
    each — and the worth of the rest: abilities, food, artifacts, cards in hand."""
    mons: list[tuple[int, int, bool]] = []
    extra = 0.0
    food = 0
    attack = state.attack
    for perm in state.tables[s]:
        info = perm.info
        kind = info.type
        if kind == MONSTER:
            if id(perm) in dead:
                continue
            lasting = attack(perm) - perm.atk + info.attack + perm.perm_atk  # this turn's changes end
            dfn = info.defense + perm.perm_dfn
            mons.append((lasting if lasting > 0 else 0, dfn if dfn > 0 else 0, info.flying))
            extra += _abilities(info)
        elif kind == FOOD:
            food += 1
        else:
            extra += ARTIFACT + 0.2 * info.cost + _abilities(info)
    extra += FOOD_SHORT * min(food, FOOD_ENOUGH) + FOOD_LATE * max(food - FOOD_ENOUGH, 0)
    for card in state.hands[s]:
        extra += HAND * (0.7 if card.type == FOOD and food >= FOOD_ENOUGH else 1.0)
    return mons, extra


def _through(attackers: list[tuple[int, int, bool]], blockers: list[tuple[int, int, bool]]) -> float:
    """The damage a turn's attacks get past the other side's blockers: each blocker stops one attack it
    may block (a flying one only by a flyer), the biggest first; one that survives the
    fight (defence above the attack, OB-823) stops it, one that would die only :data:`CHUMP` of it."""
    free = sorted(blockers, key=lambda b: -b[1])
    damage = 0.0
    for atk, _, flying in sorted(attackers, key=lambda a: -a[0]):
        if atk <= 0:
            continue
        pick = None  # the weakest blocker that survives, else the weakest that may block
        for i, (_, dfn, bflies) in enumerate(free):
            if flying and not bflies:
                continue
            if pick is None:
                pick = i
                continue
            held = free[pick][1]
            if (dfn > atk) != (held > atk):
                if dfn > atk:
                    pick = i
            elif dfn < held:
                pick = i
        if pick is None:
            damage += atk
            continue
        blocker = free.pop(pick)
        damage += 0.0 if blocker[1] > atk else atk * CHUMP
    return damage
