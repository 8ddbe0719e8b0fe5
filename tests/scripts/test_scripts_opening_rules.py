"""A script from the real opening (``opening = true``): whatever it checks before the first turn is
answered as a check — an expectation, an ``illegal`` entry, a refused action — and a refused
mulligan cites the rule that forbids it (AF-503 for a game without one, OB-Q5 below a 0-card hand)."""

from __future__ import annotations

from pathlib import Path

from deckkit.scripts.runner import format_result, run_file


def _opening_script(tmp_path: Path, game: str, deck: str, steps: str) -> Path:
    text = (f'game = "{game}"\ntitle = "opening"\nseed = 3\n[setup]\nopening = true\n'
            f'[setup.p1]\ndeck = "{deck}"\n[setup.p2]\ndeck = "{deck}"\n\n{steps}')
    path = tmp_path / "opening.deckkit.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_af_502_an_expectation_during_the_opening_is_checked(tmp_path: Path):
    """AF-502: the dealt hand is read during the opening (a card object, not a record) and compared."""
    ok = _opening_script(tmp_path, "alomfogo", "alomfogo-casual",
                         '[[step]]\nexpect = {"phase" = "opening", "p1.hand" = {length = 5}}\n')
    assert run_file(ok).passed
    wrong = _opening_script(tmp_path, "alomfogo", "alomfogo-casual",
                            '[[step]]\nexpect = {"p1.hand" = {length = 7}}\n')
    result = run_file(wrong)
    assert not result.passed
    assert "p1.hand" in format_result(result)


def test_af_503_an_illegal_mulligan_during_the_opening_cites_af_503(tmp_path: Path):
    """AF-503, AF-Q5: no mulligan; the ``illegal`` entry is checked and the refusal names AF-503."""
    ok = _opening_script(tmp_path, "alomfogo", "alomfogo-casual",
                         '[[step]]\nillegal = [{action = "p1: mulligan", rule = "AF-503"}]\n')
    assert run_file(ok).passed, format_result(run_file(ok))
    wrong = _opening_script(tmp_path, "alomfogo", "alomfogo-casual",
                            '[[step]]\nillegal = [{action = "p1: keep"}]\n')
    assert not run_file(wrong).passed


def test_af_503_a_refused_mulligan_in_the_opening_is_a_failure_not_a_crash(tmp_path: Path):
    """AF-503: a ``do`` the opening refuses fails the script with the rule and the state shown."""
    path = _opening_script(tmp_path, "alomfogo", "alomfogo-casual", '[[step]]\ndo = ["p1: mulligan"]\n')
    result = run_file(path)
    assert not result.passed
    report = format_result(result)
    assert "AF-503" in report and "legal actions: keep" in report and "opening, p1 decides" in report


def test_ob_q5_a_mulligan_below_an_empty_hand_cites_ob_q5(tmp_path: Path):
    """OB-505, OB-Q5: mulligans go down to a 0-card hand; one more is refused citing OB-Q5."""
    mulligans = ", ".join(['"p1: mulligan"'] * 7)
    path = _opening_script(tmp_path, "obludarium", "obludarium-standard",
                           f'[[step]]\ndo = [{mulligans}]\nexpect = {{"p1.hand" = [], "p1.mulligans" = 7}}\n'
                           'illegal = [{action = "p1: mulligan", rule = "OB-Q5"}]\n')
    result = run_file(path)
    assert result.passed, format_result(result)


def test_ob_q5_af_503_the_opening_takes_its_limit_and_rules_from_the_procedure():
    """OB-Q5, AF-503: one helper (``Opening.of_game``) reads the most mulligans and the rules a refused
    mulligan cites from the game's hand procedure, for scripts and for played matches alike."""
    import random

    from deckkit.engine.registry import load_game
    from deckkit.games.alomfogo.opening import PROCEDURE as AF
    from deckkit.games.obludarium.opening import PROCEDURE as OB
    from deckkit.scripts.opening import Opening

    for name, proc in (("obludarium", OB), ("alomfogo", AF)):
        game = load_game(name)
        deck = (list(game.cards.values()) * 40)[:40]  # any 40 cards: the first hand is asked about
        opening = Opening.of_game(game, [deck, deck], lambda: random.Random(1))
        assert opening.asking and opening.max_mulligans == proc.max_mulligans
        assert (opening.no_mulligan_rule, opening.floor_rule) == (proc.no_mulligan_rule, proc.floor_rule)
    assert (OB.floor_rule, AF.no_mulligan_rule) == ("OB-Q5", "AF-503")
