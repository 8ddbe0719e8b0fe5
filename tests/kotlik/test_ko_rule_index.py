"""Every rule of the Kotlík digest is pinned: cited by a test or a shipped script (the issue's "each rule")."""

import re
from pathlib import Path

from deckkit.paths import data_dir

# The numbered rules and open questions of shared/rules/kotlik.md, as of this digest. A new rule there
# gets a number here and a test or script citing it.
RULES = (
    [101, 102, 103, 104, 105, 106, 107, 108, 110, 111, 112, 113, 114, 115, 116, 201, 202, 203, 204, 205, 206,
     207, 208]
    + list(range(301, 312)) + list(range(401, 408)) + list(range(501, 508)) + [601, 602, 603, 604]
    + [610, 611, 612, 613, 620, 621, 701, 702, 703, 704] + list(range(801, 812))
)
QUESTIONS = range(1, 13)


def cited() -> set[str]:
    """Rule numbers cited as ``KO-nnn`` / ``KO-Qn``, in test names ``ko_nnn_mmm``, or as ranges ``ko_a_to_b``."""
    texts = [p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py") if p.name != Path(__file__).name]
    texts += [p.read_text(encoding="utf-8") for p in (data_dir() / "scripts").glob("ko-*.deckkit.toml")]
    found: set[str] = set()
    for text in texts:
        found |= {f"KO-{n}" for n in re.findall(r"KO-(\d{3}|Q\d+)\b", text)}
        for a, b in re.findall(r"KO-(\d{3}) – KO-(\d{3})", text):  # ranges in prose and notes
            found |= {f"KO-{n}" for n in range(int(a), int(b) + 1)}
        for name in re.findall(r"def test_ko_([0-9a-z_]+)\(", text):
            parts = name.split("_")
            for i, part in enumerate(parts):
                if re.fullmatch(r"\d{3}", part):
                    found.add(f"KO-{part}")
                    if i + 2 < len(parts) and parts[i + 1] == "to" and re.fullmatch(r"\d{3}", parts[i + 2]):
                        found |= {f"KO-{n}" for n in range(int(part), int(parts[i + 2]) + 1)}
                elif re.fullmatch(r"q\d+", part):
                    found.add(f"KO-Q{part[1:]}")
    return found


def test_every_rule_and_open_question_is_cited_by_a_test_or_script():
    found = cited()
    missing = [f"KO-{n}" for n in RULES if f"KO-{n}" not in found]
    missing += [f"KO-Q{n}" for n in QUESTIONS if f"KO-Q{n}" not in found]
    assert missing == []
