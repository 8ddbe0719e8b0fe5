"""Goldfish policies for Álomfogó: a greedy player and a uniformly random one.

The greedy player knows no card by name or role. In phase 3 it values each playable card and each
way to play it (:meth:`~deckkit.games.alomfogo.interpret.AbilityRules.options`) from the card's
compiled abilities — what each step would do to the cards it would take now, what each continuous
effect and trigger is worth on this table; in a duel it looks one assist ahead on a cloned state
(:meth:`AlomfogoState.clone`) and takes the cheapest assist that wins the duel, else the one that
gains most. So a card a designer writes plays as its data says, with no code for it.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from deckkit.engine.core import Action
from deckkit.games.alomfogo.cards import CardDef, named_when_played
from deckkit.games.alomfogo.legality import (affordable, cyclable, free_event, free_play, may_challenge_now, may_cycle,
                                             may_draw, may_play)
from deckkit.games.alomfogo.state import AlomfogoState
from deckkit.games.alomfogo.zones import (ACTIVE, ASSIST, COUNTER, CREATURE_DRAW, DECIDE, DEFEND, DRAW, DUELS, HELPER,
                                          PLAY, Choice, Perm)

Key = tuple[int, int]
# A card's worth in a goldfish game, in tiers (higher first), then a score within the tier. VP now are
# worth most; a dreamwalker brings 1 + its glory icon every turn it challenges; a dream creature a card.
VP, INCOME, FREE_WALKER, FREE_EVENT, CHEAPER, WALKER, RECOVER, CREATURE, DRAW_TIER, OTHER = (
    10, 9, 8, 7, 7, 6, 5, 4, 3, 2)


def _walker_worth(card: CardDef) -> int:
    return card.glory * 10 - card.cost


def _step_worth(state: AlomfogoState, p: int, step: Any, picks: list, ctx: Any) -> tuple[int, int, int, int]:
    """(net VP, recovered dreamwalkers, cards drawn, other gain) of one step for ``p``, played now."""
    name = step.effect
    amount = step.amount.value(lambda c: state.count_cards(ctx, c)) if name != "order-top" else 0
    if name in ("gain-vp", "lose-vp", "draw", "gain-glory", "lose-glory"):
        whom = state.affected_players(ctx, step.player)
        mine = sum(1 for i in whom if i == p)
        theirs = sum(1 for i in whom if i != p and not state.players[i].passive)
        if name in ("gain-vp", "lose-vp"):
            return amount * (mine - theirs) * (1 if name == "gain-vp" else -1), 0, 0, 0
        if name == "draw":
            library = len(state.players[p].library)
            if mine and (library < amount or library <= 4):
                return 0, 0, 0, -99  # a draw near the bottom of the deck risks the game (AF-107)
            return 0, 0, amount * (mine - theirs), 0
        if not any(not state.players[i].passive for i in state.opponents(p)):
            return 0, 0, 0, 0  # glory matters only against an opponent who challenges
        return 0, 0, 0, 3 * amount * ((mine - theirs) if name == "gain-glory" else (theirs - mine))
    t = step.target
    if t is None:
        targets: tuple = ()
    elif t.choose == "random" or t.chosen and not named_when_played(step):
        # valued without drawing from the chance generator, or before the decision is made
        targets = tuple(state.candidates(ctx, t)[:t.count])
    else:
        targets = state.step_targets(ctx, step, picks)
    gain = recovered = 0
    for owner, thing in targets:
        if thing is ctx.card:
            continue  # the spell itself is in the spell cage by then (AF-361)
        sign = 1 if owner != p else -1
        if isinstance(thing, Perm):
            if name == "set-state":
                want = ("active", "resting", "damaged").index(str(step.param("state")))
                if want == 0 and thing.state and owner == p and thing.card.is_dreamwalker:
                    recovered += 1
                elif want and thing.state < want and thing.card.is_creature:
                    gain += sign * 2
            elif name in ("to-cage", "to-hand"):
                gain += sign * (3 if thing.card.is_creature else 2)
            elif name == "modify" and thing.card.is_dreamwalker:
                gain -= sign * (int(step.param("attack", 0)) + int(step.param("defense", 0)))
        elif name == "to-hand":
            gain += -sign * (2 if thing.is_creature else 1)
        elif name == "to-cage" and step.target.zone == "hand":
            gain += sign
    if name == "order-top":
        gain += 1 if picks else 0
    return 0, recovered, 0, gain


def _play_worth(state: AlomfogoState, p: int, card: CardDef, choice: Choice) -> Key | None:
    """The tier and score of a spell played one way, from its steps; None if it gains nothing now."""
    from deckkit.games.alomfogo.effects import Context

    play = card.play
    if play is None:
        return None
    ctx = Context(p, card)
    ctx.opponent = choice.opponent
    if not state.holds(ctx, play.condition):
        return None
    seq = play.sequences[choice.mode] if play.sequences else ()
    picks = list(choice.targets)
    vp = recovered = drawn = other = 0
    for step in seq:
        if step.effect == "order-top":
            other += 1 if choice.order and _better_order(state, p, choice.order) else 0
            continue
        a, b, c, d = _step_worth(state, p, step, picks, ctx)
        vp, recovered, drawn, other = vp + a, recovered + b, drawn + c, other + d
    cost = state.cost_of(p, card)
    if other < -50:
        return None
    if vp - cost > 0:
        return (VP, vp - cost)
    if recovered:
        return (RECOVER, recovered)
    if drawn > 0 and drawn + other > 0:
        return (DRAW_TIER, drawn + other)
    if other > 0:
        return (OTHER, other)
    return None


def _better_order(state: AlomfogoState, p: int, order: tuple[str, ...]) -> bool:
    """Whether an ordering choice puts a better card on top than the one there now."""
    top = state.players[p].library[-1]
    first = next(c for c in state.players[p].library[::-1] if c.name == order[0])
    return _card_rank(first) > _card_rank(top)


def _card_rank(card: CardDef) -> int:
    return 100 + _walker_worth(card) if card.is_dreamwalker else 50 if card.type != "instant" else 0


def _best_order(state: AlomfogoState, p: int, options: list[Choice]) -> list[Choice]:
    """Of the orders an ordering choice offers, the one that puts the best cards on top (dreamwalkers,
    glorious and cheap first); other choices as they are."""
    if not any(c.order for c in options):
        return options
    top = state.players[p].library[::-1][:len(options[0].order)]
    want = tuple(c.name for c in sorted(top, key=_card_rank, reverse=True))
    return [c for c in options if c.order == want] or options[:1]


def _spell_ceiling(state: AlomfogoState, card: CardDef) -> int:
    """The highest tier a spell's steps could reach (worked out once per card): a spell that cannot beat
    the best play found so far is not looked at."""
    cache = state.game.pool.pilot
    found = cache.get(card.id)
    if found is None:
        effects = {s.effect for seq in (card.play.sequences if card.play else ()) for s in seq}
        states = {s.param("state") for seq in (card.play.sequences if card.play else ()) for s in seq}
        found = cache[card.id] = VP if "gain-vp" in effects else RECOVER if "active" in states else \
            DRAW_TIER if "draw" in effects else OTHER
    return found


def _permanent_worth(state: AlomfogoState, p: int, card: CardDef) -> Key | None:
    """An event's or creature's worth from its continuous effects and triggers on this table."""
    player = state.players[p]
    best: Key | None = None

    def take(key: Key) -> None:
        nonlocal best
        if best is None or key > best:
            best = key

    if card.vp_bonus:
        take((INCOME, card.vp_bonus))
    if card.free_max >= 0 and any(c.is_dreamwalker for c in player.hand):
        take((FREE_EVENT, 0))
    if card.cost_mods:
        cheaper = sum(1 for c in player.hand if c is not card and any(
            state._applies(st, cond, p, Perm(card), p, c) for st, cond in card.cost_mods))
        if cheaper:
            take((CHEAPER, cheaper))
    if card.counter or card.power:
        foes = state.opponents(p)
        if card.counter and any(state.players[i].hand and not state.players[i].passive for i in foes):
            take((OTHER, 1))
        if card.power and any(not state.players[i].passive and state._defenders(i) for i in foes):
            take((OTHER, 1))
    walkers = -1
    for event in card.triggers:
        if walkers < 0:
            walkers = sum(1 for perm in player.table if perm.card.is_dreamwalker) + sum(
                1 for c in player.hand if c.is_dreamwalker)
        if event.startswith("duel-") or event == "played" or event.startswith("phase-") or event == "turn-end":
            if event != "duel-lost" and (walkers or not event.startswith("duel-")):
                take((OTHER, 1))
    return best


def greedy(state: AlomfogoState, rng: random.Random | None = None) -> Action:
    """Play out the hand by the cards' worth, then challenge with every active dreamwalker (glorious first);
    defend, designate helpers and assist by looking one action ahead on a clone."""
    phase = state.phase
    p = state.current_player()
    if phase == DRAW:
        return Action(p, "draw")
    if phase == CREATURE_DRAW:
        return Action(p, "draw") if may_draw(state, p) is None else Action(p, "no draw")
    if phase == PLAY:
        return _greedy_play(state, p)
    if phase == DUELS:
        if may_challenge_now(state) is None:
            walkers = state._challengers(p)
            if len(walkers) > 1 and any(not state.players[i].passive and any(
                    perm.card.is_dreamwalker for perm in state.players[i].table) for i in state.opponents(p)):
                # An opponent who will challenge next turn: keep the best defender back (it stays active)
                keep = max(walkers, key=lambda w: (w[1].card.defense + 2 * w[1].card.glory, -walkers.index(w)))
                walkers = [w for w in walkers if w is not keep]
            for lab, _ in sorted(walkers, key=lambda w: -w[1].card.glory):  # the most glorious first
                if _worth_challenging(state, p, lab):
                    return Action(p, "challenge with", (lab,))
        return Action(p, "pass")
    if phase == DEFEND:
        return _defence(state, p)
    if phase == HELPER:
        return _helper(state, p)
    if phase == ASSIST:
        a, b = state.totals()
        d = state.duel
        assert d is not None  # the assist exchange is part of a duel
        behind = a <= b if d.to_act == 0 else b < a
        actions = [x for x in state.legal_actions() if x.kind in ("assist", "cast")]
        if behind:
            chosen = _look_ahead(state, p, actions, Action(p, "pass"), need=1)
            if chosen.kind != "pass":
                return chosen
        return _helper_gain(state, p, actions) or Action(p, "pass")
    if phase == COUNTER:
        return state.legal_actions()[0]
    if phase == DECIDE:
        return _decision(state, p)
    raise AssertionError(phase)


def _standing(state: AlomfogoState, p: int) -> int:
    """How well ``p`` stands, read from the table alone: glory, VP, cards in hand, creatures in play by
    their state, the duel being fought; each opponent's the other way."""
    score = 0
    for i, pl in enumerate(state.players):
        mine = 1 if i == p else -1
        if not pl.alive:
            score -= mine * 1000
            continue
        table = sum(3 if perm.state == ACTIVE else 1 for perm in pl.table if perm.card.is_creature)
        score += mine * (20 * pl.glory + pl.vp + len(pl.hand) + table)
    return score + 2 * _margin(state, p)


_LOOKS = 2


def _decision(state: AlomfogoState, p: int) -> Action:
    """A decision an ability asks for (a target of ``p``'s choice, "you may"): the option after which ``p``
    stands best, one action deep on a clone (of the first options and the last); the first among equals."""
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    if len(actions) > _LOOKS:  # the first options and the last (no, nothing): a look at each costs a clone
        actions = [*actions[:_LOOKS - 1], actions[-1]]
    best: tuple[int, Action] | None = None
    for action in actions:
        twin = state.clone()
        twin.after = ""  # the decision's own effect is judged, not the next turn it would let begin
        twin.apply_unchecked(action)
        value = _standing(twin, p)
        if best is None or value > best[0]:
            best = (value, action)
    assert best is not None  # a decision has at least two options here
    return best[1]


def _margin(state: AlomfogoState, p: int) -> int:
    """How far ``p``'s duelist leads (a tie counts for the defender, AF-756)."""
    d = state.duel
    if d is None:
        return 0
    a, b = state.totals()
    return (a - b) if d.players[0] == p else (b - a + 1)


def _look_ahead(state: AlomfogoState, p: int, actions: list[Action], default: Action, need: int) -> Action:
    """The action after which ``p`` leads the duel at the least VP, else the one that gains most (one
    action deep on a clone: the engine carries out the card, whatever its abilities)."""
    if not actions:
        return default
    before = _margin(state, p)
    best: tuple[tuple[int, int, int], Action] | None = None
    for action in actions:
        twin = state.clone()
        twin.apply_unchecked(action)
        if twin.duel is None:
            continue
        after = _margin(twin, p)
        spent = state.players[p].vp - twin.players[p].vp
        key = (1 if after >= need else 0, -spent if after >= need else after, -len(twin.players[p].cage))
        if after > before and (best is None or key > best[0]):
            best = (key, action)
    return best[1] if best is not None else default


def _worth_challenging(state: AlomfogoState, p: int, label: str) -> bool:
    """Whether to challenge with a dreamwalker: not into a defender that holds (as the opponent's greedy
    defence would choose it, on a clone) when ``p`` has no helper or instant to answer with."""
    twin = state.clone()
    twin.apply_unchecked(Action(p, "challenge with", (label,)))
    if twin.phase != DEFEND:
        return True  # unanswered (AF-710)
    if _defence(twin, twin.current_player()).kind == "no defence":
        return True
    me = state.players[p]
    return any(c.type == "instant" and state.cost_of(p, c) <= me.vp for c in me.hand) or any(
        perm.state == ACTIVE and perm.card.has_helper_ability and state.label(p, perm) != label
        for perm in me.table)


def _helper(state: AlomfogoState, p: int) -> Action:
    """The helper whose ability would add most magic power now (its steps, its condition in this duel);
    else the first with any helper ability (AF-721 – AF-724)."""
    from deckkit.games.alomfogo.effects import Context

    d = state.duel
    assert d is not None
    side = d.helper_side
    best: tuple[int, str] | None = None
    for lab, perm in state._helper_candidates(p):
        ability = perm.card.helper_ability
        if ability is None or not perm.card.has_helper_ability:
            continue
        ctx = Context(p, perm.card, side, perm, "helper")
        gain = 0
        if state.holds(ctx, ability.condition) and ability.sequences:
            for step in ability.sequences[0]:
                if step.effect in ("boost", "weaken"):
                    gain += step.amount.value(partial(state.count_cards, ctx))
        if best is None or gain > best[0]:
            best = (gain, lab)
    return Action(p, "helper", (best[1],)) if best is not None else Action(p, "no helper")


def _helper_gain(state: AlomfogoState, p: int, actions: list[Action]) -> Action | None:
    """A helper ability that does not change the duel but gains something else (a discard, a card back),
    as its steps show: the helper would only rest after the duel anyway (AF-757)."""
    from deckkit.games.alomfogo.effects import Context

    d = state.duel
    assert d is not None
    helper = d.helpers[d.to_act]
    for action in actions:
        if action.kind != "assist" or helper is None or helper.card.helper_ability is None:
            continue
        ability = helper.card.helper_ability
        ctx = Context(p, helper.card, d.to_act, helper, "helper")
        if not state.holds(ctx, ability.condition):
            continue
        seq = ability.sequences[0] if ability.sequences else ()
        if seq and all(s.effect not in ("boost", "weaken", "negate") for s in seq) and \
                sum(w[0] + w[3] for w in (_step_worth(state, p, s, [], ctx) for s in seq)) > 0:
            return action
    return None


def _defence(state: AlomfogoState, p: int) -> Action:
    """The defender that holds the duel by the widest margin as the engine totals it (a tie holds,
    AF-756), looked at on a clone; no defence when none holds."""
    best: tuple[int, Action] | None = None
    for action in state.legal_actions():
        if action.kind != "defend with":
            continue
        twin = state.clone()
        twin.apply_unchecked(action)
        margin = _margin(twin, p)
        if margin >= 1 and (best is None or margin > best[0]):
            best = (margin, action)
    return best[1] if best is not None else Action(p, "no defence")


def choose_play(state: AlomfogoState, p: int) -> tuple[str, CardDef, Perm | None, Choice | None] | None:
    """The greedy phase 3 choice: ``("play", card, free event or None, choice)``, ``("cycle", card, None,
    None)`` or None to pass.

    Order: VP makers with a net gain, extra-VP events, dreamwalkers free through an event, events that
    give free dreamwalkers or make the hand cheaper, dreamwalkers (glorious first, then cheap), recovery,
    dream creatures (for their draw), draws, other gains the abilities show; then cycling an instant,
    which is useless against a passive opponent. It never holds VP back: against a passive opponent
    every dreamwalker brings 1 + its glory icon each turn and the cheap ones give the most per VP;
    saving for Ébredés Ajtaja when spending would delay it was measured at no gain (mean win turn 4.78
    either way on the casual deck, 4,000 seeds).
    """
    player = state.players[p]
    best_key: Key | None = None
    best: tuple[str, CardDef, Perm | None, Choice | None] | None = None
    free = None  # free-dreamwalker events, looked up only when a dreamwalker is in hand
    free_walkers = state.game.pool.free_walkers
    spells: list[CardDef] = []
    # Copies of a card are valued alike; the first stays the choice (a later one must be worth more).
    for card in player.hand:
        if may_play(state, p, card) is not None:
            continue
        if card.type == "general-spell":
            spells.append(card)
            continue
        key: Key | None = None
        event = None
        if card.is_dreamwalker and free_walkers:
            if free is None:
                free = [perm for perm in player.table if free_event(perm) is None]
            for perm in free:
                if free_play(state, card, perm) is None:
                    key, event = (FREE_WALKER, card.glory * 10 + card.cost), perm
                    break
        if key is None and affordable(state, p, card) is None:
            if card.is_dreamwalker:
                key = (WALKER, _walker_worth(card))
            elif card.type == "dream-creature":
                key = (CREATURE, -card.cost)
            elif card.type == "event":
                key = _permanent_worth(state, p, card)
        if key is not None and (best_key is None or key > best_key):
            best_key, best = key, ("play", card, event, None)
    for card in spells:  # the general spells, each way to play them valued from its steps
        if best_key is not None and _spell_ceiling(state, card) < best_key[0]:
            continue
        if affordable(state, p, card) is not None:
            continue
        for option in _best_order(state, p, state.options(p, card, card.play)):
            worth = _play_worth(state, p, card, option)
            if worth is not None and (best_key is None or worth > best_key):
                best_key, best = worth, ("play", card, None, option)
    if best is not None:
        return best
    if may_cycle(state, p) is None:
        for card in player.hand:
            if cyclable(card) is None:
                return ("cycle", card, None, None)
    return None


def _greedy_play(state: AlomfogoState, p: int) -> Action:
    choice = choose_play(state, p)
    if choice is None:
        return Action(p, "pass")
    kind, card, event, how = choice
    if kind == "cycle":
        return Action(p, "cycle", (card.name,))
    if event is not None:
        return Action(p, "play", (card.name, "with", state.label(p, event)))
    return Action(p, "play", (card.name, *(how.args if how is not None else ())))


def random_policy(state: AlomfogoState, rng: random.Random) -> Action:
    """A uniformly random legal action, drawn from the player's generator ``rng`` (never the game's)."""
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


POLICIES = {"greedy": greedy, "random": random_policy}
