"""Imposition: cards n-up on the paper, bleed, crop marks outside every card, backs mirrored for duplex."""

from __future__ import annotations

import pytest

from deckkit.printing import PrintError
from deckkit.printing.sheet import PAPERS, parse_grid, plan_sheet


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_three_by_three_poker_cards_fit_with_bleed_and_marks_outside_every_card(paper):
    sheet = plan_sheet(paper, 63, 88)
    assert (sheet.cols, sheet.rows, sheet.per_page) == (3, 3, 9)
    boxes = [sheet.bleed_box(i) for i in range(9)]
    for i in range(9):
        x, y = sheet.slot(i)
        bx, by, bw, bh = boxes[i]
        assert bx <= x and by <= y and bx + bw >= x + 63 and by + bh >= y + 88  # the bleed surrounds the card
        assert 0 <= bx and bx + bw <= PAPERS[paper][0] and 0 <= by and by + bh <= PAPERS[paper][1]
    marks = sheet.crop_marks()
    assert len(marks) == 24  # 6 card edges a direction, a mark at each end
    for x1, y1, x2, y2 in marks:
        assert x1 == x2 or y1 == y2
        for bx, by, bw, bh in boxes:  # no mark touches a card or its bleed
            inside_x = bx < max(x1, x2) and min(x1, x2) < bx + bw
            inside_y = by < max(y1, y2) and min(y1, y2) < by + bh
            assert not (inside_x and inside_y)
    # each mark lies on a card edge's line
    edges_x = {round(sheet.slot(c)[0] + d, 4) for c in range(3) for d in (0, 63)}
    assert {round(x1, 4) for x1, _, x2, _ in marks if x1 == x2} == edges_x


def test_outer_bleed_is_full_and_neighbours_share_the_gap():
    sheet = plan_sheet("a4", 63, 88, bleed=3)
    x, y = sheet.slot(0)
    bx, by, bw, bh = sheet.bleed_box(0)
    assert x - bx == pytest.approx(3) and y - by == pytest.approx(3)
    right = bx + bw - (x + 63)
    assert right == pytest.approx(min(3, sheet.gap_x / 2))
    assert sheet.bleed_box(1)[0] >= bx + bw - 1e-9  # neighbours' bleeds never overlap


def test_back_of_each_card_lies_behind_it_for_long_edge_duplex():
    """Turning the sheet over its long edge mirrors it left to right: every back must land on its front."""
    for paper in ("a4", "letter"):
        sheet = plan_sheet(paper, 63, 88)
        for i in range(sheet.per_page):
            fx, fy = sheet.slot(i)
            bx, by = sheet.slot(i, back=True)
            assert abs((sheet.page_w - bx - 63) - fx) < 0.5 and abs(by - fy) < 0.5
            front_box, back_box = sheet.bleed_box(i), sheet.bleed_box(i, back=True)
            assert back_box[0] == pytest.approx(sheet.page_w - front_box[0] - front_box[2])


def test_paper_too_small_for_one_card_is_refused():
    with pytest.raises(PrintError, match="too small for one 100 × 300 mm card"):
        plan_sheet("a4", 100, 300)


def test_unknown_paper_names_the_papers_and_the_closest():
    with pytest.raises(PrintError) as info:
        plan_sheet("leter", 63, 88)
    assert "unknown paper size" in info.value.message and "did you mean letter" in info.value.hint


def test_a_grid_that_does_not_fit_says_what_does():
    with pytest.raises(PrintError) as info:
        plan_sheet("a4", 63, 88, cols=4, rows=3)
    assert "at most 3x3 fits" in info.value.hint
    assert plan_sheet("a4", 63, 88, cols=4, rows=2, landscape=True).per_page == 8


@pytest.mark.parametrize("text", ["3", "0x3", "3x", "axb", "21x1"])
def test_a_malformed_grid_is_refused(text):
    with pytest.raises(PrintError, match="--grid"):
        parse_grid(text)
