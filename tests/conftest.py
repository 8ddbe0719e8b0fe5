"""Suite-wide safety net: no test may touch the user's real catalogue."""

from __future__ import annotations

import os
import tempfile

# Tests that need a catalogue make their own in tmp_path; anything that falls back to the default
# location lands in this throw-away folder instead of ~/.local/share/deckkit.
_SANDBOX = tempfile.mkdtemp(prefix="deckkit-tests-")
os.environ["DECKKIT_DB"] = os.path.join(_SANDBOX, "catalogue.db")
os.environ["XDG_DATA_HOME"] = _SANDBOX

# Hypothesis: no per-example deadline (a loaded 2-core machine is slow, not wrong); on CI the
# examples are derived from each test's name, so a run there is repeatable, while local runs keep
# exploring new examples.
try:
    from hypothesis import settings
except ImportError:  # pragma: no cover - hypothesis is part of the test extra
    pass
else:
    settings.register_profile("deckkit", deadline=None)
    settings.register_profile("deckkit-ci", deadline=None, derandomize=True)
    settings.load_profile("deckkit-ci" if os.environ.get("CI") else "deckkit")
