"""deckkit: card catalogue, decks, odds and goldfish games for Obludárium, Álomfogó and Kotlík."""

__version__ = "0.1.0"
