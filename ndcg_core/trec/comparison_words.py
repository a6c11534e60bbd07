"""Two runs compared, in words that agree with their numbers.

One sentence per measure says how often B is above A, by how much on average, and what the two
paired tests give (:mod:`ndcg_core.trec.significance`)::

    B is higher on 34 of 46 queries (lower on 10, level on 2); mean B − A = +0.037;
    p = 0.001, paired t-test; p = 0.0012, randomization test with 10,000 samples.

The rules that keep the words true (the tests check them on many generated comparisons):

* the counts are the tally's (a level query: |B − A| ≤ 10⁻⁹);
* the mean difference carries the sign of the unrounded mean, is written with more decimals
  when the usual ones would show it as 0, and is written 0 only when it is 0 within float noise;
* a p-value is written with two significant digits, never as 0, and as 1 only when it is 1;
  below 0.0001 it is written "p < 0.0001"; a t-test that has no p-value says why.

>>> p_text(0.00123), p_text(0.99996), p_text(1.0), p_text(3e-9)
('= 0.0012', '= 0.99996', '= 1', '< 0.0001')
>>> signed(0.0372, 3), signed(-0.00004, 3), signed(0.0, 3)
('+0.037', '−0.00004', '0')
"""

from __future__ import annotations

from ndcg_core.teaching import wording
from ndcg_core.trec.comparison import MeasureComparison

#: The smallest p-value written as a number; anything below is "p < 0.0001".
SMALLEST_P = 1e-4
#: The level the caution refers to (the one most readers compare with).
ALPHA = 0.05
#: Significant digits of a p-value.
P_DIGITS = 2


def p_text(p: float) -> str:
    """A p-value as "= 0.0012" (two significant digits), "= 1" only for 1, or "< 0.0001"."""
    if p < SMALLEST_P:
        return f"< {SMALLEST_P:g}"
    if wording.is_one(p):
        return "= 1"
    digits = P_DIGITS
    while digits < wording.MAX_DECIMALS and float(f"{p:.{digits}g}") >= 1:
        digits += 1  # 0.99996 is not 1
    return f"= {_plain(f'{p:.{digits}g}')}"


def _plain(text: str) -> str:
    """A number written by ``:g`` without an exponent (``1e-04`` → ``0.0001``)."""
    return f"{float(text):.{wording.MAX_DECIMALS}f}".rstrip("0").rstrip(".") if "e" in text else text


def signed(value: float, decimals: int = 3) -> str:
    """A difference with its sign ("+0.037", "−0.004"), more decimals where it would show 0; 0 is "0"."""
    if wording.same(value, 0.0):
        return "0"
    places = decimals
    while places < wording.MAX_DECIMALS and float(f"{abs(value):.{places}f}") == 0:
        places += 1
    return f"{'+' if value > 0 else '−'}{abs(value):.{places}f}"


def count_of(count: int, total: int) -> str:
    """ "34 of 46 queries", "all 46 queries", "none of the 46 queries", "the one query"."""
    if total == 1:
        return "the one query" if count == 1 else "no query (1 compared)"
    if count == total:
        return f"all {total:,} queries"
    if count == 0:
        return f"none of the {total:,} queries"
    return f"{count:,} of {total:,} queries"


def t_test_words(measure: MeasureComparison) -> str:
    """ "p = 0.001, paired t-test", or why the t-test has no p-value."""
    note = measure.t_test_note
    p = measure.t_test.p_value
    if p is None:
        return f"no paired t-test ({note})"
    if note:  # every difference the same and not 0: t is infinite
        return f"p = 0, paired t-test ({note})"
    return f"p {p_text(p)}, paired t-test"


def randomization_words(measure: MeasureComparison) -> str:
    """ "p = 0.0012, randomization test with 10,000 samples"."""
    test = measure.randomization
    if test.p_value is None:
        return "no randomization test (no query)"
    return f"p {p_text(test.p_value)}, randomization test with {test.samples:,} samples"


def comparison_sentence(measure: MeasureComparison, decimals: int = 3) -> str:
    """How B compares with A on one measure: wins, the mean difference and both tests, in one sentence."""
    tally, total = measure.tally, len(measure.qids)
    if total == 0:
        return "No query was compared: neither run answers a judged query."
    level = f", level on {tally.ties:,}" if tally.ties else ""
    return (
        f"B is higher on {count_of(tally.wins, total)} (lower on {tally.losses:,}{level}); "
        f"mean B − A = {signed(measure.mean_difference, decimals)}; "
        f"{t_test_words(measure)}; {randomization_words(measure)}."
    )


def caution(measures: int) -> str:
    """One line on testing several measures at once: the chance of a false alarm grows with them.

    With m independent tests at level 0.05, the chance that at least one falls below 0.05 when no
    difference is real is 1 − 0.95^m (the measures here are related, so the true chance is lower,
    but above 0.05).

    >>> caution(4)
    'Testing 4 measures at once: by chance alone, one may fall below p = 0.05 (up to 19% for 4 independent tests); choose the measure that counts before looking, or compare each p with 0.05 / 4 = 0.0125 (Bonferroni).'
    """
    if measures <= 1:
        return (
            "One measure, one test: p is the chance of a difference at least this large if the runs were "
            "interchangeable, not the chance that B is better."
        )
    chance = 1 - (1 - ALPHA) ** measures
    return (
        f"Testing {measures} measures at once: by chance alone, one may fall below p = {ALPHA:g} "
        f"(up to {wording.percent(chance)} for {measures} independent tests); choose the measure that counts "
        f"before looking, or compare each p with {ALPHA:g} / {measures} = {_plain(f'{ALPHA / measures:.3g}')} "
        "(Bonferroni)."
    )


def p_value(text: str) -> float:
    """The number in a p-value's text ("= 0.0012" → 0.0012; "< 0.0001" → 0.0001), for checks."""
    return float(text.split()[-1])


__all__ = [
    "caution",
    "comparison_sentence",
    "count_of",
    "p_text",
    "p_value",
    "randomization_words",
    "signed",
    "t_test_words",
]
