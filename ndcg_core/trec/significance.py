"""Is run B better than run A, or is the difference noise? Two paired tests on per-query values.

Both tests look at the per-query differences d_i = b_i − a_i (B's value minus A's, same query i,
n queries): a query is its own control, so differences between queries cancel out.

* **Paired t-test.** t = mean(d) / (sd(d) / √n), with sd the sample standard deviation (n − 1
  in the denominator); under "no difference" t follows Student's t with n − 1 degrees of
  freedom, and the two-sided p-value is p = 2 · P(T ≥ |t|). Same as ``scipy.stats.ttest_rel(b, a)``;
  scipy gives the t distribution: ``scipy.special.stdtr`` (its CDF) and ``stdtrit`` (its inverse),
  the functions behind ``scipy.stats.t``, imported only when a t-test runs. Not ``scipy.stats``
  itself: it adds about 45 MiB to a server process, ``scipy.special`` about 13.
* **Paired randomization test** (sign flip, two-sided). If A and B were interchangeable, each
  difference would be as likely to be −d_i as d_i. Each of ``samples`` random samples flips the sign
  of every d_i with probability 1/2 and takes |mean|; the p-value is the share of samples at least as
  extreme as the observed |mean(d)|, counting the observed one:
  p = (1 + #{samples with |mean| ≥ |mean(d)|}) / (1 + samples), never 0 (Phipson & Smyth, 2010).
  "At least as extreme" allows 10⁻¹² for rounding. The random signs come from NumPy's PCG64
  seeded with ``seed``: the same seed and data give the same p-value on every machine.

Wins, ties and losses count queries where B is above, tied with (|d| ≤ 10⁻⁹) or below A. The
t-test uses the same tolerance: a difference within it is a tie, so it counts as 0, and
differences that are all the same within it have no spread (sd = 0): then t is 0/0 or infinite and
no t-test applies (:attr:`TTest.undefined` says why); the randomization test still does.

>>> tally([0.2, 0.5, 0.4], [0.3, 0.5, 0.1])
Tally(wins=1, ties=1, losses=1)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

#: |B − A| at most this is a tie.
TIE_TOLERANCE = 1e-9
#: The randomization test's default number of samples, and its default seed.
SAMPLES = 10_000
SEED = 0
#: A sample's |mean| counts as "at least as extreme" down to this far below the observed one.
ROUNDING = 1e-12


@dataclass(frozen=True)
class Tally:
    """Queries where B is above A (wins), tied with it (ties) and below it (losses)."""

    wins: int
    ties: int
    losses: int


@dataclass(frozen=True)
class TTest:
    """The paired t-test: t, its degrees of freedom, the two-sided p-value, the 95 % interval.

    ``statistic``, ``p_value`` and ``ci95`` are None when the test does not apply, and
    ``undefined`` says why: ``"one query"`` (fewer than 2), ``"no difference"`` (every difference
    a tie: t = 0/0) or ``"equal differences"`` (every difference the same, not 0: sd = 0, t is
    infinite, and a p of 0 would claim a certainty that n equal numbers cannot give).
    """

    statistic: float | None
    df: int
    p_value: float | None
    ci95: tuple[float, float] | None  # 95 % confidence interval of mean(d): mean ± t₀.₉₇₅ · sd/√n
    undefined: str | None = None


@dataclass(frozen=True)
class Randomization:
    """The paired randomization test's two-sided p-value and how it was drawn."""

    p_value: float | None  # None with no queries
    samples: int
    seed: int
    as_extreme: int  # samples with |mean| ≥ the observed |mean(d)|


def differences(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray) -> np.ndarray:
    """d = b − a, query by query."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.shape != b.shape or a.ndim != 1:
        raise ValueError("a and b need one value per query each, the same queries in the same order")
    return b - a


def tally(
    a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray, tolerance: float = TIE_TOLERANCE
) -> Tally:
    """Wins, ties and losses of B against A (a tie: |b − a| ≤ tolerance)."""
    d = differences(a, b)
    wins, losses = int(np.count_nonzero(d > tolerance)), int(np.count_nonzero(d < -tolerance))
    return Tally(wins, len(d) - wins - losses, losses)


def paired_t_test(
    a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray, tolerance: float = TIE_TOLERANCE
) -> TTest:
    """t = mean(d) / (sd(d)/√n), p = 2·P(T_{n−1} ≥ |t|); see the module docstring.

    A difference within ``tolerance`` of 0 is a tie and counts as 0, as in :func:`tally`; an sd
    within ``tolerance`` of 0 is no spread.

    >>> paired_t_test([0.5, 0.5], [0.5 + 1e-12, 0.5 + 3e-12]).undefined
    'no difference'
    >>> paired_t_test([0.1, 0.2], [0.35, 0.45]).undefined
    'equal differences'
    """
    d = differences(a, b)
    d = np.where(np.abs(d) <= tolerance, 0.0, d)
    n = len(d)
    if n < 2:
        return TTest(None, n - 1, None, None, "one query")
    mean, sd = float(d.mean()), float(d.std(ddof=1))
    if sd <= tolerance:
        return TTest(None, n - 1, None, None, "no difference" if not d.any() else "equal differences")
    from scipy.special import stdtr, stdtrit  # Student's t CDF and its inverse; only when a t-test runs

    statistic = mean / (sd / math.sqrt(n))
    half_width = float(stdtrit(n - 1, 0.975)) * sd / math.sqrt(n)
    p_value = float(2 * stdtr(n - 1, -abs(statistic)))  # 2 · P(T ≤ −|t|) = 2 · P(T ≥ |t|)
    return TTest(statistic, n - 1, min(p_value, 1.0), (mean - half_width, mean + half_width))


def randomization_test(
    a: Sequence[float] | np.ndarray,
    b: Sequence[float] | np.ndarray,
    samples: int = SAMPLES,
    seed: int = SEED,
) -> Randomization:
    """Two-sided paired sign-flip test: p = (1 + #{|mean| ≥ observed}) / (1 + samples)."""
    if samples < 1:
        raise ValueError("the randomization test needs at least 1 sample")
    d = differences(a, b)
    n = len(d)
    if n == 0:
        return Randomization(None, samples, seed, 0)
    observed = abs(float(np.ones(n) @ d)) / n
    generator = np.random.Generator(np.random.PCG64(seed))
    words = -(-n // 64)  # 64 random signs per 64-bit word, whole words per sample
    batch = max(1, 1_000_000 // n)
    as_extreme = 0
    for start in range(0, samples, batch):
        count = min(batch, samples - start)
        raw = generator.bit_generator.random_raw(count * words).astype("<u8").reshape(count, words)
        flips = np.unpackbits(raw.view(np.uint8), axis=1, bitorder="little")[:, :n]
        signs = 1.0 - 2.0 * flips  # bit 1: flip the sign of that query's difference
        means = np.abs(signs @ d) / n
        as_extreme += int(np.count_nonzero(means >= observed - ROUNDING))
    return Randomization((1 + as_extreme) / (1 + samples), samples, seed, as_extreme)
