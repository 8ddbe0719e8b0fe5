"""People-facing output of the script runner: the PASS/FAIL report with diffs, and starting scripts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckkit.errors import UsageError
from deckkit.text import fold

if TYPE_CHECKING:
    from deckkit.scripts.runner import ScriptResult


def format_result(result: ScriptResult, *, trace: bool = False) -> str:
    """PASS/FAIL line for a script, then a readable diff and the state for each failure."""
    head = f"{'PASS' if result.passed else 'FAIL'}  {result.file}"
    if result.title:
        head += f"  — {result.title}"
    lines = [head]
    if trace and result.trace:
        lines.extend("  | " + line for line in result.trace)
    # the random events: named ones always (what the seed or the script decided), shuffles with --trace
    events = [e for e in result.chance if trace or not e["event"].startswith("shuffle")]
    if events:
        lines.append("  chance: " + "; ".join(
            f"{e['event']} → {e['outcome']} ({'fixed' if e['fixed'] else 'seed'})" for e in events))
    failures = result.failures
    for i, failure in enumerate(failures):
        where = f" (line {failure.line})" if failure.line and result.steps else ""
        lines.append(f"  {failure.message}{where}")
        if failure.expected is not None or failure.actual is not None:
            lines.extend(_diff(failure.expected, failure.actual))
        # several expectations of one step fail on the same state: show it once, after the last
        following = failures[i + 1] if i + 1 < len(failures) else None
        if failure.state and not (following and following.state == failure.state):
            lines.append("  state:")
            lines.extend("    " + line for line in failure.state.splitlines())
        if failure.legal:
            lines.append("  legal actions: " + "; ".join(failure.legal))
    return "\n".join(lines)


def _diff(expected: Any, actual: Any) -> list[str]:
    if isinstance(expected, list) and isinstance(actual, list):
        out = [f"    expected: {json.dumps(expected, ensure_ascii=False)}",
               f"    actual:   {json.dumps(actual, ensure_ascii=False)}"]
        want = [fold(x) if isinstance(x, str) else x for x in expected]
        got = [fold(x) if isinstance(x, str) else x for x in actual]
        missing = [e for e, w in zip(expected, want) if w not in got]
        extra = [a for a, g in zip(actual, got) if g not in want]
        if missing:
            out.append("    missing:  " + ", ".join(map(str, missing)))
        if extra:
            out.append("    extra:    " + ", ".join(map(str, extra)))
        if not missing and not extra:
            out.append("    (same cards, different order or count)")
        return out
    return [f"    expected: {json.dumps(expected, ensure_ascii=False)}",
            f"    actual:   {json.dumps(actual, ensure_ascii=False)}"]


TEMPLATE = '''# A scripted solitaire test for deckkit ({title}). Run it with:
#   deckkit script run {filename}
# or with pytest (deckkit's plugin collects *.deckkit.toml files).
game = "{game}"
title = "What this script checks, e.g. OB-333: a monster cannot attack the turn it is summoned"
rules = []            # rule numbers it pins, e.g. ["OB-333"]
seed = 1              # seeds every shuffle: same seed, same game

[settings]            # optional rule settings (deckkit games lists them), e.g. starting_life = 15

[setup]
start = "p1"          # who takes the first turn
phase = "start"       # "start" = untap and draw first; {phases}

[setup.p1]
# deck = "data/decks/obludarium-standard.deck"   # a deck, shuffled with the seed, or list zones:
library = {library}   # top card first
hand = {hand}
table = {table}       # cards in play, states in brackets: "Glum (tapped)"
life = 20

[setup.p2]
library = {library}
life = 20

# Each [[step]] runs its parts in the order they are written: do (the actions), illegal (actions
# that must be refused, leaving the state unchanged) and expect (the state); a [step.expect] table
# comes last. Write illegal before do to check the position before the actions.
# Forms: "p2: pass" names who acts (an out-of-turn attempt is refused, citing the rule);
# expect a value, or operators: {{length = 7}}, {{count = {{"Chleba" = 2}}}}, {{contains = "Glum"}},
# {{not_contains = "Glum"}}, {{unordered = [...]}}, {{">=" = 3}}; [chance] "first player" = "p2" fixes a
# random event (the report lists them all); refused = {{rule = "..."}} expects the set-up refused;
# [setup] opening = true starts before the opening (mulligan/keep as actions, decks only).
[[step]]
note = "what happens in this step"
do = {do}             # canonical action strings (deckkit games --actions), applied in order
[step.expect]         # dotted paths into the state; "result" is p1, p2, draw or none
"p1.life" = 20
"result" = "none"

[[step]]
illegal = []          # actions that must be refused here, e.g. ["attack Glum"] or [{{action = "attack Glum", rule = "OB-333"}}]
'''


GENERIC_TEMPLATE = '''# A scripted solitaire test for deckkit ({title}). Run it with:
#   deckkit script run {filename}
# or with pytest (deckkit's plugin collects *.deckkit.toml files).
game = "{game}"
title = "What this script checks, with the rule number it pins"
rules = []            # rule numbers it pins, e.g. ["{prefix}-101"]
seed = 1              # seeds every shuffle: same seed, same game

[settings]            # optional rule settings (deckkit games lists them)

{setup}
# Each [[step]] runs its parts in the order they are written: do (the actions), illegal (actions
# that must be refused, leaving the state unchanged) and expect (the state); a [step.expect] table
# comes last. Write illegal before do to check the position before the actions.
# Forms: "p2: pass" names who acts (an out-of-turn attempt is refused, citing the rule);
# expect a value, or operators: {{length = 7}}, {{count = {{"Chleba" = 2}}}}, {{contains = "Glum"}},
# {{not_contains = "Glum"}}, {{unordered = [...]}}, {{">=" = 3}}; [chance] "first player" = "p2" fixes a
# random event (the report lists them all); refused = {{rule = "..."}} expects the set-up refused;
# [setup] opening = true starts before the opening (mulligan/keep as actions, decks only).
{steps}'''

_NO_SETUP = '''[setup]               # set-up keys of this game: see the game's documentation (deckkit games --actions)
'''
_NO_STEPS = '''[[step]]
note = "check the starting position"
[step.expect]         # dotted paths into the state; "result" is p1, p2, draw or none
"result" = "none"
'''


def template(game: str, filename: str = "my-test.deckkit.toml") -> str:
    """A commented starting script for a game (it runs and passes as written)."""
    from deckkit.engine.registry import spec

    info = spec(game)
    values = info.script_template or {}
    if "library" in values:  # the game gives the example zones and actions of the full template
        return TEMPLATE.format(game=info.name, filename=filename, **values)
    return GENERIC_TEMPLATE.format(game=info.name, filename=filename, title=info.title, prefix=info.rules_prefix,
                                   setup=values.get("setup", _NO_SETUP), steps=values.get("steps", _NO_STEPS))


def write_template(path: str | Path, game: str, *, force: bool = False) -> list[str]:
    """Write the starting script of ``game`` to ``path``; returns notes for the user (e.g. the name)."""
    path = Path(path)
    if path.exists() and not force:
        raise UsageError(f"{path} already exists", hint="choose another name or add --force")
    text = template(game, path.name)
    from deckkit.fileio import write_text

    write_text(path, text)
    notes = [f"wrote {path}; run it with: deckkit script run {path}"]
    if not path.name.endswith(".deckkit.toml"):
        notes.append("note: name it *.deckkit.toml so that `deckkit script run FOLDER` and pytest find it")
    return notes
