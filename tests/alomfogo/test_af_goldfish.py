"""Álomfogó goldfish (play_goldfish): records, determinism, the fast greedy path equals the policy."""

from __future__ import annotations

import random
from dataclasses import asdict

import pytest

from deckkit.engine.results import WinRecord
from deckkit.games.alomfogo import GAME
from deckkit.games.alomfogo.policies import greedy
from deckkit.games.alomfogo.state import AlomfogoState
from deckkit.paths import data_dir

DECK = [c.data for c in GAME.deck_cards(data_dir() / "decks" / "alomfogo-casual.deck")]


EVERY = sorted(GAME.cards.values(), key=lambda c: c["id"])


def _slow_greedy(seed: int, deck: list[dict] = DECK) -> tuple[WinRecord, AlomfogoState]:
    """The greedy policy through legal_actions/apply (checked path) against a passive opponent."""
    rng = random.Random(seed)
    state = AlomfogoState(GAME, rng, 2)
    library = [GAME.card(c) for c in deck]
    rng.shuffle(library)
    me = state.players[0]
    me.hand, me.library = library[:5], library[5:][::-1]
    state.players[1].passive = True
    state.begin_turn(0)
    while not state.is_terminal() and me.turns <= 60:
        action = greedy(state)
        assert action in state.legal_actions(), f"greedy chose an illegal {action}\n{state.render()}"
        state.apply(action)
    return WinRecord(state.result == 0, me.turns if state.result == 0 else None), state


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("deck", [DECK, EVERY], ids=["casual", "every-card"])
def test_af_greedy_fast_path_matches_the_policy(seed, deck):
    """The fast path makes the greedy policy's choices: same outcome, turn and cards seen; every choice legal."""
    trace: list[str] = []
    record = GAME.play_goldfish(deck, random.Random(seed), trace=trace)
    slow, state = _slow_greedy(seed, deck)
    assert (record.won, record.turn) == (slow.won, slow.turn)
    assert trace[-1].startswith("ability uses: ")  # a traced goldfish game ends with the per-card use counts
    assert [line for line in trace[:-1] if "ends the turn" not in line] == \
        [line for line in state.log if "ends the turn" not in line]


def test_af_greedy_against_greedy_is_legal_and_ends():
    """Greedy on both sides (defending, helpers, assists, counters): every choice legal, every game ends."""
    from deckkit.games.alomfogo.policies import greedy as policy

    for seed in range(30):
        state = GAME.new_game([EVERY, DECK], random.Random(seed))
        for _ in range(5000):
            if state.is_terminal():
                break
            action = policy(state)
            assert action in state.legal_actions(), f"seed {seed}: {action}\n{state.render()}"
            state.apply(action)
        assert state.is_terminal()


def test_af_goldfish_record_and_determinism():
    """Record keys per the core contract; the same seed gives the same record; no mulligan (AF-Q5)."""
    a = GAME.play_goldfish(DECK, random.Random(11))
    b = GAME.play_goldfish(DECK, random.Random(11))
    assert a == b
    assert isinstance(a, WinRecord) and a.opening is not None and a.seen_by_turn is not None
    assert {k for k, v in asdict(a).items() if v is not None} >= {"won", "turn", "mulligans", "seen", "opening",
                                                                   "seen_by_turn"}
    assert a.won and a.turn >= 2  # AF-516: no challenge in the first turn
    assert a.mulligans == 0
    # AF-502, AF-512, AF-513: 5 dealt, one draw per turn after the first, plus creature draws and cycling
    assert len(a.seen) >= 5 + a.turn - 1
    names = [c["name"] for c in DECK]
    assert all(a.seen.count(n) <= names.count(n) for n in set(a.seen))


def test_af_goldfish_takes_15_glory_and_reports_the_turn():
    """The win comes when the passive opponent's 15 glory are gone; turns are the deck owner's own."""
    trace: list[str] = []
    record = GAME.play_goldfish(DECK, random.Random(2), trace=trace)
    assert record.won
    assert any("has no glory left" in line for line in trace)
    assert sum(1 for line in trace if line.startswith("-- turn")) == record.turn
    assert any(line.startswith("p1 plays ") for line in trace)
    assert any("unanswered" in line for line in trace)


def test_af_goldfish_random_policy_and_settings():
    """The random policy also wins against a passive opponent; 10 starting glory wins sooner (AF-902)."""
    rec = GAME.play_goldfish(DECK, random.Random(5), policy="random")
    assert isinstance(rec, WinRecord) and rec.seen and rec.opening is not None
    fast = type(GAME)(list(GAME.cards.values()), starting_glory=10)
    turns10 = [fast.play_goldfish(DECK, random.Random(s)).turn for s in range(30)]
    turns15 = [GAME.play_goldfish(DECK, random.Random(s)).turn for s in range(30)]
    assert sum(turns10) < sum(turns15)


def test_af_goldfish_max_turns_and_bad_policy():
    """max_turns stops a game without a win; unknown policies are usage errors."""
    from deckkit.errors import UsageError

    rec = GAME.play_goldfish(DECK, random.Random(1), max_turns=1)
    assert rec.won is False and rec.turn is None
    with pytest.raises(UsageError):
        GAME.play_goldfish(DECK, random.Random(1), policy="clever")
