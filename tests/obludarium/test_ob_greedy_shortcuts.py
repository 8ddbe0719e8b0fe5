"""The greedy pilot's shortcuts make the choices its plain reading makes (deckkit.games.obludarium.policies).

Greedy picks the first attack and the first food that the legal actions list without listing them
(``_first_attack``, ``_first_food``: the same rule checks, OB-801, OB-315, OB-701), and looks up the
shapes of the cards its actions name only when two actions may name cards alike (``_may_repeat``),
and (the play-out pilot, ``greedy_playout``) takes the value of a pass from where the other player's
last valued choice played out to (``_pass_from_note``). At every decision of greedy games — against the passive dummy and against itself, on the starter
deck, the designer deck and random decks over the whole pool — each shortcut's answer is checked
against the full list of legal actions.
"""

from __future__ import annotations

import json
import random

from deckkit.decks.io import load_deck
from deckkit.engine.players import policy_rng_of
from deckkit.games.obludarium import GAME, ObludariumGame
from deckkit.games.obludarium import policies as pol
from deckkit.games.obludarium.cards import FOOD, bundled_cards
from deckkit.games.obludarium.evaluation import WON, after_lay_out, read_without_lookahead, value
from deckkit.games.obludarium.state import ATTACK, DISCARD, MAIN
from deckkit.paths import data_dir

EXAMPLES = data_dir() / "cards" / "examples"


def _check(state) -> None:
    """Each shortcut against the legal actions of this decision."""
    p = state.current_player()
    legal = state.legal_actions()
    if not state.stack and not state.window:
        if state.phase == ATTACK and p == state.active:
            assert pol._first_attack(state, p) == next((a for a in legal if a.kind == "attack"), None)
        if state.phase == MAIN:
            food = {card.name for card in state.hands[p] if card.type == FOOD}
            first = next((a for a in legal if a.kind == "play" and a.args[0] in food), None)
            assert pol._first_food(state, p) == first
    if not pol._may_repeat(legal):
        shapes = pol._shapes(state)
        keys = [(a.kind, *(shapes.get(x, x) for x in a.args)) for a in legal if a.kind != "attack"]
        assert len(set(keys)) == len(keys), [str(a) for a in legal]


def _checking(state, rng):
    _check(state)
    return pol.greedy(state, rng)


def _play(game, deck, seeds, opponent: str) -> int:
    decisions = 0

    def counted(state, rng):
        nonlocal decisions
        decisions += 1
        return _checking(state, rng)

    for seed in seeds:
        chance = random.Random(seed)
        run = game.goldfish(deck, chance, policy=counted, opponent=opponent, max_turns=30)
        if opponent == "greedy":
            run.seats = [counted, counted]
        run.play(policy_rng_of(chance))
    return decisions


def test_the_shortcuts_agree_with_the_legal_actions_on_the_starter_deck():
    deck = GAME.starter_deck()
    assert _play(GAME, deck, range(25), "passive") > 500
    assert _play(GAME, deck, range(8), "greedy") > 200


def test_the_shortcuts_agree_with_the_legal_actions_on_the_designer_deck_and_random_decks():
    game = ObludariumGame([*bundled_cards(), *json.loads((EXAMPLES / "ob-designer.json").read_text("utf-8"))])
    entries = load_deck(EXAMPLES / "ob-designer.deck").entries
    deck = [game.cards[game.card_named(e.name).id] for e in entries for _ in range(e.count)]
    assert _play(game, deck, range(10), "passive") > 200
    assert _play(game, deck, range(5), "greedy") > 100
    pool = list(GAME.cards.values())
    rng = random.Random(5)
    decisions = sum(_play(GAME, [rng.choice(pool) for _ in range(40)], [seed], "passive") for seed in range(15))
    assert decisions > 150


def test_a_pass_valued_from_the_other_players_play_out_is_what_valuing_it_gives(monkeypatch):
    """In self-play the play-out pilot (greedy-playout) often values a pass from where the other player's
    choice played out to: the score there is the score of playing the pass out now."""
    taken = 0
    noted = pol._pass_from_note

    def checked(state, p, valued, ends):
        nonlocal taken
        noted(state, p, valued, ends)
        if pol._PASS_KEY in valued and state.pilot_note[1] != p:
            taken += 1
            assert valued[pol._PASS_KEY] == pol.value_of(state, pol.Action(p, "pass"), p)

    monkeypatch.setattr(pol, "_pass_from_note", checked)
    game = ObludariumGame([*bundled_cards(), *json.loads((EXAMPLES / "ob-designer.json").read_text("utf-8"))])
    entries = load_deck(EXAMPLES / "ob-designer.deck").entries
    for g, deck in ((GAME, GAME.starter_deck()),
                    (game, [game.cards[game.card_named(e.name).id] for e in entries for _ in range(e.count)])):
        for seed in range(6):
            chance = random.Random(seed)
            run = g.goldfish(deck, chance, policy=pol.greedy_playout, opponent="greedy", max_turns=30)
            run.seats = [pol.greedy_playout, pol.greedy_playout]
            run.play(policy_rng_of(chance))
    assert taken > 50


def test_an_ability_that_only_raises_this_turns_defence_is_known_by_its_compiled_plan():
    """The pilot skips an instant that only raises defence for this turn where nothing could block; the
    flag is read once per compiled ability (Plan.turn_only): a defence boost for this turn is one, an
    attack boost or a boost of both is not."""
    infos = {info.name: info for info in GAME.infos.values()}
    assert infos["Štít z kůry"].use_plan.turn_only and infos["Kamenná kůže"].cast_plan.turn_only
    assert not infos["Kouzelná hůlka"].use_plan.turn_only
    assert not infos["Čarodějnice Bábina"].use_plan.turn_only
    state = GAME.from_setup({"start": "p1", "phase": "main",
                             "p1": {"library": ["Chleba"] * 5, "table": ["Medděd", "Štít z kůry"]},
                             "p2": {"library": ["Chleba"] * 5}}, random.Random(1))
    shield = next(a for a in state.legal_actions() if a.kind == "use")
    assert pol._this_turn_only(state, shield)


def _looked_ahead(state, action, p) -> float:
    twin = state.lookahead()
    twin.apply_unchecked(action)
    return value(twin, p)


def test_what_greedy_reads_without_a_look_ahead_is_what_a_look_ahead_gives():
    """Laying out a monster or an artifact (OB-333: a new monster does not attack this turn) is read
    from the card's facts, and the hand-size discard (OB-909) drops the card whose loss costs least:
    at each such decision of greedy games (starter deck, random decks over the whole pool, against the
    dummy and in self-play) the read value is the look-ahead's and the discard the look-ahead's choice."""
    read = discards = 0

    def checking(state, rng):
        nonlocal read, discards
        p = state.current_player()
        if not state.stack and not state.pending and not state.window and read_without_lookahead(state, p):
            legal = state.legal_actions()
            if state.phase == MAIN and p == state.active:
                now = value(state, p)
                for action in legal:
                    card = next((c for c in state.hands[p] if c.name == action.args[0]), None) if action.args else None
                    if action.kind == "play" and card is not None and card.type != FOOD:
                        found = after_lay_out(state, p, card, now)
                        if found is not None:
                            read += 1
                            assert abs(found - _looked_ahead(state, action, p)) < 1e-6, str(action)
            elif state.phase == DISCARD and len(legal) > 1:
                discards += 1
                values = [_looked_ahead(state, a, p) for a in legal]
                top = max(values)
                assert pol._cheapest_discard(state, p, legal) == legal[next(
                    i for i, v in enumerate(values) if v > top - 1e-6)]
        return pol.greedy(state, rng)

    pool = list(GAME.cards.values())
    rng = random.Random(11)
    decks = [GAME.starter_deck()] * 2 + [[rng.choice(pool) for _ in range(40)] for _ in range(6)]
    for i, deck in enumerate(decks):
        chance = random.Random(i)
        run = GAME.goldfish(deck, chance, policy=checking, opponent="greedy" if i % 2 else "passive", max_turns=30)
        if i % 2:
            run.seats = [checking, checking]
        run.play(policy_rng_of(chance))
    assert read > 20 and discards > 0


def test_boosts_of_attack_for_this_turn_on_targets_that_attack_alike_have_one_value():
    """Where no block can come (OB-811 – OB-816: the dummy never blocks), a cast or use that only
    boosts one's own monster for this turn changes only the damage of the attacks under way (OB-830):
    greedy values one target of those that attack and one of those that do not, and reads that value
    from the ability's steps where its cost is one the evaluation does not read. At each such decision
    of greedy goldfish games the look-ahead gives every target of a class the same value, the value read."""
    classes = reads = 0

    def checking(state, rng):
        nonlocal classes, reads
        p = state.current_player()
        quiet = not state.stack and not state.pending and not state.window and read_without_lookahead(state, p) \
            and not pol._may_be_blocked(state, p) and not any(a.blockers for a in state.attackers) \
            and (state.phase == MAIN or state.phase in pol._QUIET and p == state.active)
        if quiet:
            attacking = pol._attacking(state, p)
            found: dict = {}
            now = value(state, p)
            for action in state.legal_actions():
                key = pol._boost_class(state, action, attacking) if action.kind in pol._INSTANTS else None
                if key is not None:
                    twin = state.lookahead()
                    twin.apply_unchecked(action)
                    pol._resolve(twin)
                    found.setdefault(key, []).append(value(twin, p))
                    read = pol._after_boost(state, action, attacking, now)
                    if read is not None:
                        reads += 1
                        # a win read on board (the fight to come) is the won game the look-ahead may reach
                        assert abs(read - found[key][-1]) < 1e-6 or min(read, found[key][-1]) >= WON - 1, str(action)
            for values in found.values():
                classes += len(values) > 1
                assert max(values) - min(values) < 1e-6
        return pol.greedy(state, rng)

    pool = list(GAME.cards.values())
    rng = random.Random(12)
    decks = [GAME.starter_deck()] * 4 + [[rng.choice(pool) for _ in range(40)] for _ in range(4)]
    for i, deck in enumerate(decks):
        chance = random.Random(i)
        GAME.goldfish(deck, chance, policy=checking, max_turns=30).play(policy_rng_of(chance))
    assert classes > 10 and reads > 10
