"""Suite-wide safety net: no test may touch the user's real catalogue."""

from __future__ import annotations

import os
import tempfile

# Tests that need a catalogue make their own in tmp_path; anything that falls back to the default
# location lands in this throw-away folder instead of ~/.local/share/deckkit.
_SANDBOX = tempfile.mkdtemp(prefix="deckkit-tests-")
os.environ["DECKKIT_DB"] = os.path.join(_SANDBOX, "catalogue.db")
os.environ["XDG_DATA_HOME"] = _SANDBOX
