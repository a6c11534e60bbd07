"""Is B better than A? The verdict on one measure, in a paragraph a director can read.

Four parts, each built from the numbers of a :class:`~ndcg_core.trec.comparison.MeasureComparison`:

1. **How much**: both means, B − A, the change relative to A, and the 95 % confidence interval of
   mean(B − A) (the paired t interval: mean ± t₀.₉₇₅,ₙ₋₁ · sd / √n).
2. **How sure**: the paired t-test's p against the threshold, which is α = 0.05, or α / m when m
   measures were tested together (Bonferroni's correction, named). Below it: "unlikely to be
   chance", and B is better or worse; otherwise the data cannot tell. The randomization test is
   named as agreeing or not. Where no t-test applies (one query, every difference the same) the
   randomization test decides, and the paragraph says why.
3. **Query by query**: on how many queries B is higher, lower, tied, and clearly lower (by more
   than :data:`CLEAR`).
4. **Unjudged documents**: how many queries have a loss, or a 0, that rests on a top k that is
   mostly unjudged (:mod:`ndcg_core.trec.judged`), with one example: "judge them before concluding".

>>> from ndcg_core.trec.comparison import compare_values
>>> m = compare_values("ndcg_cut_10", ["q1", "q2", "q3", "q4"], [0.5, 0.4, 0.6, 0.3], [0.7, 0.5, 0.65, 0.2])
>>> print(Verdict(m).text())
On NDCG@10, B scores 0.51 against A's 0.45: +0.062, +13.9% (95% CI −0.136 to +0.261). The data cannot tell whether B is better or worse: a difference this large could well be chance (p = 0.39, not below α = 0.05, paired t-test; randomization test: p = 0.5). Query by query, B is higher on 3 of 4 queries and lower on 1 (by 0.1 or less).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from ndcg_core.teaching import wording
from ndcg_core.trec.comparison import MeasureComparison, Unjudged
from ndcg_core.trec.comparison_words import (
    ALPHA,
    count_of,
    measure_label,
    p_against,
    queries,
    signed,
    signed_percent,
    threshold,
    threshold_text,
)
from ndcg_core.trec.significance import TIE_TOLERANCE

#: A query where B is lower by more than this is "clearly worse" (a tenth of the 0–1 scale).
CLEAR = 0.1
#: Decimals of the means in the paragraph (the difference and the interval get one more).
DECIMALS = 2


@dataclass(frozen=True)
class Verdict:
    """The verdict on one measure: ``tested`` measures were tested together at level ``alpha``."""

    measure: MeasureComparison
    tested: int = 1
    alpha: float = ALPHA

    @property
    def label(self) -> str:
        return measure_label(self.measure.measure)

    @property
    def n(self) -> int:
        return len(self.measure.qids)

    @property
    def threshold(self) -> float:
        """α, or α / m with m measures tested (Bonferroni), as written."""
        return threshold(self.tested, self.alpha)

    @property
    def correction(self) -> str | None:
        """The correction applied for several measures, if any."""
        return "Bonferroni" if self.tested > 1 else None

    @property
    def test(self) -> str | None:
        """The test that decides: the paired t-test, or the randomization test where no t-test applies."""
        if self.measure.t_test.p_value is not None:
            return "paired t-test"
        if self.n >= 2 and self.measure.t_test.undefined == "equal differences":
            return "randomization test"
        return None

    @property
    def p(self) -> float | None:
        """The deciding test's p-value (None when no test can decide: no query, one query, no difference)."""
        if self.test == "paired t-test":
            return self.measure.t_test.p_value
        if self.test == "randomization test":
            return self.measure.randomization.p_value
        return None

    @property
    def significant(self) -> bool:
        """p below the threshold: a difference this large is unlikely to be chance."""
        return self.p is not None and self.p < self.threshold

    @property
    def better(self) -> bool | None:
        """True if B is significantly better, False if significantly worse, None if the data cannot tell."""
        if not self.significant:
            return None
        return self.measure.mean_difference > 0

    @property
    def randomization_agrees(self) -> bool:
        """The randomization test falls on the same side of the threshold as the deciding test."""
        other = self.measure.randomization.p_value
        return other is not None and (other < self.threshold) == self.significant

    @property
    def clear_losses(self) -> int:
        """Queries where B is lower by more than :data:`CLEAR`."""
        return int((self.measure.difference < -CLEAR).sum())

    @cached_property
    def unjudged(self) -> list[Unjudged]:
        return self.measure.unjudged()

    # -- the words ------------------------------------------------------------------------------

    def headline(self) -> str:
        """The conclusion in a few words: "B is better on NDCG@10", or that the data cannot tell."""
        if self.n == 0:
            return f"No query to compare on {self.label}"
        if self.better is True:
            return f"B is better on {self.label}"
        if self.better is False:
            return f"B is worse on {self.label}"
        return f"The data cannot tell whether B is better on {self.label}"

    def sentences(self) -> list[str]:
        """The paragraph's sentences: how much, how sure, query by query, unjudged documents."""
        if self.n == 0:
            return ["No query was compared: neither run answers a judged query."]
        return [s for s in (self.size(), self.certainty(), self.counts(), self.unjudged_sentence()) if s]

    def text(self) -> str:
        """The paragraph as plain text."""
        return " ".join(self.sentences())

    def markdown(self, names: tuple[str, str, str] | None = None) -> str:
        """The headline in bold, the runs named (``names``: qrels, A, B), then the paragraph; text escaped."""
        runs = ""
        if names is not None:
            runs = f"A = {names[1]}, B = {names[2]}, judged by {names[0]} ({queries(self.n)}). "
        return f"**{markdown_escape(self.headline())}.** {markdown_escape(runs + self.text())}"

    def size(self) -> str:
        """How much: the means, B − A, the relative change and the confidence interval."""
        m = self.measure
        b_text, a_text = wording.pair(m.mean_b, m.mean_a, DECIMALS)
        places = len(a_text.partition(".")[2]) + 1
        where = f" on the one query compared ({m.qids[0]})" if self.n == 1 else ""
        if abs(m.mean_difference) <= TIE_TOLERANCE:
            how = where if self.n == 1 else " on average"
            start = f"On {self.label}, A and B score the same{how} ({wording.share(m.mean_a, DECIMALS)})"
            return f"{start}{self._interval(places, first=True)}."
        relative = m.relative_change
        change = (
            f"{signed_percent(relative)}" if relative is not None else "no relative change, as A's mean is 0"
        )
        return (
            f"On {self.label}, B scores {b_text} against A's {a_text}{where}: "
            f"{signed(m.mean_difference, places)}, {change}{self._interval(places)}."
        )

    def _interval(self, places: int, first: bool = False) -> str:
        """ " (95% CI −0.01 to +0.09)", or why there is none ("" for one query)."""
        m = self.measure
        if m.ci95 is not None:
            low, high = m.ci95
            return f" (95% CI {signed(low, places)} to {signed(high, places)})"
        if m.t_test.undefined == "equal differences":
            return " (every query differs by the same amount, so there is no confidence interval)"
        return ""

    def certainty(self) -> str:
        """How sure: p against the threshold, the correction, and whether the randomization test agrees."""
        m = self.measure
        if self.n == 1:
            return "One query cannot tell a real difference from chance: no test applies to a single query."
        if self.test is None:  # every difference is a tie
            return "A and B score the same on every query: there is nothing to test."
        p = self.p
        assert p is not None
        written = f"p {p_against(p, self.threshold)}"
        rule = threshold_text(self.tested, self.alpha)
        if self.test == "randomization test":
            why = (
                f"Every query differs by the same {signed(float(m.difference[0]), DECIMALS + 1)}, so no t-test "
                f"applies (sd = 0); the randomization test gives {written}"
            )
            if self.significant:
                return f"{why} < {rule}: unlikely to be chance, so B is {self._direction()}."
            return f"{why}, not below {rule}: the data cannot tell whether B is better or worse."
        other = m.randomization.p_value
        other_text = f"p {p_against(other, self.threshold)}" if other is not None else "no p"
        if self.significant:
            agree = (
                f"the randomization test agrees, {other_text}"
                if self.randomization_agrees
                else f"the randomization test does not ({other_text}), so treat it as borderline"
            )
            return (
                f"A difference this large is unlikely to be chance ({written} < {rule}, paired t-test; "
                f"{agree}): B is {self._direction()}."
            )
        agree = (
            f"randomization test: {other_text}"
            if self.randomization_agrees
            else f"the randomization test gives {other_text}, below the threshold, so treat it as borderline"
        )
        alone = ""
        if self.tested > 1 and p < self.alpha:
            alone = (
                f" Alone it would pass α = {self.alpha:g} (its 95% interval leaves out 0), but not with "
                f"{self.tested} measures tested."
            )
        return (
            "The data cannot tell whether B is better or worse: a difference this large could well be chance "
            f"({written}, not below {rule}, paired t-test; {agree}).{alone}"
        )

    def _direction(self) -> str:
        return "better" if self.measure.mean_difference > 0 else "worse"

    def counts(self) -> str:
        """Query by query: higher, lower, tied, and clearly lower."""
        if self.n < 2:
            return ""
        tally = self.measure.tally
        clear = self.clear_losses
        lower = f"{tally.losses:,}" if tally.losses else "none"
        tied = f", tied on {tally.ties:,}" if tally.ties else ""
        if not tally.losses:
            by = ""
        elif clear == 0:
            by = f" (by {CLEAR:g} or less)" if tally.losses == 1 else f" (each by {CLEAR:g} or less)"
        elif clear == tally.losses:
            by = f" (by more than {CLEAR:g})" if clear == 1 else f" (each by more than {CLEAR:g})"
        else:
            by = f" (by more than {CLEAR:g} on {clear:,} of them)"
        joined = " and lower on" if not tied else ", lower on"
        return f"Query by query, B is higher on {count_of(tally.wins, self.n)}{joined} {lower}{by}{tied}."

    def unjudged_sentence(self) -> str:
        """How many queries' loss (or 0) rests on mostly unjudged documents, with one example."""
        flagged = self.unjudged
        if not flagged:
            return ""
        k = flagged[0].k
        by_side = {side: sum(u.side == side for u in flagged) for side in "BA"}
        sides = " and ".join(f"{side}'s on {count:,}" for side, count in by_side.items() if count)
        example = next((u for u in reversed(flagged) if u.side == "B"), flagged[-1])
        affected = len({u.qid for u in flagged})
        return (
            f"On {queries(affected)}, a loss or a score of 0 comes with a top {k} that is mostly unjudged "
            f"({sides}): judge those documents before concluding. For example, {example.unjudged} of "
            f"{example.side}'s top {example.shown} on query {example.qid} are unjudged."
        )


#: What can start emphasis, code, a link, HTML, a table cell, strike-through or (in Streamlit) a
#: formula in the middle of a line: escaped, so that user text (query ids, run names) stays text.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>|~$])")


def markdown_escape(text: str) -> str:
    r"""``text`` with Markdown's inline punctuation escaped: it renders as written.

    >>> markdown_escape("run_1 [v2] *new* (0.5).")
    'run\\_1 \\[v2\\] \\*new\\* (0.5).'
    """
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def what_it_measures(measure: str) -> str:
    """One sentence on what an NDCG measure measures, for a stakeholder."""
    label = measure_label(measure)
    top = f"top {measure.removeprefix('ndcg_cut_')}" if measure.startswith("ndcg_cut_") else "whole list"
    return (
        f"{label} scores each query's {top} from 0 to 1: how close it comes to the best possible order of "
        "the documents people judged, with the first places counting most; the runs are compared on its "
        "average over the queries."
    )


def unjudged_here(measure: MeasureComparison, qid: str) -> str | None:
    """On one query, when a run's loss (or its 0) there rests on a mostly unjudged top k: how many of its
    top documents have no judgment, and what that means; None when nothing on that query is flagged.

    >>> from ndcg_core.trec.comparison import Coverage, compare_values
    >>> import numpy as np
    >>> cover = Coverage(10, np.array([0.9, 0.8]), np.array([1.0, 0.0]), np.array([50, 50]), np.array([50, 50]))
    >>> m = compare_values("ndcg_cut_10", ["1", "2"], [0.4, 0.5], [0.6, 0.0], coverage=cover)
    >>> unjudged_here(m, "2")
    "10 of B's top 10 here have no judgment, so B's 0 here may only mean that nobody judged them: judge them before concluding."
    >>> unjudged_here(m, "1") is None
    True
    """
    said = []
    for u in measure.unjudged():
        if u.qid != qid:
            continue
        score = u.b if u.side == "B" else u.a
        what = "0" if abs(score) <= 1e-12 else "loss"
        said.append(
            f"{u.unjudged:,} of {u.side}'s top {u.shown:,} here have no judgment, so {u.side}'s {what} here may "
            "only mean that nobody judged them: judge them before concluding."
        )
    return " ".join(said) or None


def example_query(verdict: Verdict) -> tuple[str, str] | None:
    """The one query that best shows the verdict, and why it was chosen.

    B better: its biggest win; B worse, or the data cannot tell: its biggest loss (what holds it
    back); no loss either: its biggest win; nothing at all: None.
    """
    m = verdict.measure
    if verdict.better is True and m.biggest_win is not None:
        return m.biggest_win, "B's biggest win"
    if m.biggest_loss is not None:
        return m.biggest_loss, "B's biggest loss"
    if m.biggest_win is not None:
        return m.biggest_win, "B's biggest win"
    return None


def stakeholder_summary(
    verdict: Verdict, names: tuple[str, str, str] | None = None, topics: dict[str, str] | None = None
) -> str:
    """What the measure measures, the verdict, and the one query that best shows why (with its text,
    from ``topics``, when there is one): plain text."""
    m = verdict.measure
    parts = [what_it_measures(m.measure)]
    if names is not None:
        parts.append(f"A is {names[1]}, B is {names[2]}, over {queries(verdict.n)} judged in {names[0]}.")
    parts.append(verdict.text())
    example = example_query(verdict)
    if example is not None:
        qid, why = example
        row = list(m.qids).index(qid)
        b_text, a_text = wording.pair(float(m.b[row]), float(m.a[row]), DECIMALS)
        words = (topics or {}).get(qid)
        shown = f"{qid} (“{words}”)" if words else qid
        parts.append(
            f"The query that shows it best is {shown}, {why}: B scores {b_text} there against A's {a_text}."
        )
        flagged = [u for u in verdict.unjudged if u.qid == qid]
        if flagged:
            u = flagged[0]
            parts.append(
                f"But {u.unjudged} of {u.side}'s top {u.shown} there are unjudged: judge them first."
            )
    return " ".join(parts)


__all__ = [
    "CLEAR",
    "Verdict",
    "example_query",
    "markdown_escape",
    "stakeholder_summary",
    "unjudged_here",
    "what_it_measures",
]
