"""The check the refusal-topic tests of every game share: does a cited rule speak of the refused action?"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping


def speaks_of(topics: Mapping[str, str], pending: Mapping[str, str],
              words: Mapping[str, tuple[str, ...] | list[str]]) -> Callable[[str, str], bool]:
    """``(rule, kind) -> bool``: the rule's topic names the action of that kind, or the rule is one of order
    (a decision it makes pending comes first, so every other action waits for it)."""

    def check(rule: str, kind: str) -> bool:
        topic = topics[rule]
        return rule in pending or any(re.search(r"\b" + re.escape(w), topic) for w in words[kind])

    return check
