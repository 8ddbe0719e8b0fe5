"""Tabletop Simulator export: deck sheet images and the ``DeckCustom`` saved object that loads them.

A TTS deck sheet is a grid of at most 10 × 7 card faces in one image of at most 4,096 pixels a side;
its last slot (bottom right) holds the picture TTS shows for a hidden card, here the back. A deck with
more distinct cards than one sheet holds gets more sheets, each a ``CustomDeck`` entry. Every copy is a
``Card`` in ``ContainedObjects`` with its card's name as its nickname; ``CardID`` is the sheet number
times 100 plus the card's slot, as TTS reads it. Picture paths are ``file://`` URLs: TTS loads them on
this computer (upload the images and replace the URLs to play online).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from deckkit.printing.backs import generated_back, picture_back
from deckkit.printing.common import PrintError, output_file, require
from deckkit.printing.face import FaceMaker
from deckkit.printing.layout import Layout
from deckkit.printing.render import Rendered, check_folder, output_folder
from deckkit.printing.sources import Selection

MAX_COLUMNS, MAX_ROWS, MAX_PIXELS = 10, 7, 4096
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last slot is the hidden card


def card_pixels(layout: Layout) -> tuple[int, int]:
    """The size of one card on a sheet: as large as 10 × 7 of them fit in 4,096 pixels."""
    w = MAX_PIXELS // MAX_COLUMNS
    h = round(w * layout.height / layout.width)
    if h * MAX_ROWS > MAX_PIXELS:
        h = MAX_PIXELS // MAX_ROWS
        w = min(MAX_PIXELS // MAX_COLUMNS, round(h * layout.width / layout.height))
    return w, h


def _transform(y: float = 1.0) -> dict[str, float]:
    return {"posX": 0.0, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def export_tts(selection: Selection, layout: Layout, folder: Path, *, backs: str | Path = "generated",
               art_dir: Path | None = None, stem: str | None = None) -> Rendered:
    """Write ``<stem>-sheet-N.png``, ``<stem>-back.png`` and ``<stem>.json`` into ``folder``."""
    require("PIL")
    from PIL import Image

    from deckkit.printing.raster import card_image, png_bytes

    if not selection.counts:
        raise PrintError("the deck has no cards", hint="add cards to the deck first")
    if stem is not None and (not stem or Path(stem).name != stem or stem in (".", "..")):
        raise PrintError(f"--name {stem!r} is not a file name", hint="the files go into the folder -f names; "
                         "give a plain name such as my-deck")
    check_folder(folder)
    stem = stem or _stem(selection.title)
    w, h = card_pixels(layout)
    ppm = w / layout.width
    maker = FaceMaker(layout, art_dir)
    back_face = generated_back(layout) if backs == "generated" else picture_back(layout, Path(backs), 0.0)
    back = card_image(back_face, layout, ppm).resize((w, h))
    distinct = [card for card, _ in selection.counts]
    drawn: list[tuple[Path, bytes]] = []
    slots: dict[str, tuple[int, int]] = {}
    custom: dict[str, Any] = {}
    out = Rendered()
    back_path = folder / f"{stem}-back.png"
    for number, start in enumerate(range(0, len(distinct), PER_SHEET), start=1):
        chunk = distinct[start:start + PER_SHEET]
        rows = min(MAX_ROWS, max(2, math.ceil((len(chunk) + 1) / MAX_COLUMNS)))
        sheet = Image.new("RGB", (MAX_COLUMNS * w, rows * h), "white")
        for slot, card in enumerate(chunk):
            face = maker.face(card)
            out.warnings.extend(x for x in face.warnings if x not in out.warnings)
            sheet.paste(card_image(face, layout, ppm).resize((w, h)), ((slot % MAX_COLUMNS) * w, (slot // MAX_COLUMNS) * h))
            slots[str(card.get("id"))] = (number, slot)
        hidden = MAX_COLUMNS * rows - 1
        sheet.paste(back, ((hidden % MAX_COLUMNS) * w, (hidden // MAX_COLUMNS) * h))
        path = folder / f"{stem}-sheet-{number}.png"
        drawn.append((path, png_bytes(sheet)))
        custom[str(number)] = {"FaceURL": path.resolve().as_uri(), "BackURL": back_path.resolve().as_uri(),
                               "NumWidth": MAX_COLUMNS, "NumHeight": rows, "BackIsHidden": True,
                               "UniqueBack": False, "Type": 0}
    drawn.append((back_path, png_bytes(back)))
    contained, ids = [], []
    for card, copies in selection.counts:
        number, slot = slots[str(card.get("id"))]
        card_id = number * 100 + slot
        for _ in range(copies):
            ids.append(card_id)
            contained.append({"Name": "Card", "Nickname": str(card.get("name", "")), "Description": "",
                              "CardID": card_id, "Transform": _transform(),
                              "CustomDeck": {str(number): custom[str(number)]}})
    saved = {"SaveName": selection.title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "",
             "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": [{
                 "Name": "DeckCustom", "Transform": _transform(), "Nickname": selection.title, "Description": "",
                 "DeckIDs": ids, "CustomDeck": custom, "ContainedObjects": contained}]}
    drawn.append((folder / f"{stem}.json", (json.dumps(saved, ensure_ascii=False, indent=2) + "\n").encode("utf-8")))
    output_folder(folder)
    for path, data in drawn:
        with output_file(path, "export file") as fh:
            fh.write(data)
        out.files.append(path)
    return out


def _stem(title: str) -> str:
    from deckkit.text import fold

    text = "".join(c if c.isalnum() else "-" for c in fold(title))
    return "-".join(p for p in text.split("-") if p)[:60] or "deck"
