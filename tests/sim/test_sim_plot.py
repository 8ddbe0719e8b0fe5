"""`--plot`: the figure itself (ticks, title, legend), inspected through matplotlib's objects."""

from __future__ import annotations

import pytest

pytest.importorskip("matplotlib")

from deckkit.sim.plot import figure, plot  # noqa: E402


def _report(deck: str, game: str, hist: dict[str, int], mean: float) -> dict:
    return {"deck": deck, "game": game, "games": sum(hist.values()), "seed": 7, "turn_histogram": hist,
            "mean_turn": mean}


def _tick_values(ax) -> list[float]:
    low, high = ax.get_xlim()
    return [t for t in ax.get_xticks() if low <= t <= high]


def test_win_turn_ticks_are_whole_turns_and_the_title_names_the_game():
    reports = [_report("decks/a.deck", "obludarium", {"5": 60, "6": 30, "7": 10}, 5.5),
               _report("decks/b.deck", "obludarium", {"4": 20, "5": 50, "6": 30}, 5.1)]
    fig = figure(reports, ["Táborová smečka", "Rychlá smečka"])
    (ax,) = fig.axes
    ticks = _tick_values(ax)
    assert ticks and all(t == int(t) for t in ticks)
    assert {4, 5, 6, 7} <= set(ticks)
    assert ax.get_title() == "Obludárium: 100 games per deck, seed 7"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "Táborová smečka (mean 5.50)", "Rychlá smečka (mean 5.10)"]
    assert ax.get_xlabel() == "win turn"


def test_a_deck_without_a_name_is_labelled_by_its_file_name():
    fig = figure([_report("some/where/zsofi.deck", "alomfogo", {"8": 3, "9": 1}, None)], [None])
    (ax,) = fig.axes
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["zsofi.deck"]
    assert ax.get_title().startswith("Álomfogó: 4 games per deck")


def test_scores_get_whole_point_ticks():
    report = {"deck": "k.deck", "game": "kotlik", "games": 4, "seed": 1, "mean_scores": [30.5, 28.0],
              "score_histograms": [{"29": 1, "30": 1, "31": 2}, {}]}
    (ax,) = figure([report], ["Kotlík"]).axes
    assert all(t == int(t) for t in _tick_values(ax))
    assert ax.get_xlabel() == "first seat's score"
    assert ax.get_title().startswith("Čarodějnický kotlík: ")


def test_plot_writes_the_file(tmp_path):
    path = tmp_path / "p.svg"
    plot([_report("a.deck", "alomfogo", {"5": 1}, 5.0)], path, ["Zsófi's dreamers"])
    text = path.read_text(encoding="utf-8")
    assert "<svg" in text and "Zsófi" in text
