"""A static evaluation of an Obludárium position: how well a player stands, read from the state alone.

:func:`value` is the greedy pilot's score of a position for ``p`` (higher is better; a won game
beats everything); :func:`evaluate` is the same read for search, symmetric between the players and
squashed into [0, 1] like a chance of winning. Neither plays anything out: every term is read from
the zones, the numbers the rules compute now (continuous effects included) and the cards' compiled
abilities — no card is known by name or role.

Terms, each ``p``'s minus the other's where it applies:

- life: the other's life taken counts six times one's own (the goldfish race is won by damage);
- attacks under way — in the active player's main phase, the attacks of every monster that may
  attack this turn, as this turn's numbers stand: an attacker not blocked deals its attack (OB-830); a blocked one fights
  its blockers as the fight rules say (:func:`~deckkit.games.obludarium.combat.fight_outcome`:
  equality kills, a deadly monster kills what fights it, several blockers per the setting), so a
  monster that would die counts as gone; before the blocks are over, an attacker meets the block the
  defender would likely make (a free monster that survives it, or trades for a dearer one);
- monsters in play: the attack that stays after this turn (this turn's changes end, permanent ones
  and continuous effects stay), counted as about two attacks to come — a quarter more for a flying
  monster facing monsters that cannot block it (OB-816) — and the defence;
- abilities in play: each triggered ability, special property and continuous effect a card brings;
- food in play, artifacts by their cost, and cards in hand (a food is worth much while food is short,
  a card that the food in play can pay for a little more).

A spell or ability on the stack and a decision an ability asks are not read: the greedy pilot
resolves them (with passes and first options) before it asks (:mod:`.policies`).
"""

from __future__ import annotations

from deckkit.engine.hidden import squash
from deckkit.games.obludarium.cards import FOOD, MONSTER
from deckkit.games.obludarium.combat import fight_outcome
from deckkit.games.obludarium.legality import ATTACK, BLOCK, FIGHT, MAIN, may_attack, may_block

#: Weights: life taken from the other, one's own life, a point of lasting attack (about two attacks to
#: come, each LIFE_TAKEN), defence, a monster in play, a card in hand, food in play, an artifact, an
#: ability a card in play brings.
LIFE_TAKEN, OWN_LIFE, ATTACK_TO_COME, DEFENCE, BODY, HAND, FOOD_IN_PLAY, ARTIFACT, ABILITY = (
    3.0, 0.5, 2.0, 0.5, 0.5, 0.4, 1.2, 1.0, 0.3)
#: A flying monster's attack counts this much more while the other side has monsters that do not fly:
#: only flying monsters may block it (OB-816).
EVASION = 1.25
WON = 10_000.0
#: The spread of :func:`evaluate`: a difference of this many points is a 3-to-1 position.
SCALE = 30.0

_COMBAT = (ATTACK, BLOCK, FIGHT)


def value(state, p: int) -> float:
    """How good the position is for ``p`` (the greedy pilot's score; see the module docstring)."""
    result = state.result
    if result is not None:
        return WON if result == p else -WON if isinstance(result, int) else 0.0
    q = 1 - p
    life = state.life
    damage, dead = attacks_under_way(state)
    if damage:
        taken = 1 - state.active
        if damage >= life[taken]:
            return WON - 1.0 if taken == q else -WON + 1.0
    own, other = life[p], life[q]
    if damage:
        if state.active == p:
            other -= damage
        else:
            own -= damage
    score = -LIFE_TAKEN * other + OWN_LIFE * own
    food = 0
    attack = state.attack
    mods = state._mods
    plain = mods is not None and not mods  # no continuous effect in play: a number is the card's own
    mine, theirs = state.tables[p], state.tables[q]
    evades: bool | None = None  # whether q has a monster that cannot block p's flyers (found when one flies)
    for perm in mine:
        info = perm.info
        kind = info.type
        if kind == MONSTER:
            if perm not in dead:
                if info.flying and evades is None:
                    evades = _grounded(theirs)
                now = perm.atk if plain and not info.statics else attack(perm)  # rules.attack, quicker
                score += _monster(perm, now if now > 0 else 0, bool(evades))
        elif kind == FOOD:
            score += FOOD_IN_PLAY
            food += 1
        else:
            score += ARTIFACT + 0.2 * info.cost + _abilities(info)
    for card in state.hands[p]:  # a food in hand is worth much while food in play is short
        if card.type == FOOD:
            score += 1.0 if food < 6 else 0.1
        else:
            score += HAND + (0.3 if card.cost <= food + 1 else 0.0)
    evades = None  # whether p has a monster that cannot block q's flyers
    for perm in theirs:
        info = perm.info
        if info.type == MONSTER and perm not in dead:
            if info.flying and evades is None:
                evades = _grounded(mine)
            now = perm.atk if plain and not info.statics else attack(perm)
            score -= _monster(perm, now if now > 0 else 0, bool(evades))
    return score


def in_hand(card, food: int) -> float:
    """What a card in hand is worth to :func:`value` while its owner has ``food`` food in play."""
    if card.type == FOOD:
        return 1.0 if food < 6 else 0.1
    return HAND + (0.3 if card.cost <= food + 1 else 0.0)


def read_without_lookahead(state, p: int) -> bool:
    """Whether laying out a card of the kind :func:`after_lay_out` reads, or discarding one, changes
    only what those reads add and take away: no card of the game has a triggered ability (nothing
    answers a card entering or leaving the hand), nothing waits on the stack or asks a decision, and
    no continuous effect is in play (a card costs and counts its own numbers)."""
    return not state.game.watched and not state.stack and not state.pending and not state.mods()


def after_lay_out(state, p: int, card, now: float) -> float | None:
    """:func:`value` for ``p`` after ``p`` lays out ``card`` (a monster or an artifact) from the hand in
    its main phase, read from the card's facts without applying it — ``now`` is the value before it —
    or None where that read is not the whole change: the card brings a continuous effect or a
    triggered ability, a monster would die at once (no defence), or the other side has a flying
    monster (a new monster that cannot block it would change what that flyer is worth, OB-816).
    Only where :func:`read_without_lookahead` holds. A new monster does not attack this turn (OB-333):
    the attacks under way stay as they are, so a position already won on board stays won."""
    info = card
    if info.statics or info.triggers or info.type == FOOD:
        return None
    if now >= WON - 1.0 or now <= -WON + 1.0:
        return now
    mine, theirs = state.tables[p], state.tables[1 - p]
    food = 0
    for perm in mine:
        if perm.info.type == FOOD:
            food += 1
    if info.type == MONSTER:
        if info.defense <= 0:
            return None
        for perm in theirs:
            if perm.info.type == MONSTER and perm.info.flying:
                return None
        lasting = info.attack if info.attack > 0 else 0
        if info.flying and _grounded(theirs):
            lasting *= EVASION
        worth = (LIFE_TAKEN * ATTACK_TO_COME * lasting + DEFENCE * info.defense + BODY + _abilities(info))
    else:
        worth = ARTIFACT + 0.2 * info.cost + _abilities(info)
    return now + worth - in_hand(info, food)


def evaluate(state, player: int) -> float:
    """How well ``player`` stands, in [0, 1]: 1 a won game, 0 a lost one, 0.5 even (a draw); between,
    :func:`value` of ``player`` minus that of the other, squashed (a chance of winning, roughly)."""
    result = state.result
    if result is not None:
        return 1.0 if result == player else 0.0 if isinstance(result, int) else 0.5
    mine, theirs = value(state, player), value(state, 1 - player)
    if mine >= WON - 1.0 or theirs <= -WON + 1.0:
        return 0.99
    if theirs >= WON - 1.0 or mine <= -WON + 1.0:
        return 0.01
    return squash(mine - theirs, SCALE)


def _grounded(table) -> bool:
    """Whether a side has a monster that cannot block a flying one (OB-816)."""
    for perm in table:
        if perm.info.type == MONSTER and not perm.info.flying:
            return True
    return False


def _monster(perm, now: int, evades: bool) -> float:
    """A monster's worth in play: the attack that stays after this turn (``now``: its attack now), its
    defence, its abilities; a flying one's attack counts more where the other side has monsters that
    cannot block it."""
    lasting = now - perm.atk + perm.info.attack + perm.perm_atk  # this turn's changes end (combat._turn_over)
    if lasting < 0:
        lasting = 0
    if evades and perm.info.flying:
        lasting *= EVASION  # only a flying monster may block it (OB-816)
    return (LIFE_TAKEN * ATTACK_TO_COME * lasting + DEFENCE * (perm.info.defense + perm.perm_dfn) + BODY
            + _abilities(perm.info))


def _abilities(info) -> float:
    """What the abilities a card in play brings are worth: each one it may use, triggers or holds."""
    found = _ABILITIES.get(info)
    if found is None:
        n = len(info.triggers) + len(info.statics) + (info.use is not None)
        found = _ABILITIES[info] = ABILITY * n if n else 0.0
    return found


#: :func:`_abilities` of each card's facts (which never change), read once.
_ABILITIES: dict = {}


def attacks_under_way(state) -> tuple[int, tuple]:
    """(damage to the player not on turn, monsters that die) of the attacks this turn can still make:
    every ready monster in the main phase with nothing on the stack, the declared attackers in combat."""
    phase = state.phase
    if phase == MAIN and not state.stack:
        return _combat(state, _ready(state))
    if state.attackers and phase in _COMBAT:
        return _combat(state, state.attackers)
    return 0, ()


def _ready(state) -> list:
    """The active player's monsters that may attack this turn (what its main phase threatens)."""
    p = state.active
    return [perm for perm in state.tables[p] if perm.info.type == MONSTER and may_attack(state, p, perm) is None]


def _combat(state, attackers) -> tuple[int, tuple]:
    """The damage the attacks under way deal to the defender and the monsters their fights kill, as
    the fight would go now (OB-820 – OB-830, by :func:`fight_outcome`; a blocking spell stops an attack, OB-828). Before the
    blocks are over (attack and block steps), an attacker not yet blocked is taken as blocked where
    the defender has a free monster that may block it and would not lose by it: one that survives the
    fight, or trades for a dearer attacker."""
    attack = state.attack
    damage = 0
    dead: list = []
    free = _free_blockers(state) if state.phase != FIGHT and not state.dummy[1 - state.active] else None
    for att in attackers:
        blockers = att.blockers
        if not blockers:
            if att.sblock:
                continue
            blk = _likely_block(state, att, free) if free else None
            if blk is None:
                damage += attack(att)
                continue
            free.remove(blk)  # type: ignore[union-attr]
            blockers = (blk,)
        killed, dies = fight_outcome(state, att, blockers)
        dead.extend(killed)
        if dies:
            dead.append(att)
    return damage, tuple(dead)


def _free_blockers(state) -> list:
    """The defender's untapped monsters that block nothing yet (which attack each may block, the rules
    say: :func:`~deckkit.games.obludarium.legality.may_block`)."""
    return [perm for perm in state.tables[1 - state.active]
            if perm.info.type == MONSTER and not perm.tapped and not perm.blocking]


def _likely_block(state, att, free: list):
    """The free monster the defender would block ``att`` with, or None: one that survives (and kills,
    if one does), else one that kills it and costs no more (each fight read by :func:`fight_outcome`)."""
    best, best_key = None, 0
    for blk in free:
        if may_block(state, att, blk) is not None:
            continue
        killed, kills = fight_outcome(state, att, (blk,))
        survives = not killed
        key = 3 if survives and kills else 2 if survives else 1 if kills and blk.info.cost <= att.info.cost else 0
        if key > best_key:
            best, best_key = blk, key
    return best
