"""``python -m deckkit``."""

from deckkit.cli import main

main()
