"""Bounded regular expressions (issue 28 item 3): a pattern is measured before it is compiled.

``name:/a{1000000000}/`` used to make the regex compiler grow by ~500 MB/s where Ctrl-C could not
stop it. The real-process cases run under a 2 GB address-space limit and a timeout, so the old
behaviour fails them instead of eating the machine's memory.
"""

from __future__ import annotations

import resource
from pathlib import Path

import pytest

from deckkit import boundedre
from hostile_helpers import no_traceback

ROOT = Path(__file__).resolve().parents[2]
AF = str(ROOT / "data" / "decks" / "alomfogo-casual.deck")
HUGE = "name:/a{1000000000}/"


def _two_gigabytes() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def _refused(result, code: int = 2) -> str:
    """The run stopped with the limit named (2: a bad argument; 1: a bad file)."""
    err = result.stderr.decode()
    no_traceback(err)
    assert result.returncode == code, err
    assert "the repeat count 1,000,000,000 is more than 1,000" in err, err
    return err


def test_search_refuses_a_huge_repeat_count_before_compiling(proc):
    err = _refused(proc("search", HUGE, preexec=_two_gigabytes, timeout=20))
    assert "hint: a repeat such as a{3}" in err


def test_a_strategy_rule_with_a_huge_repeat_is_refused(proc, tmp_path):
    strategy = tmp_path / "s.toml"
    strategy.write_text(f'game = "alomfogo"\nname = "huge"\n\n[[rules]]\ndo = "play {HUGE}"\n', encoding="utf-8")
    _refused(proc("goldfish", AF, "--strategy", str(strategy), "-n", "2", preexec=_two_gigabytes, timeout=20), 1)


def test_a_hand_condition_with_a_huge_repeat_is_refused(proc):
    _refused(proc("odds", AF, f"count({HUGE}) >= 1", preexec=_two_gigabytes, timeout=20))


def test_a_tune_pool_with_a_huge_repeat_is_refused(proc):
    _refused(proc("tune", AF, "--add-each", HUGE, "--games", "10", preexec=_two_gigabytes, timeout=20))


@pytest.mark.parametrize("pattern, message", [
    ("(?:a{100}){1000}", "too big to compile"),
    ("((a{30}){30}){30}", "too big to compile"),
    ("x{0,5000}", "the repeat count 5,000 is more than 1,000"),
    ("a{2000,}", "the repeat count 2,000 is more than 1,000"),
    ("(" * 150 + "a" + ")" * 150, "nests more than 100 groups deep"),
    ("(?=" * 120 + "a" + ")" * 120, "nests more than 100 groups deep"),
    ("a" * 2500, "more than 2,000"),
])
def test_patterns_past_a_limit_are_refused_quickly_with_a_hint(pattern, message):
    with pytest.raises(boundedre.PatternTooBig) as caught:
        boundedre.compile_pattern(pattern)
    assert message in caught.value.msg and caught.value.hint


@pytest.mark.parametrize("pattern", ["a{1000}", "(?:a{1000}){10}", "a{3,}", r"\{100000\}", "[{]100000}", "(a|aa)+$",
                                     "x{0,1000}", "^(?:(?:ab){10}c){10}$", "[(]" * 200])
def test_patterns_within_the_limits_still_compile(pattern):
    assert boundedre.compile_pattern(pattern).pattern == pattern


def test_the_caret_points_at_the_oversized_repeat(cli):
    result = cli("search", "name:/xy{5000}/")
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    query = next(i for i, line in enumerate(lines) if line.strip() == "name:/xy{5000}/")
    assert lines[query + 1].index("^") == lines[query].index("{")
