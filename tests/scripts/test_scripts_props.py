"""Property tests: generated action strings and scripts never crash the engine or the runner."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckkit.scripts.runner import parse_script, run_script, ScriptError
from deckkit.errors import IllegalAction
from deckkit.games.obludarium import GAME

NAMES = sorted({c["name"] for c in GAME.cards.values()}) + ["Glumm", "", "#2", "Chleba#2"]
KINDS = ["play", "cast", "use", "attack", "block", "discard", "pass", "PLAY", "útok", "with", "on"]

words = st.one_of(st.sampled_from(KINDS), st.sampled_from(NAMES), st.text(max_size=8))
action_text = st.lists(words, min_size=0, max_size=5).map(" ".join)


def _state():
    setup = {"phase": "attack", "p1": {"library": ["Chleba"] * 3, "hand": ["Síla medvěda", "Jelva evilen"],
                                       "table": ["Chleba", "Glum", "Glum", "Medděd (new)"]},
             "p2": {"library": ["Chleba"] * 3, "hand": ["Oslabení"], "table": ["Chleba", "Netopýrek"]}}
    return GAME.from_setup(setup, random.Random(0))


@settings(max_examples=150, deadline=None)
@given(st.lists(action_text, max_size=8))
def test_engine_any_action_string_is_applied_or_refused_cleanly(texts):
    """Any string is either a legal action or an IllegalAction that leaves the state unchanged."""
    state = _state()
    for text in texts:
        before = state.snapshot()
        try:
            state.apply(text)
        except IllegalAction as exc:
            assert exc.legal or state.is_terminal()
            assert state.snapshot() == before


VALUES = st.one_of(st.integers(-3, 30), st.booleans(), st.text(max_size=6),
                   st.lists(st.sampled_from(NAMES), max_size=3))
step = st.fixed_dictionaries({}, optional={
    "do": st.lists(action_text, max_size=3),
    "expect": st.dictionaries(st.sampled_from(["p1.life", "p2.hand", "result", "phase", "p1.x", "turn"]),
                              VALUES, max_size=2),
    "illegal": st.lists(action_text, max_size=2),
})
player = st.fixed_dictionaries({}, optional={
    "library": st.lists(st.sampled_from(NAMES), max_size=4),
    "hand": st.lists(st.sampled_from(NAMES), max_size=4),
    "table": st.lists(st.sampled_from(NAMES + ["Glum (tapped)", "Glum (bad)"]), max_size=3),
    "life": st.integers(-1, 25),
})


def _toml(value) -> str:
    import json

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.fixed_dictionaries({"p1": player, "p2": player,
                              "phase": st.sampled_from(["main", "attack", "start", "fight"])}),
       st.lists(step, min_size=1, max_size=4), st.integers(0, 5))
def test_engine_generated_scripts_run_or_fail_cleanly(setup, steps, seed):
    """Generated scripts either run (pass or fail) or raise ScriptError — never anything else."""
    lines = ['game = "obludarium"', f"seed = {seed}", "[setup]", f'phase = "{setup["phase"]}"']
    for who in ("p1", "p2"):
        lines.append(f"[setup.{who}]")
        lines.extend(f"{k} = {_toml(v)}" for k, v in setup[who].items())
    for s in steps:
        lines.append("[[step]]")
        if not s:
            s = {"do": ["pass"]}
        lines.extend(f"{k} = {_toml(v)}" for k, v in s.items())
    text = "\n".join(lines) + "\n"
    try:
        script = parse_script(text, "gen.deckkit.toml")
        result = run_script(script)
    except ScriptError as exc:
        assert exc.path and exc.path.startswith("gen.deckkit.toml")
        return
    assert isinstance(result.passed, bool)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_engine_arbitrary_text_is_a_clean_script_error(text):
    """Arbitrary text never crashes the parser: it parses or raises ScriptError naming the file."""
    try:
        script = parse_script(text, "x.deckkit.toml")
    except ScriptError as exc:
        assert exc.path.startswith("x.deckkit.toml")
        return
    try:
        run_script(script)
    except ScriptError:
        pass
