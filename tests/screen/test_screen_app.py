"""The game screen driven by Textual's pilot, headless: whole games of each game against the greedy AI (pick
actions, undo, save, read a card, resign), and bad input (meaningless keys, a tiny terminal, a save that cannot
be written, a damaged save, a save of another game, Ctrl-C)."""

from __future__ import annotations

import re

import pytest
from screen_helpers import DECKS, run, settle
from textual.widgets import Input, OptionList, Static
from typer.testing import CliRunner

from deckkit.cli import app as cli_app
from deckkit.screen.app import GameApp

SIZE = (140, 45)


def _recorder(app: GameApp) -> list[str]:
    said: list[str] = []
    app.notify = lambda message, **kw: said.append(str(message))  # type: ignore[method-assign]
    return said


async def _answer(app: GameApp, pilot, key: str, text: str) -> None:
    """Press ``key`` (save or load) and answer its question with ``text``."""
    await pilot.press(key)
    await pilot.pause()
    app.screen.query_one(Input).value = text
    await pilot.press("enter")
    await settle(app, pilot)


@pytest.mark.parametrize("deck", DECKS)
def test_a_whole_game_on_the_screen_with_undo_save_and_a_card_read(deck, make_play, tmp_path, db):
    play = make_play(deck, seed=2)
    app = GameApp(play, delay=0)
    saved = tmp_path / "mid.deckkit.toml"

    async def drive() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            actions = app.query_one("#actions", OptionList)
            assert app.focused is actions and actions.highlighted is not None
            # read a card: the cards list, by keyboard
            cards = app.query_one("#cards", OptionList)
            cards.focus()
            await pilot.press("down")
            await pilot.pause()
            shown = str(app.query_one("#card", Static).content)
            assert shown.strip() and "Select a card" not in shown
            await _answer(app, pilot, "c", "glum" if deck.startswith("ob") else "nothing such")
            if deck.startswith("ob"):  # any card of the game by its name
                assert str(app.query_one("#card", Static).content).startswith("Glum")
            actions.focus()
            await pilot.press("enter")  # the first action
            await settle(app, pilot)
            taken = len(play.session.actions)
            assert taken >= 1 and any(e.kind == "you" for e in play.entries)
            await pilot.press("u")
            await settle(app, pilot)
            assert len(play.session.actions) < taken  # undone
            await pilot.press("enter")
            await settle(app, pilot)
            await _answer(app, pilot, "s", str(saved))
            assert saved.exists()
            presses = 0
            while not play.over() and presses < 600:
                await pilot.press("enter")
                await settle(app, pilot)
                presses += 1
            assert play.over(), f"the game did not end in {presses} decisions: {play.status()}"
            assert "Game over" in str(app.query_one("#status", Static).content)
            await pilot.press("q")
        assert app.return_code == 0 and app.stop == (0, "game over")

    run(drive())
    result = CliRunner().invoke(cli_app, ["--db", str(db), "script", "run", str(saved)], catch_exceptions=False)
    assert result.exit_code == 0 and "PASS" in result.stdout, result.output


@pytest.mark.parametrize("deck", DECKS)
def test_resigning_takes_two_presses_and_ends_the_game(deck, make_play):
    play = make_play(deck, seed=5)
    app = GameApp(play, delay=0)

    async def drive() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("r")
            await pilot.pause()
            assert not play.over()  # the first press only asks
            await pilot.press("r")
            await settle(app, pilot)
            assert play.over() and "resigned" in play.result()
            assert any("resigns" in e.text for e in play.entries)
            await pilot.press("q")

    run(drive())


def test_meaningless_keys_change_nothing(make_play):
    play = make_play("obludarium-standard", seed=1)
    app = GameApp(play, delay=0)

    async def drive() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            before = (len(play.session.actions), play.status())
            for key in ("x", "z", "f5", "ctrl+x", "9", "escape", "space", "ctrl+underscore", "home", "end"):
                await pilot.press(key)
                await settle(app, pilot)
            assert (len(play.session.actions), play.status()) == before
            await pilot.press("q")

    run(drive())


def test_a_tiny_terminal_shows_a_message_and_the_game_goes_on_when_it_grows(make_play):
    play = make_play("kotlik-standard")
    app = GameApp(play, delay=0)

    async def drive() -> None:
        async with app.run_test(size=(40, 10)) as pilot:
            await settle(app, pilot)
            tiny = app.query_one("#tiny", Static)
            assert tiny.display and "needs at least" in str(tiny.content)
            assert not app.query_one("#main").display
            await pilot.resize_terminal(*SIZE)
            await settle(app, pilot)
            assert app.query_one("#main").display and not tiny.display
            await pilot.press("enter")
            await settle(app, pilot)
            assert play.session.actions  # playing goes on
            await pilot.press("q")

    run(drive())


def test_a_save_that_cannot_be_written_is_a_message(make_play, tmp_path):
    play = make_play("alomfogo-casual")
    app = GameApp(play, delay=0)
    said = _recorder(app)
    target = tmp_path / "no" / "such" / "folder" / "x.deckkit.toml"

    async def drive() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await _answer(app, pilot, "s", str(target))
            await pilot.press("q")

    run(drive())
    assert not target.exists() and any(s.startswith("Cannot save: ") for s in said), said


@pytest.mark.parametrize("damage", ["truncated", "tampered", "not toml", "missing"])
def test_a_damaged_save_is_refused_and_the_game_stays(damage, make_play, tmp_path):
    play = make_play("obludarium-standard", seed=4)
    good = tmp_path / "good.deckkit.toml"
    play.choose(play.choices()[0].action)
    play.save(str(good))
    text = good.read_text(encoding="utf-8")
    bad = tmp_path / "bad.deckkit.toml"
    if damage == "truncated":
        bad.write_text(text[: len(text) // 2], encoding="utf-8")
    elif damage == "tampered":  # an action the rules refuse
        bad.write_text(re.sub(r'"p1: [^"]*"', '"p1: attack Nobody"', text, count=1), encoding="utf-8")
    elif damage == "not toml":
        bad.write_bytes(b"\xff\xfe\x00garbage")
    app = GameApp(play, delay=0)
    said = _recorder(app)

    async def drive() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            before = len(play.session.actions)
            await _answer(app, pilot, "l", str(bad))
            assert len(play.session.actions) == before  # the game at the table is kept
            await pilot.press("q")

    run(drive())
    assert any(s.startswith("Cannot load: ") and str(bad) in s for s in said), said


def test_a_save_of_another_game_is_refused_with_both_games_named(make_play, tmp_path):
    other = make_play("kotlik-standard")
    other_save = tmp_path / "other.deckkit.toml"
    other.save(str(other_save))
    play = make_play("obludarium-standard")
    app = GameApp(play, delay=0)
    said = _recorder(app)

    async def drive() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await _answer(app, pilot, "l", str(other_save))
            await pilot.press("q")

    run(drive())
    message = next(s for s in said if s.startswith("Cannot load: "))
    assert "is a saved game of Čarodějnický kotlík, and this game is Obludárium" in message


def test_loading_a_save_goes_on_from_the_saved_position(make_play, tmp_path):
    play = make_play("alomfogo-casual", seed=3)
    for _ in range(3):
        play.choose(play.choices()[0].action)
        while not play.over() and not play.waiting_for_person():
            play.step()
    saved = tmp_path / "a.deckkit.toml"
    play.save(str(saved))
    fresh = make_play("alomfogo-casual", seed=9)
    app = GameApp(fresh, delay=0)

    async def drive() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await _answer(app, pilot, "l", str(saved))
            assert fresh.session.actions == play.session.actions
            assert fresh.state.snapshot() == play.state.snapshot()
            await pilot.press("q")

    run(drive())


def test_ctrl_c_stops_with_130(make_play):
    play = make_play("kotlik-standard")
    app = GameApp(play, delay=0)

    async def drive() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("ctrl+c")
            await pilot.pause()

    run(drive())
    assert app.return_code == 130 and app.stop == (130, "interrupted")


def test_the_command_writes_the_autosave_after_ctrl_c_on_the_screen(db, tmp_path, monkeypatch):
    """The game screen ends; `deckkit play` then writes --autosave and exits 130 (what Ctrl-C there does)."""
    saved = tmp_path / "auto.deckkit.toml"

    def interrupted(self, *args, **kwargs):
        self.stop = (130, "interrupted")
        self.exit(return_code=130)

    monkeypatch.setattr(GameApp, "run", interrupted)
    result = CliRunner().invoke(cli_app, ["--db", str(db), "play", "obludarium-standard", "--screen",
                                          "--autosave", str(saved)], catch_exceptions=False)
    assert result.exit_code == 130
    assert "interrupted; the game is saved to" in result.stderr and saved.exists()


def test_the_mouse_reads_a_card_and_takes_an_action(make_play):
    play = make_play("alomfogo-casual", seed=1)
    app = GameApp(play, delay=0)

    async def drive() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            card = app.query_one("#card", Static)
            await pilot.click("#cards", offset=(6, 2))  # the second card listed (inside the border)
            await settle(app, pilot)
            assert "Select a card" not in str(card.content) and str(card.content).strip()
            actions = app.query_one("#actions", OptionList)
            first = next(i for i, o in enumerate(actions.options) if not o.disabled)
            await pilot.click("#actions", offset=(6, 1 + first))
            await settle(app, pilot)
            assert play.session.actions  # the click took the action
            await pilot.press("q")

    run(drive())


def _marked_up_play(db, deck: str):
    """A Play whose cards have names with Rich markup in them (as an imported card's name may): one name is
    ``… [/]`` (a closing tag with nothing open), the other ``Zlý [b]drak[/b] …``."""
    from pathlib import Path
    from types import SimpleNamespace

    from deckkit.catalogue import open_catalogue
    from deckkit.cli import common
    from deckkit.match.ai import pilot_spec
    from deckkit.match.session import Session
    from deckkit.screen.model import Play
    from deckkit.sim.goldfish import load_decks

    loaded = load_decks([common.input_file(Path(deck), "deck")], open_catalogue(db))[0]
    ids = sorted({c["id"] for c in loaded.cards})
    names = {i: (f"Kouzlo {n} [/]" if n % 2 else f"Zlý [b]drak[/b] {n}") for n, i in enumerate(ids)}
    cards = [dict(c, name=names[c["id"]]) for c in loaded.cards]
    decks = [SimpleNamespace(label=deck, cards=cards, game=loaded.game) for _ in range(2)]
    session = Session(loaded.game, decks, {0}, pilot_spec("greedy", 200, loaded.game), 1, {})
    return Play(session, ai_name="greedy"), names


@pytest.mark.parametrize("deck", DECKS)
def test_card_names_with_markup_show_as_written(deck, db):
    """A card name is text, never Rich markup: `[/]` does not crash the screen and `[b]…[/b]` keeps its brackets
    in the actions, the cards list, the status line, the card panel and the messages."""
    play, names = _marked_up_play(db, deck)
    app = GameApp(play, delay=0)
    said: list[str] = []

    async def drive() -> None:
        async with app.run_test(size=SIZE) as pilot:
            original = app.notify
            app.notify = lambda message, **kw: (said.append(str(message)), original(message, **kw))[1]  # type: ignore
            await settle(app, pilot)
            shown = [str(o.prompt) for o in app.query_one("#actions", OptionList).options]
            shown += [str(o.prompt) for o in app.query_one("#cards", OptionList).options]
            for _ in range(6):  # a few turns: both kinds of name on the screen
                await pilot.press("enter")
                await settle(app, pilot)
                shown += [str(o.prompt) for o in app.query_one("#actions", OptionList).options]
                shown += [str(o.prompt) for o in app.query_one("#cards", OptionList).options]
                shown.append(str(app.query_one("#card", Static).content))
            listed = "\n".join(shown)
            assert "[/]" in listed and "[b]drak[/b]" in listed
            # the options as drawn (not only as given): the brackets are on the screen
            lines = [app.query_one("#cards", OptionList).render_line(y).text
                     for y in range(app.query_one("#cards", OptionList).size.height)]
            assert any("[b]drak[/b]" in line or "[/]" in line for line in lines), lines
            await _answer(app, pilot, "c", next(iter(names.values())))
            assert "[" in str(app.query_one("#card", Static).content)
            await _answer(app, pilot, "c", "Nic [/] [b]x[/b]")
            await pilot.press("q")

    run(drive())
    assert app.return_code == 0
    assert any("Nic [/] [b]x[/b]" in s for s in said)


def test_a_failure_inside_the_game_screen_keeps_the_game_and_exits_non_zero(db, tmp_path, monkeypatch):
    """Textual catches an exception inside the app and returns from run(); `deckkit play` still writes the
    autosave, says the game failed with the internal-error message and exits non-zero (not 0 "stopped")."""
    from deckkit.screen.model import Play

    saved = tmp_path / "auto.deckkit.toml"
    original = GameApp.run

    def headless(self, *args, **kwargs):
        return original(self, headless=True, size=SIZE)

    def broken(self):
        raise RuntimeError("the engine broke")

    monkeypatch.setattr(GameApp, "run", headless)
    monkeypatch.setattr(Play, "step", broken)  # the AI's move, in the screen's worker
    result = CliRunner().invoke(cli_app, ["--db", str(db), "play", "kotlik-standard", "--screen", "--seat", "2",
                                          "--delay", "0", "--autosave", str(saved)], catch_exceptions=False)
    assert result.exit_code != 0
    assert f"the game failed; the game is saved to {saved}" in result.stderr
    assert "internal error (a bug in deckkit): RuntimeError: the engine broke" in result.stderr
    assert "stopped" not in result.stderr and "Traceback" not in result.stderr
    assert saved.exists() and "[[step]]" in saved.read_text(encoding="utf-8")


def test_each_web_tab_autosaves_to_its_own_file(db, tmp_path, monkeypatch):
    """`--web` runs one `play --screen --web-tab` per browser tab: each writes its game to a file of its own
    (the --autosave name with the tab's start time and process id), says which on the screen and on stderr, and a
    second tab closing does not overwrite the first tab's game."""
    import deckkit.cli.interactive as interactive
    import deckkit.screen.web as web

    served: list[list[str]] = []
    monkeypatch.setattr(web, "serve", lambda argv, *rest: served.append(argv))
    runner = CliRunner()
    base = tmp_path / "web.deckkit.toml"
    server = runner.invoke(cli_app, ["--db", str(db), "play", "kotlik-standard", "--web", "--autosave", str(base)])
    assert server.exit_code == 0 and "--web-tab" in served[0]
    assert "web-DATE-TIME-PID.deckkit.toml" in server.stderr

    notices: list[str | None] = []

    def quits(self, *args, **kwargs):
        notices.append(self.notice)
        self.stop = (0, "stopped")
        self.exit(return_code=0)

    monkeypatch.setattr(GameApp, "run", quits)
    written = []
    for pid, seed in ((4101, "1"), (4102, "2")):  # two tabs, two processes
        monkeypatch.setattr(interactive.os, "getpid", lambda pid=pid: pid)
        tab = runner.invoke(cli_app, ["--db", str(db), "play", "kotlik-standard", "--screen", "--web-tab", "--seed",
                                      seed, "--autosave", str(base)], catch_exceptions=False)
        assert tab.exit_code == 0
        found = sorted(tmp_path.glob(f"web-*-{pid}.deckkit.toml"))
        assert len(found) == 1 and re.fullmatch(rf"web-\d{{8}}-\d{{6}}-{pid}\.deckkit\.toml", found[0].name)
        assert f"saved to {found[0]}" in tab.stderr and str(found[0]) in str(notices[-1])
        written.append(found[0])
    assert not base.exists()
    assert "seed = 1" in written[0].read_text(encoding="utf-8")  # the first tab's game is still there
    assert "seed = 2" in written[1].read_text(encoding="utf-8")


def test_a_hot_seat_screen_writes_the_log_again_for_the_person_who_decides(make_play):
    """Two people at one screen: the log panel shows p2's draw by name while p2 decides and as "a card" once p1
    does (the lines are written again for the person now at the screen)."""
    from textual.widgets import RichLog

    play = make_play("obludarium-standard", seed=3)
    play.session.humans = {0, 1}
    app = GameApp(play, delay=0)

    def shown() -> str:
        return "\n".join(strip.text for strip in app.query_one("#log", RichLog).lines)

    async def drive() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            while play.viewer != 1:
                play.choose("pass")
            drawn = next(e.text for e in play.entries if e.text.startswith("p2 draws "))
            app.redraw()
            await pilot.pause()
            assert drawn != "p2 draws a card" and drawn in shown()
            while play.viewer != 0:
                play.choose("pass")
            app.redraw()
            await pilot.pause()
            assert "p2 draws a card" in shown() and drawn not in shown()

    run(drive())
