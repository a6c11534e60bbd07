"""Two runs over the same judgments, query by query: which is better, by how much, and is it noise?

The queries compared are the qrels queries that either run answers (a query neither run answers
tells nothing about their difference). A query one run misses scores 0 for that run, as with
trec_eval's ``-c``; how many queries each run missed is part of the result. For every measure:
the two means and their difference, wins / ties / losses of B against A, the paired t-test and
the paired randomization test (:mod:`ndcg_core.trec.significance`), the relative change and the
95 % confidence interval of the mean difference, and the per-query differences sorted from B's
biggest win to its biggest loss. Where the evaluations hold Judged@k (:mod:`ndcg_core.trec.judged`),
each query also keeps both runs' Judged@k at the measure's k, so that a loss or a 0 that rests on
unjudged documents can be named.

One direction everywhere: B − A (B's value minus A's), so a positive difference is B ahead.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ndcg_core.metric.gains import Gain
from ndcg_core.metric.validation import NDCGInputError
from ndcg_core.teaching.wording import is_zero
from ndcg_core.trec.evaluation import Evaluation, Judgments
from ndcg_core.trec.files import ScorePrecision
from ndcg_core.trec.judged import column as judged_column
from ndcg_core.trec.judged import depth_of, mostly_unjudged, unjudged_in_top
from ndcg_core.trec.memory import release_memory
from ndcg_core.trec.pieces import Source
from ndcg_core.trec.significance import (
    SAMPLES,
    SEED,
    TIE_TOLERANCE,
    Randomization,
    Tally,
    TTest,
    paired_t_test,
    randomization_test,
    tally,
)


@dataclass(frozen=True)
class Unjudged:
    """A query where one run's loss, or its 0, comes with a top k that is mostly unjudged."""

    qid: str
    side: str  # "A" or "B": the run that loses there (or scores 0)
    unjudged: int  # documents of that run's top k without a judgment
    shown: int  # documents in that run's top k (k, or fewer if the run returned fewer)
    k: int
    a: float
    b: float


@dataclass(frozen=True)
class Coverage:
    """Judged@k of both runs on every compared query (in the order of the comparison's ``qids``)."""

    k: int
    a: np.ndarray
    b: np.ndarray
    retrieved_a: np.ndarray
    retrieved_b: np.ndarray


@dataclass(frozen=True)
class MeasureComparison:
    """One measure of runs A and B, per query and summed up.

    ``qids``, ``a`` and ``b`` are sorted by B − A, biggest win first (ties in B − A by query id).
    ``coverage``: both runs' Judged@k at the measure's k, in the same order (None if not computed).
    """

    measure: str
    qids: np.ndarray
    a: np.ndarray
    b: np.ndarray
    tally: Tally
    t_test: TTest
    randomization: Randomization
    coverage: Coverage | None = None

    @property
    def difference(self) -> np.ndarray:
        """B − A per query, in the order of :attr:`qids`."""
        return self.b - self.a

    @property
    def mean_a(self) -> float:
        return float(self.a.mean()) if len(self.a) else 0.0

    @property
    def mean_b(self) -> float:
        return float(self.b.mean()) if len(self.b) else 0.0

    @property
    def mean_difference(self) -> float:
        """mean(B − A), which equals mean(B) − mean(A)."""
        return float(self.difference.mean()) if len(self.a) else 0.0

    @property
    def relative_change(self) -> float | None:
        """mean(B − A) / mean(A): the change relative to A (None when A's mean is 0)."""
        return None if is_zero(self.mean_a) else self.mean_difference / self.mean_a

    @property
    def ci95(self) -> tuple[float, float] | None:
        """The paired t interval of mean(B − A) at 95 % (None where the t-test does not apply)."""
        return self.t_test.ci95

    @property
    def biggest_win(self) -> str | None:
        """The query where B beats A by the most (None if B wins nowhere)."""
        return str(self.qids[0]) if self.tally.wins else None

    @property
    def biggest_loss(self) -> str | None:
        """The query where B falls behind A by the most (None if B loses nowhere)."""
        return str(self.qids[-1]) if self.tally.losses else None

    @property
    def t_test_note(self) -> str | None:
        """Why no t-test applies, if none does."""
        why = self.t_test.undefined
        if why == "one query":
            return "one query: no t-test"
        if why == "no difference":
            return "every difference is 0: t = 0/0, no t-test"
        if why == "equal differences":
            return "every difference is the same: sd = 0, so no t-test applies"
        return None

    def unjudged(self) -> list[Unjudged]:
        """Queries where a run's loss, or its 0, comes with a mostly unjudged top k (:mod:`ndcg_core.trec.judged`).

        The run named is the one that loses on the query (B − A beyond the tie tolerance) or that
        scores 0 there; in the comparison's order (B's biggest win first).
        """
        cover = self.coverage
        if cover is None:
            return []
        found = []
        d = self.difference
        for side, value, share, retrieved, loses in (
            ("A", self.a, cover.a, cover.retrieved_a, d > TIE_TOLERANCE),
            ("B", self.b, cover.b, cover.retrieved_b, d < -TIE_TOLERANCE),
        ):
            flagged = (loses | (np.abs(value) <= 1e-12)) & mostly_unjudged(share, retrieved)
            for row in np.flatnonzero(flagged):
                shown = min(cover.k, int(retrieved[row]))
                found.append(
                    Unjudged(
                        str(self.qids[row]),
                        side,
                        unjudged_in_top(float(share[row]), int(retrieved[row]), cover.k),
                        shown,
                        cover.k,
                        float(self.a[row]),
                        float(self.b[row]),
                    )
                )
        order = {qid: row for row, qid in enumerate(self.qids)}
        return sorted(found, key=lambda u: (order[u.qid], u.side))

    def as_dict(self) -> dict[str, object]:
        """The numbers, JSON-ready (None where a test is undefined)."""
        t, r = self.t_test, self.randomization
        return {
            "mean_a": self.mean_a,
            "mean_b": self.mean_b,
            "difference": self.mean_difference,
            "relative_change": self.relative_change,
            "wins": self.tally.wins,
            "ties": self.tally.ties,
            "losses": self.tally.losses,
            "t_test_p": t.p_value,
            "t_statistic": t.statistic,
            "t_test_note": self.t_test_note,
            "t_test_df": t.df,
            "difference_ci95": list(t.ci95) if t.ci95 else None,
            "randomization_p": r.p_value,
            "randomization_samples": r.samples,
            "randomization_seed": r.seed,
            "biggest_win": self._extreme(self.biggest_win, 0),
            "biggest_loss": self._extreme(self.biggest_loss, -1),
            "judged_at_k": None
            if self.coverage is None
            else {
                "k": self.coverage.k,
                "mean_a": float(self.coverage.a.mean()) if len(self.coverage.a) else 0.0,
                "mean_b": float(self.coverage.b.mean()) if len(self.coverage.b) else 0.0,
            },
            "mostly_unjudged": [
                {"qid": u.qid, "run": u.side, "unjudged": u.unjudged, "of_top": u.shown, "k": u.k}
                for u in self.unjudged()
            ],
        }

    def _extreme(self, qid: str | None, at: int) -> dict[str, object] | None:
        return None if qid is None else {"qid": qid, "a": float(self.a[at]), "b": float(self.b[at])}


@dataclass(frozen=True)
class Comparison:
    """Runs A and B over the same qrels: the queries compared and one :class:`MeasureComparison` per measure."""

    qids: list[str]  # the compared queries, in trec_eval's order (by id as text)
    missing_in_a: list[str]  # compared queries that run A does not answer (A scores 0 there)
    missing_in_b: list[str]
    measures: dict[str, MeasureComparison]
    gain: str
    samples: int
    seed: int

    def only(self, names: Sequence[str]) -> Comparison:
        """The same comparison with only the measures named (in this comparison's order)."""
        return dataclasses.replace(self, measures={n: m for n, m in self.measures.items() if n in names})

    def as_dict(self) -> dict[str, object]:
        """Everything as JSON-ready data (``python -m ndcg_core compare … --json``)."""
        return {
            "queries": len(self.qids),
            "missing_in_a": len(self.missing_in_a),
            "missing_in_b": len(self.missing_in_b),
            "queries_missing_in_a": self.missing_in_a,
            "queries_missing_in_b": self.missing_in_b,
            "tie_tolerance": TIE_TOLERANCE,
            "gain": self.gain,
            "randomization": {"samples": self.samples, "seed": self.seed, "sides": 2},
            "measures": {name: measure.as_dict() for name, measure in self.measures.items()},
        }


def compare_evaluations(
    a: Evaluation,
    b: Evaluation,
    measures: Sequence[str] | None = None,
    *,
    samples: int = SAMPLES,
    seed: int = SEED,
) -> Comparison:
    """Compare two evaluations of runs over the same qrels (evaluated with or without ``complete``).

    ``measures``: names such as ``"ndcg_cut_10"`` (default: every measure both evaluations have).
    """
    if a.gain != b.gain:
        raise NDCGInputError(f"The two runs were evaluated with different gains ({a.gain}, {b.gain}).")
    names = [m for m in a.measures if m in b.measures] if measures is None else list(measures)
    for name in names:
        if name not in a.measures or name not in b.measures:
            raise NDCGInputError(f"{name} was not computed for both runs.")
    answered_a, answered_b = _answered(a), _answered(b)
    qids = sorted(answered_a.keys() | answered_b.keys())
    return Comparison(
        qids=qids,
        missing_in_a=[q for q in qids if q not in answered_a],
        missing_in_b=[q for q in qids if q not in answered_b],
        measures={
            name: _compare_measure(
                name,
                qids,
                _values(a, name, qids),
                _values(b, name, qids),
                samples,
                seed,
                _coverage(a, b, name, qids),
            )
            for name in names
        },
        gain=a.gain,
        samples=samples,
        seed=seed,
    )


def _answered(result: Evaluation) -> dict[str, int]:
    """Row of each evaluated query that the run answers (retrieved at least one document)."""
    columns = result.columns
    return {str(qid): row for row, qid in enumerate(columns["qid"]) if columns["retrieved"][row] > 0}


def _values(result: Evaluation, measure: str, qids: list[str]) -> np.ndarray:
    """The measure for each of ``qids`` (0 for a query the evaluation does not have)."""
    row_of = {str(qid): row for row, qid in enumerate(result.columns["qid"])}
    rows = np.array([row_of.get(q, -1) for q in qids], dtype=np.int64)
    values = np.append(result.columns[measure], 0.0)  # row −1 picks the appended 0
    return values[rows] if len(rows) else np.empty(0)


def _coverage(a: Evaluation, b: Evaluation, measure: str, qids: list[str]) -> Coverage | None:
    """Both runs' Judged@k at the measure's k for ``qids``, if both evaluations computed it."""
    k = depth_of(measure)
    name = judged_column(k)
    if name not in a.columns or name not in b.columns:
        return None
    return Coverage(
        k,
        _values(a, name, qids),
        _values(b, name, qids),
        _values(a, "retrieved", qids),
        _values(b, "retrieved", qids),
    )


def compare_values(
    measure: str,
    qids: Sequence[str],
    a: Sequence[float] | np.ndarray,
    b: Sequence[float] | np.ndarray,
    *,
    samples: int = SAMPLES,
    seed: int = SEED,
    coverage: Coverage | None = None,
) -> MeasureComparison:
    """One measure compared from per-query values: A's and B's for the same ``qids``, in the same order
    (``coverage`` too, if given)."""
    return _compare_measure(
        measure, list(qids), np.asarray(a, dtype=float), np.asarray(b, dtype=float), samples, seed, coverage
    )


def _compare_measure(
    name: str,
    qids: list[str],
    a: np.ndarray,
    b: np.ndarray,
    samples: int,
    seed: int,
    coverage: Coverage | None = None,
) -> MeasureComparison:
    """Per-query values sorted by B − A (biggest win first), with the tally and both tests."""
    ids = np.array(qids, dtype=object)
    order = np.lexsort((np.arange(len(ids)), -(b - a)))  # by difference descending, then query order
    if coverage is not None:
        coverage = Coverage(
            coverage.k,
            coverage.a[order],
            coverage.b[order],
            coverage.retrieved_a[order],
            coverage.retrieved_b[order],
        )
    return MeasureComparison(
        measure=name,
        qids=ids[order],
        a=a[order],
        b=b[order],
        tally=tally(a, b),
        t_test=paired_t_test(a, b),
        randomization=randomization_test(a, b, samples, seed),
        coverage=coverage,
    )


def compare_files(
    qrels: Source,
    run_a: Source,
    run_b: Source,
    measures: Sequence[str] = ("ndcg_cut_10",),
    *,
    gain: Gain = "linear",
    names: tuple[str, str, str] = ("qrels", "run A", "run B"),
    samples: int = SAMPLES,
    seed: int = SEED,
    max_bytes: int | None = None,
    score_precision: ScorePrecision = "float64",
) -> Comparison:
    """Read the qrels once and both runs (paths or bytes, piece by piece), then compare them.

    Only one run's lines are in memory at a time; what is kept of each is its per-query numbers.
    ``score_precision``: ``"float32"`` reads scores as trec_eval 9 and pytrec_eval do.
    """
    cutoffs = sorted({int(m.removeprefix("ndcg_cut_")) for m in measures if m.startswith("ndcg_cut_")})
    depths = sorted({depth_of(m) for m in measures})  # Judged@k for the unjudged rule
    judgments = Judgments.read(qrels, names[0], max_bytes=max_bytes)
    run = judgments.read_run(run_a, names[1], max_bytes=max_bytes, score_precision=score_precision)
    a = judgments.evaluate(run, cutoffs, gain=gain, judged_cutoffs=depths)
    del run
    release_memory()
    run = judgments.read_run(run_b, names[2], max_bytes=max_bytes, score_precision=score_precision)
    b = judgments.evaluate(run, cutoffs, gain=gain, judged_cutoffs=depths)
    del run
    del judgments
    release_memory()
    return compare_evaluations(a, b, measures, samples=samples, seed=seed)
