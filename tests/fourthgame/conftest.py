# Tally's script runs through `deckkit script run` with DECKKIT_GAMES set (test_fourth_game.py); the
# in-process collector of *.deckkit.toml would run it where Tally is not registered.
collect_ignore_glob = ["*.deckkit.toml", "plugin/*"]
