"""What both faces of `deckkit play` show (deckkit.screen.model, deckkit.screen.plain): real decisions only, the
log in words without the other hand, no engine internals, cards read in English, undo past the passes taken for
the person, and `--web` bound to this machine unless `--public`."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from screen_helpers import DECKS
from typer.testing import CliRunner

from deckkit.cli import app as cli_app
from deckkit.screen.plain import LineMode, choice_lines, table_lines
from deckkit.screen.web import check_host, command, is_loopback

INTERNALS = re.compile(r"\b(window|window_end|locked|dummy|food_played|source_played|cycled|passive|alive|used)\b")


def _play_out(play, limit: int = 3000, asked: list | None = None) -> list[str]:
    """Play the game to its end, the person taking the first listed action; every screen shown, as text
    (and in ``asked`` the legal actions of each question)."""
    screens = []
    for _ in range(limit):
        if play.over():
            break
        if play.waiting_for_person():
            screens.append("\n".join([play.status(), *table_lines(play.table()), *choice_lines(play)]))
            if asked is not None:
                asked.append(play.state.legal_actions())
            play.choose(play.choices()[0].action)
        else:
            play.step()
    return screens


@pytest.mark.parametrize("deck", DECKS)
def test_a_whole_game_asks_only_real_decisions_and_shows_no_internals(deck, make_play):
    play = make_play(deck, seed=7)
    asked: list = []
    screens = _play_out(play, asked=asked)
    assert play.over() and screens
    for text in screens:
        assert not INTERNALS.search(text), text
    # every question offered more than a pass (a pass-only window is taken for the person and said in the log)
    passes = play.screen.passes
    assert not [legal for legal in asked if len(legal) == 1 and (legal[0].kind in passes or str(legal[0]) in passes)]
    taken = [e.text for e in play.entries if e.text.endswith("(nothing else to do)")]
    assert len(play.auto) == len(taken)


def test_with_stop_at_every_window_the_person_is_asked_where_only_a_pass_is_possible(make_play):
    """OB-354, OB-610: the non-active player's window after each action; by default passed for a person who
    holds no instant, with --stop-at-every-window asked."""
    asked_always = make_play("obludarium-standard", seed=7, stop_at_every_window=True)
    passes_only = 0
    for _ in range(300):
        if asked_always.over():
            break
        if asked_always.waiting_for_person():
            legal = asked_always.state.legal_actions()
            passes_only += len(legal) == 1 and legal[0].kind == "pass"
            asked_always.choose(legal[0])
        else:
            asked_always.step()
    assert passes_only > 0
    assert not asked_always.auto


def test_the_log_never_names_a_card_the_other_side_drew(make_play):
    play = make_play("obludarium-standard", seed=3)
    _play_out(play)
    drawn = [e.text for e in play.entries if re.match(r"\s*p2 draws ", e.text)]
    assert drawn and all(t.strip() == "p2 draws a card" for t in drawn)
    mine = [e.text for e in play.entries if re.match(r"\s*p1 draws ", e.text)]
    assert mine and all(t.strip() != "p1 draws a card" for t in mine)


def test_the_log_never_names_the_other_hand_kept_or_drawn_af(make_play):
    """The other side's draws and the hand it keeps at the end of phase 3 are counted, not named; one's own are."""
    play = make_play("alomfogo-casual", seed=3)
    _play_out(play)
    texts = [e.text.strip() for e in play.entries]
    theirs = [t for t in texts if t.startswith("p2 draws ") or t.startswith("p2 ends phase 3 ")]
    assert theirs and all(t == "p2 draws a card" or re.search(r", keeping \d+ cards?$", t) for t in theirs), theirs
    mine = [t for t in texts if t.startswith("p1 draws ") or t.startswith("p1 ends phase 3 ")]
    assert mine and not any(t == "p1 draws a card" or re.search(r", keeping \d+ cards?$", t) for t in mine)


def test_the_screen_shows_a_line_told_to_one_seat_as_that_seat_may_read_it(make_play):
    """The screen reads whose a line is from the engine's log (State.tell), not from its words."""
    play = make_play("kotlik-standard", seed=1)
    play.state.tell(1, "p2's secret", "p2 did something")
    play.state.tell(0, "p1's secret", "p1 did something")
    play.choose(play.choices()[0].action)
    texts = [e.text for e in play.entries]
    assert "p2 did something" in texts and "p1's secret" in texts
    assert "p2's secret" not in texts and "p1 did something" not in texts


def test_the_log_has_the_fights_and_life_changes_in_words(make_play):
    play = make_play("obludarium-standard", seed=3)
    _play_out(play)
    text = "\n".join(e.text for e in play.entries)
    assert "fight: " in text and "loses" in text and "p2 (greedy): " in text and "you: " in text


def test_undo_goes_back_past_the_passes_taken_for_the_person(make_play):
    play = make_play("obludarium-standard", seed=7)
    first = play.choices()
    play.choose(next(c.action for c in first if c.action.kind == "pass"))  # end the main phase
    while not play.waiting_for_person():
        play.step()
    assert play.auto  # the attack step offered only a pass
    gone = play.undo()
    assert gone >= 2 and not play.session.actions and not play.auto
    assert [c.text for c in play.choices()] == [c.text for c in first]
    assert play.entries[-1].text == f"undone: {gone} action(s)"


def test_a_card_reads_in_english_by_its_own_or_english_name(make_play):
    play = make_play("alomfogo-casual")
    card, _ = play.find_card("flame spear")
    assert card is not None
    lines = play.card_info(card).lines
    assert lines[0] == "lángdárda (flame spear)" and "Abilities (as the rules engine plays them):" in lines
    missing, hint = play.find_card("lángdarda!")
    assert missing is None and hint == "did you mean lángdárda?"


def test_the_line_mode_reads_a_card_refuses_nonsense_and_stops_at_end_of_input(make_play):
    from deckkit.screen.plain import Stop

    play = make_play("kotlik-standard")
    out: list[str] = []
    typed = iter(["card Mandragora 1", "card", "frobnicate", "0", "help", "1"])

    def read(prompt: str) -> str:
        out.append(prompt)
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    with pytest.raises(Stop) as stop:
        LineMode(play, out.append, read).run()
    text = "\n".join(out)
    assert stop.value.code == 0 and stop.value.why == "end of input"
    assert "Mandragora 1 (Mandrake 1)" in text and "card needs a name" in text
    assert "illegal: " in text and "no action 0: choose 1 to" in text and "card NAME" in text
    assert re.search(r"Turn \d+, your turn, taking an ingredient: your decision · p1> ", text)
    assert len(play.session.actions) >= 1


def test_web_is_this_machine_only_unless_public():
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    check_host("127.0.0.1", public=False)
    check_host("0.0.0.0", public=True)
    from deckkit.errors import UsageError

    with pytest.raises(UsageError, match="other machines could connect") as refused:
        check_host("0.0.0.0", public=False)
    assert "--public" in str(refused.value.hint)


def test_web_runs_the_same_play_as_the_game_screen_per_tab():
    line = command(["--db", "x.db", "play", "deck", "--web", "--host", "127.0.0.1", "--port=9000", "--seed", "3"])
    assert line.endswith("-m deckkit --db x.db play deck --seed 3 --screen")


def test_the_command_refuses_a_public_address_before_serving(db):
    result = CliRunner().invoke(cli_app, ["--db", str(db), "play", "kotlik-standard", "--web", "--host", "0.0.0.0"])
    assert result.exit_code != 0 and "--public" in result.output


def test_a_modal_spell_lists_each_option_in_words():
    """OB-D22 (Mlhovina, a spell of two modes): `cast Mlhovina mode 2` reads as what mode 2 does."""
    import json
    import random

    from deckkit.engine.core import Action
    from deckkit.engine.registry import load_game, spec
    from deckkit.paths import data_dir

    def cards(path):
        data = json.loads(path.read_text(encoding="utf-8"))
        return data if isinstance(data, list) else data["cards"]

    mist = [c for c in cards(data_dir() / "cards" / "examples" / "ob-designer.json") if c["name"] == "Mlhovina"]
    pool = cards(data_dir() / "cards" / "obludarium.json")
    game = load_game("ob", pool + mist)
    deck = [c for c in pool if c["type"] != "spell"][:20] * 2 + mist
    state = game.new_game([deck, deck], random.Random(1))
    screen = spec("ob").hook("screen")
    first = screen.describe(state, Action(0, "cast", ("Mlhovina", "mode", "1", "on", "enemy Glum")))
    second = screen.describe(state, Action(0, "cast", ("Mlhovina", "mode", "2")))
    assert first.text == "Cast Mlhovina, option 1 (an enemy monster gets −2 attack this turn) on the opponent's Glum"
    assert second.text == "Cast Mlhovina, option 2 (you draw a card)" and second.card == "Mlhovina"


def test_load_on_the_command_line_goes_on_or_says_why_not(db, tmp_path, make_play):
    play = make_play("kotlik-standard")
    play.choose(play.choices()[0].action)
    saved = tmp_path / "k.deckkit.toml"
    play.save(str(saved))
    runner = CliRunner()
    ok = runner.invoke(cli_app, ["--db", str(db), "play", "kotlik-standard", "--plain", "--load", str(saved)],
                       input="quit\n")
    assert ok.exit_code == 0 and f"loaded {saved}: 1 actions replayed" in ok.output
    missing = runner.invoke(cli_app, ["--db", str(db), "play", "kotlik-standard", "--load", str(tmp_path / "no")])
    assert missing.exit_code != 0 and "cannot read" in missing.output and "internal error" not in missing.output
    other = runner.invoke(cli_app, ["--db", str(db), "play", "obludarium-standard", "--load", str(saved)])
    assert other.exit_code != 0 and "is a saved game of" in other.output


def test_cycling_reads_as_what_the_engine_does_af_611(make_play):
    """AF-611: cycling an instant costs 1 VP, puts it in the spell cage and draws; the words say that, and
    taking the action does exactly what they say."""
    play = make_play("alomfogo-casual", seed=0)
    choice = next(c for c in play.choices() if c.action.kind == "cycle")
    name = choice.action.args[0]
    assert choice.text == f"Cycle {name} (pay 1 VP, put it in your spell cage, draw a card)"
    before = play.state.snapshot()["p1"]
    play.choose(choice.action)
    after = play.state.snapshot()["p1"]
    assert after["vp"] == before["vp"] - 1
    assert after["cage"] == before["cage"] + [name]
    assert len(after["hand"]) == len(before["hand"])  # the instant left, a card came in its place
    assert len(after["library"]) == len(before["library"]) - 1


@pytest.mark.parametrize("prefix", ["p2", "p9"])
def test_a_saved_action_of_the_wrong_player_is_refused_on_load_as_script_run_refuses_it(prefix, db, tmp_path,
                                                                                          make_play):
    """A save edited so that an action names a player not to act (p2 while p1 is to act: KO-401, players take
    turns) or no player of the game (p9) does not load (it would play one side's move for the other); `deckkit script run` fails it too."""
    play = make_play("kotlik-standard")
    first = play.choices()[0].action
    play.choose(first)
    saved = tmp_path / "k.deckkit.toml"
    play.save(str(saved))
    entry = play.session.actions[0]
    assert entry.startswith("p1: ")
    edited = f"{prefix}: {entry[4:]}"
    saved.write_text(saved.read_text(encoding="utf-8").replace(f'"{entry}"', f'"{edited}"'), encoding="utf-8")
    runner = CliRunner()
    loaded = runner.invoke(cli_app, ["--db", str(db), "play", "kotlik-standard", "--plain", "--load", str(saved)],
                           input="quit\n")
    assert loaded.exit_code != 0 and "actions replayed" not in loaded.output
    assert f"the saved actions do not replay: action 1, {edited!r}" in loaded.output
    assert ("(KO-401)" if prefix == "p2" else "names no player of this 2-player game") in loaded.output
    assert "internal error" not in loaded.output
    fresh = make_play("kotlik-standard")
    with pytest.raises(Exception, match="do not replay"):
        fresh.load(str(saved))
    assert not fresh.session.actions  # the game at the table stays as it was
    scripted = runner.invoke(cli_app, ["--db", str(db), "script", "run", str(saved)])
    assert scripted.exit_code != 0


def test_load_of_a_device_is_refused_not_read_for_ever(db):
    """``--load /dev/zero`` (a device that never ends) is a message, read through the one safe file reader."""
    done = subprocess.run([sys.executable, "-m", "deckkit", "--db", str(db), "play", "kotlik-standard", "--plain",
                           "--load", "/dev/zero"], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode != 0 and "cannot read /dev/zero" in done.stderr and "Traceback" not in done.stderr
