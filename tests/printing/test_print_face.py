"""A card's face: text shrinks to fit its region, a card whose text cannot fit is named, art is a picture
or a placeholder (never a crash)."""

from __future__ import annotations

import pytest

from deckkit.decks import CardPool
from deckkit.printing import fonts
from deckkit.printing.face import FaceMaker
from deckkit.printing.layout import load_layout


@pytest.fixture(scope="module")
def pool():
    return CardPool.bundled()


def _texts(face):
    return [(args[2], kwargs["size"]) for name, args, kwargs in face.steps if name == "text"]


def _region_text_sizes(face, layout, region_name):
    r = layout.region(region_name)
    return [kwargs["size"] for name, args, kwargs in face.steps
            if name == "text" and r.y <= args[1] <= r.y + r.h + 0.5 and r.x - 0.01 <= args[0] <= r.x + r.w]


def test_short_text_keeps_the_regions_size_and_long_text_shrinks_but_not_below_the_minimum(pool):
    layout = load_layout("ob")
    card = pool.find("Kubišta")
    maker = FaceMaker(layout)
    text = layout.region("text")
    assert set(_region_text_sizes(maker.face(card), layout, "text")) == {text.size}
    longer = dict(card, id="ob-long", text=" ".join([card["text"]] * 3))
    sizes = set(_region_text_sizes(maker.face(longer), layout, "text"))
    assert len(sizes) == 1 and text.min_size <= sizes.pop() < text.size
    assert not maker.face(longer).warnings


def test_text_that_cannot_fit_at_the_minimum_is_cut_and_the_card_named(pool):
    layout = load_layout("ob")
    card = dict(pool.find("Kubišta"), id="ob-huge", text="Příliš žluťoučký kůň úpěl ďábelské ódy. " * 40)
    face = FaceMaker(layout).face(card)
    assert any("'Kubišta' (ob-huge)" in w and "rules text does not fit" in w for w in face.warnings)
    lines = [t for t, size in _texts(face) if size == layout.region("text").min_size]
    assert lines and lines[-1].endswith("…")
    region = layout.region("text")
    m = fonts.metrics(layout.regular)
    assert all(m.width(t, region.min_size) <= region.w + 1e-6 for t in lines)


def test_a_long_name_shrinks_to_one_line(pool):
    layout = load_layout("af")
    card = dict(pool.find("Éjlépő Kajtár"), id="af-long", name="Éjlépő Kajtár, a hajnali pacsirták őrzője")
    face = FaceMaker(layout).face(card)
    (name, size), = [(t, s) for t, s in _texts(face) if t.startswith("Éjlépő")]
    region = layout.region("name")
    assert size < region.size and fonts.metrics(layout.bold).width(name, size) <= region.w + 1e-6


def test_every_letter_of_the_bundled_cards_is_in_the_shipped_font(pool):
    m = fonts.metrics(fonts.REGULAR)
    letters = {c for card in pool.by_id.values() for key in ("name", "text") for c in str(card.get(key, ""))}
    assert not m.lacks("".join(letters))
    assert not m.lacks("čřěšžťďňůú őűáéíóöü ČŘĚŠŽŐŰ")


def test_art_comes_from_the_art_folder_by_card_id_else_a_placeholder_and_a_warning(pool, tmp_path):
    from PIL import Image

    layout = load_layout("af")
    card = pool.find("Éjlépő Kajtár")
    Image.new("RGB", (300, 100), (200, 30, 30)).save(tmp_path / f"{card['id']}.png")
    maker = FaceMaker(layout, tmp_path)
    steps = [name for name, _, _ in maker.face(card).steps]
    assert "image" in steps
    other = pool.find("Jégszem Soyana")
    assert "image" not in [name for name, _, _ in maker.face(other).steps]  # no picture: a placeholder, no warning
    assert not maker.face(other).warnings
    (tmp_path / f"{other['id']}.jpg").write_text("not a picture", encoding="utf-8")
    face = FaceMaker(layout, tmp_path).face(other)
    assert "image" not in [name for name, _, _ in face.steps]
    assert any("'Jégszem Soyana'" in w and "not an image" in w and "placeholder" in w for w in face.warnings)


def test_frame_colour_follows_the_layouts_field(pool):
    layout = load_layout("ko")
    white, black = pool.find("Mandragora 1"), pool.find("Havraní pero 1")
    assert layout.frame_for(white) == layout.frame_colours[white["label"]]
    assert layout.frame_for(black) != layout.frame_for(white)
    corner = pool.find("Roh se sovou")
    assert layout.frame_for(corner) == layout.frame_colour


def test_control_characters_in_card_text_are_not_drawn(pool):
    layout = load_layout("ob")
    card = dict(pool.find("Kubišta"), id="ob-bell", text="Ring\x07 the\tbell\x00.")
    face = FaceMaker(layout).face(card)
    drawn = " ".join(t for t, _ in _texts(face))
    assert "Ring the bell." in drawn and "\x07" not in drawn and "\x00" not in drawn
    assert not face.warnings


def test_nothing_to_print_is_refused_before_anything_is_written(tmp_path):
    from deckkit.printing import PrintError
    from deckkit.printing.pdf import print_pdf
    from deckkit.printing.sheet import plan_sheet

    with pytest.raises(PrintError, match="no cards to print"):
        print_pdf([], load_layout("ob"), plan_sheet("a4", 63, 88), tmp_path / "empty.pdf", title="empty")
    assert not list(tmp_path.iterdir())
