"""``python -m deckkit`` and the ``deckkit`` console script."""

import signal
import sys


def main() -> None:
    """Run the CLI so that Ctrl-C at any moment exits 130, never Python's -SIGINT."""
    try:
        from deckkit.cli import main as cli_main

        cli_main()
    except KeyboardInterrupt:
        # A Ctrl-C while the modules are still importing, or one the CLI did not catch: uncaught,
        # Python re-raises SIGINT on itself and the exit status is -2 instead of 130.
        sys.exit(130)
    finally:
        # The work is done: a Ctrl-C during interpreter shutdown must not change the exit status.
        signal.signal(signal.SIGINT, signal.SIG_IGN)


if __name__ == "__main__":
    main()
