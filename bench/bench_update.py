"""Update-import benchmark: re-importing changed cards costs about what a fresh import of as many does.

Builds a catalogue of BASE cards, then times (CPU and wall) importing UPDATE changed versions of
existing cards into it, against a fresh import of the same UPDATE cards into an empty catalogue,
timed in the same run. Peak memory (ru_maxrss growth) of each is printed too. Target (issue 17):
update <= 2x fresh, memory bounded. The issue's sizes are 300,000 / 200,000; the defaults are
scaled down for a shared machine (the ratio is what is compared).

    python bench/bench_update.py [BASE] [UPDATE] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen_cards import generate  # noqa: E402


def _timed(cat, path: Path) -> tuple[float, float, dict]:
    from deckkit.catalogue.importer import import_files

    started, cpu = time.perf_counter(), time.process_time()
    report = import_files(cat, [path])
    cat.close()
    return time.perf_counter() - started, time.process_time() - cpu, report.to_dict()


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("base", type=int, nargs="?", default=60_000)
    parser.add_argument("update", type=int, nargs="?", default=40_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from deckkit.catalogue import open_catalogue
    from deckkit.catalogue.importer import import_files

    with tempfile.TemporaryDirectory() as tmp:
        base = generate(args.base, args.seed)
        changed = [{**c, "text": (c.get("text") or "") + " Changed."} for c in base[:args.update]]
        base_file, changed_file = Path(tmp) / "base.json", Path(tmp) / "changed.json"
        base_file.write_text(json.dumps(base, ensure_ascii=False), encoding="utf-8")
        changed_file.write_text(json.dumps(changed, ensure_ascii=False), encoding="utf-8")
        del base, changed

        rss0 = _rss_mb()
        fresh = _timed(open_catalogue(Path(tmp) / "fresh.db", fill=False), changed_file)
        rss1 = _rss_mb()
        assert fresh[2]["added"] == args.update, fresh[2]

        cat = open_catalogue(Path(tmp) / "upd.db", fill=False)
        import_files(cat, [base_file])
        cat.close()
        upd = _timed(open_catalogue(Path(tmp) / "upd.db", fill=False), changed_file)
        rss2 = _rss_mb()
        assert upd[2]["updated"] == args.update, upd[2]
        print(f"catalogue: {args.base} cards; {args.update} of them re-imported changed")
        print(f"fresh import of {args.update}: wall {fresh[0]:.2f} s  CPU {fresh[1]:.2f} s  "
              f"peak RSS growth {rss1 - rss0:.0f} MB")
        print(f"update import of {args.update}: wall {upd[0]:.2f} s  CPU {upd[1]:.2f} s  "
              f"peak RSS growth {max(0.0, rss2 - rss1):.0f} MB (beyond the fresh import's peak)")
        ratio_w, ratio_c = upd[0] / fresh[0], upd[1] / fresh[1]
        print(f"ratio update/fresh: wall {ratio_w:.2f}x  CPU {ratio_c:.2f}x  (target <= 2x)  "
              f"{'OK' if ratio_c <= 2 else 'OVER'}")


if __name__ == "__main__":
    main()
