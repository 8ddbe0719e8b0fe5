"""Valid cards that let a turn go on for ever cannot hang a run (issue 28, item 2).

An artifact "tap: gain 1 life, then untap this", two artifacts that untap each other, and a free
card that returns itself to its owner's hand when it enters are all valid; a pilot that values each
repetition plays it for ever. The one goldfish loop (deckkit.engine.loop) caps the actions of a
turn and of a game: each case runs the real CLI (a process of its own, with a timeout, so a hang
fails instead of blocking the suite) on a catalogue holding the card, and the run ends with the
capped games counted in the report and the reason in the trace.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckkit.engine.loop import MAX_TURN_ACTIONS

from hostile_helpers import no_traceback

_TAP = {"cost": {"tap": True}}
LOOPS = {
    "self-untapping artifact": ("obludarium", [
        {"id": "loop-well", "name": "Studna", "type": "artifact", "cost": 0, "text": "Tap: gain 1 life, then untap this.",
         "abilities": [{**_TAP, "do": [{"effect": "heal", "amount": 1}, {"effect": "untap", "target": "self"}]}]},
    ], "Studna", "use Studna"),
    "two artifacts untapping each other": ("obludarium", [
        {"id": f"loop-latch-{a}", "name": f"Klapka {a.upper()}", "type": "artifact", "cost": 0,
         "text": f"Tap: untap Klapka {b.upper()}.",
         "abilities": [{**_TAP, "do": [{"effect": "untap", "target": {
             "choose": "every", "side": "own", "filter": {"name": f"Klapka {b.upper()}"}}}]}]}
        for a, b in (("a", "b"), ("b", "a"))
    ], "Klapka A", "use Klapka"),
    "free monster returning itself": ("obludarium", [
        {"id": "loop-boomerang", "name": "Bumerang", "type": "monster", "cost": 0, "attack": 1, "defense": 1,
         "text": "When it enters, return it to its owner's hand.",
         "abilities": [{"trigger": "enters", "do": [{"effect": "return", "target": "self"}]}]},
    ], "Bumerang", "play Bumerang"),
    "free dreamwalker returning itself": ("alomfogo", [
        {"id": "loop-boomerang-af", "name": "Bumeráng", "type": "dreamwalker", "cost": 0, "attack": 1, "defense": 1,
         "text": "When it enters, return it to your hand.",
         "abilities": [{"trigger": "enters", "do": [{"effect": "to-hand", "target": "self"}]}]},
    ], "Bumeráng", "Bumeráng"),
}
FILLER = {"obludarium": ["20 Chleba", "10 Permoník"], "alomfogo": ["15 Botlik Zsófi"]}
#: The greedy pilot keeps a pass on a tie in its main phase, so it never enters a loop that gains nothing
#: (untapping each other, a card that comes back to hand); the play-out pilot takes the first of equal
#: actions and plays such a loop for ever: it pilots those cases.
POLICY = {"two artifacts untapping each other": "greedy-playout", "free monster returning itself": "greedy-playout"}


def _catalogue(cli, tmp_path: Path, game: str, cards: list[dict], name: str) -> Path:
    """Import the loop cards and write a deck holding many copies of ``name`` beside the game's fillers."""
    cards_file = tmp_path / "loop-cards.json"
    cards_file.write_text(json.dumps([dict(c, game=game) for c in cards], ensure_ascii=False), encoding="utf-8")
    result = cli("import", str(cards_file))
    assert result.exit_code == 0, result.output
    names = [c["name"] for c in cards]
    deck = tmp_path / "loop.deck"
    lines = [f"game: {game}", *FILLER[game], *(f"{20 // len(names)} {n}" for n in names)]
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return deck


@pytest.mark.parametrize("case", list(LOOPS))
def test_a_card_that_loops_cannot_hang_goldfish(case, cli, proc, tmp_path):
    """Goldfish with --max-turns ends: the endless turn is capped, counted in the report, named in the trace."""
    game, cards, name, repeated = LOOPS[case]
    deck = _catalogue(cli, tmp_path, game, cards, name)
    policy = ["--policy", POLICY[case]] if case in POLICY else []
    done = proc("goldfish", str(deck), "--games", "6", "--max-turns", "40", "--workers", "1", "--trace",
                *policy, "-o", "json", timeout=60)
    no_traceback(done.stderr.decode())
    assert done.returncode == 0, done.stderr.decode()
    (report,) = json.loads(done.stdout)
    assert report["games"] == 6
    assert report["capped"] >= 1 and report["capped"] <= 6
    assert repeated in report["capped_first"]
    capped = [line for line in report["trace"] if line.startswith("capped: ")]
    assert len(capped) == 1 and f"{MAX_TURN_ACTIONS:,}" in capped[0] and repeated in capped[0], report["trace"][-5:]


def test_a_card_that_loops_cannot_hang_a_tune_sweep(cli, proc, tmp_path):
    """A tune sweep over the looping card's count ends, and says how many games the cap stopped."""
    game, cards, name, _ = LOOPS["self-untapping artifact"]
    deck = _catalogue(cli, tmp_path, game, cards, name)
    done = proc("tune", str(deck), "--vary", f"{name}=0..2", "--games", "8", "--workers", "1", timeout=60)
    no_traceback(done.stderr.decode())
    assert done.returncode == 0, done.stderr.decode()
    out = done.stdout.decode()
    line = next(line for line in out.splitlines() if line.strip().startswith("capped:"))
    assert "stopped by the action cap" in line and f"{name}=2" in line and f"{name}=0 " not in line


def test_a_card_that_loops_cannot_hang_a_match(cli, proc, tmp_path):
    """A match ends too: the same cap stops the endless turn, the game counts as unfinished and its trace says why."""
    game, cards, name, repeated = LOOPS["self-untapping artifact"]
    deck = _catalogue(cli, tmp_path, game, cards, name)
    done = proc("match", str(deck), "obludarium-standard", "--games", "1", "--workers", "1", "--trace", timeout=60)
    no_traceback(done.stderr.decode())
    assert done.returncode == 0, done.stderr.decode()
    out = done.stdout.decode()
    capped = [line for line in out.splitlines() if line.startswith("capped: ")]
    assert len(capped) == 1 and repeated in capped[0], out[-2000:]
    assert "result: unfinished (counted as a draw)" in out
