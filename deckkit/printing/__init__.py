"""Cards on paper and on screen: print-and-play PDF sheets, card images and Tabletop Simulator decks.

Every picture of a card is drawn from one layout (``schemas/layout.schema.json``; each game ships its
own as ``layout.json`` in its package, named by its spec's ``layout``): :mod:`.layout` reads and checks
it, :mod:`.face` turns a card and a layout into drawing steps in millimetres (the rules text chosen by
:mod:`.cardtext`, text fitted with :mod:`.fonts`), and the painters draw those steps into a PDF
(:mod:`.pdf`, imposed on sheets by :mod:`.sheet`), a PNG (:mod:`.raster`) or an SVG (:mod:`.svg`).
:mod:`.render` writes card pictures and one picture of a deck, :mod:`.tts` Tabletop Simulator deck
sheets and their ``DeckCustom`` JSON, and :mod:`.sources` gathers the cards to draw from decks, a
search or names; :mod:`.backs` draws card backs and :mod:`.images` reads pictures.

The PDF and image libraries (fpdf2, Pillow) are the optional ``print`` extra; :func:`require` turns
their absence into a one-line hint. Importing this package imports neither.
"""

from __future__ import annotations

from deckkit.printing.common import PrintError, require

__all__ = ["PrintError", "require"]
