"""The sentence guard for two runs compared: the verdict, the comparison sentence, the stakeholder
summary and the caution, generated for many comparisons and read back against their numbers.

The comparisons drawn: random ones, every difference equal, one query, ties within 10⁻⁹, a B that
is worse, a B that is better, no difference at all, A's mean 0; each tested alone or with up to 5
measures, with Judged@k that makes some losses rest on unjudged documents. Every sentence is parsed
back (its means, difference, relative change, interval, p, threshold, counts, unjudged example) and
checked against the numbers it came from; a part that does not parse fails the test (a change of
wording must come with a change here), and a case that checks fewer than :data:`MIN_CHECKS` things
fails too, so the guard cannot go quiet.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core.trec.comparison import Coverage, MeasureComparison, compare_values
from ndcg_core.trec.comparison_verdict import (
    CLEAR,
    Verdict,
    stakeholder_summary,
    unjudged_here,
    what_it_measures,
)
from ndcg_core.trec.comparison_words import caution, comparison_sentence, threshold
from ndcg_core.trec.significance import TIE_TOLERANCE

#: Each case checks at least this many things (a guard that checks nothing is no guard).
MIN_CHECKS = 6
SAMPLES = 500
NUMBER = r"[+−]?\d[\d,]*(?:\.\d+)?"


def value(text: str) -> float:
    """A number as the sentences write it (Unicode minus, thousands commas)."""
    return float(text.replace("−", "-").replace(",", ""))


class Checks:
    """Counts what a case checked; each check is an assert."""

    def __init__(self) -> None:
        self.count = 0

    def that(self, condition: bool, why: str) -> None:
        assert condition, why
        self.count += 1

    def rounds_to(self, text: str, exact: float, why: str) -> None:
        """``text`` is ``exact`` rounded to the decimals it shows, with its sign."""
        decimals = len(text.partition(".")[2])
        self.that(abs(value(text) - exact) <= 0.5 * 10**-decimals + 1e-12, f"{why}: {text} for {exact!r}")
        if text.startswith(("+", "−")):
            self.that((exact > 0) == text.startswith("+") and exact != 0, f"{why}: the sign of {text}")

    def match(self, pattern: str, text: str, why: str) -> re.Match:
        found = re.search(pattern, text)
        self.that(found is not None, f"{why} does not read as expected: {text!r}")
        assert found is not None
        return found


@st.composite
def comparisons(draw) -> tuple[MeasureComparison, int, str]:
    """A comparison of one of the kinds in the module docstring, and how many measures were tested."""
    kind = draw(st.sampled_from(["random", "equal", "one", "ties", "worse", "better", "same", "a zero"]))
    n = 1 if kind == "one" else draw(st.integers(2, 30))
    grid = st.integers(0, 1000).map(lambda i: i / 1000)
    a = np.array(draw(st.lists(grid, min_size=n, max_size=n)))
    if kind == "equal":
        a = 0.3 + 0.3 * a
        b = a + draw(st.sampled_from([-0.25, -0.1, 0.05, 0.2, 1e-4]))
    elif kind == "ties":  # some differences within 1e-9 (ties), others not; NDCG stays in [0, 1]
        a = 0.2 + 0.6 * a
        b = a + np.array(
            draw(st.lists(st.sampled_from([0.0, 5e-10, -8e-10, 0.3, -0.2]), min_size=n, max_size=n))
        )
    elif kind in ("worse", "better"):
        shift = draw(st.floats(0.0, 0.3))
        noise = np.array(draw(st.lists(st.floats(-0.2, 0.2), min_size=n, max_size=n)))
        b = np.clip(a + (shift if kind == "better" else -shift) + noise, 0, 1)
    elif kind == "same":
        b = a.copy()
    elif kind == "a zero":
        a = np.zeros(n)
        b = np.array(draw(st.lists(grid, min_size=n, max_size=n)))
    else:
        b = np.array(draw(st.lists(grid, min_size=n, max_size=n)))
    k = draw(st.sampled_from([5, 10]))
    shares = st.lists(st.integers(0, k).map(lambda j: j / k), min_size=n, max_size=n)
    retrieved = st.lists(st.sampled_from([0, 3, k, 100]), min_size=n, max_size=n)
    cover = Coverage(
        k,
        np.array(draw(shares)),
        np.array(draw(shares)),
        np.array(draw(retrieved)),
        np.array(draw(retrieved)),
    )
    qids = [f"q{i:02d}" for i in range(n)]
    measure = compare_values(f"ndcg_cut_{k}", qids, a, b, samples=SAMPLES, coverage=cover)
    return measure, draw(st.integers(1, 5)), kind


def check_size(verdict: Verdict, text: str, checks: Checks) -> None:
    """How much: the means, B − A, the relative change, the interval."""
    m = verdict.measure
    if abs(m.mean_difference) <= TIE_TOLERANCE:
        found = checks.match(rf"A and B score the same[^(]*(?:\([^)]*\) )?\((?P<a>{NUMBER})\)", text, "same")
        checks.rounds_to(found["a"], m.mean_a, "the common mean")
        return
    found = checks.match(
        rf"^On (?P<label>NDCG@\d+), B scores (?P<b>{NUMBER}) against A's (?P<a>{NUMBER})"
        rf"(?: on the one query compared \((?P<q>[^)]*)\))?: (?P<d>{NUMBER}), "
        rf"(?:(?P<rel>{NUMBER})%|no relative change, as A's mean is 0)"
        rf"(?: \(95% CI (?P<lo>{NUMBER}) to (?P<hi>{NUMBER})\))?",
        text,
        "the size",
    )
    checks.rounds_to(found["b"], m.mean_b, "B's mean")
    checks.rounds_to(found["a"], m.mean_a, "A's mean")
    checks.that(found["a"] != found["b"], "two different means read alike")
    checks.that((value(found["b"]) > value(found["a"])) == (m.mean_b > m.mean_a), "which mean is higher")
    checks.rounds_to(found["d"], m.mean_difference, "B − A")
    if m.relative_change is None:
        checks.that(found["rel"] is None, "a relative change of a zero mean")
    else:
        checks.rounds_to(found["rel"], 100 * m.relative_change, "the relative change")
    if m.ci95 is None:
        checks.that(found["lo"] is None, "an interval where the t-test does not apply")
    else:
        checks.rounds_to(found["lo"], m.ci95[0], "the interval's low end")
        checks.rounds_to(found["hi"], m.ci95[1], "the interval's high end")
        checks.that(
            value(found["lo"]) <= value(found["d"]) <= value(found["hi"]), "B − A inside its interval"
        )


def check_certainty(verdict: Verdict, text: str, checks: Checks) -> None:
    """How sure: p against the threshold, the correction, the conclusion."""
    checks.that(not re.search(r"p = 0(?![.\d])", text), "p written as 0")
    checks.that(
        ("Bonferroni" in text) == (verdict.tested > 1 and verdict.p is not None), "the correction named"
    )
    if verdict.n == 1:
        checks.match(r"One query cannot tell", text, "one query")
        return
    if verdict.p is None:
        checks.match(r"score the same on every query: there is nothing to test", text, "no difference")
        checks.that(verdict.measure.tally.ties == verdict.n, "nothing to test, yet not every query tied")
        return
    found = checks.match(
        r"p (?P<op>[=<]) (?P<p>[\d.e-]+),? (?P<side><|not below) (?:α = )?(?P<t>[\d.]+)",
        text,
        "p and threshold",
    )
    written_threshold = value(found["t"])
    checks.that(written_threshold == threshold(verdict.tested, verdict.alpha), "the threshold")
    if found["op"] == "=":
        checks.rounds_to(found["p"], verdict.p, "p")
        written_below = value(found["p"]) < written_threshold
    else:
        checks.that(verdict.p < value(found["p"]) <= written_threshold, "p < 0.0001")
        written_below = True
    checks.that((found["side"] == "<") == verdict.significant == written_below, "p's side of the threshold")
    checks.that(("unlikely to be chance" in text) == verdict.significant, "the claim of certainty")
    checks.that(("cannot tell" in text) == (not verdict.significant), "the claim of doubt")
    corrected_away = verdict.test == "paired t-test" and verdict.threshold <= verdict.p < verdict.alpha
    checks.that(("but not with" in text) == corrected_away, "a p that only the correction keeps out")
    if verdict.significant:
        better = verdict.measure.mean_difference > 0
        checks.match(
            rf"so B is {'better' if better else 'worse'}|: B is {'better' if better else 'worse'}\.",
            text,
            "the direction",
        )


def check_counts(verdict: Verdict, text: str, checks: Checks) -> None:
    """Query by query: higher, lower (and how clearly), tied."""
    if verdict.n < 2:
        checks.that("Query by query" not in text, "counts of one query")
        return
    tally = verdict.measure.tally
    found = checks.match(
        r"Query by query, B is higher on (?:all (?P<all>[\d,]+) queries|none of the (?P<none>[\d,]+) queries|"
        r"(?P<w>[\d,]+) of (?P<n>[\d,]+) queries)(?: and|,) lower on (?P<l>[\d,]+|none)"
        r"(?: \((?P<by>[^)]*)\))?(?:, tied on (?P<t>[\d,]+))?\.",
        text,
        "the counts",
    )
    wins = value(found["all"]) if found["all"] else 0 if found["none"] else value(found["w"])
    total = value(found["all"] or found["none"] or found["n"])
    checks.that((wins, total) == (tally.wins, verdict.n), "higher on")
    checks.that((0 if found["l"] == "none" else value(found["l"])) == tally.losses, "lower on")
    checks.that((value(found["t"]) if found["t"] else 0) == tally.ties, "tied on")
    clear = verdict.clear_losses
    by = found["by"] or ""
    if not tally.losses:
        checks.that(by == "", "how clearly B loses, with no loss")
    elif clear == 0:
        checks.that(by.endswith(f"by {CLEAR:g} or less"), f"no clear loss: {by}")
    elif clear == tally.losses:
        checks.that(by.endswith(f"by more than {CLEAR:g}"), f"every loss clear: {by}")
    else:
        checks.that(by == f"by more than {CLEAR:g} on {clear:,} of them", f"clear losses: {by}")


def check_unjudged_here(verdict: Verdict, checks: Checks) -> None:
    """Compare's note on one query (opened from two runs): said exactly where a loss or a 0 rests on
    a mostly unjudged top k, with that run's numbers, and nowhere else."""
    m = verdict.measure
    flagged = {u.qid: u for u in verdict.unjudged}
    for row, qid in enumerate(m.qids):
        note = unjudged_here(m, qid)
        checks.that((note is not None) == (qid in flagged), f"a note on query {qid}: {note}")
        said = list(
            re.finditer(
                r"(?P<u>\d+) of (?P<side>[AB])'s top (?P<s>\d+) here have no judgment, so (?P=side)'s "
                r"(?P<what>0|loss) here may only mean that nobody judged them",
                note or "",
            )
        )
        sides = sorted(u.side for u in verdict.unjudged if u.qid == qid)
        checks.that(sorted(found["side"] for found in said) == sides, f"the note reads as expected: {note}")
        for found in said:
            u = next(u for u in verdict.unjudged if u.qid == qid and u.side == found["side"])
            checks.that((int(found["u"]), int(found["s"])) == (u.unjudged, u.shown), "the note's numbers")
            value_there = float(m.b[row] if u.side == "B" else m.a[row])
            other = float(m.a[row] if u.side == "B" else m.b[row])
            checks.that(
                (found["what"] == "0") == (abs(value_there) <= 1e-12)
                and (found["what"] == "0" or value_there < other - TIE_TOLERANCE),
                "a 0 is called a 0, a loss a loss",
            )


def check_unjudged(verdict: Verdict, text: str, checks: Checks) -> None:
    """How many queries rest on unjudged documents, and the example's numbers."""
    flagged = verdict.unjudged
    checks.that(("mostly unjudged" in text) == bool(flagged), "the unjudged sentence")
    check_unjudged_here(verdict, checks)
    if not flagged:
        return
    found = checks.match(
        r"On (?P<n>[\d,]+) quer(?:y|ies), a loss or a score of 0 comes with a top (?P<k>\d+) that is mostly "
        r"unjudged \([^)]*\): judge those documents before concluding\. For example, (?P<u>\d+) of "
        r"(?P<side>[AB])'s top (?P<s>\d+) on query (?P<q>\S+) are unjudged\.",
        text,
        "the unjudged sentence",
    )
    checks.that(value(found["n"]) == len({u.qid for u in flagged}), "the number of queries affected")
    m, cover = verdict.measure, verdict.measure.coverage
    row = list(m.qids).index(found["q"])
    share = cover.b[row] if found["side"] == "B" else cover.a[row]
    retrieved = cover.retrieved_b[row] if found["side"] == "B" else cover.retrieved_a[row]
    shown = min(cover.k, int(retrieved))
    checks.that(
        value(found["s"]) == shown and value(found["u"]) == shown - round(share * shown), "the example"
    )
    checks.that(value(found["u"]) > shown / 2, "mostly unjudged means more than half")
    value_there = m.b[row] if found["side"] == "B" else m.a[row]
    other = m.a[row] if found["side"] == "B" else m.b[row]
    checks.that(
        value_there < other - TIE_TOLERANCE or abs(value_there) <= 1e-12, "the example is a loss or a 0"
    )


def check_summary(verdict: Verdict, checks: Checks) -> None:
    """The stakeholder summary of the comparison (the Playground's and Compare's, opened from two runs):
    what the measure measures, the runs, the verdict, and the query that shows it best, with its numbers."""
    m = verdict.measure
    names = ("qrels.txt", "run a", "run b")
    summary = stakeholder_summary(verdict, names)
    checks.that(summary.startswith(what_it_measures(m.measure)), "what the measure measures, first")
    n = verdict.n
    runs = f"A is run a, B is run b, over {n:,} {'query' if n == 1 else 'queries'} judged in qrels.txt."
    checks.that(runs in summary, f"the runs: {summary}")
    checks.that(verdict.text() in summary, "the verdict, as the page writes it")
    found = re.search(
        rf"The query that shows it best is (?P<q>\S+), B's biggest (?P<kind>win|loss): B scores "
        rf"(?P<b>{NUMBER}) there against A's (?P<a>{NUMBER})\.",
        summary,
    )
    if m.biggest_win is None and m.biggest_loss is None:
        checks.that(found is None, "an example query where B neither wins nor loses")
        return
    checks.that(found is not None, f"the example query does not read as expected: {summary!r}")
    assert found is not None
    expected = m.biggest_win if verdict.better is True or m.biggest_loss is None else m.biggest_loss
    checks.that(found["q"] == expected, f"the query that shows it best: {found['q']} for {expected}")
    checks.that(found["kind"] == ("win" if expected == m.biggest_win else "loss"), "win or loss")
    row = list(m.qids).index(found["q"])
    checks.rounds_to(found["b"], float(m.b[row]), "B there")
    checks.rounds_to(found["a"], float(m.a[row]), "A there")
    higher = value(found["b"]) > value(found["a"])
    checks.that(higher == (found["kind"] == "win") and found["b"] != found["a"], "a win reads higher")
    flagged = [u for u in verdict.unjudged if u.qid == found["q"]]
    but = re.search(r"But (?P<u>\d+) of (?P<side>[AB])'s top (?P<s>\d+) there are unjudged", summary)
    checks.that((but is not None) == bool(flagged), "the example's unjudged documents named")
    if but is not None:
        u = flagged[0]
        checks.that(
            (int(but["u"]), but["side"], int(but["s"])) == (u.unjudged, u.side, u.shown), "its numbers"
        )


def check_sentence(measure: MeasureComparison, checks: Checks) -> None:
    """The comparison's one sentence (Many queries' line above the chart)."""
    sentence = comparison_sentence(measure, 4)
    checks.that(
        not re.search(r"p = 0(?![.\d])|(?<![\d,])1 queries|no query \(1|level", sentence),
        f"misleading: {sentence}",
    )
    tally = measure.tally
    if len(measure.qids) == 1:
        found = checks.match(
            rf"^On the one query compared \(q00\), B is (?P<rel>higher than|lower than|tied with) A "
            rf"\((?P<b>{NUMBER}) against (?P<a>{NUMBER}); B − A = (?P<d>0|{NUMBER})\)",
            sentence,
            "the one-query sentence",
        )
        expected = "higher than" if tally.wins else "lower than" if tally.losses else "tied with"
        checks.that(found["rel"] == expected, "higher or lower on the one query")
        if found["d"] != "0":
            checks.rounds_to(found["d"], measure.mean_difference, "B − A")
        return
    found = checks.match(
        r"^B is higher on (?P<phrase>[^(]+) \(lower on (?P<l>[\d,]+)(?:, tied on (?P<t>[\d,]+))?\); "
        rf"mean B − A = (?P<d>0|{NUMBER}); (?:p (?P<op>[=<]) (?P<p>[\d.]+), paired t-test|no paired t-test "
        r"\((?P<why>[^)]*)\)); p (?P<rop>[=<]) (?P<rp>[\d.]+), randomization test",
        sentence,
        "the comparison sentence",
    )
    checks.that(value(found["l"]) == tally.losses, "lower on")
    checks.that((value(found["t"]) if found["t"] else 0) == tally.ties, "tied on")
    if found["d"] == "0":
        checks.that(abs(measure.mean_difference) <= TIE_TOLERANCE, "a difference written 0")
    else:
        checks.rounds_to(found["d"], measure.mean_difference, "mean B − A")
    p = measure.t_test.p_value
    checks.that((found["p"] is None) == (p is None), "a t-test's p where it applies, and only there")
    if p is not None and found["op"] == "=":
        checks.rounds_to(found["p"], p, "the t-test's p")


@settings(max_examples=400, deadline=None)
@given(comparisons())
def test_the_verdict_and_the_sentence_agree_with_their_numbers(case):
    measure, tested, kind = case
    verdict = Verdict(measure, tested)
    text = verdict.text()
    checks = Checks()
    checks.that(
        not re.search(r"(?<![\d,])1 queries|no query \(1|\blevel\b|[+−]0(?:\.0+)?(?![.\d])", text),
        f"misleading: {text}",
    )
    check_size(verdict, text, checks)
    check_certainty(verdict, text, checks)
    check_counts(verdict, text, checks)
    check_unjudged(verdict, text, checks)
    check_sentence(measure, checks)
    check_summary(verdict, checks)
    headline = verdict.headline()
    checks.that(
        headline.startswith(
            "B is better"
            if verdict.better
            else "B is worse"
            if verdict.better is False
            else "The data cannot tell"
        ),
        f"the headline: {headline}",
    )
    assert checks.count >= MIN_CHECKS, f"{kind}: only {checks.count} checks on {text!r}"


@pytest.mark.parametrize("tested", [1, 2, 4, 7])
def test_the_caution_only_for_several_measures_with_its_threshold(tested):
    words = caution(tested)
    if tested == 1:
        assert words is None
        return
    found = re.search(r"at α = 0\.05 with (\d+) measures, compare p with ([\d.]+) \(Bonferroni\)", words)
    assert found and int(found[1]) == tested and float(found[2]) == threshold(tested)
    assert float(found[2]) == pytest.approx(0.05 / tested, rel=5e-3)


def test_the_guard_fails_when_a_case_checks_nothing():
    """A Checks that matched nothing is caught by the count, and a part that does not parse fails."""
    checks = Checks()
    with pytest.raises(AssertionError):
        checks.match(r"On (?P<label>NDCG@\d+), B scores", "a sentence worded otherwise", "the size")
    assert checks.count < MIN_CHECKS
