"""The extended script forms: player prefixes, expectation operators, order inside a step, after the
end, refused set-ups, chance, the opening — what they accept, and each bad input as a clear message."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckkit.scripts.expect import OPERATORS, ExpectError, check
from deckkit.scripts.runner import ScriptError, parse_script, run_script

HEAD = '''game = "obludarium"
[setup]
start = "p1"
phase = "main"
[setup.p1]
library = ["Chleba", "Chleba"]
hand = ["Buřty", "Chleba"]
[setup.p2]
library = ["Chleba", "Chleba"]
'''


def run(text: str):
    return run_script(parse_script(text, "t.deckkit.toml"))


def error_of(text: str) -> ScriptError:
    with pytest.raises(ScriptError) as err:
        run(text)
    return err.value


@pytest.mark.parametrize("tail,needles", [
    ('[[step]]\ndo = ["p3: play Buřty"]\n', ["'p3' names no player", "write the player as p1, p2"]),
    ('[[step]]\ndo = ["x7: pass"]\n', ["'x7' names no player"]),
    ('[[step]]\ndo = ["p2:"]\n', ["names a player but no action"]),
    ('[[step]]\ndo = ["mulligan"]\n', ["opening decision", "opening = true"]),
    ('[[step]]\nexpect = {"p1.hand" = {lenght = 2}}\n', ["unknown expectation operator 'lenght'", "did you mean 'length'"]),
    ('[[step]]\nexpect = {"p1.hand" = {">" = 1}}\n', ["is a list (2 items), not a number", "length = {\">\" = 1}"]),
    ('[[step]]\nexpect = {"p1.life" = {contains = "Glum"}}\n', ["not a list"]),
    ('[[step]]\nexpect = {"p1.life" = {"<" = "many"}}\n', ["'many' is not a number"]),
    ('[chance]\n"first player" = "p3"\n[settings]\nfirst_player = "chance"\n', []),
])
def test_bad_forms_name_the_line_and_a_hint(tail, needles):
    """Each bad input of the extended forms is a ScriptError with the file, a line and a hint."""
    text = HEAD + tail
    if "[chance]" in tail:  # a fixed outcome that cannot occur: the start is chance, with no start = …
        text = text.replace('start = "p1"\n', "") + '[[step]]\nexpect = {"result" = "none"}\n'
    err = error_of(text)
    assert err.path.startswith("t.deckkit.toml:") and err.hint, (err.path, err.hint)
    message = str(err) + " " + err.hint
    for needle in needles:
        assert needle in message, message
    if "[chance]" in tail:
        assert "cannot occur" in err.message and "'p1'" in message


def test_a_mulligan_after_the_opening_names_the_step_where_it_ended(tmp_path):
    """A mulligan once every player has kept is a script error naming where the opening ended."""
    text = ('game = "ob"\n[setup]\nopening = true\n[setup.p1]\ndeck = "data/decks/obludarium-standard.deck"\n'
            '[setup.p2]\ndeck = "data/decks/obludarium-standard.deck"\n'
            '[[step]]\ndo = ["keep", "keep"]\n[[step]]\ndo = ["p1: mulligan"]\n')
    err = error_of(text)
    assert "the opening ended at step 1" in err.message and err.path.endswith(":11")


def test_fixed_chance_that_never_happens_fails():
    """A [chance] entry for an event the game never reached fails the script, naming it."""
    result = run(HEAD.replace('[setup]', '[chance]\n"first player" = "p2"\n[setup]') +
                 '[[step]]\nexpect = {"result" = "none"}\n')
    assert not result.passed and "never happened" in result.failures[0].message


def test_order_inside_a_step_is_the_order_written():
    """illegal written before do checks the state before the action; after it, the state after."""
    after = run(HEAD + '[[step]]\ndo = ["play Buřty"]\nillegal = [{action = "play Chleba", rule = "OB-315"}]\n')
    assert after.passed, [f.message for f in after.failures]
    first = run(HEAD + '[[step]]\nillegal = [{action = "play Chleba", rule = "OB-315"}]\ndo = ["play Buřty"]\n')
    assert not first.passed  # written first, it is checked while the food may still be laid out


ATOMS = st.one_of(st.integers(-5, 40), st.booleans(), st.text(max_size=5), st.none())
VALUES = st.recursive(ATOMS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                     st.dictionaries(st.text(max_size=4), inner, max_size=3)),
                      max_leaves=8)
TABLES = st.dictionaries(st.sampled_from([*OPERATORS, "lenght", "in", ">>"]), VALUES, min_size=1, max_size=3)


@settings(max_examples=300, deadline=None)
@given(st.one_of(VALUES, TABLES), VALUES)
def test_check_answers_or_explains(expected, actual):
    """Any expectation against any value either answers (a list of broken parts) or is an ExpectError
    with a message and a hint — never another exception."""
    try:
        broken = check("p1.x", expected, actual)
    except ExpectError as exc:
        assert exc.message and exc.hint
        return
    assert isinstance(broken, list) and all(isinstance(b, str) for b in broken)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["Chleba", "Glum", "Buřty", "Chleba#2"]), max_size=6), st.randoms())
def test_unordered_and_counts_agree_with_sorting(items, rnd):
    """unordered holds exactly for a permutation; count matches the number of copies; length the size."""
    shuffled = list(items)
    rnd.shuffle(shuffled)
    plain = [i.split("#")[0] for i in shuffled]
    assert check("z", {"unordered": plain}, items) == []
    assert check("z", {"length": len(items)}, items) == []
    assert check("z", {"count": {"Chleba": sum(i.startswith("Chleba") for i in items)}}, items) == []
    if items:
        assert check("z", {"unordered": plain[1:]}, items) != []
        assert check("z", {"contains": plain[0]}, items) == []


PREFIX = st.one_of(st.sampled_from(["p1:", "p2:", "P2:", "p3:", "p0:", "x:", "p1 :", ""]), st.text(max_size=4))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(PREFIX, st.sampled_from(["pass", "play Buřty", "play Chleba", "cast Blesk", ""])),
                min_size=1, max_size=4),
       st.sampled_from(["do", "illegal"]))
def test_prefixed_actions_run_or_fail_cleanly(entries, part):
    """Prefixed actions in do or illegal either run (pass or fail) or raise a located ScriptError."""
    import json

    texts = [f"{p} {a}".strip() or "pass" for p, a in entries]
    text = HEAD + f"[[step]]\n{part} = {json.dumps(texts, ensure_ascii=False)}\n"
    try:
        result = run(text)
    except ScriptError as exc:
        assert exc.path.startswith("t.deckkit.toml") and exc.hint
        return
    assert isinstance(result.passed, bool)


def test_every_new_form_is_used_by_a_shipped_script():
    """Each script form has a shipped example in data/scripts/ (and the shipped scripts pass elsewhere)."""
    import tomllib

    from deckkit.paths import data_dir

    seen: set[str] = set()
    for path in sorted((data_dir() / "scripts").glob("*.deckkit.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        seen |= {k for k in ("refused", "chance") if k in data}
        if data.get("setup", {}).get("opening"):
            seen.add("opening")
        for step in data.get("step", []):
            entries = [step.get("do", [])] if isinstance(step.get("do"), str) else list(step.get("do", []))
            entries += [e if isinstance(e, str) else e["action"] for e in step.get("illegal", [])]
            if any(":" in e and e.split(":")[0].strip().lower() in ("p1", "p2") for e in entries):
                seen.add("prefix")
            if any(isinstance(v, dict) for v in step.get("expect", {}).values()):
                seen.add("operators")
            if list(step)[:2] == ["note", "illegal"] and "do" in step or list(step)[:1] == ["illegal"] and "do" in step:
                seen.add("order")
            if any(isinstance(e, dict) and e.get("rule") in ("OB-108", "OB-109", "AF-106", "KO-701")
                   for e in step.get("illegal", [])):
                seen.add("after the end")
    assert seen >= {"refused", "chance", "opening", "prefix", "operators", "order", "after the end"}, seen
