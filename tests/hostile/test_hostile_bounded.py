"""Bounded work: user regular expressions under a time limit, Ctrl-C always 130 (issue 17 item 4)."""

from __future__ import annotations

import json

import pytest

from deckkit import boundedre
from deckkit.query import compile_predicate
from hostile_helpers import no_traceback

SLOW_NAME = "a" * 70 + "!"
SLOW_CARD = {"id": "af-aaaa", "game": "alomfogo", "name": SLOW_NAME, "type": "event", "cost": 1,
             "text": "a" * 200 + "!"}
EXPLOSIVE = ["(a|aa)+$", "(a|a)+$", "^(a|aa)*$", "(?:a|aa)+!?$x", "((a|aa)+)+$"]


@pytest.fixture
def quick_limit(monkeypatch):
    """In-process tests give a pattern 0.05 s per text (the real limit is tested in a real process)."""
    monkeypatch.setattr(boundedre, "PER_MATCH_S", 0.05)


@pytest.fixture
def slow_db(cli, tmp_path):
    path = tmp_path / "slow.json"
    path.write_text(json.dumps([SLOW_CARD]), encoding="utf-8")
    assert cli("import", str(path)).exit_code == 0


@pytest.mark.parametrize("field", ["name", "o"])
@pytest.mark.parametrize("pattern", EXPLOSIVE)
def test_a_pattern_that_backtracks_forever_is_a_usage_error_naming_it(cli, slow_db, quick_limit, field, pattern):
    result = cli("search", f"{field}:/{pattern}/")
    assert result.exit_code == 2, result.output
    assert f"the regular expression /{pattern}/ takes too long to match (over 0.05 s for one text)" in result.stderr
    assert "hint: simplify it" in result.stderr


def test_the_pattern_of_the_report_is_refused_in_seconds(proc, cli, slow_db):
    result = proc("search", "name:/(a|aa)+$/", "-o", "json", timeout=20)
    assert result.returncode == 2 and result.stdout == b""
    no_traceback(result.stderr.decode())


def test_harmless_patterns_still_match(cli, slow_db):
    result = cli("search", "name:/^a+!$/", "-o", "json")
    assert result.exit_code == 0 and [c["id"] for c in json.loads(result.stdout)] == ["af-aaaa"]
    assert cli("search", "name:/(a+)+$/").exit_code == 0  # the regex engine sees through this one


def test_a_condition_pattern_is_bounded_too(quick_limit):
    pred = compile_predicate("name:/(a|aa)+$/")
    with pytest.raises(boundedre.RegexTooSlow):
        pred({"name": SLOW_NAME})


def test_the_budget_covers_all_matches_together():
    matcher = boundedre.Matcher("(a|aa)+$", budget=0.05, per_match=10.0)
    with pytest.raises(boundedre.RegexTooSlow, match="all the cards together"):
        matcher.search(SLOW_NAME)


def test_ctrl_c_inside_a_regex_match_exits_130_not_a_catalogue_error(cli, slow_db, monkeypatch):
    def interrupted(self, text):
        raise KeyboardInterrupt

    monkeypatch.setattr(boundedre.Matcher, "search", interrupted)
    result = cli("search", "name:/^x/")
    assert result.exit_code == 130 and "interrupted" in result.stderr
    assert "catalogue" not in result.stderr


@pytest.mark.parametrize("arg", [b"\xff", b"caf\xe9", b"game:af \xc3", b"\xed\xa0\x80"])
def test_an_argument_that_is_not_utf8_is_a_usage_error(proc, arg):
    result = proc("search", arg)
    assert result.returncode == 2
    err = result.stderr.decode()
    no_traceback(err)
    assert "argument 2" in err and "is not valid UTF-8" in err
