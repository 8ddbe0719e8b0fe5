"""deckkit print, render, export-tts and deck show --image on the command line: what they write, and bad
input refused with one message naming the file and the field, exit 2, nothing written."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from print_helpers import page_sizes, page_texts, render_page


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_print_a_bundled_deck_to_letter_with_picture_backs(run, tmp_path):
    from PIL import Image

    Image.new("RGB", (250, 350), (20, 60, 120)).save(tmp_path / "back.png")
    result = run("print", "alomfogo-casual", "-f", "dreamers.pdf", "--paper", "letter", "--backs", "back.png")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.strip() == "wrote dreamers.pdf: 35 cards on 8 pages (letter, 3x3, 3 mm bleed)"
    sizes = page_sizes(tmp_path / "dreamers.pdf")
    assert len(sizes) == 8 and all(abs(w - 215.9) < 0.2 and abs(h - 279.4) < 0.2 for w, h in sizes)
    texts = [" ".join(page.split()) for page in page_texts(tmp_path / "dreamers.pdf")]
    assert "Zsófi's dreamers — page 2 of 8 (backs)" in texts[1]
    assert "Éjlépő Kajtár" in texts[0] and "general-spell — bűvforrás" in " ".join(texts)  # Hungarian ő and ű


def test_print_a_query_one_each_names_the_pdf_after_nothing_given(run, tmp_path):
    result = run("print", "--query", "game:ko t:recipe", "--one-each", "--grid", "4x2", "--landscape")
    assert result.exit_code == 0, result.stderr
    assert "13 cards on 2 pages" in result.stdout and (tmp_path / "cards.pdf").exists()
    w, h = page_sizes(tmp_path / "cards.pdf")[0]
    assert w > h  # landscape


@pytest.mark.parametrize("args, words", [
    (["print", "alomfogo-casual", "--paper", "a5"], "--paper 'a5': unknown paper size"),
    (["print", "alomfogo-casual", "--grid", "5x5"], "--grid 5x5"),
    (["print", "alomfogo-casual", "--bleed", "-1"], "--bleed -1"),
    (["print", "alomfogo-casual", "--backs", "missing.png"], "missing.png"),
    (["print", "alomfogo-casual", "--backs", "fake.png"], "fake.png is not an image"),
    (["print", "alomfogo-casual", "--layout", "bad-layout.json"], "$.regions: unknown region 'nmae'"),
    (["print", "alomfogo-casual", "-f", "no/such/folder/x.pdf"], "the folder of the PDF does not exist"),
    (["print", "alomfogo-casual", "obludarium-standard"], "decks of two games"),
    (["print", "--query", "cost<=1", "--layout", "bad-layout.json"], "a layout is one game's"),
    (["print"], "no deck given"),
    (["print", "alomfogo-casual", "--art", "nowhere"], "--art: no such folder"),
    (["render", "Athame", "-f", "missing/pictures"], "the folder's parent does not exist"),
    (["render", "Athame", "-f", "pics", "--only", "gif"], "--only 'gif'"),
    (["render", "Athame", "-f", "pics", "--dpi", "5"], "--dpi 5"),
    (["export-tts", "alomfogo-casual", "-f", "tts", "--backs", "fake.png"], "fake.png is not an image"),
    (["export-tts", "alomfogo-casual", "-f", "tts", "--name", "../outside"], "--name '../outside' is not a file name"),
    (["export-tts", "alomfogo-casual", "-f", "tts", "--name", "a/b"], "--name 'a/b' is not a file name"),
    (["deck", "show", "alomfogo-casual", "--image", "deck.jpg"], "the deck picture is a PNG file"),
])
def test_bad_input_is_one_message_exit_2_and_nothing_written(run, tmp_path, args, words):
    (tmp_path / "fake.png").write_text("no picture", encoding="utf-8")
    (tmp_path / "bad-layout.json").write_text(json.dumps(
        {"card": {"width": 63, "height": 88}, "regions": {"nmae": {"x": 1, "y": 1, "w": 9, "h": 5}}}), encoding="utf-8")
    before = _files(tmp_path)
    result = run(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert words in result.stderr and result.stderr.startswith("error: ")
    assert "Traceback" not in result.stderr
    assert _files(tmp_path) == before  # no PDF, no picture, no temporary file


def test_an_unknown_deck_is_an_error_naming_it(run):
    result = run("print", "no-such-deck")
    assert result.exit_code != 0 and "no-such-deck" in result.stderr


def test_a_missing_print_extra_is_a_one_line_hint(run, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "fpdf" else real(name, *a))
    result = run("print", "alomfogo-casual")
    assert result.exit_code == 2
    assert "pip install 'deckkit[print]'" in result.stderr and "'fpdf'" in result.stderr


def test_a_missing_art_picture_is_a_warning_not_a_failure(run, tmp_path):
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "af-athame.png").write_bytes(b"\x89PNG broken")
    result = run("print", "--query", "game:af athame", "--art", "art", "-f", "athame.pdf")
    assert result.exit_code == 0
    assert "warning: card 'Athame' (af-athame)" in result.stderr and "placeholder" in result.stderr
    assert (tmp_path / "athame.pdf").exists()


def test_render_refuses_cards_of_two_games(run):
    result = run("render", "Éjlépő Kajtár", "ko-mandragora-1", "-f", "pics")
    assert result.exit_code == 2 and "cards of 2 games" in result.stderr


def test_render_png_size_and_resolution_and_svg_text(run, tmp_path):
    from xml.etree import ElementTree

    from PIL import Image

    result = run("render", "Éjlépő Kajtár", "jegszem soyana", "-f", "pics")
    assert result.exit_code == 0, result.stderr
    assert _files(tmp_path / "pics") == ["af-ejlepo-kajtar.png", "af-ejlepo-kajtar.svg", "af-jegszem-soyana.png",
                                         "af-jegszem-soyana.svg"]
    with Image.open(tmp_path / "pics" / "af-ejlepo-kajtar.png") as png:
        assert png.size == (744, 1039)  # 63 × 88 mm at 300 dpi
        assert round(png.info["dpi"][0]) == 300
    svg = ElementTree.parse(tmp_path / "pics" / "af-jegszem-soyana.svg").getroot()
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert "Jégszem Soyana" in texts and "3 / 0" in texts
    assert svg.get("width") == "63mm" and svg.get("height") == "88mm"


def test_export_tts_writes_sheets_the_back_and_a_deck_custom_object(run, tmp_path):
    from PIL import Image

    result = run("export-tts", "alomfogo-casual", "-f", "tts")
    assert result.exit_code == 0, result.stderr
    folder = tmp_path / "tts"
    saved = json.loads((folder / "zsofi-s-dreamers.json").read_text(encoding="utf-8"))
    (deck,) = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "Zsófi's dreamers"
    assert len(deck["DeckIDs"]) == 35 == len(deck["ContainedObjects"])
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
    names = [c["Nickname"] for c in deck["ContainedObjects"]]
    assert names[:3] == ["Éjlépő Kajtár"] * 3 and len(set(names)) == 15
    sheet = deck["CustomDeck"]["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (10, 2) and sheet["BackIsHidden"] is True
    assert sheet["FaceURL"].startswith("file://") and sheet["FaceURL"].endswith("zsofi-s-dreamers-sheet-1.png")
    with Image.open(folder / "zsofi-s-dreamers-sheet-1.png") as image, \
            Image.open(folder / "zsofi-s-dreamers-back.png") as back:
        assert image.width <= 4096 and image.height <= 4096
        w, h = image.width // 10, image.height // 2
        assert back.size == (w, h)
        hidden = image.crop((9 * w, h, 10 * w, 2 * h))  # the last slot: the hidden card
        assert hidden.convert("RGB").tobytes() == back.convert("RGB").tobytes()


def test_tts_card_size_fits_ten_by_seven_in_4096_pixels():
    from deckkit.printing.layout import load_layout
    from deckkit.printing.tts import card_pixels

    w, h = card_pixels(load_layout("ob"))
    assert 10 * w <= 4096 and 7 * h <= 4096 and abs(w / h - 63 / 88) < 0.01


def test_deck_show_draws_the_deck_as_one_picture(run, tmp_path):
    from PIL import Image

    result = run("deck", "show", "alomfogo-casual", "--image", "deck.png")
    assert result.exit_code == 0, result.stderr
    assert "Éjlépő Kajtár" in result.stdout  # the table is still shown
    with Image.open(tmp_path / "deck.png") as image:
        assert image.width > 1000 and image.height > 1000


def test_card_files_are_written_whole(run, tmp_path):
    """A file being replaced is never seen half-written: the old PDF stays until the new one is complete."""
    (tmp_path / "old.pdf").write_bytes(b"old")
    result = run("print", "alomfogo-casual", "--paper", "a5", "-f", "old.pdf")
    assert result.exit_code == 2 and (tmp_path / "old.pdf").read_bytes() == b"old"
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]


def test_card_warns_when_its_text_and_abilities_disagree_in_numbers(tmp_path):
    """deckkit card shows the text and the abilities' English; numbers that differ between them are a warning."""
    from typer.testing import CliRunner

    from deckkit.cli import app
    from deckkit.decks import CardPool

    kubista = dict(CardPool.bundled().find("Kubišta"))
    changed = dict(kubista, id="ob-kubista-misprint", name="Kubišta Misprint",
                   text=kubista["text"].replace("Kubišta", "Kubišta Misprint").replace("+2", "+3"))
    (tmp_path / "cards.json").write_text(json.dumps([changed], ensure_ascii=False), encoding="utf-8")
    db = str(tmp_path / "c.db")
    runner = CliRunner()
    assert runner.invoke(app, ["--db", db, "import", str(tmp_path / "cards.json")]).exit_code == 0
    result = runner.invoke(app, ["--db", db, "card", "Kubišta Misprint"])
    assert result.exit_code == 0
    assert "+3" in result.stdout and "+2" in result.stdout  # both are shown
    assert "warning: the text and the abilities disagree in their numbers: 3 only in the text, 2 only in the " \
           "abilities" in result.stderr
    same = runner.invoke(app, ["--db", db, "card", "Kubišta"])
    assert same.exit_code == 0 and "disagree" not in same.stderr


def test_a_cards_image_field_names_its_art(tmp_path):
    """A designer's card carries its picture's path (relative to --art); print draws it, a missing one is a warning."""
    from PIL import Image
    from typer.testing import CliRunner

    from deckkit.cli import app

    (tmp_path / "art").mkdir()
    Image.new("RGB", (40, 30), (10, 200, 10)).save(tmp_path / "art" / "green.png")
    cards = [{"id": "af-zold", "game": "alomfogo", "name": "Zöld Álom", "type": "event", "cost": 1, "image": "green.png",
              "text": "Zöld."},
             {"id": "af-piros", "game": "alomfogo", "name": "Piros Álom", "type": "event", "cost": 1,
              "image": "red.png", "text": "Piros."}]
    (tmp_path / "cards.json").write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
    db = str(tmp_path / "c.db")
    runner = CliRunner()
    imported = runner.invoke(app, ["--db", db, "import", str(tmp_path / "cards.json")])
    assert imported.exit_code == 0, imported.stderr
    out = tmp_path / "dreams.pdf"
    result = runner.invoke(app, ["--db", db, "print", "--query", "álom", "--art", str(tmp_path / "art"), "-f", str(out)])
    assert result.exit_code == 0, result.stderr
    assert "Piros Álom" in result.stderr and "red.png does not exist" in result.stderr
    assert "Zöld Álom" not in result.stderr
    raw = render_page(out, 0, 50).tobytes()
    greens = sum(1 for i in range(0, len(raw), 3) if raw[i + 1] > 150 and raw[i] < 60 and raw[i + 2] < 60)
    assert greens > 500  # the picture is on the page


def test_a_query_over_two_games_prints_each_card_with_its_own_games_layout_and_back(run, tmp_path):
    result = run("print", "--query", "t:recipe or t:food", "-f", "mixed.pdf", "--backs", "generated")
    assert result.exit_code == 0, result.stderr
    assert "19 cards on 6 pages" in result.stdout  # 13 recipes and 6 foods: 3 pages of fronts, 3 of backs
    texts = [" ".join(page.split()) for page in page_texts(tmp_path / "mixed.pdf")]
    fronts, backs = " ".join(texts[0::2]), " ".join(texts[1::2])
    assert "Needs: " in fronts and "Food: tap to pay 1." in fronts  # each game's layout and rules text
    assert "Obludárium" in backs and "Čarodějnický kotlík" in backs  # each game's back
    refused = run("print", "--query", "t:recipe or t:food", "--layout", "x.json")
    assert refused.exit_code == 2 and "a layout is one game's" in refused.stderr


def test_print_to_standard_output(run, tmp_path):
    result = run("print", "alomfogo-casual", "-f", "-")
    assert result.exit_code == 0, result.stderr
    assert result.stdout_bytes.startswith(b"%PDF-") and result.stdout_bytes.rstrip().endswith(b"%%EOF")
    assert "wrote the PDF to standard output: 35 cards on 4 pages" in result.stderr
    assert _files(tmp_path) == []
