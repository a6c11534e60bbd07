"""NDCG for every query of a run at once, the way trec_eval computes it.

For each query q, trec_eval

1. orders the run's documents by score, highest first, and breaks ties by document id in
   *descending* string order (the rank column of the file is ignored);
2. looks up each document's grade in the qrels (not judged → 0; negative → judged
   non-relevant: gain 0, and left out of the ideal);
3. computes DCG@k = Σ_{i≤k} g(rel_i) / log2(i + 1) with linear gain g(rel) = rel by default;
4. computes IDCG@k from *all* judged grades of q sorted best first (the judged pool), and
   NDCG@k = DCG@k / IDCG@k, or 0 when IDCG@k = 0. ``ndcg`` (no cutoff) uses the whole run
   and the whole pool.

The mean is over the queries that are in both files (trec_eval's default), or, with
``complete=True`` (trec_eval's ``-c``), over every query of the qrels, a query the run
missed counting 0.

Everything is vectorised: one sort, one join and one ``np.bincount`` per cutoff, whatever the
number of queries.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ndcg_core.metric.discounts import discount_values
from ndcg_core.metric.gains import Gain, gain_values
from ndcg_core.tables import data_frame
from ndcg_core.trec.arrow_columns import arrow_table, to_arrow, to_numpy
from ndcg_core.trec.files import TrecFileError

if TYPE_CHECKING:
    import pandas as pd

#: trec_eval's default cutoffs for ``ndcg_cut``.
TREC_CUTOFFS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)


@dataclass(frozen=True)
class Evaluation:
    """Per-query NDCG and the queries left out, with the rules they were computed under.

    ``columns`` holds one array per column of :attr:`per_query` (``qid``, each measure, and the
    ``judged``, ``relevant`` and ``retrieved`` counts), one value per evaluated query.
    """

    columns: dict[str, np.ndarray]
    cutoffs: tuple[int, ...]
    gain: Gain
    complete: bool
    only_in_qrels: list[str]
    only_in_run: list[str]
    nothing_relevant: list[str]

    @property
    def measures(self) -> list[str]:
        """The measure columns, in trec_eval's order: ``ndcg``, then ``ndcg_cut_K``."""
        return ["ndcg", *(f"ndcg_cut_{k}" for k in self.cutoffs)]

    @cached_property
    def per_query(self) -> pd.DataFrame:
        """One row per evaluated query: ``qid``, NDCG per measure, and the document counts."""
        return data_frame(self.columns)

    def means(self) -> dict[str, float]:
        """The mean of each measure over the evaluated queries (trec_eval's ``all`` line)."""
        return {m: float(self.columns[m].mean()) if len(self.columns["qid"]) else 0.0 for m in self.measures}


def evaluate(
    qrels: pa.Table,
    run: pa.Table,
    cutoffs: Sequence[int] = TREC_CUTOFFS,
    *,
    gain: Gain = "linear",
    complete: bool = False,
    names: tuple[str, str] = ("qrels", "run"),
) -> Evaluation:
    """NDCG and NDCG@k per query; see the module docstring for the rules."""
    cutoffs = tuple(sorted({int(k) for k in cutoffs}))
    keys = _Keys(qrels, run)
    _refuse_duplicates(keys.qrels_pair, qrels, names[0])
    _refuse_duplicates(keys.run_pair, run, names[1])
    qrels_queries, run_queries = (
        _present(keys.qrels_query, len(keys.qids)),
        _present(keys.run_query, len(keys.qids)),
    )
    evaluated_codes = sorted(qrels_queries if complete else qrels_queries & run_queries, key=keys.qid_text)
    evaluated = [keys.qid_text(code) for code in evaluated_codes]
    position = np.full(len(keys.qids), -1)
    position[evaluated_codes] = np.arange(len(evaluated_codes))
    dcg = _dcg_by_query(keys, run, qrels, position, cutoffs, gain)
    idcg = _idcg_by_query(keys, qrels, position, cutoffs, gain)
    columns = _per_query_columns(evaluated, dcg, idcg, cutoffs, keys, qrels, position)
    return Evaluation(
        columns=columns,
        cutoffs=cutoffs,
        gain=gain,
        complete=complete,
        only_in_qrels=sorted(keys.qid_text(code) for code in qrels_queries - run_queries),
        only_in_run=sorted(keys.qid_text(code) for code in run_queries - qrels_queries),
        nothing_relevant=[
            qid for qid, relevant in zip(evaluated, columns["relevant"], strict=True) if not relevant
        ],
    )


def _index(values: np.ndarray) -> pd.Index:
    """A pandas index of integer codes, for the rare error path (pandas loads only then)."""
    import pandas as pd

    return pd.Index(values)


def _present(codes: np.ndarray, n: int) -> set[int]:
    """The distinct codes among ``codes`` (all below n), by counting: no sort."""
    return set(np.flatnonzero(np.bincount(codes, minlength=n)).tolist())


class _Keys:
    """Queries and documents of both files as shared integer codes, so joins are integer joins.

    ``docno_order`` ranks each document code by its id as text, for trec_eval's tie rule.
    """

    def __init__(self, qrels: pa.Table, run: pa.Table) -> None:
        self.qids, (self.qrels_query, self.run_query) = _shared_codes(qrels["qid"], run["qid"])
        docnos, (self.qrels_doc, self.run_doc) = _shared_codes(qrels["docno"], run["docno"])
        self.docno_order = np.empty(len(docnos), dtype=np.int64)
        self.docno_order[to_numpy(pc.sort_indices(docnos))] = np.arange(len(docnos))
        width = max(len(docnos), 1)
        self.qrels_pair = self.qrels_query * width + self.qrels_doc
        self.run_pair = self.run_query * width + self.run_doc

    def qid_text(self, code: int) -> str:
        """The query id of a code."""
        return self.qids[int(code)].as_py()


def _shared_codes(first: pa.ChunkedArray, second: pa.ChunkedArray) -> tuple[pa.Array, list[np.ndarray]]:
    """Dictionary-encode two string columns together: (the distinct values, each column's codes)."""
    encoded = pc.dictionary_encode(pa.chunked_array(first.chunks + second.chunks, type=pa.string()))
    encoded = encoded.combine_chunks()
    codes = to_numpy(encoded.indices).astype(np.int64)
    return encoded.dictionary, [codes[: len(first)], codes[len(first) :]]


def _refuse_duplicates(pairs: np.ndarray, table: pa.Table, name: str) -> None:
    """trec_eval stops at a document listed twice for one query; so do we, naming it."""
    ordered = np.sort(pairs)  # integers: numpy's radix sort, about 30 ms for 2 million
    if not (ordered[1:] == ordered[:-1]).any():
        return
    twice = np.flatnonzero(_index(pairs).duplicated())  # every line that repeats an earlier one
    first = int(twice[0])
    qid, docno = table["qid"][first].as_py(), table["docno"][first].as_py()
    raise TrecFileError(
        f"{name}: document {docno} appears more than once for query {qid} ({len(twice)} repeated lines "
        "in all). trec_eval refuses such a file (“duplicate docs”); keep one line per query and document."
    )


def _already_in_trec_order(query: np.ndarray, score: np.ndarray, doc_order: np.ndarray) -> bool:
    """True when each query's lines are together and already in trec_eval's order (most runs are)."""
    if len(query) < 2:
        return True
    same_query = query[1:] == query[:-1]
    boundaries = np.count_nonzero(~same_query)
    if boundaries != np.count_nonzero(np.bincount(query)) - 1:
        return False  # a query's lines are split into several blocks
    falls = score[1:] < score[:-1]
    tie_in_order = (score[1:] == score[:-1]) & (doc_order[1:] < doc_order[:-1])
    return bool(np.all(~same_query | falls | tie_in_order))


def _sorted_order(query: np.ndarray, *then: tuple[np.ndarray, str]) -> np.ndarray:
    """Row order by query, then by each (values, direction) in turn (pyarrow's sort: 5× lexsort's speed)."""
    columns = {"query": query, **{f"key{i}": values for i, (values, _) in enumerate(then)}}
    sort_keys = [("query", "ascending"), *((f"key{i}", way) for i, (_, way) in enumerate(then))]
    return to_numpy(pc.sort_indices(arrow_table(columns), sort_keys=sort_keys))


def _ranks(query_code: np.ndarray) -> np.ndarray:
    """Rank 1, 2, … within each query, for rows already sorted by query."""
    starts = np.flatnonzero(np.r_[True, query_code[1:] != query_code[:-1]])
    lengths = np.diff(np.r_[starts, len(query_code)])
    return np.arange(len(query_code)) - np.repeat(starts, lengths) + 1


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
    keys: _Keys, run: pa.Table, qrels: pa.Table, position: np.ndarray, cutoffs: tuple[int, ...], gain: Gain
) -> dict[str, np.ndarray]:
    """DCG per query: trec_eval's order (score desc, docno desc), grades looked up in the qrels."""
    found = pc.index_in(to_arrow(keys.run_pair), value_set=to_arrow(keys.qrels_pair))  # a hash join
    qrels_grades = np.append(to_numpy(qrels["rel"]), 0.0)  # the last one, at −1: "not judged"
    not_judged = to_arrow(np.full(len(found), -1, dtype=np.int32))
    grades = qrels_grades[to_numpy(pc.coalesce(found, not_judged))]
    scores, doc_order = to_numpy(run["score"]), keys.docno_order[keys.run_doc]
    query = keys.run_query
    if not _already_in_trec_order(query, scores, doc_order):
        order = _sorted_order(query, (scores, "descending"), (doc_order, "descending"))
        query, grades = query[order], grades[order]
    rank = _ranks(query)
    contribution = gain_values(np.clip(grades, 0, None), gain) * discount_values(rank)
    keep = position[query] >= 0
    return _sum_at_cutoffs(
        position[query][keep], rank[keep], contribution[keep], int(position.max()) + 1, cutoffs
    )


def _idcg_by_query(
    keys: _Keys, qrels: pa.Table, position: np.ndarray, cutoffs: tuple[int, ...], gain: Gain
) -> dict[str, np.ndarray]:
    """IDCG per query from every judged grade of the query, best first (the judged pool)."""
    grades = to_numpy(qrels["rel"])
    relevant = grades > 0
    query, grades = keys.qrels_query[relevant], grades[relevant]
    order = _sorted_order(query, (grades, "descending"))
    query, grades = query[order], grades[order]
    rank = _ranks(query)
    contribution = gain_values(grades, gain) * discount_values(rank)
    keep = position[query] >= 0
    return _sum_at_cutoffs(
        position[query][keep], rank[keep], contribution[keep], int(position.max()) + 1, cutoffs
    )


def _per_query_columns(
    evaluated: list[str],
    dcg: dict[str, np.ndarray],
    idcg: dict[str, np.ndarray],
    cutoffs: tuple[int, ...],
    keys: _Keys,
    qrels: pa.Table,
    position: np.ndarray,
) -> dict[str, np.ndarray]:
    """One value per evaluated query in each column: NDCG per measure and the document counts."""
    columns: dict[str, np.ndarray] = {"qid": np.array(evaluated, dtype=object)}
    for measure in ["ndcg", *(f"ndcg_cut_{k}" for k in cutoffs)]:
        ideal = idcg[measure]
        columns[measure] = np.where(ideal > 0, dcg[measure] / np.where(ideal > 0, ideal, 1.0), 0.0)
    grades = to_numpy(qrels["rel"])
    n = len(evaluated)
    columns["judged"] = _count(position[keys.qrels_query[grades >= 0]], n)
    columns["relevant"] = _count(position[keys.qrels_query[grades > 0]], n)
    columns["retrieved"] = _count(position[keys.run_query], n)
    return columns


def _count(query: np.ndarray, n: int) -> np.ndarray:
    """Rows per evaluated query (−1 marks a query that is not evaluated)."""
    return np.bincount(query[query >= 0], minlength=n)


def trec_eval_lines(result: Evaluation, per_query: bool = False) -> list[str]:
    """The output trec_eval prints for these measures: ``measure<TAB>qid<TAB>value``, 4 decimals."""
    lines = []
    if per_query:
        columns = result.columns
        for i, qid in enumerate(columns["qid"]):
            lines += [_line(m, qid, columns[m][i]) for m in result.measures]
    means = result.means()
    lines += [_line(m, "all", means[m]) for m in result.measures]
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


def query_as_list(qrels: pa.Table, run: pa.Table, qid: str, depth: int = 20) -> QueryList:
    """The top ``depth`` documents of query ``qid`` in trec_eval's order, with their grades.

    Unjudged documents get grade 0, negative grades count as 0 (judged non-relevant), and the
    judged relevant documents below ``depth`` or never retrieved become the unlisted part of the
    judged pool, so the Playground's IDCG is trec_eval's.
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
    return QueryList(qid, top, grades, unlisted, len(documents))
