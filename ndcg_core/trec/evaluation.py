"""NDCG for every query of a run at once, the way trec_eval computes it.

For each query q, trec_eval

1. orders the run's documents by score, highest first, and breaks ties by document id in
   *descending* string order (the rank column of the file is ignored): :mod:`ndcg_core.trec.order`;
2. looks up each document's grade in the qrels (not judged → 0; negative → judged
   non-relevant: gain 0, and left out of the ideal);
3. computes DCG@k = Σ_{i≤k} g(rel_i) / log2(i + 1) with linear gain g(rel) = rel by default
   (only the relevant documents add to it, so only their ranks are computed);
4. computes IDCG@k from *all* judged grades of q sorted best first (the judged pool), and
   NDCG@k = DCG@k / IDCG@k, or 0 when IDCG@k = 0. ``ndcg`` (no cutoff) uses the whole run
   and the whole pool.

The mean is over the queries that are in both files (trec_eval's default), or, with
``complete=True`` (trec_eval's ``-c``), over every query of the qrels, a query the run
missed counting 0.

How it stays fast and small on millions of lines: files are read piece by piece into compact
columns (:mod:`ndcg_core.trec.lines`); the run is joined to the qrels on one 64-bit key per
(query, document) pair (:mod:`ndcg_core.trec.doc_keys`), every match checked on the ids
themselves; only the lines with a grade above 0 are ranked (:func:`~ndcg_core.trec.order.line_ranks`:
each query's scores sorted on their own, no order of the whole run) and go on to the sums, one
``np.bincount`` per cutoff. The result keeps per-query numbers only, never the lines.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ndcg_core.metric.discounts import discount_values
from ndcg_core.metric.gains import Gain, gain_values
from ndcg_core.metric.validation import NDCGInputError
from ndcg_core.tables import data_frame
from ndcg_core.trec.arrow_columns import to_arrow, to_numpy
from ndcg_core.trec.doc_keys import exact_keys
from ndcg_core.trec.files import (
    QRELS,
    RUN,
    FileSpec,
    ScorePrecision,
    TrecFileError,
    at_precision,
    read_tables,
)
from ndcg_core.trec.judged import column as judged_column
from ndcg_core.trec.judged import judged_columns
from ndcg_core.trec.lines import Lines, QueryCodes, collect, text_bytes_of
from ndcg_core.trec.measures import TREC_CUTOFFS
from ndcg_core.trec.memory import release_memory
from ndcg_core.trec.order import line_ranks, ranks_within
from ndcg_core.trec.overlap import NoSharedQueries, no_shared_queries
from ndcg_core.trec.pieces import Source, most_rows, read_ahead, source_size

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class Evaluation:
    """Per-query NDCG and the queries left out, with the rules they were computed under.

    ``columns`` holds one array per column of :attr:`per_query` (``qid``, each measure, the
    ``judged``, ``relevant`` and ``retrieved`` counts, and Judged@k for each of ``judged_cutoffs``:
    :mod:`ndcg_core.trec.judged`), one value per evaluated query.
    """

    columns: dict[str, np.ndarray]
    cutoffs: tuple[int, ...]
    gain: Gain
    complete: bool
    only_in_qrels: list[str]
    only_in_run: list[str]
    nothing_relevant: list[str]
    judged_cutoffs: tuple[int, ...] = ()

    @property
    def measures(self) -> list[str]:
        """The measure columns, in trec_eval's order: ``ndcg``, then ``ndcg_cut_K``."""
        return ["ndcg", *(f"ndcg_cut_{k}" for k in self.cutoffs)]

    @property
    def judged_measures(self) -> list[str]:
        """The Judged@k columns (``judged_10``), by increasing k."""
        return [judged_column(k) for k in self.judged_cutoffs]

    @cached_property
    def per_query(self) -> pd.DataFrame:
        """One row per evaluated query: ``qid``, NDCG per measure, and the document counts."""
        return data_frame(self.columns)

    def means(self) -> dict[str, float]:
        """The mean of each measure (and Judged@k) over the evaluated queries (trec_eval's ``all`` line)."""
        return {
            m: float(self.columns[m].mean()) if len(self.columns["qid"]) else 0.0
            for m in self.measures + self.judged_measures
        }


class KeyCollision(Exception):
    """Two different (query, document) pairs share a 64-bit key: evaluate again with exact keys."""


class Judgments:
    """A qrels file read once, to evaluate one run or several (``compare``) against it."""

    def __init__(self, lines: Lines, queries: QueryCodes) -> None:
        self.lines = lines
        self.queries = queries

    @classmethod
    def read(cls, source: Source, name: str = "qrels", *, max_bytes: int | None = None) -> Judgments:
        """Judgments from a file's path or bytes (``max_bytes``: the caller's size limit, if any)."""
        queries = QueryCodes()
        tables = read_ahead(read_tables(source, name, QRELS, max_bytes=max_bytes))
        return cls(collect(tables, queries, name, "rel", most_rows(source), source_size(source)), queries)

    @classmethod
    def of_table(cls, table: pa.Table, name: str = "qrels") -> Judgments:
        """Judgments from a table as :func:`~ndcg_core.trec.files.read_qrels` returns it."""
        queries = QueryCodes()
        return cls(
            collect([table], queries, name, "rel", table.num_rows, text_bytes_of(table["docno"])), queries
        )

    def read_run(
        self,
        source: Source,
        name: str = "run",
        *,
        max_bytes: int | None = None,
        score_precision: ScorePrecision = "float64",
    ) -> Lines:
        """A run's lines, its query ids coded as the qrels' are, its scores at ``score_precision``
        (:data:`~ndcg_core.trec.files.SCORE_PRECISIONS`)."""
        tables = read_ahead(read_tables(source, name, RUN, max_bytes=max_bytes))
        lines = collect(tables, self.queries, name, "score", most_rows(source), source_size(source))
        release_memory()  # the parser's
        return dataclasses.replace(lines, value=at_precision(lines.value, score_precision))

    def run_of_table(
        self, table: pa.Table, name: str = "run", score_precision: ScorePrecision = "float64"
    ) -> Lines:
        """A run's lines from a table as :func:`~ndcg_core.trec.files.read_run` returns it."""
        lines = collect([table], self.queries, name, "score", table.num_rows, text_bytes_of(table["docno"]))
        return dataclasses.replace(lines, value=at_precision(lines.value, score_precision))

    def evaluate(
        self,
        run: Lines,
        cutoffs: Sequence[int] = TREC_CUTOFFS,
        *,
        gain: Gain = "linear",
        complete: bool = False,
        judged_cutoffs: Sequence[int] = (),
    ) -> Evaluation:
        """NDCG and NDCG@k per query of ``run``; see the module docstring for the rules.

        ``judged_cutoffs``: the k of each Judged@k column wanted (none by default: it costs a
        second pass over the run's order).
        """
        cutoffs = tuple(sorted({int(k) for k in cutoffs}))
        judged_at = tuple(sorted({int(k) for k in judged_cutoffs}))
        try:
            result = _evaluate(self.lines, run, self.queries, cutoffs, gain, complete, verify=True)
            return _with_judged(result, self.lines, run, self.queries, judged_at, verify=True)
        except KeyCollision:  # about one chance in a million per 7 million lines: exact keys instead
            qrels_keys, run_keys = exact_keys((self.lines.query, run.query), (self.lines.docno, run.docno))
            judged = dataclasses.replace(self.lines, key=qrels_keys)
            ranked = dataclasses.replace(run, key=run_keys)
            result = _evaluate(judged, ranked, self.queries, cutoffs, gain, complete, verify=False)
            return _with_judged(result, judged, ranked, self.queries, judged_at, verify=False)


def evaluate(
    qrels: pa.Table,
    run: pa.Table,
    cutoffs: Sequence[int] = TREC_CUTOFFS,
    *,
    gain: Gain = "linear",
    complete: bool = False,
    names: tuple[str, str] = ("qrels", "run"),
    judged_cutoffs: Sequence[int] = (),
    score_precision: ScorePrecision = "float64",
) -> Evaluation:
    """NDCG and NDCG@k per query, from tables as :mod:`ndcg_core.trec.files` reads them."""
    judgments = Judgments.of_table(qrels, names[0])
    run_lines = judgments.run_of_table(run, names[1], score_precision)
    return judgments.evaluate(run_lines, cutoffs, gain=gain, complete=complete, judged_cutoffs=judged_cutoffs)


def evaluate_files(
    qrels: Source,
    run: Source,
    cutoffs: Sequence[int] = TREC_CUTOFFS,
    *,
    gain: Gain = "linear",
    complete: bool = False,
    names: tuple[str, str] = ("qrels", "run"),
    max_bytes: int | None = None,
    judged_cutoffs: Sequence[int] = (),
    score_precision: ScorePrecision = "float64",
) -> Evaluation:
    """NDCG and NDCG@k per query, straight from two files' paths or bytes, read piece by piece.

    The memory-lean path (for the command line and the page): the files' text is never held
    whole, and what is returned holds per-query numbers only. ``max_bytes`` is the caller's size
    limit for each file (the page's upload limit); None reads any size. ``score_precision``:
    ``"float32"`` reads scores as trec_eval 9 and pytrec_eval do (:data:`~ndcg_core.trec.files.SCORE_PRECISIONS`).
    """
    judgments = Judgments.read(qrels, names[0], max_bytes=max_bytes)
    lines = judgments.read_run(run, names[1], max_bytes=max_bytes, score_precision=score_precision)
    result = judgments.evaluate(lines, cutoffs, gain=gain, complete=complete, judged_cutoffs=judged_cutoffs)
    del judgments, lines
    release_memory()
    return result


def evaluate_runs_files(
    qrels: Source,
    runs: Sequence[Source],
    cutoffs: Sequence[int] = TREC_CUTOFFS,
    *,
    gain: Gain = "linear",
    complete: bool = False,
    names: Sequence[str] | None = None,
    max_bytes: int | None = None,
    judged_cutoffs: Sequence[int] = (),
    score_precision: ScorePrecision = "float64",
) -> list[Evaluation]:
    """:func:`evaluate_files` for several runs against one qrels, read once.

    The runs are read and evaluated one after the other, so only one run's lines are in memory at
    a time, beside the qrels'. ``names``: the qrels' name, then each run's (one name a file: a
    wrong count is refused, not cut short).
    """
    names = list(names) if names is not None else ["qrels", *(f"run {i + 1}" for i in range(len(runs)))]
    if len(names) != len(runs) + 1:
        raise NDCGInputError(
            f"{len(names)} names for {len(runs) + 1} files: give the qrels' name, then one name for each run."
        )
    judgments = Judgments.read(qrels, names[0], max_bytes=max_bytes)
    results = []
    for run, name in zip(runs, names[1:], strict=True):
        lines = judgments.read_run(run, name, max_bytes=max_bytes, score_precision=score_precision)
        results.append(
            judgments.evaluate(lines, cutoffs, gain=gain, complete=complete, judged_cutoffs=judged_cutoffs)
        )
        del lines
        release_memory()
    del judgments
    release_memory()
    return results


def _evaluate(
    judged: Lines,
    ranked: Lines,
    queries: QueryCodes,
    cutoffs: tuple[int, ...],
    gain: Gain,
    complete: bool,
    verify: bool,
) -> Evaluation:
    """The evaluation proper, on keyed lines (``verify``: check the ids behind the keys).

    The check for documents listed twice (a sort of every key) runs in a second thread while this
    one ranks the judged lines; numpy lets both run at once. Its verdict comes first: a duplicate is
    what is said, whatever else went wrong.
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        checked = pool.submit(_refuse_duplicates_in_both, judged, ranked, queries)
        try:
            in_qrels, in_run = _present(judged.query, len(queries)), _present(ranked.query, len(queries))
            if not in_qrels & in_run:
                raise NoSharedQueries(
                    no_shared_queries(
                        judged.name,
                        ranked.name,
                        {queries.text(code) for code in in_qrels},
                        {queries.text(code) for code in in_run},
                    )
                )
            evaluated_codes = sorted(in_qrels if complete else in_qrels & in_run, key=queries.text)
            position = np.full(len(queries), -1)
            position[evaluated_codes] = np.arange(len(evaluated_codes))
            dcg = _dcg_by_query(ranked, judged, position, cutoffs, gain, verify)
        except Exception:
            checked.result()  # a duplicate (or a key collision) is raised first
            raise
        checked.result()
    evaluated = [queries.text(code) for code in evaluated_codes]
    idcg = _idcg_by_query(judged, position, cutoffs, gain)
    columns = _per_query_columns(evaluated, dcg, idcg, cutoffs, judged, ranked, position)
    return Evaluation(
        columns=columns,
        cutoffs=cutoffs,
        gain=gain,
        complete=complete,
        only_in_qrels=sorted(queries.text(code) for code in in_qrels - in_run),
        only_in_run=sorted(queries.text(code) for code in in_run - in_qrels),
        nothing_relevant=[
            qid for qid, relevant in zip(evaluated, columns["relevant"], strict=True) if not relevant
        ],
    )


def _with_judged(
    result: Evaluation,
    judged: Lines,
    ranked: Lines,
    queries: QueryCodes,
    cutoffs: tuple[int, ...],
    verify: bool,
) -> Evaluation:
    """``result`` with a Judged@k column per cutoff (:mod:`ndcg_core.trec.judged`)."""
    if not cutoffs:
        return result
    position = np.full(len(queries), -1)
    rows = [queries.code(qid) for qid in result.columns["qid"]]
    position[np.array(rows, dtype=np.int64)] = np.arange(len(rows))
    extra = judged_columns(ranked, judged, position, cutoffs, verify)
    return dataclasses.replace(result, columns={**result.columns, **extra}, judged_cutoffs=cutoffs)


def _present(codes: np.ndarray, n: int) -> set[int]:
    """The distinct codes among ``codes`` (all below n), by counting: no sort."""
    return set(np.flatnonzero(np.bincount(codes, minlength=n)).tolist())


def _refuse_duplicates_in_both(judged: Lines, ranked: Lines, queries: QueryCodes) -> None:
    """:func:`_refuse_duplicates` for the qrels, then for the run."""
    _refuse_duplicates(judged, queries)
    _refuse_duplicates(ranked, queries)


def _refuse_duplicates(lines: Lines, queries: QueryCodes) -> None:
    """trec_eval stops at a document listed twice for one query; so do we, naming it.

    Lines with a repeated key are compared by their ids: the same ids are a duplicate; different
    ids sharing a key raise :class:`KeyCollision`.
    """
    ordered = np.sort(lines.key)  # integers: numpy's vectorised sort, about 0.1 s for 7 million
    repeated = ordered[1:][ordered[1:] == ordered[:-1]]
    if not len(repeated):
        return
    rows = np.flatnonzero(np.isin(lines.key, repeated))
    pairs = zip(lines.query[rows].tolist(), lines.docno.take(to_arrow(rows)).to_pylist(), strict=True)
    seen: set[tuple[int, str]] = set()
    again = []
    for row, pair in zip(rows.tolist(), pairs, strict=True):
        if pair in seen:
            again.append((row, pair))
        seen.add(pair)
    if not again:
        raise KeyCollision
    _, (query, docno) = again[0]
    raise TrecFileError(
        f"{lines.name}: document {docno} appears more than once for query {queries.text(query)} "
        f"({len(again)} repeated lines in all). trec_eval refuses such a file (“duplicate docs”); "
        "keep one line per query and document."
    )


def _judged_in_run(ranked: Lines, judged: Lines, verify: bool) -> tuple[np.ndarray, np.ndarray]:
    """The run lines whose document is judged relevant (grade > 0), and their grades.

    A hash join on the pair keys against the relevant judgments only (the others add 0 to DCG),
    after a cheap filter (:func:`_maybe_judged`) has set aside the lines that cannot match.
    """
    relevant = np.flatnonzero(judged.value > 0)
    keys = judged.key[relevant]
    candidates = _maybe_judged(ranked.key, keys)
    found = pc.index_in(to_arrow(ranked.key[candidates]), value_set=to_arrow(keys))  # null: no match
    matched = to_numpy(pc.indices_nonzero(pc.is_valid(found))).astype(np.int64)
    lines, rows = candidates[matched], relevant[to_numpy(found.drop_null())]  # each line and its judgment
    if verify:
        _check_matches(ranked, judged, lines, rows)
    return lines, judged.value[rows]


def _maybe_judged(run_keys: np.ndarray, judged_keys: np.ndarray) -> np.ndarray:
    """Lines whose key may be among ``judged_keys``: a superset of the matches, found with a table
    of 2^b yes/no slots indexed by the keys' top b bits (about 16 slots per judged key).

    Most run lines are not judged; checking one slot is far cheaper than a hash-table lookup.
    """
    bits = int(np.clip(np.ceil(np.log2(max(len(judged_keys), 1) * 16)), 16, 26))
    shift = np.uint64(64 - bits)
    slots = np.zeros(1 << bits, dtype=bool)
    slots[judged_keys >> shift] = True
    return np.flatnonzero(slots[run_keys >> shift])


def _check_matches(ranked: Lines, judged: Lines, lines: np.ndarray, rows: np.ndarray) -> None:
    """Every matched pair must have the same query and document id, not only the same key."""
    if not np.array_equal(ranked.query[lines], judged.query[rows]):
        raise KeyCollision
    theirs = judged.docno.take(to_arrow(rows))
    same = pc.all(pc.equal(ranked.docno.take(to_arrow(lines)), theirs.cast(ranked.docno.type)))
    if same.as_py() is False:
        raise KeyCollision


def _sum_at_cutoffs(
    query: np.ndarray, rank: np.ndarray, values: np.ndarray, n: int, cutoffs: tuple[int, ...]
) -> dict[str, np.ndarray]:
    """Σ values per query for all ranks (``ndcg``) and for ranks ≤ k (each cutoff)."""
    sums = {"ndcg": np.bincount(query, weights=values, minlength=n)}
    for k in cutoffs:
        inside = rank <= k
        sums[f"ndcg_cut_{k}"] = np.bincount(query[inside], weights=values[inside], minlength=n)
    return sums


def _dcg_by_query(
    ranked: Lines, judged: Lines, position: np.ndarray, cutoffs: tuple[int, ...], gain: Gain, verify: bool
) -> dict[str, np.ndarray]:
    """DCG per query: lines in trec_eval's order (score desc, docno desc), grades from the qrels."""
    lines, grades = _judged_in_run(ranked, judged, verify)
    ranked_lines, rank = line_ranks(ranked.query, ranked.value, ranked.docno, lines)
    grade = grades[np.searchsorted(lines, ranked_lines)]  # lines is sorted: each ranked line's grade
    return _sums(ranked.query[ranked_lines], rank, grade, position, cutoffs, gain)


def _idcg_by_query(
    judged: Lines, position: np.ndarray, cutoffs: tuple[int, ...], gain: Gain
) -> dict[str, np.ndarray]:
    """IDCG per query from every judged grade of the query, best first (the judged pool)."""
    relevant = judged.value > 0
    query, grade = judged.query[relevant], judged.value[relevant]
    order = np.lexsort((-grade, query))
    query, grade = query[order], grade[order]
    return _sums(query, ranks_within(query), grade, position, cutoffs, gain)


def _sums(
    query: np.ndarray,
    rank: np.ndarray,
    grade: np.ndarray,
    position: np.ndarray,
    cutoffs: tuple[int, ...],
    gain: Gain,
) -> dict[str, np.ndarray]:
    """Σ g(grade) / log2(rank + 1) per evaluated query, at every cutoff."""
    contribution = gain_values(grade, gain) * discount_values(rank)
    where = position[query]
    keep = where >= 0
    return _sum_at_cutoffs(where[keep], rank[keep], contribution[keep], int(position.max()) + 1, cutoffs)


def _per_query_columns(
    evaluated: list[str],
    dcg: dict[str, np.ndarray],
    idcg: dict[str, np.ndarray],
    cutoffs: tuple[int, ...],
    judged: Lines,
    ranked: Lines,
    position: np.ndarray,
) -> dict[str, np.ndarray]:
    """One value per evaluated query in each column: NDCG per measure and the document counts."""
    columns: dict[str, np.ndarray] = {"qid": np.array(evaluated, dtype=object)}
    for measure in ["ndcg", *(f"ndcg_cut_{k}" for k in cutoffs)]:
        ideal = idcg[measure]
        columns[measure] = np.where(ideal > 0, dcg[measure] / np.where(ideal > 0, ideal, 1.0), 0.0)
    n = len(evaluated)
    columns["judged"] = _count(position[judged.query], n)  # every judgment, whatever its grade
    columns["relevant"] = _count(position[judged.query[judged.value > 0]], n)
    columns["retrieved"] = _count(position[ranked.query], n)
    return columns


def _count(query: np.ndarray, n: int) -> np.ndarray:
    """Rows per evaluated query (−1 marks a query that is not evaluated)."""
    return np.bincount(query[query >= 0], minlength=n)


def trec_eval_lines(
    result: Evaluation, per_query: bool = False, measures: Sequence[str] | None = None
) -> list[str]:
    """The output trec_eval prints: ``measure<TAB>qid<TAB>value``, 4 decimals.

    ``measures`` (default: all of ``result.measures``) are printed in trec_eval's order, ``ndcg``
    before ``ndcg_cut_K``; with ``per_query``, every query's lines (query by query) come before
    the ``all`` lines, as trec_eval's ``-q`` prints them.
    """
    shown = [m for m in result.measures + result.judged_measures if measures is None or m in measures]
    lines = []
    if per_query:
        columns = result.columns
        for i, qid in enumerate(columns["qid"]):
            lines += [_line(m, qid, columns[m][i]) for m in shown]
    means = result.means()
    lines += [_line(m, "all", means[m]) for m in shown]
    return lines


def _line(measure: str, qid: str, value: float) -> str:
    """One line, padded as trec_eval pads its measure names (22 characters)."""
    return f"{measure:<22}\t{qid}\t{value:.4f}"


@dataclass(frozen=True)
class QueryList:
    """One query of a run as a single ranked list: what the Playground needs to show it."""

    qid: str
    documents: list[str]
    grades: list[float]
    unlisted_grades: list[float]
    retrieved: int
    judged: list[bool] = dataclasses.field(default_factory=list)  # per listed document: in the qrels?
    judged_count: int = 0  # the query's judged documents in the qrels, whatever their grade


def query_as_list(qrels: pa.Table, run: pa.Table, qid: str, depth: int = 20) -> QueryList:
    """The top ``depth`` documents of query ``qid`` in trec_eval's order, with their grades.

    Unjudged documents get grade 0 (``judged`` tells them from a judged 0), negative grades count
    as 0 (judged non-relevant), and the judged relevant documents below ``depth`` or never retrieved
    become the unlisted part of the judged pool, so the Playground's IDCG is trec_eval's.
    """
    in_run = run.filter(pc.equal(run["qid"], qid))
    judged = qrels.filter(pc.equal(qrels["qid"], qid))
    ordered = in_run.sort_by([("score", "descending"), ("docno", "descending")])
    documents = ordered["docno"].to_pylist()
    grade_of = dict(zip(judged["docno"].to_pylist(), judged["rel"].to_pylist(), strict=True))
    top = documents[:depth]
    grades = [max(0.0, grade_of.get(doc, 0.0)) for doc in top]
    shown = set(top)
    unlisted = sorted((g for doc, g in grade_of.items() if doc not in shown and g > 0), reverse=True)
    return QueryList(
        qid, top, grades, unlisted, len(documents), [doc in grade_of for doc in top], len(grade_of)
    )


def query_as_list_from_files(
    qrels: Source, run: Source, qid: str, depth: int = 20, names: tuple[str, str] = ("qrels", "run")
) -> QueryList:
    """:func:`query_as_list` read straight from the files (path or bytes), keeping only ``qid``'s
    lines of each piece: for the page, which does not keep the parsed files in memory."""

    return queries_as_lists_from_files(qrels, [run], qid, depth, names)[0]


def queries_as_lists_from_files(
    qrels: Source,
    runs: Sequence[Source],
    qid: str,
    depth: int = 20,
    names: Sequence[str] | None = None,
) -> list[QueryList]:
    """Query ``qid`` of several runs over one qrels (read once), each as :func:`query_as_list` gives it.

    A run that does not answer ``qid`` gives an empty list (``retrieved`` 0) whose unlisted part is
    the whole judged pool. ``names``: the qrels' name, then each run's.
    """
    names = list(names) if names is not None else ["qrels", *(f"run {i + 1}" for i in range(len(runs)))]
    judged = _lines_of_query(qrels, names[0], QRELS, qid)
    return [
        query_as_list(judged, _lines_of_query(run, name, RUN, qid), qid, depth)
        for run, name in zip(runs, names[1:], strict=True)
    ]


def _lines_of_query(source: Source, name: str, spec: FileSpec, qid: str) -> pa.Table:
    """Only query ``qid``'s lines of a file, kept piece by piece as it is read."""
    kept = [table.filter(pc.equal(table["qid"], qid)) for table in read_tables(source, name, spec)]
    return pa.concat_tables(kept)
