"""Help examples that start runs of many minutes say so: every example of `tune` names how long it
takes, and a `goldfish` example of more than 5,000 games per deck says it takes minutes."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from deckkit.cli import app


def _examples(command: str) -> list[str]:
    """The example lines of a command's help, each with the note a continuation line adds."""
    out = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "200"}, catch_exceptions=False).output
    lines = out.split("Examples:", 1)[1].splitlines()[1:]
    examples: list[str] = []
    for line in lines:
        text = line.strip()
        if text.startswith("deckkit "):
            examples.append(text)
        elif text.startswith("(") and examples:
            examples[-1] += " " + text
        elif not text or not line.startswith(" "):
            break
    return examples


def test_every_tune_example_says_how_long_it_runs():
    examples = _examples("tune")
    assert len(examples) >= 3
    assert all("minute" in e for e in examples), examples


@pytest.mark.parametrize("command", ["goldfish", "tune"])
def test_a_long_example_says_it_takes_minutes(command):
    for example in _examples(command):
        games = [int(n) for n in re.findall(r"(?:--games|-n) (\d+)", example)]
        if any(n > 5000 for n in games):
            assert "minute" in example, example


def test_a_match_example_with_a_search_ai_says_how_long_it_runs():
    """A search AI (mcts, expert) thinks at every decision: its examples say how long a game takes."""
    searching = [e for e in _examples("match") if re.search(r"--ai(-[ab])? (mcts|expert)\b", e)]
    assert searching
    assert all("minute" in e for e in searching), searching
