"""Strategies as data: loading and validation, the condition language, and pilots that really play."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from deckkit.cli import app
from deckkit.engine.results import ScoreRecord
from deckkit.errors import DataError
from deckkit.paths import data_dir
from deckkit.sim.runner import Job, run
from deckkit.sim.strategy import compile_when, load_strategy

STRATEGIES = data_dir() / "strategies"
SNAP = {"phase": "attack", "p1": {"hand": ["Chleba", "Glum", "Chleba"], "table": ["Glum#2 (tapped)"], "food": 2},
        "p2": {"life": 7, "hand": []}}
CARDS = {"chleba": {"name": "Chleba", "type": "food", "game": "obludarium"},
         "glum": {"name": "Glum", "type": "monster", "cost": 2, "attack": 2, "game": "obludarium"}}


def card_of(label: str):
    return CARDS.get(re.sub(r"(#\d+)?( \(.*\))?$", "", label).lower())


@pytest.mark.parametrize("text, expected", [
    ("count(t:food in:hand) >= 2", True),
    ("count(t:food) = 3", False),
    ("count(t:monster in:table) = 1 and value(p2.life) <= 7", True),
    ("not (value(p1.food) > 2) and count(of:opponent) = 0", True),
    ('value(phase) = "attack"', True),
    ('value(phase) != "main" or count(t:food) > 5', True),
    ("count(t:monster cost>=3) >= 1", False),
])
def test_sim_strategy_conditions(text, expected):
    assert compile_when(text)(SNAP, card_of) is expected


@pytest.mark.parametrize("text, message", [
    ("count(t:food >= 1", "unclosed parenthesis"),
    ("count(t:food) 1", "expected a comparison"),
    ("count(t:food) >= 1 xor 2", "unexpected 'xor 2'"),
    ("count(t:food) >=", "ends too early"),
    ("count(t:food) >= 1 & 2", "unexpected '& 2'"),
])
def test_sim_strategy_condition_errors(text, message):
    with pytest.raises(DataError, match=re.escape(message)):
        compile_when(text)


def test_sim_strategy_unknown_zone_names_the_zones():
    with pytest.raises(DataError, match="no zone 'grave'") as info:
        compile_when("count(in:grave) > 0")(SNAP, card_of)
    assert "hand" in info.value.hint


@pytest.mark.parametrize("name", ["obludarium-greedy.toml", "alomfogo-greedy.toml", "kotlik-greedy.toml"])
def test_sim_shipped_strategies_load(name):
    strategy = load_strategy(STRATEGIES / name)
    assert strategy.rules and strategy.game in name


def _write(tmp_path, text: str):
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("text, message", [
    ('game = "obludarium"\n[[rules]\ndo = "pass"\n', "TOML syntax error"),
    ('game = "obludarium"\n', "'rules' is a required property"),
    ('game = "obludarium"\n\n[[rules]]\nwhen = "count(t:food) > 1"\n', "s.toml:3 rules.0: 'do' is a required"),
    ('game = "obludarium"\n[[rules]]\ndo = "atack t:monster"\n', "starts with no obludarium action"),
    ('game = "obludarium"\n[[rules]]\ndo = "pass"\n[[rules]]\ndo = "play"\nwhen = "count(t:food) >"\n',
     "s.toml:4 rules.1.when"),
    ('game = "alomfogo"\n[[rules]]\ndo = "play t:dreamwalker cost<"\n', "bad query"),
    ('game = "obludarium"\n[mulligan]\nkeep = "count(t:food"\n[[rules]]\ndo = "pass"\n', "mulligan.keep"),
    ('game = "kotlik"\n[[rules]]\ndo = "pass"\n', "starts with no kotlik action"),
])
def test_sim_bad_strategy_files(tmp_path, text, message):
    with pytest.raises(DataError) as info:
        load_strategy(_write(tmp_path, text))
    problems = getattr(info.value, "problems", [])
    assert any(message in p for p in problems) or message in str(info.value)


def test_sim_strategy_pilot_plays_the_same_for_any_worker_count(starter):
    deck = starter("obludarium-standard.deck")
    job = Job.make(deck.game, deck.cards, seed=3, strategy=load_strategy(STRATEGIES / "obludarium-greedy.toml"))
    one, two = run([job], 40, workers=1), run([job], 40, workers=2)
    assert one.records == two.records
    assert sum(r.won for r in one.records[0]) >= 35


def test_sim_strategy_rules_change_the_games(starter, tmp_path):
    deck = starter("obludarium-standard.deck")
    idle = load_strategy(_write(tmp_path, 'game = "obludarium"\n[[rules]]\ndo = "play t:food"\n'))
    records = run([Job.make(deck.game, deck.cards, seed=3, strategy=idle, max_turns=12)], 20, workers=1).records[0]
    assert not any(r.won for r in records)  # food alone never deals damage


def test_sim_cli_strategy(tmp_path, starter):
    starter("alomfogo-casual.deck")
    db = str(tmp_path / "c.db")
    deck = str(data_dir() / "decks" / "alomfogo-casual.deck")
    runner = CliRunner()
    result = runner.invoke(app, ["--db", db, "goldfish", deck, "--strategy", str(STRATEGIES / "alomfogo-greedy.toml"),
                                 "-n", "60", "-o", "json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    (report,) = json.loads(result.stdout)
    assert report["policy"] == "strategy:greedy-rules" and report["wins"] > 50
    wrong = runner.invoke(app, ["--db", db, "goldfish", deck, "--strategy",
                                str(STRATEGIES / "obludarium-greedy.toml"), "-n", "5"])
    assert wrong.exit_code == 2 and "plays obludarium" in wrong.stderr
    both = runner.invoke(app, ["--db", db, "goldfish", deck, "--strategy", str(STRATEGIES / "alomfogo-greedy.toml"),
                               "--policy", "random", "-n", "5"])
    assert both.exit_code == 2 and "not both" in both.stderr


from hypothesis import given, settings, strategies as st  # noqa: E402

_PIECES = st.sampled_from(["count(", ")", "(", "t:food", "in:hand", "in:grave", "value(", "p2.life", "phase",
                           ">=", "<", "=", "!=", "and", "or", "not", "3", "-1", '"attack"', '"', " ", "&", "x"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=12).map(" ".join))
def test_sim_strategy_condition_parser_never_crashes(text):
    try:
        cond = compile_when(text)
    except DataError:
        return
    try:
        assert cond(SNAP, card_of) in (True, False)
    except DataError:  # e.g. a zone or path the state does not have
        pass


def test_sim_errors_in_workers_keep_their_hint_and_exit_code(starter, tmp_path, monkeypatch):
    import pickle

    from deckkit.sim.runner import WorkerError
    from deckkit.sim.strategy import Pilot

    err = pickle.loads(pickle.dumps(WorkerError("boom", hint="do this", exit_code=2)))
    assert (err.message, err.hint, err.exit_code) == ("boom", "do this", 2)
    deck = starter("obludarium-standard.deck")
    # A pilot that may make only a few decisions per game fails every game, in whichever process.
    monkeypatch.setattr(Pilot, "MAX_DECISIONS", 3)
    loop = load_strategy(_write(tmp_path, 'game = "obludarium"\n[[rules]]\ndo = "pass"\n'))
    with pytest.raises(WorkerError, match=r"game \d+ \(seed \d+\): the strategy made 3 decisions") as info:
        run([Job.make(deck.game, deck.cards, strategy=loop)], 20, workers=2)
    assert "add a `when`" in info.value.hint


# -- the shipped greedy files against the built-in players, decision by decision -------------------------

def _shadow(reference, pilot, differences):
    """A policy that plays ``reference`` and notes the phase of every position where ``pilot`` would not."""
    def policy(state, rng):
        chosen = reference(state, rng)
        if pilot(state, rng) != chosen:
            differences.append(state.snapshot()["phase"])
        return chosen
    return policy


def test_sim_obludarium_greedy_file_decides_like_the_builtin_greedy(starter):
    from deckkit.sim.runner import build_game, compile_keep
    from deckkit.sim.seeding import game_rng
    from deckkit.sim.strategy import Pilot

    deck = starter("obludarium-standard.deck")
    game = build_game(deck.game, deck.cards, {})
    strategy = load_strategy(STRATEGIES / "obludarium-greedy.toml")
    pilot, differences = Pilot(strategy, game), []
    keep = compile_keep(strategy.keep, deck.cards)
    for i in range(60):
        game.play_goldfish(deck.cards, game_rng(4, i), keep=keep,
                           policy=_shadow(game.policies()["greedy"], pilot, differences))
    # The built-in greedy values every legal action on a clone; the file is its rule-of-thumb cousin. They
    # need not agree move by move (the built-in greedy may, say, tap an artifact before laying its food),
    # but their games end alike: the same outcome within a turn in nearly every game.
    assert differences  # the two players are not the same player
    builtin = run([Job.make(deck.game, deck.cards, seed=4, keep=strategy.keep)], 100, workers=1).records[0]
    scripted = run([Job.make(deck.game, deck.cards, seed=4, strategy=strategy)], 100, workers=1).records[0]
    same = sum((a.won, a.turn) == (b.won, b.turn) for a, b in zip(builtin, scripted))
    close = sum(a.won == b.won and abs(a.turn - b.turn) <= 1 for a, b in zip(builtin, scripted))
    assert same >= 60 and close >= 95, (same, close)


def test_sim_alomfogo_greedy_file_plays_the_builtin_greedy_games(starter):
    deck = starter("alomfogo-casual.deck")
    strategy = load_strategy(STRATEGIES / "alomfogo-greedy.toml")
    builtin = run([Job.make(deck.game, deck.cards, seed=4)], 150, workers=1).records[0]
    scripted = run([Job.make(deck.game, deck.cards, seed=4, strategy=strategy)], 150, workers=1).records[0]
    assert builtin == scripted


def test_sim_kotlik_strategy_plays_from_the_outside(starter):
    deck = starter("kotlik-standard.deck")
    strategy = load_strategy(STRATEGIES / "kotlik-greedy.toml")
    builtin = run([Job.make(deck.game, deck.cards, seed=4)], 40, workers=1).records[0]
    one = run([Job.make(deck.game, deck.cards, seed=4, strategy=strategy)], 40, workers=1).records[0]
    two = run([Job.make(deck.game, deck.cards, seed=4, strategy=strategy)], 40, workers=2).records[0]
    assert one == two
    assert all(isinstance(r, ScoreRecord) and r.seed is not None and r.index >= 0 for r in one)
    # The same player as the built-in greedy but at the game's last take (the file's header says why).
    same = sum((a.scores, a.winners, a.turns) == (b.scores, b.winners, b.turns)
               for a, b in zip(builtin, one))
    assert same >= 30


def test_sim_kotlik_greedy_file_decides_like_the_builtin_until_the_last_take(starter):
    from deckkit.sim.runner import build_game
    from deckkit.sim.seeding import game_rng
    from deckkit.sim.strategy import Pilot

    deck = starter("kotlik-standard.deck")
    game = build_game(deck.game, deck.cards, {})
    pilot = Pilot(load_strategy(STRATEGIES / "kotlik-greedy.toml"), game)
    greedy, passive = game.policies()["greedy"], game.policies()["passive"]
    differences = []
    for i in range(12):
        state = game.new_game(None, game_rng(4, i), log=False)
        while not state.is_terminal():
            mine = state.current_player() == 0
            action = greedy(state, None) if mine else passive(state, None)
            if mine:
                other = pilot(state)
                if other != action:
                    # Only where the built-in greedy scores the take of the game's last card as kept
                    # and the file sees it may be discarded.
                    after = state.clone()
                    after.apply(other)
                    differences.append(after.snapshot()["phase"])
            state.apply_unchecked(action)
    assert set(differences) <= {"final"}


def test_sim_kotlik_cli_strategy(tmp_path, starter):
    starter("kotlik-standard.deck")
    deck = str(data_dir() / "decks" / "kotlik-standard.deck")
    result = CliRunner().invoke(app, ["--db", str(tmp_path / "c.db"), "goldfish", deck, "--strategy",
                                      str(STRATEGIES / "kotlik-greedy.toml"), "-n", "12", "--trace", "-o", "json"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    (report,) = json.loads(result.stdout)
    assert report["policy"] == "strategy:greedy-rules" and report["games"] == 12
    assert report["seat_wins"][0] >= 10  # a greedy player beats the passive one
    assert any(line.strip().startswith("p1: take ") for line in report["trace"])


@pytest.mark.parametrize("text, expected", [
    ("value(p1.food) + 3", 5),
    ("value(p1.food) - value(p2.life)", -5),
    ("count(t:food) - 1 + count(in:table)", 2),
    ("10", 10),
])
def test_sim_strategy_value_expressions(text, expected):
    from deckkit.sim.strategy import compile_value

    assert compile_value(text)(SNAP, card_of) == expected


@pytest.mark.parametrize("rule, message", [
    ('do = "take"\nprefer = "max value(p1.score) * 2"', "rules.0.prefer"),
    ('do = "take"\nprefer = "loudest"', "rules.0.prefer"),
    ('do = "take"\nprefer = "max value(p1.score)"\nthrough = "keep last | dance"', "'dance' is no kotlik action"),
    ('do = "take | jump"', "'jump' starts with no kotlik action"),
])
def test_sim_bad_kotlik_rules(tmp_path, rule, message):
    with pytest.raises(DataError) as info:
        load_strategy(_write(tmp_path, f'game = "kotlik"\n[[rules]]\n{rule}\n'))
    assert any(message in p for p in info.value.problems), info.value.problems


def test_sim_strategy_filters_on_abilities_and_targets(starter):
    from types import SimpleNamespace

    from deckkit.engine.core import Action
    from deckkit.sim.runner import build_game
    from deckkit.sim.strategy import Pilot, Strategy

    deck = starter("obludarium-standard.deck")
    game = build_game(deck.game, deck.cards, {})
    strategy = Strategy("obludarium", "t", None, (
        (None, "cast effect:boost stat:attack on:attacking", "first", None),
        (None, "cast effect:hit", "first", None),
    ))
    pilot = Pilot(strategy, game)
    snapshot = {"phase": "attack", "p1": {"table": ["Glum (attacking)", "Bahňák"], "hand": []}, "p2": {"table": []}}
    legal = [Action(0, "cast", ("Kamenná kůže", "on", "Glum")), Action(0, "cast", ("Síla medvěda", "on", "Bahňák")),
             Action(0, "cast", ("Blesk",)), Action(0, "cast", ("Síla medvěda", "on", "Glum")), Action(0, "pass")]
    state = SimpleNamespace(legal_actions=lambda: list(legal), snapshot=lambda: snapshot)
    # Boost of attack on an attacker first; defence boosts and boosts of idle monsters never.
    assert str(pilot(state)) == "cast Síla medvěda on Glum"
    legal.pop(3)
    assert str(pilot(state)) == "cast Blesk"


def test_sim_strategy_error_during_play_names_the_file_and_rule(tmp_path, starter):
    deck = starter("kotlik-standard.deck")
    path = _write(tmp_path, 'game = "kotlik"\n[[rules]]\ndo = "take"\nprefer = "max value(p1.scor)"\n')
    with pytest.raises(DataError) as info:
        run([Job.make(deck.game, deck.cards, strategy=load_strategy(path))], 2, workers=1)
    assert info.value.path == str(path) and "rules.0: value(p1.scor): no 'scor'" in info.value.message


def test_sim_kotlik_strategy_refuses_a_keep_rule(starter):
    from deckkit.errors import UsageError

    deck = starter("kotlik-standard.deck")
    strategy = load_strategy(STRATEGIES / "kotlik-greedy.toml")
    with pytest.raises(UsageError, match="no opening hand"):
        run([Job.make(deck.game, deck.cards, strategy=strategy, keep="count(t:ingredient) >= 1")], 2, workers=1)
