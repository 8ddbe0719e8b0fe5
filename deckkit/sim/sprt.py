"""Sequential probability ratio tests: stop playing as soon as the games decide between two hypotheses.

A test weighs H0 (the difference is ``h0``) against H1 (it is ``h1``, with ``h0 < h1``) by the
log-likelihood ratio (LLR) of the games so far, checked after every batch of games; it accepts H1
once the LLR reaches ``log((1 − β) / α)`` and H0 once it falls to ``log(β / (1 − α))`` (Wald's
bounds), so a false "better" happens at most with probability about α and a missed one (at a true
difference of ``h1`` or more) with about β. Checking only between batches makes the LLR overshoot its
bound a little, which lowers both error rates further.

Two likelihoods, both *generalised* (nuisance parameters replaced by their maximum-likelihood values
under each hypothesis, the way chess engine testing frameworks do it):

- **Match scores**: a game's score (1, ½, 0) or a duplicate pair's total (0, ½, 1, 1½, 2: the
  *pentanomial* of both lost, a loss and a draw, a split or two draws, a win and a draw, both won)
  is a multinomial; under a hypothesis the expected score is fixed and the category probabilities
  are the most likely ones with that mean (:func:`constrained_mle`). Elo is the logistic scale:
  score ``1 / (1 + 10^(−elo/400))``.
- **Paired differences in turns** (a goldfish comparison): a normal model whose variance is
  estimated under each hypothesis, ``LLR = n/2 · log(Σ(x − h0)² / Σ(x − h1)²)``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from deckkit.errors import UsageError

PAIR_VALUES = (0.0, 0.25, 0.5, 0.75, 1.0)  # a pair's mean score per category, both lost … both won
GAME_VALUES = (0.0, 0.5, 1.0)  # a single game's score: loss, draw, win
PAIR_NAMES = ("both lost", "loss+draw", "split", "win+draw", "both won")
_PSEUDO = 1e-3  # a tiny prior spread over the categories when one is empty, so every log is finite


def check_rates(alpha: float, beta: float) -> None:
    """Refuse error rates outside (0, 0.5) (UsageError, exit 2)."""
    for name, value in (("--alpha", alpha), ("--beta", beta)):
        if not 0 < value < 0.5:  # also refuses NaN
            raise UsageError(f"{name} must be between 0 and 0.5 (exclusive), not {value}",
                             hint="the usual choice is 0.05: at most a 5% chance of the wrong verdict")


def parse_hypotheses(text: str, option: str = "--sprt", unit: str = "Elo") -> tuple[float, float]:
    """``"H0,H1"`` as two numbers with ``H0 < H1`` (UsageError, exit 2, otherwise)."""
    parts = [p.strip() for p in str(text).split(",")]
    example = "0,5" if unit == "Elo" else "0,0.1"
    if len(parts) != 2:
        raise UsageError(f"{option} {text!r}: write two numbers H0,H1", hint=f"e.g. {option} {example}")
    try:
        h0, h1 = (float(p) for p in parts)
    except ValueError:
        raise UsageError(f"{option} {text!r}: {parts[0]!r} and {parts[1]!r} must be numbers",
                         hint=f"e.g. {option} {example}") from None
    if not (math.isfinite(h0) and math.isfinite(h1)):
        raise UsageError(f"{option} {text!r}: the bounds must be finite numbers", hint=f"e.g. {option} {example}")
    if h0 == h1:
        raise UsageError(f"{option} {text!r}: H0 and H1 are equal; the test needs two different {unit} values",
                         hint=f"H0 is the difference you would not act on, H1 the one you want to find, e.g. {example}")
    if h0 > h1:
        raise UsageError(f"{option} {text!r}: the bounds are in the wrong order (H0 must be below H1)",
                         hint=f"did you mean {option} {parts[1]},{parts[0]}?")
    if unit == "Elo" and max(abs(h0), abs(h1)) >= 2000:
        raise UsageError(f"{option} {text!r}: Elo differences must lie within ±2000", hint=f"e.g. {option} {example}")
    return h0, h1


def elo_to_score(elo: float) -> float:
    """The expected score of a side ``elo`` logistic Elo points stronger."""
    return 1 / (1 + 10 ** (-elo / 400))


def score_to_elo(score: float) -> float:
    """The logistic Elo difference of an expected score (±inf at 1 and 0)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


# -- counting results ------------------------------------------------------------------------------

def pair_category(first: float, second: float) -> int:
    """A pair's pentanomial category (0 both lost … 4 both won) from one side's two game scores."""
    return round(2 * (first + second))


def counts_of(categories: Sequence[int], size: int) -> list[int]:
    """How many results fall in each of ``size`` categories."""
    out = [0] * size
    for c in categories:
        out[c] += 1
    return out


def mean_var(counts: Sequence[float], values: Sequence[float]) -> tuple[float, float]:
    """Mean and variance (divided by N, the maximum-likelihood variance) of categorised results."""
    n = math.fsum(counts)
    if n <= 0:
        return math.nan, math.nan
    mean = math.fsum(k * v for k, v in zip(counts, values)) / n
    return mean, math.fsum(k * (v - mean) ** 2 for k, v in zip(counts, values)) / n


def _regularised(counts: Sequence[float]) -> list[float]:
    if all(k > 0 for k in counts):
        return [float(k) for k in counts]
    return [k + _PSEUDO / len(counts) for k in counts]


def constrained_mle(probs: Sequence[float], values: Sequence[float], mean: float) -> list[float]:
    """The probabilities closest to ``probs`` in likelihood whose expected value is ``mean``.

    Maximising ``Σ p̂ᵢ log pᵢ`` under ``Σ pᵢ = 1`` and ``Σ pᵢ vᵢ = mean`` gives
    ``pᵢ = p̂ᵢ / (1 + λ (vᵢ − mean))`` for the λ that makes the mean right; that equation is
    decreasing in λ on the interval where every denominator is positive, so a Newton iteration kept
    inside that interval finds it.
    ``probs`` must all be positive and ``mean`` strictly between the smallest and largest value.
    """
    a = -1 / (max(values) - mean)
    b = 1 / (mean - min(values))
    lam = 0.0
    for _ in range(100):  # Newton's method, kept inside the bracket [a, b] by bisection
        terms = [(p, v - mean, 1 + lam * (v - mean)) for p, v in zip(probs, values)]
        f = math.fsum(p * d / q for p, d, q in terms)
        if abs(f) < 1e-14:
            break
        if f > 0:
            a = lam
        else:
            b = lam
        slope = -math.fsum(p * d * d / (q * q) for p, d, q in terms)
        step = lam - f / slope if slope < 0 else math.nan
        lam = step if a < step < b else (a + b) / 2
        if b - a < 1e-15:
            break
    out = [p / (1 + lam * (v - mean)) for p, v in zip(probs, values)]
    total = math.fsum(out)
    return [p / total for p in out]


def llr_scores(counts: Sequence[float], values: Sequence[float], s0: float, s1: float) -> float:
    """The generalised LLR of "expected score s1" against "s0" for categorised results (pairs or games)."""
    reg = _regularised(counts)
    n = math.fsum(reg)
    if n <= 0 or sum(1 for k in counts if k) < 1:
        return 0.0
    probs = [k / n for k in reg]
    p0 = constrained_mle(probs, values, s0)
    p1 = constrained_mle(probs, values, s1)
    return math.fsum(k * math.log(b / a) for k, a, b in zip(reg, p0, p1))


def llr_normal(n: int, total: float, total_sq: float, h0: float, h1: float) -> float:
    """The generalised LLR of "mean h1" against "mean h0" for ``n`` normal observations.

    ``total`` and ``total_sq`` are the sum and the sum of squares of the observations; the variance
    is estimated under each hypothesis, so ``LLR = n/2 · log(Σ(x − h0)² / Σ(x − h1)²)``.
    """
    if n < 2:
        return 0.0
    r0 = total_sq - 2 * h0 * total + n * h0 * h0
    r1 = total_sq - 2 * h1 * total + n * h1 * h1
    floor = 1e-12 * n * (h1 - h0) ** 2  # every observation exactly on a hypothesis
    return n / 2 * math.log(max(r0, floor) / max(r1, floor))


def llr_normal_of(xs: Sequence[float], h0: float, h1: float) -> float:
    """:func:`llr_normal` of the observations ``xs`` themselves."""
    return llr_normal(len(xs), math.fsum(xs), math.fsum(x * x for x in xs), h0, h1)


# -- the test --------------------------------------------------------------------------------------

@dataclass
class Sprt:
    """One sequential test: hypotheses, error rates, and the LLR after each batch of games."""

    h0: float
    h1: float
    alpha: float = 0.05
    beta: float = 0.05
    unit: str = "Elo"  # or "turns"
    history: list[tuple[int, float]] = field(default_factory=list)  # (games played, LLR)
    decision: str | None = None  # "H1", "H0", or None while undecided (or stopped at the cap)

    def __post_init__(self) -> None:
        check_rates(self.alpha, self.beta)
        if not self.h0 < self.h1:
            raise UsageError(f"the SPRT needs H0 below H1, not {self.h0:g},{self.h1:g}")

    @property
    def lower(self) -> float:
        """Accept H0 at or below this LLR."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """Accept H1 at or above this LLR."""
        return math.log((1 - self.beta) / self.alpha)

    def update(self, games: int, llr: float) -> str | None:
        """Record the LLR after ``games`` games; the decision once a bound is crossed."""
        self.history.append((games, llr))
        if llr >= self.upper:
            self.decision = "H1"
        elif llr <= self.lower:
            self.decision = "H0"
        return self.decision

    @property
    def games(self) -> int:
        """Games played when the test last looked."""
        return self.history[-1][0] if self.history else 0

    @property
    def llr(self) -> float:
        """The last LLR (0 before any games)."""
        return self.history[-1][1] if self.history else 0.0

    def rates_text(self) -> str:
        """``α = 5%, β = 5%``."""
        return f"α = {self.alpha * 100:g}%, β = {self.beta * 100:g}%"

    def hypotheses_text(self) -> str:
        """``H0: 0 Elo, H1: 5 Elo``."""
        return f"H0: {self.h0:g} {self.unit}, H1: {self.h1:g} {self.unit}"

    def as_json(self) -> dict:
        """The test's JSON object: hypotheses, rates, bounds, decision, games and the LLR's path."""
        return {"h0": self.h0, "h1": self.h1, "unit": self.unit, "alpha": self.alpha, "beta": self.beta,
                "lower": round(self.lower, 4), "upper": round(self.upper, 4), "llr": round(self.llr, 4),
                "decision": self.decision, "games": self.games,
                "history": [[g, round(v, 4)] for g, v in self.history]}


def expected_games(drift: float, spread: float, lower: float, upper: float) -> float:
    """Expected observations until an LLR with this ``drift`` and variance ``spread`` per observation leaves
    (lower, upper), by the Brownian-motion (Wald) approximation."""
    if spread <= 0:
        return math.inf
    if abs(drift) < 1e-12 * spread:
        return -lower * upper / spread
    k = 2 * drift / spread
    # P(upper first) for a Brownian motion with drift; the exponents are kept finite by subtracting the larger
    ea, eb = -k * lower, -k * upper
    top = max(ea, eb, 0.0)
    p_upper = (math.exp(-top) - math.exp(ea - top)) / (math.exp(eb - top) - math.exp(ea - top))
    return (p_upper * upper + (1 - p_upper) * lower) / drift


def sprt_expected(sd: float, true: float, h0: float, h1: float, alpha: float, beta: float) -> float:
    """Expected observations of a normal-approximation SPRT of ``h0`` against ``h1`` at a true mean ``true``
    (observations with standard deviation ``sd``)."""
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    var = sd * sd
    drift = (h1 - h0) * (2 * true - h0 - h1) / (2 * var)
    return expected_games(drift, (h1 - h0) ** 2 / var, lower, upper)


def chart(test: Sprt, width: int = 56, height: int = 9) -> list[str]:
    """The LLR over games as a small text plot between the two bounds (``*`` the path, ``-`` the bounds)."""
    if not test.history:
        return []
    top = max(test.upper, max(v for _, v in test.history))
    bottom = min(test.lower, min(v for _, v in test.history))
    last = max(1, test.history[-1][0])
    grid = [[" "] * width for _ in range(height)]

    def row(v: float) -> int:
        return min(height - 1, max(0, round((top - v) / (top - bottom) * (height - 1))))

    for bound in (test.upper, test.lower):
        for c in range(width):
            grid[row(bound)][c] = "-"
    zero = row(0.0)
    for c in range(width):
        if grid[zero][c] == " ":
            grid[zero][c] = "·"
    for games, v in test.history:
        grid[row(v)][min(width - 1, round(games / last * (width - 1)))] = "*"
    labels = {row(test.upper): f"{test.upper:+.2f} accept H1", row(test.lower): f"{test.lower:+.2f} accept H0",
              zero: " 0"}
    lines = [f"  LLR over games (0 … {last:,})"]
    for r in range(height):
        lines.append(f"  |{''.join(grid[r])}| {labels.get(r, '')}".rstrip())
    return lines


def from_json(d: dict) -> Sprt:
    """The test back from its JSON object (for rendering)."""
    return Sprt(d["h0"], d["h1"], d["alpha"], d["beta"], d["unit"], [(g, v) for g, v in d["history"]],
                d["decision"])


def report_lines(d: dict, h1_words: str, h0_words: str) -> list[str]:
    """The test's outcome in words, its bounds, and the LLR chart; ``h1_words``/``h0_words`` say what each
    decision means for the things compared."""
    test = from_json(d)
    head = (f"SPRT ({test.hypotheses_text()}; {test.rates_text()}): ")
    if test.decision == "H1":
        head += f"H1 accepted after {test.games:,} games — {h1_words}"
    elif test.decision == "H0":
        head += f"H0 accepted after {test.games:,} games — {h0_words}"
    else:
        head += (f"no decision after {test.games:,} games (the cap); the LLR has not left its bounds yet, "
                 "raise --games to go on")
    lines = [head, f"  LLR {test.llr:+.3f}, bounds {test.lower:+.3f} (accept H0) and {test.upper:+.3f} (accept H1)"]
    return lines + chart(test)
