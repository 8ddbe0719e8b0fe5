"""The shipped Kotlík scripts pass through the game-agnostic runner; wrong ones fail usefully."""


import pytest

from deckkit.scripts.runner import format_result, run_file
from deckkit.paths import data_dir

SCRIPTS = sorted((data_dir() / "scripts").glob("ko-*.deckkit.toml"))


def test_there_are_kotlik_scripts():
    assert len(SCRIPTS) >= 8


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_shipped_script_passes(path):
    result = run_file(path)
    assert result.passed, format_result(result)


def test_wrong_expectation_fails_with_a_diff(tmp_path):
    text = (data_dir() / "scripts" / "ko-scoring-example.deckkit.toml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.deckkit.toml"
    bad.write_text(text.replace('"p1.score" = 27', '"p1.score" = 26'), encoding="utf-8")
    result = run_file(bad)
    assert not result.passed
    out = format_result(result)
    assert "expected: 26" in out and "actual:   27" in out and "Mandra" in out  # the board is shown


def test_unknown_card_in_setup_names_file_and_line(tmp_path):
    bad = tmp_path / "typo.deckkit.toml"
    bad.write_text('game = "ko"\n[setup.p1]\ncauldron = ["Mandragora 9"]\n[[step]]\nexpect = {"p1.score" = 0}\n',
                   encoding="utf-8")
    result = run_file(bad)
    (failure,) = result.failures
    assert "Mandragora 9" in failure.message and failure.line == 3


def test_pending_announcement_must_be_resolved_before_expectations(tmp_path):
    text = (data_dir() / "scripts" / "ko-exploding-cauldron.deckkit.toml").read_text(encoding="utf-8")
    bad = tmp_path / "pending.deckkit.toml"
    bad.write_text(text.replace("allow_pending = true\n", ""), encoding="utf-8")
    result = run_file(bad)
    assert not result.passed and "exploding cauldron" in result.failures[0].message


def test_the_package_docstring_example_script_passes(tmp_path):
    import deckkit.games.kotlik as kotlik

    doc = kotlik.__doc__
    block = doc[doc.index("::\n") + 3:].strip("\n").split("\n\n")[0]
    example = tmp_path / "example.deckkit.toml"
    example.write_text("\n".join(line[4:] for line in block.splitlines()) + "\n", encoding="utf-8")
    result = run_file(example)
    assert result.passed, format_result(result)
    assert 'turn = 5' in block and 'empty = ["r2c3"]' in block  # the documented keys are shown


def test_a_shipped_script_shows_the_whole_board_form_with_dashes_and_turn():
    text = (data_dir() / "scripts" / "ko-board-setup.deckkit.toml").read_text(encoding="utf-8")
    assert 'board = [' in text and '"-"' in text and "turn = 31" in text


def test_ko_802_q10_ones_from_script_flips_the_majority_without_its_setting(tmp_path):
    """The shipped ones_from = "sets" script passes; the same cauldrons under the default give White the 5."""
    text = (data_dir() / "scripts" / "ko-ones-from-sets.deckkit.toml").read_text(encoding="utf-8")
    assert '[settings]\nones_from = "sets"' in text and "KO-Q10" in text and "KO-802" in text
    default = tmp_path / "default.deckkit.toml"
    default.write_text(text.replace('ones_from = "sets"\n', ""), encoding="utf-8")
    result = run_file(default)
    assert not result.passed
    out = format_result(result)
    assert "p1.ones" in out and "actual:   2" in out  # White's single and pair count under "all"
    assert "expected: 11" in out and "actual:   6" in out  # Black's 5 points go


def test_ko_q10_ones_from_listed_by_deckkit_games():
    from typer.testing import CliRunner

    from deckkit.cli import app

    out = CliRunner().invoke(app, ["games"], catch_exceptions=False).output
    line = next(line for line in out.splitlines() if line.strip().startswith("ones_from"))
    assert "'all' [all|sets]" in line and "singletons and pairs" in line and "KO-802, KO-Q10" in line
