"""Two runs compared, in words that agree with their numbers.

One sentence per measure says how often B is above A, by how much on average, and what the two
paired tests give (:mod:`ndcg_core.trec.significance`)::

    B is higher on 34 of 46 queries (lower on 10, tied on 2); mean B − A = +0.037;
    p = 0.001, paired t-test; p = 0.0012, randomization test with 10,000 samples.

The rules that keep the words true (tests/core/test_comparison_words.py checks them on many
generated comparisons):

* the counts are the tally's (a tied query: |B − A| ≤ 10⁻⁹), and a count of one query is "1 query";
* a difference carries the sign of the unrounded value, is written with more decimals where the
  usual ones would show it as 0, and is written 0 only when it is 0 within float noise: never "+0.0000";
* a p-value is written with two significant digits, never as 0, and as 1 only when it is 1; below
  0.0001 it is written "p < 0.0001"; beside a threshold it gets the digits that put it on the right
  side of it (:func:`p_against`); a t-test that does not apply says why instead of giving a number.

>>> p_text(0.00123), p_text(0.99996), p_text(1.0), p_text(3e-9)
('= 0.0012', '= 0.99996', '= 1', '< 0.0001')
>>> signed(0.0372, 3), signed(-0.00004, 3), signed(0.0, 3), signed_percent(0.1452), signed_percent(-0.0004)
('+0.037', '−0.00004', '0', '+14.5%', '−0.04%')
>>> measure_label("ndcg_cut_10"), measure_label("ndcg"), queries(1), queries(2)
('NDCG@10', 'NDCG (whole list)', '1 query', '2 queries')
"""

from __future__ import annotations

from ndcg_core.teaching import wording
from ndcg_core.trec.comparison import MeasureComparison
from ndcg_core.trec.significance import TIE_TOLERANCE

#: The smallest p-value written as a number; anything below is "p < 0.0001".
SMALLEST_P = 1e-4
#: The significance level: a p-value below it (or below its share, with several measures) is significant.
ALPHA = 0.05
#: Significant digits of a p-value.
P_DIGITS = 2
#: Significant digits of a threshold shared by several measures (0.05 / 3 → 0.0167).
THRESHOLD_DIGITS = 3


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


def p_against(p: float, threshold: float) -> str:
    """:func:`p_text`, with the digits that keep the written p on the same side of ``threshold`` as p.

    >>> p_text(0.0499), p_against(0.0499, 0.05), p_against(0.05, 0.05), p_against(0.012, 0.0125)
    ('= 0.05', '= 0.0499', '= 0.05', '= 0.012')
    """
    if p < SMALLEST_P:  # "< 0.0001"; beside a tiny threshold, in powers of 10
        return f"< {SMALLEST_P:g}" if threshold >= SMALLEST_P else f"= {p:.{P_DIGITS}g}"
    if wording.is_one(p):
        return "= 1"
    below = p < threshold
    digits = P_DIGITS
    while digits < wording.MAX_DECIMALS:
        written = float(f"{p:.{digits}g}")
        if written < 1 and written > 0 and (written < threshold) == below:
            break
        digits += 1
    return f"= {_plain(f'{p:.{digits}g}')}"


def _plain(text: str) -> str:
    """A number written by ``:g`` without an exponent (``1e-04`` → ``0.0001``)."""
    return f"{float(text):.{wording.MAX_DECIMALS}f}".rstrip("0").rstrip(".") if "e" in text else text


def signed(value: float, decimals: int = 3) -> str:
    """A difference with its sign ("+0.037", "−0.004"), more decimals where it would show 0; 0 is "0"."""
    if abs(value) <= TIE_TOLERANCE:
        return "0"
    places = decimals
    while places < wording.MAX_DECIMALS and float(f"{abs(value):.{places}f}") == 0:
        places += 1
    return f"{'+' if value > 0 else '−'}{abs(value):.{places}f}"


def signed_percent(value: float, decimals: int = 1) -> str:
    """A relative change as a signed percentage ("+14.5%"), more decimals where it would show 0."""
    return signed(100 * value, decimals) + "%"


def queries(count: int) -> str:
    """ "1 query", "2 queries", "1,000 queries"."""
    return f"{count:,} {'query' if count == 1 else 'queries'}"


def measure_label(name: str) -> str:
    """A measure as a reader names it: ``ndcg_cut_10`` → "NDCG@10", ``ndcg`` → "NDCG (whole list)"."""
    if name.startswith("ndcg_cut_"):
        return f"NDCG@{name.removeprefix('ndcg_cut_')}"
    if name == "ndcg":
        return "NDCG (whole list)"
    if name.startswith("judged_"):
        return f"judged@{name.removeprefix('judged_')}"
    return name


def count_of(count: int, total: int) -> str:
    """ "34 of 46 queries", "all 46 queries", "none of the 46 queries", "1 of 46 queries".

    For one query compared, "the one query" or "not the one query": never "no query (1 compared)".
    """
    if total == 1:
        return "the one query" if count == 1 else "not the one query"
    if count == total:
        return f"all {total:,} queries"
    if count == 0:
        return f"none of the {total:,} queries"
    return f"{count:,} of {total:,} queries"


def t_test_words(measure: MeasureComparison) -> str:
    """ "p = 0.001, paired t-test", or why no t-test applies (never "p = 0")."""
    p = measure.t_test.p_value
    if p is None:
        return f"no paired t-test ({measure.t_test_note})"
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
    if total == 1:
        a, b = wording.pair(float(measure.a[0]), float(measure.b[0]), decimals)
        where = "higher than" if tally.wins else ("lower than" if tally.losses else "tied with")
        return (
            f"On the one query compared ({measure.qids[0]}), B is {where} A ({b} against {a}; "
            f"B − A = {signed(measure.mean_difference, decimals)}); no test can tell chance from a "
            "difference on one query."
        )
    tied = f", tied on {tally.ties:,}" if tally.ties else ""
    return (
        f"B is higher on {count_of(tally.wins, total)} (lower on {tally.losses:,}{tied}); "
        f"mean B − A = {signed(measure.mean_difference, decimals)}; "
        f"{t_test_words(measure)}; {randomization_words(measure)}."
    )


def threshold(measures: int, alpha: float = ALPHA) -> float:
    """The level each p is compared with: α, or α / m for m measures (Bonferroni), to 3 significant digits.

    >>> threshold(1), threshold(4), threshold(3)
    (0.05, 0.0125, 0.0167)
    """
    return alpha if measures <= 1 else float(f"{alpha / measures:.{THRESHOLD_DIGITS}g}")


def threshold_text(measures: int, alpha: float = ALPHA) -> str:
    """The threshold in words, with the correction named when there is one.

    >>> threshold_text(1), threshold_text(4)
    ('α = 0.05', '0.0125 (α = 0.05 / 4 measures: Bonferroni)')
    """
    if measures <= 1:
        return f"α = {alpha:g}"
    return f"{_plain(f'{threshold(measures, alpha):g}')} (α = {alpha:g} / {measures} measures: Bonferroni)"


def caution(measures: int, alpha: float = ALPHA) -> str | None:
    """One line on testing several measures at once, or None for one measure (nothing to caution).

    With m independent tests at level α, the chance that at least one falls below α when no
    difference is real is 1 − (1 − α)^m (the measures here are related, so the true chance is
    lower, but above α). Bonferroni's correction compares each p with α / m.

    >>> caution(1) is None
    True
    >>> caution(4)
    'Testing 4 measures at once: at α = 0.05 with 4 measures, compare p with 0.0125 (Bonferroni), as the verdict does; otherwise one of them may fall below 0.05 by chance alone (up to 19% for 4 independent tests).'
    """
    if measures <= 1:
        return None
    chance = 1 - (1 - alpha) ** measures
    return (
        f"Testing {measures} measures at once: at α = {alpha:g} with {measures} measures, compare p with "
        f"{_plain(f'{threshold(measures, alpha):g}')} (Bonferroni), as the verdict does; otherwise one of them "
        f"may fall below {alpha:g} by chance alone (up to {wording.percent(chance)} for {measures} independent "
        "tests)."
    )


def p_value(text: str) -> float:
    """The number in a p-value's text ("= 0.0012" → 0.0012; "< 0.0001" → 0.0001), for checks."""
    return float(text.split()[-1])


__all__ = [
    "ALPHA",
    "caution",
    "comparison_sentence",
    "count_of",
    "measure_label",
    "p_against",
    "p_text",
    "p_value",
    "queries",
    "randomization_words",
    "signed",
    "signed_percent",
    "t_test_words",
    "threshold",
    "threshold_text",
]
