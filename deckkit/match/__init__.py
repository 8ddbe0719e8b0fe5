"""Two-player matches between decks: AIs that see only their own view, seeded runs, statistics.

Nothing here knows a game: each game's :class:`deckkit.engine.hidden.MatchSupport` (its spec's
``match`` hook) gives the view, determinisations and greedy pilot the AIs use.
"""
