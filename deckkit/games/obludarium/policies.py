"""Policies over the rules engine: ``policy(state, rng)`` is one of the state's legal actions.

:func:`greedy` knows no card: at each decision it applies every legal action once, on a clone of the
state (:meth:`~deckkit.games.obludarium.state.ObState.clone`), and reads the position it leads to
with the static evaluation (:mod:`deckkit.games.obludarium.evaluation`: life, the attacks under way
or to come this turn with their likely blocks, the monsters that stay, food, cards in hand). Only
where the evaluation cannot tell — a spell or property waiting on the stack, a decision an ability
asks — does the clone play on, with passes and first options, until it is resolved; those short
play-outs are counted (:attr:`ObState.lookaheads`, the goldfish trace). Any ability written in the
language is valued by what the engine makes of it, never by a table of known effects. Attacks are
declared with every monster that may while nothing of the other player's could block (the goldfish
opponent never does), else each attack is valued; a food is laid out first (it only adds what the
turn can pay for); the hand-size discard (OB-909) drops the card whose loss costs least by the same
evaluation. Where nothing can answer a card entering play or leaving the hand (no card of the game
has a triggered ability, no continuous effect is in play), that discard and laying out a monster or
artifact that brings neither are read from the cards' facts without a clone
(:func:`~deckkit.games.obludarium.evaluation.after_lay_out`); a position whose attacks already win
this turn against the dummy is passed on without valuing the rest. Out of its own turn (blocks, answers to an instant, windows) it values its choices the
same way, so in self-play it blocks, counters and answers; against the goldfish dummy it is never asked.

:func:`greedy_playout` (``greedy-playout``) is a reference pilot: after each legal action it plays
the rest of the turn out, with both players passing, and scores what is left (:func:`score`). It is
slower; it serves to measure the static pilot's strength against (``bench/bench_greedy_match.py``)
and to play the loops the static pilot avoids: it takes the first of equal actions, so it enters a
loop that gains nothing, which the turn cap must end. What it knows without playing out is not
played out: two actions that name cards alike are valued once, and a pass is valued from where the
last valued choice played out to, when only passes came after it. Both find the first attack and
the first food by the legality checks without listing the rest.
"""

from __future__ import annotations

import random

from deckkit.engine.core import TERMINAL, Action
from deckkit.games.obludarium.cards import FOOD, MONSTER
from deckkit.games.obludarium import evaluation
from deckkit.games.obludarium.evaluation import WON, after_lay_out, in_hand, read_without_lookahead, value
from deckkit.games.obludarium.legality import PASSES, may_attack, may_lay_out
from deckkit.games.obludarium.state import ATTACK, DISCARD, FIGHT, MAIN, ObState

#: The score of a position for player p (higher is better); a won game beats everything. A monster's
#: attack counts as about two attacks to come (ATTACK × LIFE_TAKEN per point), so a card that stays is
#: not traded for a one-off of the same size.
LIFE_TAKEN, OWN_LIFE, ATTACK_TO_COME, DEFENCE, HAND, FOOD_IN_PLAY, ARTIFACT = 3.0, 0.5, 2.0, 0.5, 0.4, 1.2, 1.0


def passive(state: ObState, rng: random.Random | None = None) -> Action:
    """Do nothing: pass whenever passing is legal (else the first legal action, e.g. a forced discard)."""
    legal = state.legal_actions()
    for action in legal:
        if action.kind == "pass":
            return action
    return legal[0]


def random_policy(state: ObState, rng: random.Random) -> Action:
    """A uniformly random legal action, drawn from the player's generator ``rng`` (never the game's)."""
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def score(state, p: int) -> float:
    """How good the position is for ``p``: life taken, board power, cards and food."""
    if state.result is not None:
        return 10_000.0 if state.result == p else -10_000.0
    q = 1 - p
    value = LIFE_TAKEN * -state.life[q] + OWN_LIFE * state.life[p]
    food = 0
    for perm in state.tables[p]:
        kind = perm.info.type
        if kind == MONSTER:
            value += LIFE_TAKEN * ATTACK_TO_COME * state.attack(perm) + DEFENCE * state.defense(perm) + 0.5
        elif kind == FOOD:
            value += FOOD_IN_PLAY
            food += 1
        else:
            value += ARTIFACT + 0.2 * perm.info.cost
    for card in state.hands[p]:  # a food in hand is worth much while food in play is short
        if card.type == FOOD:
            value += 1.0 if food < 6 else 0.1
        else:
            value += HAND + (0.3 if card.cost <= food + 1 else 0.0)
    for perm in state.tables[q]:
        if perm.info.type == MONSTER:
            value -= LIFE_TAKEN * ATTACK_TO_COME * state.attack(perm) + DEFENCE * state.defense(perm)
    return value


#: The two players' passes: every play-out and the goldfish dummy apply these two values again and again.


def _settle(state, p: int, turn: int, limit: int = 40) -> None:
    """Play on with passes only (the other player too) until turn ``turn`` is over or the game ends."""
    current, apply = state.current_player, state.apply_unchecked
    while limit and state.turn == turn:
        who = current()
        if who == TERMINAL:
            return
        apply(pass_action(state, who))
        limit -= 1


def pass_action(state, who: int) -> Action:
    """``pass``, legal in every position but the hand-size discard (OB-909), where the first discard is
    taken, and a decision an ability asks as it resolves, where its first option is."""
    if state.pending or state.phase == DISCARD and not state.stack and not state.window:
        return state.legal_actions()[0]  # a decision an ability asks (pending.py): its first option
    return PASSES[who]


def play_out(state, action: Action, p: int) -> ObState:
    """A clone of ``state`` after ``action`` and the turn played out with passes (``state`` is untouched)."""
    twin = state.clone()
    twin.logging = False
    twin.log = []
    twin.apply_unchecked(action)
    # the turn the choice is made in: a choice that itself ends the turn (a pass in the fight step)
    # is valued where that turn ends, as every other choice is, not after the next turn's draw
    _settle(twin, p, state.turn)
    return twin


def value_of(state, action: Action, p: int) -> float:
    """The score after ``action`` and a turn played out with passes (on a clone: ``state`` is untouched)."""
    return score(play_out(state, action, p), p)


_PASS_KEY = ("pass",)  # the key of a pass among the actions valued


def greedy(state: ObState, rng: random.Random | None = None) -> Action:
    """The greedy player: every legal action valued by the static evaluation
    (:func:`~deckkit.games.obludarium.evaluation.value`) of the position it leads to, one action on a
    clone; the first best is taken (in the main phase and the attack step a pass on a tie, elsewhere the
    first in the legal order: a block before a pass). Where the evaluation cannot tell — a spell or ability left on the
    stack, a decision an ability asks — the clone resolves it first with passes and first options
    (a short play-out, counted in :attr:`ObState.lookaheads` and the goldfish trace). Every monster that
    may attack does, unless the other player has an untapped monster: then each attack is valued too.
    What the evaluation of the position after an action is can often be read without the clone: a pass
    where it changes nothing the evaluation reads, laying out a card that brings no trigger or continuous
    effect (:func:`~deckkit.games.obludarium.evaluation.after_lay_out`), a boost for this turn
    (:func:`_after_boost`), one target for all that attack alike (:func:`_boost_class`), the hand-size
    discard; only the positions reached on a clone are counted as look-aheads."""
    p = state.current_player()
    blockers = False
    if not state.stack and not state.window and not state.pending:
        if state.phase == ATTACK and p == state.active:
            blockers = _may_be_blocked(state, p)
            first = None if blockers else _first_attack(state, p)
        else:
            first = _first_food(state, p) if state.phase == MAIN else None
        if first is not None:
            return first
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    calm = not state.stack and not state.pending
    readable = calm and not state.window and read_without_lookahead(state, p)
    if phase == DISCARD and readable:
        return _cheapest_discard(state, p, legal)
    shapes = _shapes(state) if _may_repeat(legal) else {}
    valued: dict[tuple, float] = {}
    best, best_value = None, 0.0
    evaluated = played = 0
    # passing changes nothing the evaluation reads in the main phase and the attack step, and in the
    # fight step against the dummy (the fight it ends goes as the evaluation foresees it: no block, no answer)
    still = calm and (phase in _STILL or phase == FIGHT and not state.window and state.dummy[1 - p])
    # with nothing of the other player's that could block (and no attack blocked), the evaluation reads
    # no change of this turn's defence: an instant that only makes one (spending a card, a tap or food
    # for it) cannot beat a pass, which is valued first in the main phase and the attack step and kept
    # on a tie, and is valued after it in the fight step
    quiet = calm and (phase == MAIN or phase in _QUIET and p == state.active) and not state.game.watched \
        and not _may_be_blocked(state, p) and not any(att.blockers for att in state.attackers)
    now = None  # the value of the position as it stands (that of a pass in the main phase and attack step)
    # where no block can come, a boost of attack for this turn on one's own monster changes only the
    # damage of the attacks under way: its targets that attack alike give the same value
    alike = _attacking(state, p) if quiet and readable else None
    if legal[-1].kind == "pass":
        if still:
            now = value(state, p)
            if now >= WON - 1.0 and state.dummy[1 - p]:
                return legal[-1]  # the attacks under way win this turn, and the dummy cannot answer them
        if phase in _STILL:
            legal = [legal[-1], *legal[:-1]]
    for action in legal:
        kind = action.kind
        if kind == "attack" and not blockers or quiet and kind in _INSTANTS and _this_turn_only(state, action):
            continue
        # legal actions differ from each other: only actions that name cards alike (shapes) may repeat
        shape = (kind, *(shapes.get(a, a) for a in action.args)) if shapes else None
        if alike is not None and kind in _INSTANTS:
            shape = _boost_class(state, action, alike) or shape
        found = valued.get(shape) if shape is not None else None
        if found is None and now is not None and alike is not None and shape is not None and shape[0] == "boost":
            found = _after_boost(state, action, alike, now)  # read from the ability's steps: no look-ahead
        if found is None and kind == "play" and readable and now is not None and p == state.active:
            card = next(card for card in state.hands[p] if card.name == action.args[0])
            found = after_lay_out(state, p, card, now)  # read from the card's facts: no look-ahead
        if found is None:
            if kind == "pass" and still:
                found = value(state, p) if now is None else now  # passing changes nothing it reads
            else:
                twin = state.lookahead()
                twin.apply_unchecked(action)
                if twin.stack or twin.pending:
                    _resolve(twin)
                    played += 1
                found = value(twin, p)
                evaluated += 1
            if shape is not None:
                valued[shape] = found
        if best is None or found > best_value + 1e-9:
            best, best_value = action, found
            if found >= WON:
                break  # a won game: nothing after it can value more, and the first best is kept
    e, r = state.lookaheads
    state.lookaheads = (e + evaluated, r + played)
    return best if best is not None else passive(state)


_INSTANTS = ("cast", "use")


def _cheapest_discard(state, p: int, legal: list[Action]) -> Action:
    """The hand-size discard (OB-909) of the card whose loss costs :func:`value` least (the first
    such in the legal order), read from the cards without a look-ahead: with nothing to answer a
    discard (:func:`~deckkit.games.obludarium.evaluation.read_without_lookahead`), a discard changes
    nothing else the evaluation reads, and whatever follows it (the end of the turn) follows each alike."""
    food = 0
    for perm in state.tables[p]:
        if perm.info.type == FOOD:
            food += 1
    worth = {card.name: in_hand(card, food) for card in state.hands[p]}
    best, least = legal[0], None
    for action in legal:
        lost = worth[action.args[0]]
        if least is None or lost < least - 1e-9:
            best, least = action, lost
    return best


def _this_turn_only(state, action: Action) -> bool:
    """Whether the ability ``action`` plays does nothing but raise defence for this turn (read once per
    ability, :attr:`~deckkit.games.obludarium.cards.Plan.turn_only`)."""
    p, name = action.player, action.args[0]
    if action.kind == "cast":
        plan = next((card.cast_plan for card in state.hands[p] if card.name == name), None)
    else:
        plan = state._perm(p, name).info.use_plan
    return plan is not None and plan.turn_only


def _attacking(state, p: int) -> set:
    """``p``'s monsters whose attack counts in the damage the evaluation reads now (the attacks under way
    with no blocking spell, or in the main phase the monsters that may attack this turn)."""
    if state.phase == MAIN:
        return {perm for perm in state.tables[p] if perm.info.type == MONSTER and may_attack(state, p, perm) is None}
    return {att for att in state.attackers if not att.sblock}


def _boost_class(state, action: Action, attacking: set) -> tuple | None:
    """A key shared by the casts or uses of one ability whose values cannot differ, or None: the ability
    only boosts, for this turn and by fixed amounts, the one monster of one's own named in the action
    (:func:`_boost_only`), and the targets either all attack now or all do not (none is the card
    used, none has a negative attack)."""
    args = action.args
    if len(args) != 3 or args[1] != "on":
        return None
    p, name = action.player, args[0]
    if action.kind == "cast":
        source = None
        ability = next((card.cast for card in state.hands[p] if card.name == name), None)
    else:
        source = state._perm(p, name)
        ability = source.info.use
    if ability is None or not _boost_only(ability):
        return None
    labels = state.labels(p)
    if args[2] not in labels:
        return None
    target = state.tables[p][labels.index(args[2])]
    if target is source or target.atk < 0:
        return None
    return ("boost", action.kind, name, target in attacking)


def _after_boost(state, action: Action, attacking: set, now: float) -> float | None:
    """:func:`value` after a boost :func:`_boost_class` keys, read without a look-ahead where its cost
    is food, a tap of a card that does not attack or the spell card itself (the evaluation reads no
    tapped card): a target that attacks deals its boost of attack more (OB-830), a won position stays
    won, a spell leaves the hand. None where another cost is paid or the target's side is not active."""
    p, name = action.player, action.args[0]
    if p != state.active:
        return None
    if action.kind == "cast":
        card = next(card for card in state.hands[p] if card.name == name)
        ability, plan, source = card.cast, card.cast_plan, None
    else:
        source = state._perm(p, name)
        card, ability, plan = None, source.info.use, source.info.use_plan
    if plan is None or plan.sacrifice or plan.discard or plan.card_costs \
            or plan.tap and source is not None and source.info.type == MONSTER:
        return None
    if now >= WON - 1.0:
        return now
    target = state.tables[p][state.labels(p).index(action.args[2])]
    found = now
    if target in attacking:
        more = sum(s.amount.fixed for s in ability.sequences[0] if s.param("stat", "attack") == "attack")
        if more:
            attack = state.attack
            if sum(attack(perm) for perm in attacking) + more >= state.life[1 - p]:
                return WON - 1.0
            found += evaluation.LIFE_TAKEN * more
    if card is not None:
        food = 0
        for perm in state.tables[p]:
            if perm.info.type == FOOD:
                food += 1
        found -= in_hand(card, food)
    return found


def _boost_only(ability) -> bool:
    """Whether ``ability`` (read once per ability) does nothing but raise, for this turn and by fixed
    amounts, the attack or defence of one monster of its controller's named in the action, with no
    condition (one that may fail as it resolves)."""
    found = _BOOST_ONLY.get(id(ability))
    if found is None or found[0] is not ability:
        ok = not ability.modes and ability.condition is None and len(ability.sequences) == 1 \
            and bool(ability.sequences[0])
        target = ability.sequences[0][0].target if ok else None
        ok = ok and target is not None and target.choose == "one" and target.side == "own" and all(
            s.effect == "boost" and s.target == target and s.duration == "turn" and s.chooser == "you"
            and not s.optional and not s.only_if and s.param("stat", "attack") in ("attack", "defense")
            and not s.amount.dynamic and s.amount.fixed >= 0 for s in ability.sequences[0])
        found = _BOOST_ONLY[id(ability)] = (ability, ok)
    return found[1]


#: :func:`_boost_only` of each ability read (keyed by identity; the ability is kept to check it).
_BOOST_ONLY: dict[int, tuple] = {}


#: The steps whose end by a pass changes nothing the evaluation reads: the attacks under way are
#: valued as the fight will go (evaluation._combat), and this turn's changes are not counted.
_STILL = (MAIN, ATTACK)
#: The steps in which a change of this turn's defence matters only to a fight.
_QUIET = (MAIN, ATTACK, FIGHT)


def _may_be_blocked(state, p: int) -> bool:
    """Whether the other player has a monster that might block (untapped): then each attack is valued
    (the evaluation foresees the likely blocks), else every monster that may attack does."""
    if state.dummy[1 - p]:
        return False
    return any(perm.info.type == MONSTER and not perm.tapped for perm in state.tables[1 - p])


def _resolve(state, limit: int = 40) -> None:
    """Resolve the stack and the decisions abilities ask, with passes and first options (:func:`pass_action`),
    so that the evaluation reads what they did."""
    apply = state.apply_unchecked
    while limit and (state.stack or state.pending) and state.result is None:
        apply(pass_action(state, state.current_player()))
        limit -= 1


def greedy_playout(state: ObState, rng: random.Random | None = None) -> Action:
    """The play-out greedy player: every legal action valued by playing the turn out on a clone (with
    passes) and scoring where it ends; the first best is taken. Slower than :func:`greedy` by the play-outs;
    kept to measure that one against."""
    p = state.current_player()
    if not state.stack and not state.window and not state.pending:
        # every monster that may attack, in table order (OB-801); a food first: it only adds what the
        # turn can pay for (OB-315, OB-701) — each the first such action legal_actions would list
        first = _first_attack(state, p) if state.phase == ATTACK and p == state.active else \
            _first_food(state, p) if state.phase == MAIN else None
        if first is not None:
            return first
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    shapes = _shapes(state) if _may_repeat(legal) else {}
    valued: dict[tuple, float] = {}
    ends: dict[tuple, ObState | None] = {}  # where each valuation's play-out ended
    _pass_from_note(state, p, valued, ends)
    best, best_value = None, None
    best_shape: tuple = ()
    for action in legal:
        if action.kind == "attack":
            continue
        shape = (action.kind, *(shapes.get(a, a) for a in action.args)) if shapes else (action.kind, *action.args)
        value = valued.get(shape)
        if value is None:
            end = ends[shape] = play_out(state, action, p)
            value = valued[shape] = score(end, p)
        if best_value is None or value > best_value + 1e-9:
            best, best_value, best_shape = action, value, shape
    if best is None:
        return passive(state)
    state.pilot_note = (len(state.history), p, best, best_value, state.turn, ends.get(best_shape))
    return best


def _pass_from_note(state, p: int, valued: dict, ends: dict) -> None:
    """Passing now plays out what valuing the last choice on a clone played out (the choice, then passes
    to the end of the turn) when the state got here by that choice and passes only: that value is the
    pass's — the chooser's noted score, or the other player's score of where that play-out ended.

    For the other player the play-out must have gone on after the pass now (a pass that ends the turn
    is valued over the next turn too) and have ended the turn or the game (not the step cap)."""
    note = state.pilot_note
    history = state.history
    if note is None or not _led_here(note, state.turn, history):
        return
    end = note[5]
    if note[1] == p:
        valued[_PASS_KEY] = note[3]
    elif end is not None and len(end.history) > len(history) + 1 and (end.turn != note[4] or end.result is not None):
        valued[_PASS_KEY] = score(end, p)
    else:
        return
    ends[_PASS_KEY] = end


def _first_attack(state, p: int) -> Action | None:
    """The first attack of ``p`` that :meth:`~ObState.legal_actions` lists in the attack step (table
    order), found by the same rule check (:func:`~deckkit.games.obludarium.legality.may_attack`) without
    listing the instants that follow it; None when no monster may attack."""
    for i, perm in enumerate(state.tables[p]):
        if perm.info.type == MONSTER and may_attack(state, p, perm) is None:  # may_attack's first check, inline
            return Action(p, "attack", (state.labels(p)[i],))
    return None


def _first_food(state, p: int) -> Action | None:
    """The first ``play`` of a food's name that :meth:`~ObState.legal_actions` lists in the main phase
    (hand order, one action a name), found by the same rule check
    (:func:`~deckkit.games.obludarium.legality.may_lay_out`); None when no food may be laid out."""
    hand = state.hands[p]
    food = {card.name for card in hand if card.type == FOOD}
    if not food:
        return None
    untapped = state.untapped_food(p)
    seen = set()
    for card in hand:
        name = card.name
        if name in seen:
            continue
        seen.add(name)
        if name in food and may_lay_out(state, p, card, untapped) is None:
            return Action(p, "play", (name,))
    return None


def _led_here(note: tuple, turn: int, history: list) -> bool:
    """Whether the noted choice brought the state to where it is, in the same turn, with only passes
    after it."""
    n = note[0]
    if note[4] != turn or len(history) <= n or history[n] is not note[2]:
        return False
    return all(action.kind == "pass" for action in history[n + 1:])


def _may_repeat(legal: list[Action]) -> bool:
    """Whether two of these actions may name cards alike (:func:`_shapes`). Only labels can: a label
    without ``#`` or ``enemy`` is a card's own name (its first copy on a side), so two such labels
    that differ name different cards, and actions that name no other label are told apart as they are."""
    for action in legal:
        if action.kind != "attack":
            for a in action.args:
                if "#" in a or a.startswith("enemy "):
                    return True
    return False


def _shapes(state) -> dict[str, tuple]:
    """What an action's word may name in play, by the word: the cards of both sides with that label,
    each as its card and state. Two actions whose words name cards alike (the same card in the same
    state: two untapped Glums) cannot differ in outcome, so only the first is valued."""
    shapes: dict[str, tuple] = {}
    for side in (0, 1):
        for perm, label in zip(state.tables[side], state.labels(side)):
            mine = (side, perm.info, perm.tapped, perm.new, perm.atk, perm.dfn, perm.attacking, perm.sblock,
                    perm.perm_atk, perm.perm_dfn, perm.grants, perm.spent, perm.blockers, perm.blocking)
            # (blockers and blocking are tuples of cards, which compare and hash by identity)
            shapes[label] = (*shapes.get(label, ()), mine)
            if side == 1 - state.current_player():
                shapes[f"enemy {label}"] = (mine,)
    return shapes
