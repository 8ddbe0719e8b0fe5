"""The game screen of ``deckkit play``: a game at the table in words, full screen (Textual) or line by line."""
