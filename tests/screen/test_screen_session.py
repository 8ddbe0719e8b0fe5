"""The session under `deckkit play` (deckkit.match.session): a saved game resumed through the public
Session.resume, replayed once; undo reading each action's player as scripts read it."""

from __future__ import annotations

from deckkit.match.session import Session


def test_loading_a_saved_game_replays_it_once_through_session_resume(make_play, tmp_path, monkeypatch):
    play = make_play("kotlik-standard")
    play.choose(play.choices()[0].action)
    saved = tmp_path / "k.deckkit.toml"
    play.save(str(saved))
    replays: list[list[str]] = []
    replay = Session._replay

    def counted(self, actions):
        replays.append(list(actions))
        return replay(self, actions)

    monkeypatch.setattr(Session, "_replay", counted)
    fresh = make_play("kotlik-standard")
    replays.clear()
    fresh.load(str(saved))
    assert replays == [play.session.actions]  # the opening and the saved actions, once
    assert fresh.session.actions == play.session.actions
    assert fresh.state.snapshot() == play.state.snapshot()


def test_undo_reads_the_player_of_an_action_as_a_script_does(make_play):
    """A saved action written ` P1 : pass` (as `deckkit script run` accepts it) is p1's: undo takes it back."""
    play = make_play("obludarium-standard", seed=7)
    session = play.session
    resumed = Session.resume(session.game_name, session.decks, session.humans, session.pilot, session.seed,
                             session.settings, [" P1 : pass"])
    assert resumed.actions == [" P1 : pass"] and resumed.state.history
    assert resumed.undo() == 1
    assert not resumed.actions and not resumed.state.history
