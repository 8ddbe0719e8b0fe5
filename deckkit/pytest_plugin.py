"""pytest plugin: collects scripted solitaire tests (``*.deckkit.toml``). Filled by the script runner."""
