"""A golden picture of one card per game: the drawn card may change only within a tolerance (a font
renderer's anti-aliasing differs a little between Pillow builds; a moved region or a lost text does not
pass). After an intended change of a layout, run this file with Python to draw the golden pictures again
and look at them before committing."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckkit.decks import CardPool
from deckkit.printing.face import FaceMaker
from deckkit.printing.layout import load_layout
from deckkit.printing.raster import card_image

GOLDEN = Path(__file__).resolve().parent / "golden"
CARDS = {"ob-kubista": "ob", "af-jegszem-soyana": "af", "ko-mandragora-1": "ko"}
PIXELS_PER_MM = 100 / 25.4  # 100 dpi: small files, every region still several pixels tall


def _draw(card_id: str):
    layout = load_layout(CARDS[card_id])
    return card_image(FaceMaker(layout).face(CardPool.bundled().find(card_id)), layout, PIXELS_PER_MM)


@pytest.mark.parametrize("card_id", sorted(CARDS))
def test_a_card_is_drawn_as_its_golden_picture(card_id):
    from PIL import Image, ImageChops

    drawn = _draw(card_id)
    with Image.open(GOLDEN / f"{card_id}.png") as opened:
        golden = opened.convert("RGB")
    assert drawn.size == golden.size
    diff = ImageChops.difference(drawn, golden).convert("L")
    histogram = diff.histogram()
    pixels = drawn.width * drawn.height
    mean = sum(level * count for level, count in enumerate(histogram)) / pixels
    far = sum(histogram[64:]) / pixels
    assert mean <= 3.0 and far <= 0.02, f"{card_id}: mean difference {mean:.2f}, {far:.1%} of pixels far off"


def test_the_comparison_sees_a_moved_region():
    """The tolerance is no blank cheque: the same card with its text box moved 3 mm fails it."""
    from dataclasses import replace

    from PIL import Image, ImageChops

    layout = load_layout("ob")
    moved = replace(layout, regions=tuple(replace(r, y=r.y + 3) if r.name == "text" else r for r in layout.regions))
    drawn = card_image(FaceMaker(moved).face(CardPool.bundled().find("ob-kubista")), moved, PIXELS_PER_MM)
    with Image.open(GOLDEN / "ob-kubista.png") as opened:
        diff = ImageChops.difference(drawn, opened.convert("RGB")).convert("L")
    far = sum(diff.histogram()[64:]) / (drawn.width * drawn.height)
    assert far > 0.02


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for card_id in CARDS:
        _draw(card_id).save(GOLDEN / f"{card_id}.png")
        print(f"wrote {GOLDEN / card_id}.png")
