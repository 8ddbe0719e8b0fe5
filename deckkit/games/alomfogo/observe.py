"""What an Álomfogó state shows: the snapshot scripts and tests read, and a picture for people (a mixin of
:class:`~deckkit.games.alomfogo.state.AlomfogoState`)."""

from __future__ import annotations

from deckkit.games.alomfogo.rulebase import RulesBase
from deckkit.games.alomfogo.zones import ACTIVE, DECIDE, DEFEND, STATE_NAMES


class Observation(RulesBase):
    """The snapshot and the rendering of the state."""

    def snapshot(self) -> dict:
        """Counters, zones (card names, library top first), card states, the duel and the result."""
        out: dict = {
            "turn": self.turn,
            "active": self.pname(self.active),
            "phase": self.phase,
            "result": None if self.result is None else (self.result if isinstance(self.result, str)
                                                        else self.pname(self.result)),
            "duel": None,
        }
        if self.phase == DECIDE:
            out["decision"] = {"text": self.decision_text(), "choices": [w for w, _ in self.decision_options()]}
        if self.duel is not None:
            d = self.duel
            a, b = self.totals()
            out["duel"] = {
                "attacker": self.label(d.players[0], d.duelists[0]),
                "defender": None if self.phase == DEFEND else self.label(d.players[1], d.duelists[1]),
                "attack": a,
                "defence": b,
                "helpers": [None if h is None else h.card.name for h in d.helpers],
            }
        for i, player in enumerate(self.players):
            out[self.pname(i)] = {
                "glory": player.glory,
                "vp": player.vp,
                "hand": [c.name for c in player.hand],
                "library": [c.name for c in reversed(player.library)],
                "table": [perm.card.name if perm.state == ACTIVE else f"{perm.card.name} ({STATE_NAMES[perm.state]})"
                          for perm in player.table],
                "cage": [c.name for c in player.cage],
                "alive": player.alive,
            }
        return out

    def render(self) -> str:
        """A readable picture of the state."""
        lines = [f"turn {self.turn}, {self.pname(self.active)} to play, {self.phase}"
                 + ("" if self.result is None else f", result {self.snapshot()['result']}")]
        for i, player in enumerate(self.players):
            table = ", ".join(perm.card.name + ("" if perm.state == ACTIVE else f" ({STATE_NAMES[perm.state]})")
                              for perm in player.table) or "–"
            lines.append(f"{self.pname(i)}: glory {player.glory}, VP {player.vp}, hand {len(player.hand)}, "
                         f"library {len(player.library)}, cage {len(player.cage)}")
            lines.append(f"    table: {table}")
            lines.append(f"    hand: {', '.join(c.name for c in player.hand) or '–'}")
        if self.duel is not None:
            d = self.duel
            lines.append(f"duel: {self.label(d.players[0], d.duelists[0])} attacks; {self._totals_text()}")
        return "\n".join(lines)
