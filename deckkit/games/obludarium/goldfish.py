"""Goldfish games of Obludárium: a fast greedy path and a general path over the rules engine.

The fast path plays the greedy policy against the passive opponent (OB rules with nobody to block
or answer) without building Action objects or strings; with ``trace`` or ``record`` it also
writes readable lines and the canonical action strings of both players, which the tests replay
through :class:`~deckkit.games.obludarium.state.ObState` to prove every move legal. The same
player over the full engine is :func:`deckkit.games.obludarium.policies.greedy`; a test proves
that both make the same moves on the same seed, so the fast path is an optimisation, not a
second heuristic.

Greedy, each own turn: lay out the first food in hand (OB-315); then, while food allows, summon
the most expensive useful monster or artifact (ties: higher attack), or cast a draw spell; attack
with every monster that may (OB-801); in the attack step (OB-803) cast every affordable spell
that adds damage (attack boosts on an attacker, direct hits) and tap attack-boosting artifacts;
in the fight exchange (OB-904) use one "unblocked" property (Kubišta only if it makes the attack
lethal, else feed Medděd); discard (OB-909) the least useful, most expensive card.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from deckkit.games.obludarium.cards import ARTIFACT, FOOD, MONSTER, SPELL, CardInfo, shuffled
from deckkit.games.obludarium.opening import obludarium_opening

# roles of cards for the greedy player
R_FOOD, R_MONSTER, R_ARTIFACT_BOOST, R_SPELL_BOOST, R_SPELL_HIT, R_SPELL_DRAW, R_OTHER = range(7)


def role_of(info: CardInfo) -> tuple:
    """(role, cost, attack, amount, group, ability, info) for the greedy player."""
    ab = info.abilities[0] if info.abilities else None
    if info.type == FOOD:
        return (R_FOOD, 0, 0, 0, None, None, info)
    if info.type == MONSTER:
        return (R_MONSTER, info.cost, info.attack, 0, None, ab, info)
    if info.type == ARTIFACT:
        if (ab and ab.effect == "boost" and ab.stat in ("attack", "both") and ab.target == "own"
                and ab.when is None and not ab.sacrifice and ab.food == 0):
            return (R_ARTIFACT_BOOST, info.cost, 0, ab.amount, ab.group, ab, info)
        return (R_OTHER, info.cost, 0, 0, None, ab, info)
    if info.type == SPELL and ab is not None and not info.blocking:
        if ab.effect == "boost" and ab.stat in ("attack", "both") and ab.target == "own" and ab.when is None:
            return (R_SPELL_BOOST, info.cost, 0, ab.amount, ab.group, ab, info)
        if ab.effect == "hit":
            return (R_SPELL_HIT, info.cost, 0, ab.amount, None, ab, info)
        if ab.effect == "draw":
            return (R_SPELL_DRAW, info.cost, 0, ab.amount, None, ab, info)
    return (R_OTHER, info.cost, 0, 0, None, ab, info)


def _prepared(game, deck: list[dict]) -> list[tuple]:
    """The deck's role tuples, cached per game and deck (the runner plays one deck many times)."""
    cache = game.__dict__.setdefault("_greedy_decks", {})
    key = tuple(map(id, deck))
    roles = cache.get(key)
    if roles is None:
        if len(cache) > 64:
            cache.clear()
        by_info: dict = {}
        roles = []
        for card in deck:
            info = game.info(card)
            if info not in by_info:
                by_info[info] = role_of(info)
            roles.append(by_info[info])
        cache[key] = roles
    return roles


def _outcome_line(won: bool, turn: int, max_turns: int, ended: bool) -> str:
    """The last trace line: the outcome the figures count for this game."""
    if won:
        return f"result: p1 wins in its own turn {turn} (counted as a win on turn {turn})"
    if ended:
        return f"result: p1 loses in its own turn {turn} (counted as not won)"
    return f"result: no win within {max_turns} own turns (counted as not won)"


def _label(table: list, index: int) -> str:
    name = table[index][0][6].name
    n = sum(1 for entry in table[:index + 1] if entry[0][6].name == name)
    return name if n == 1 else f"{name}#{n}"


def fast_greedy(game, deck: list[dict], rng: random.Random, *, keep=None, trace: list[str] | None = None,
                max_turns: int = 60, record: list[str] | None = None) -> dict:
    """The greedy player (p1) against the passive opponent, following the OB rules step by step."""
    settings = game.settings
    roles = _prepared(game, deck)
    order = shuffled(list(range(len(deck))), rng)
    if keep is None:
        opening = obludarium_opening(order)
    else:
        opening = obludarium_opening(order, lambda idx: keep([deck[i] for i in idx]))
    hand = [roles[i] for i in opening.hand]
    library = [roles[i] for i in opening.library]  # top first
    first = game._first([[deck[i] for i in opening.library], []], rng) \
        if settings["first_player"] != "p1" else 0
    zero = settings["empty_deck"] == "zero"
    first_draw = settings["first_turn_draw"]
    limit = settings["hand_limit"]
    opp_life = settings["starting_life"]
    talk = trace is not None
    rec = record is not None
    opening_names = [c[6].name for c in hand]
    seen = list(opening_names)
    seen_by_turn: dict[str, list[str]] = {"1": list(opening_names)}
    table: list[list] = []  # [role, new] in table order (food, monsters, artifacts)
    nfood = 0
    lib_pos = 0
    nlib = len(library)
    if talk:
        trace.append(f"opening hand ({opening.mulligans} mulligan(s)): {', '.join(opening_names)}")
    if first == 1:
        if rec:
            record.extend(("pass", "pass"))  # the passive opponent's first turn: main, attack
        if talk:
            trace.append("turn 1 is the passive opponent's: it does nothing")

    def result(won: bool, turn: int, ended: bool = True) -> dict:
        if talk:
            trace.append(_outcome_line(won, turn, max_turns, ended))
        return {"won": won, "turn": turn, "mulligans": opening.mulligans, "seen": seen,
                "opening": opening_names, "seen_by_turn": seen_by_turn}

    def draw(t: int) -> bool:
        """Draw one card; False when the deck has run out (OB-109, OB-Q1)."""
        nonlocal lib_pos
        if lib_pos >= nlib:
            if talk:
                trace.append(f"T{t}: must draw from an empty deck and loses (OB-109)")
            return False
        card = library[lib_pos]
        lib_pos += 1
        hand.append(card)
        name = card[6].name
        seen.append(name)
        if t in by_turn_lists:
            by_turn_lists[t].append(name)
        else:
            by_turn_lists[t] = seen_by_turn[str(t)] = [name]
        if talk:
            trace.append(f"T{t}: draws {name} (opponent life {max(0, opp_life)})")
        if zero and lib_pos >= nlib:
            if talk:
                trace.append(f"T{t}: the deck has run out: loses (OB-109, OB-Q1 reading A)")
            return False
        return True

    by_turn_lists: dict[int, list[str]] = {1: seen_by_turn["1"]}
    for t in range(1, max_turns + 1):
        # -- untap (OB-602) and draw (OB-603, OB-Q7) -------------------------------------------
        for entry in table:
            entry[1] = False
        avail = nfood
        if (t > 1 or first_draw or first == 1) and not draw(t):
            return result(False, t)
        # -- main phase --------------------------------------------------------------------------
        food_played = False
        while True:
            if not food_played:
                for i, card in enumerate(hand):
                    if card[0] == R_FOOD:
                        del hand[i]
                        table.append([card, False])
                        nfood += 1
                        avail += 1
                        food_played = True
                        if rec:
                            record.append(f"play {card[6].name}")
                        if talk:
                            trace.append(f"T{t}: lays out food {card[6].name} ({avail} untapped food)")
                        break
            best = -1
            best_cost = best_atk = -1
            drawer = -1
            for i, card in enumerate(hand):
                cost = card[1]
                if cost > avail:
                    continue
                r = card[0]
                if r == R_MONSTER or r == R_ARTIFACT_BOOST:
                    if cost > best_cost or (cost == best_cost and card[2] > best_atk):
                        best, best_cost, best_atk = i, cost, card[2]
                elif r == R_SPELL_DRAW and drawer < 0:
                    drawer = i
            if best >= 0:
                card = hand.pop(best)
                avail -= best_cost
                table.append([card, card[0] == R_MONSTER])
                if rec:
                    record.append(f"play {card[6].name}")
                if talk:
                    trace.append(f"T{t}: summons {card[6].name} for {best_cost} food (most expensive useful "
                                 f"card it can pay; {avail} food left)")
                continue
            if drawer >= 0:
                card = hand.pop(drawer)
                avail -= card[1]
                if rec:
                    record.extend((f"cast {card[6].name}", "pass"))
                if talk:
                    trace.append(f"T{t}: casts {card[6].name} to draw {max(1, card[3])} (nothing to summon)")
                for _ in range(max(1, card[3])):
                    if not draw(t):
                        return result(False, t)
                continue
            if not food_played and any(c[0] == R_FOOD for c in hand):
                continue
            break
        if rec:
            record.append("pass")
        if talk:
            trace.append(f"T{t}: ends the main phase with {avail} untapped food; hand: "
                         + (", ".join(c[6].name for c in hand) or "empty"))
        # -- hand-size rule (OB-909, OB-Q13) -----------------------------------------------------
        if limit and len(hand) >= limit:
            layable = False
            for card in hand:
                if card[0] == R_FOOD:
                    if not food_played:
                        layable = True
                        break
                elif card[6].type != SPELL and card[1] <= avail:
                    layable = True
                    break
            if not layable:
                worst = max(range(len(hand)), key=lambda i: (hand[i][0] == R_OTHER, hand[i][1], -i))
                card = hand.pop(worst)
                if rec:
                    record.append(f"discard {card[6].name}")
                if talk:
                    trace.append(f"T{t}: holds {len(hand) + 1} cards and can lay out none: discards "
                                 f"{card[6].name} (least useful, most expensive; OB-909)")
        # -- attack step (OB-801, OB-802) --------------------------------------------------------
        attackers = []  # table indexes
        atk = {}
        damage = 0
        for i, entry in enumerate(table):
            if entry[0][0] == R_MONSTER and not entry[1]:
                attackers.append(i)
                a = entry[0][2]
                atk[i] = a
                damage += a
                if rec:
                    record.append(f"attack {_label(table, i)}")
        if talk and attackers:
            trace.append(f"T{t}: attacks with " + ", ".join(table[i][0][6].name for i in attackers)
                         + f" ({damage} damage if unblocked)")
        # instants in the attack step (OB-803), each answered by the opponent's pass; one strengthening
        # only, as the opponent's pass is no action (OB-905, OB-Q12) — its "no block" comes later
        strengthened = False
        i = 0
        while i < len(hand):
            card = hand[i]
            r = card[0]
            if card[1] > avail or (r != R_SPELL_BOOST and r != R_SPELL_HIT):
                i += 1
                continue
            name = card[6].name
            if r == R_SPELL_HIT:
                del hand[i]
                avail -= card[1]
                opp_life -= card[3]
                if rec:
                    record.extend((f"cast {name}", "pass"))
                if talk:
                    trace.append(f"T{t}: casts {name}: opponent loses {card[3]} (life {max(0, opp_life)})")
                if opp_life <= 0:
                    return result(True, t)
                continue
            if strengthened:
                i += 1
                continue
            group = card[4]
            target = -1
            for a in attackers:
                if group is None or group in table[a][0][6].groups:
                    target = a
                    break
            if target < 0:
                i += 1
                continue
            del hand[i]
            avail -= card[1]
            atk[target] += card[3]
            damage += card[3]
            strengthened = True
            if rec:
                record.extend((f"cast {name} on {_label(table, target)}", "pass"))
            if talk:
                trace.append(f"T{t}: casts {name} on {table[target][0][6].name}: +{card[3]} attack "
                             f"({damage} damage now)")
        if attackers:
            for idx, entry in enumerate(table):
                role = entry[0]
                if role[0] == R_ARTIFACT_BOOST and not strengthened:
                    group = role[4]
                    target = next((a for a in attackers if group is None or group in table[a][0][6].groups), -1)
                    if target < 0:
                        continue
                    atk[target] += role[3]
                    damage += role[3]
                    strengthened = True
                    if rec:
                        record.extend((f"use {_label(table, idx)} on {_label(table, target)}", "pass"))
                    if talk:
                        trace.append(f"T{t}: taps {role[6].name}: {table[target][0][6].name} +{role[3]} attack")
        if rec:
            record.append("pass")  # end of the attack step
        if not attackers:
            if rec:
                record.extend(("pass", "pass"))  # opponent's turn: main, attack
            continue
        if rec:
            record.append("pass")  # the opponent does not block (OB-817)
        # -- fight exchange (OB-904, OB-Q12): one "unblocked" property, then the opponent passes --
        used = False
        for a in attackers:
            role = table[a][0]
            ab = role[5]
            if ab is None or ab.when != "unblocked" or ab.effect != "boost":
                continue
            info = role[6]
            if ab.sacrifice and ab.target == "own":
                others = [b for b in attackers if b != a]
                gain = ab.amount - atk[a]
                if others and damage < opp_life <= damage + gain:
                    target = others[0]
                    if rec:
                        record.extend((f"use {_label(table, a)} on {_label(table, target)}", "pass"))
                    if talk:
                        trace.append(f"T{t}: sacrifices {info.name}: {table[target][0][6].name} +{ab.amount} "
                                     f"attack makes the attack lethal")
                    damage += gain
                    table.pop(a)
                    used = True
                    break
            elif ab.target == "self" and 0 < ab.food <= avail:
                avail -= ab.food
                damage += ab.amount
                if rec:
                    record.extend((f"use {_label(table, a)}", "pass"))
                if talk:
                    trace.append(f"T{t}: feeds {info.name} {ab.food} food: +{ab.amount} attack "
                                 f"(OB-831; one strengthening per exchange, OB-905)")
                used = True
                break
        if not used and rec:
            record.append("pass")
        # -- damage (OB-830) ---------------------------------------------------------------------
        opp_life -= damage
        if talk:
            trace.append(f"T{t}: {damage} damage gets through: opponent life {max(0, opp_life)}")
        if opp_life <= 0:
            return result(True, t)
        if rec:
            record.extend(("pass", "pass"))  # opponent's turn: main, attack
    return result(False, max_turns, ended=False)


def with_policy(game, deck: list[dict], rng: random.Random, policy: Callable, *, keep=None,
                trace: list[str] | None = None, max_turns: int = 60, record: list[str] | None = None) -> dict:
    """A goldfish game over the full rules engine with any policy for p1 (p2 passes)."""
    from deckkit.engine.core import TERMINAL
    from deckkit.games.obludarium.state import ObState

    state = ObState(game, rng)
    opening = obludarium_opening(shuffled(list(deck), rng), keep)
    state.hands[0] = [game.info(c) for c in opening.hand]
    state.libs[0] = [game.info(c) for c in reversed(opening.library)]
    state.dummy[1] = True
    state.life = [game.settings["starting_life"]] * 2
    state.active = game._first([opening.library, []], rng)
    first = state.active
    opening_names = [c.name for c in state.hands[0]]
    state.start_turn()

    def own_turn() -> int:
        return (state.turn + 1) // 2 if first == 0 else state.turn // 2

    if trace is not None:
        trace.append(f"opening hand ({opening.mulligans} mulligan(s)): {', '.join(opening_names)}")
        trace.extend(state.log)
    logged = len(state.log)
    while state.current_player() != TERMINAL and own_turn() <= max_turns:
        p = state.current_player()
        action = policy(state) if p == 0 else next(a for a in state.legal_actions() if a.kind == "pass")
        state.apply_unchecked(action)
        if record is not None:
            record.append(str(action))
        if trace is not None:
            trace.append(f"{'p1' if p == 0 else 'p2 (passive)'}: {action}")
            trace.extend(state.log[logged:])
            logged = len(state.log)
    won = state.winners() == [0]
    if trace is not None:
        trace.append(_outcome_line(won, min(own_turn(), max_turns), max_turns, state.is_terminal()))
    seen = opening_names + [line.split(" draws ", 1)[1] for line in state.log if line.startswith("p1 draws ")]
    return {"won": won, "turn": min(own_turn(), max_turns), "mulligans": opening.mulligans, "seen": seen,
            "opening": opening_names}
