"""The Álomfogó interpreter of the ability language: trigger chains capped at MAX_TRIGGER_DEPTH,
durations, the seeded random discard (AF-D12), symmetric effects with more players (AF-D14), clones,
and every designer card's ability used by the greedy pilot."""

from __future__ import annotations

import json
import random

from deckkit.catalogue import bundled_cards
from deckkit.engine.abilities import MAX_TRIGGER_DEPTH
from deckkit.games.alomfogo import AlomfogoGame
from deckkit.paths import data_dir

EXAMPLES = data_dir() / "cards" / "examples"
DESIGNER = json.loads((EXAMPLES / "af-designer.json").read_text(encoding="utf-8"))
ECHO = {"id": "af-test-echo", "game": "alomfogo", "name": "Visszacsengő", "type": "event", "cost": 1,
        "text": "Whenever an opponent draws a card, you draw a card.",
        "abilities": [{"trigger": {"on": "draw", "who": "other"}, "do": [{"effect": "draw", "amount": 1}]}]}
GAME = AlomfogoGame([*bundled_cards("alomfogo"), *DESIGNER, ECHO])
LIBRARY = ["Athame", "Varázskút", "lángdárda", "hóförgeteg", "jégpajzs"] * 8


def test_af_a_chain_of_triggers_stops_at_the_cap_with_a_log_line():
    """Two Visszacsengő answer each other's draws for ever; the chain stops at MAX_TRIGGER_DEPTH and says so."""
    state = GAME.from_setup({"start": "p1", "phase": "phase2", "turn": 3,
                             "p1": {"table": ["Visszacsengő"], "library": LIBRARY, "hand": []},
                             "p2": {"table": ["Visszacsengő"], "library": LIBRARY, "hand": []}}, random.Random(1))
    state.logging = True
    state.apply("draw")
    assert state.capped
    assert any("trigger chain stopped" in line and "MAX_TRIGGER_DEPTH" in line for line in state.log)
    drawn = len(state.players[0].hand) + len(state.players[1].hand)
    assert drawn == MAX_TRIGGER_DEPTH + 1  # the draw itself and one draw per trigger until the cap
    assert state.phase == "phase3" and state.result is None


def test_af_power_changes_last_their_duration():
    """This turn ends with the turn; its owner's next turn holds only then; permanently while in play."""
    state = GAME.from_setup({"start": "p1", "phase": "phase3", "turn": 3,
                             "p1": {"table": ["Széki Hunorka"], "library": LIBRARY},
                             "p2": {"library": LIBRARY}}, random.Random(1))
    walker = state.players[0].table[0]
    state.add_power(0, walker, 2, 0, "turn")
    state.add_power(0, walker, 0, 1, "next-turn")
    state.add_power(0, walker, 1, 1, "permanent")
    assert state.powers(0, walker) == (4 + 2 + 1, 0 + 1)
    state.apply("pass")
    state.apply("pass")  # p2's turn: this turn's +2 is over, the next-turn change has not begun
    assert state.powers(0, walker) == (5, 1)
    for action in ("draw", "pass", "pass", "draw"):  # p2 ends its turn; p1's next turn
        state.apply(action)
    assert state.active == 0 and state.powers(0, walker) == (5, 2)
    for action in ("pass", "pass", "draw", "pass", "pass", "draw"):
        state.apply(action)
    assert state.powers(0, walker) == (5, 1)  # only the permanent change is left


def _thief_discards(seed: int) -> list[str]:
    state = GAME.from_setup({"start": "p1", "phase": "phase4", "turn": 3,
                             "p1": {"table": ["Garabonc Döme", "Álomtolvaj"]},
                             "p2": {"table": ["Vajákos Imre"], "hand": ["villámcsapás", "jégpajzs", "tűzgolyó",
                                                                        "Athame"]}}, random.Random(seed))
    for action in ("challenge with Garabonc Döme", "defend with Vajákos Imre", "helper Álomtolvaj",
                   "assist Álomtolvaj"):
        state.apply(action)
    return [c.name for c in state.players[1].cage]


def test_af_d12_the_random_discard_comes_from_the_seeded_chance_generator():
    """AF-D12: the same seed discards the same card; other seeds other cards; exactly one card goes."""
    assert _thief_discards(3) == _thief_discards(3)
    seen = {tuple(_thief_discards(seed)) for seed in range(12)}
    assert all(len(s) == 1 for s in seen) and len(seen) >= 3


def test_af_d14_every_player_of_a_multiplayer_game():
    """AF-D14: with three players each one cages their hand and draws 5, from the caster round the table."""
    state = GAME.from_setup({"start": "p1", "phase": "phase3", "turn": 3,
                             "p1": {"hand": ["Zuhatag", "Athame"], "library": LIBRARY, "vp": 4},
                             "p2": {"hand": ["lángdárda"], "library": LIBRARY},
                             "p3": {"hand": [], "library": LIBRARY}}, random.Random(1))
    state.apply("play Zuhatag")
    assert [len(p.hand) for p in state.players] == [5, 5, 5]
    assert [c.name for c in state.players[0].cage] == ["Zuhatag", "Athame"]
    assert [c.name for c in state.players[1].cage] == ["lángdárda"] and state.players[2].cage == []


def test_af_a_clone_carries_the_duel_s_assists_apart():
    """A negation in a clone withdraws the clone's boost only (the duel's record is copied, AF-D10)."""
    state = GAME.from_setup({"start": "p1", "phase": "phase4", "turn": 3,
                             "p1": {"table": ["Wugu Wataruru"], "hand": ["lángdárda"], "vp": 1},
                             "p2": {"table": ["Vajákos Imre"], "hand": ["Tükörpajzs"], "vp": 2}}, random.Random(1))
    for action in ("challenge with Wugu Wataruru", "defend with Vajákos Imre", "cast lángdárda"):
        state.apply(action)
    twin = state.clone()
    twin.apply("cast Tükörpajzs")
    assert twin.totals() == (4, 5) and state.totals() == (7, 5)
    assert twin == twin.clone() and state != twin


def test_af_every_designer_card_s_ability_is_used_by_the_pilots():
    """Issue 12 item 5, issue 23 item 6: on the designer deck every designer card's ability (AF-D1 … AF-D32)
    is carried out in some games against a greedy copy of the deck (duels, helpers, instants, decisions),
    piloted greedily or at random (the random pilot keeps VP for answers such as Tükörpajzs, which the
    greedy one spends in phase 3)."""
    game = AlomfogoGame(DESIGNER + bundled_cards("alomfogo"))
    deck = [c.data for c in game.deck_cards(EXAMPLES / "af-designer.deck")]
    games_used = {c["name"]: 0 for c in DESIGNER}
    for policy, seeds in (("greedy", range(300)), ("random", range(700))):
        for seed in seeds:
            uses: dict[str, int] = {}
            game.play_goldfish(deck, random.Random(seed), policy=policy, opponent="greedy", uses=uses)
            for name in uses:
                if name in games_used:
                    games_used[name] += 1
    assert [name for name, n in games_used.items() if n == 0] == []


def test_af_choice_words_are_checked_as_actions():
    """`mode N`, `on A and B` and `ordering A, B, C` read as card names where names stand; a misspelt
    name in an ordering is caught (a script's illegal entry cannot pass vacuously)."""
    state = GAME.from_setup({"start": "p1", "phase": "phase3", "turn": 3,
                             "p1": {"hand": ["Bűvös tükör", "Kétélű varázs"], "table": ["Széki Hunorka"],
                                    "library": LIBRARY, "vp": 5}}, random.Random(1))
    assert state.malformed("play Kétélű varázs mode 1 on Széki Hunorka") is None
    assert state.malformed("play Bűvös tükör ordering Athame, Varázskút, lángdárda") is None
    assert "Athame" in (state.malformed("play Bűvös tükör ordering Athme, Varázskút, lángdárda") or "")
    legal = {str(a) for a in state.legal_actions()}
    assert "play Kétélű varázs mode 1 on Széki Hunorka" in legal and "play Kétélű varázs mode 2" in legal
    assert sum(a.startswith("play Bűvös tükör ordering ") for a in legal) == 6  # 3! orders of the top 3
