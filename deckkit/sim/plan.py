"""How many games a question needs: sample sizes from a pilot run's variance, fixed and sequential.

A *design* is one way of collecting observations — paired games on shared seeds, independent games,
duplicate match pairs — each with the spread of one observation (from the pilot) and the games one
observation costs. For a difference ``effect`` (in the observation's unit), a fixed-size two-sided
test at level α with power 1 − β needs ``((z(1 − α/2) + z(1 − β)) · sd / effect)²`` observations;
an SPRT of 0 against ``effect`` at error rates α and β needs, on average, what
:func:`deckkit.sim.sprt.sprt_expected` says (Wald's approximation), at a true difference of 0 and
of ``effect``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from deckkit.errors import UsageError
from deckkit.sim.sprt import check_rates, sprt_expected
from deckkit.sim.stats import normal_quantile

MIN_PILOT = 30  # observations below which a variance estimate is too rough to plan on


@dataclass
class Design:
    """One way to collect observations: its name, the spread of one observation, the games it costs."""

    name: str
    sd: float
    games_each: int = 1  # games (per deck for goldfish, in all for a match) one observation costs
    fixed: int = 0  # games of a fixed-size test
    sprt_h0: float = 0.0  # expected games of the SPRT when the true difference is 0
    sprt_h1: float = 0.0  # … and when it is the effect sought


@dataclass
class Plan:
    """Games needed to detect ``delta`` (in ``unit``) by each design, from a pilot of ``pilot`` observations."""

    delta: float
    unit: str
    effect: float  # ``delta`` on the observations' scale (a score for Elo)
    alpha: float
    beta: float
    pilot: int
    games_unit: str  # "games per deck" or "games"
    designs: list[Design] = field(default_factory=list)

    def as_json(self) -> dict:
        """The plan's JSON object."""
        return {"difference": self.delta, "unit": self.unit, "alpha": self.alpha, "beta": self.beta,
                "power": round(1 - self.beta, 4), "pilot": self.pilot, "games_unit": self.games_unit,
                "designs": [{"design": d.name, "sd": round(d.sd, 5), "fixed_games": d.fixed,
                             "sprt_expected_games_if_no_difference": round(d.sprt_h0),
                             "sprt_expected_games_if_difference": round(d.sprt_h1)} for d in self.designs]}


def plan_lines(d: dict) -> list[str]:
    """A plan's JSON object in words, one design a line."""
    out = [f"Plan: to detect a difference of {d['difference']:g} {d['unit']} (two-sided α = {d['alpha'] * 100:g}%, "
           f"power {d['power'] * 100:g}%), from a pilot of {d['pilot']:,} observations:"]
    width = max(len(x["design"]) for x in d["designs"])
    for x in d["designs"]:
        out.append(f"  {x['design']:<{width}}  fixed size: {x['fixed_games']:,} {d['games_unit']}; an SPRT of "
                   f"0 against {abs(d['difference']):g}: about {x['sprt_expected_games_if_difference']:,} if the "
                   f"difference is there, {x['sprt_expected_games_if_no_difference']:,} if there is none")
    return out


def check_delta(delta: float, option: str = "--plan") -> None:
    """Refuse a difference of 0 (or not a number) to plan for (UsageError, exit 2)."""
    if not (isinstance(delta, (int, float)) and math.isfinite(delta)) or delta == 0:
        raise UsageError(f"{option} {delta}: the difference to detect must be a number other than 0",
                         hint=f"e.g. {option} 0.1 (turns) or {option} 20 (Elo)")


def check_pilot(n: int, sd: float, what: str) -> None:
    """Refuse a pilot too short (or too uniform) to estimate a variance from (UsageError, exit 2)."""
    if n < MIN_PILOT:
        raise UsageError(f"the pilot run is too short to estimate the variance: {n} {what}, at least {MIN_PILOT} needed",
                         hint="raise --games for the pilot")
    if not sd > 0:
        raise UsageError(f"the pilot's {n} {what} show no variation at all, so no variance to plan with",
                         hint="raise --games, or check that the two sides differ")


def sd_of(values: Sequence[float]) -> float:
    """The sample standard deviation."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = math.fsum(values) / n
    return math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))


def make_plan(delta: float, unit: str, effect: float, alpha: float, beta: float, pilot: int, games_unit: str,
              designs: Sequence[Design]) -> Plan:
    """Fill in each design's fixed size and SPRT expectation for ``effect`` (observations × games each)."""
    check_delta(delta)
    check_rates(alpha, beta)
    z = normal_quantile(1 - alpha / 2) + normal_quantile(1 - beta)
    size = abs(effect)
    out = Plan(delta, unit, effect, alpha, beta, pilot, games_unit)
    for d in designs:
        n = math.ceil((z * d.sd / size) ** 2)
        h0 = sprt_expected(d.sd, 0.0, 0.0, size, alpha, beta)
        h1 = sprt_expected(d.sd, size, 0.0, size, alpha, beta)
        out.designs.append(Design(d.name, d.sd, d.games_each, n * d.games_each, h0 * d.games_each, h1 * d.games_each))
    return out
