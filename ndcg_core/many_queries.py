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

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from ndcg_core.discounts import discount_values
from ndcg_core.gains import Gain, gain_values
from ndcg_core.trec_files import TrecFileError

#: trec_eval's default cutoffs for ``ndcg_cut``.
TREC_CUTOFFS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)


@dataclass(frozen=True)
class Evaluation:
    """Per-query NDCG and the queries left out, with the rules they were computed under."""

    per_query: pd.DataFrame
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

    def means(self) -> dict[str, float]:
        """The mean of each measure over the evaluated queries (trec_eval's ``all`` line)."""
        return {m: float(self.per_query[m].mean()) if len(self.per_query) else 0.0 for m in self.measures}


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
    qrels_queries, run_queries = set(np.unique(keys.qrels_query)), set(np.unique(keys.run_query))
    evaluated_codes = sorted(qrels_queries if complete else qrels_queries & run_queries, key=keys.qid_text)
    evaluated = [keys.qid_text(code) for code in evaluated_codes]
    position = np.full(len(keys.qids), -1)
    position[evaluated_codes] = np.arange(len(evaluated_codes))
    dcg = _dcg_by_query(keys, run, qrels, position, cutoffs, gain)
    idcg = _idcg_by_query(keys, qrels, position, cutoffs, gain)
    table = _per_query_table(evaluated, dcg, idcg, cutoffs, keys, qrels, position)
    return Evaluation(
        per_query=table,
        cutoffs=cutoffs,
        gain=gain,
        complete=complete,
        only_in_qrels=sorted(keys.qid_text(code) for code in qrels_queries - run_queries),
        only_in_run=sorted(keys.qid_text(code) for code in run_queries - qrels_queries),
        nothing_relevant=table.loc[table["relevant"] == 0, "qid"].tolist(),
    )


class _Keys:
    """Queries and documents of both files as shared integer codes, so joins are integer joins.

    ``docno_order`` ranks each document code by its id as text, for trec_eval's tie rule.
    """

    def __init__(self, qrels: pa.Table, run: pa.Table) -> None:
        self.qids, (self.qrels_query, self.run_query) = _shared_codes(qrels["qid"], run["qid"])
        docnos, (self.qrels_doc, self.run_doc) = _shared_codes(qrels["docno"], run["docno"])
        self.docno_order = np.empty(len(docnos), dtype=np.int64)
        self.docno_order[pc.sort_indices(docnos).to_numpy()] = np.arange(len(docnos))
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
    codes = encoded.indices.to_numpy().astype(np.int64)
    return encoded.dictionary, [codes[: len(first)], codes[len(first) :]]


def _refuse_duplicates(pairs: np.ndarray, table: pa.Table, name: str) -> None:
    """trec_eval stops at a document listed twice for one query; so do we, naming it."""
    ordered = np.sort(pairs)
    if not (ordered[1:] == ordered[:-1]).any():
        return
    twice = np.flatnonzero(pd.Index(pairs).duplicated())
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
    if boundaries != len(np.unique(query)) - 1:
        return False  # a query's lines are split into several blocks
    falls = score[1:] < score[:-1]
    tie_in_order = (score[1:] == score[:-1]) & (doc_order[1:] < doc_order[:-1])
    return bool(np.all(~same_query | falls | tie_in_order))


def _sorted_order(query: np.ndarray, *then: tuple[np.ndarray, str]) -> np.ndarray:
    """Row order by query, then by each (values, direction) in turn (pyarrow's sort: 5× lexsort's speed)."""
    columns = {"query": query, **{f"key{i}": values for i, (values, _) in enumerate(then)}}
    sort_keys = [("query", "ascending"), *((f"key{i}", way) for i, (_, way) in enumerate(then))]
    return pc.sort_indices(pa.table(columns), sort_keys=sort_keys).to_numpy()


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
    found = pd.Index(keys.qrels_pair).get_indexer(keys.run_pair)
    qrels_grades = qrels["rel"].to_numpy()
    grades = np.where(found >= 0, qrels_grades[found], 0.0)
    scores, doc_order = run["score"].to_numpy(), keys.docno_order[keys.run_doc]
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
    grades = qrels["rel"].to_numpy()
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


def _per_query_table(
    evaluated: list[str],
    dcg: dict[str, np.ndarray],
    idcg: dict[str, np.ndarray],
    cutoffs: tuple[int, ...],
    keys: _Keys,
    qrels: pa.Table,
    position: np.ndarray,
) -> pd.DataFrame:
    """One row per evaluated query: NDCG per measure and the document counts."""
    table = pd.DataFrame({"qid": evaluated})
    for measure in ["ndcg", *(f"ndcg_cut_{k}" for k in cutoffs)]:
        ideal = idcg[measure]
        table[measure] = np.where(ideal > 0, dcg[measure] / np.where(ideal > 0, ideal, 1.0), 0.0)
    grades = qrels["rel"].to_numpy()
    n = len(evaluated)
    table["judged"] = _count(position[keys.qrels_query[grades >= 0]], n)
    table["relevant"] = _count(position[keys.qrels_query[grades > 0]], n)
    table["retrieved"] = _count(position[keys.run_query], n)
    return table


def _count(query: np.ndarray, n: int) -> np.ndarray:
    """Rows per evaluated query (−1 marks a query that is not evaluated)."""
    return np.bincount(query[query >= 0], minlength=n)


def trec_eval_lines(result: Evaluation, per_query: bool = False) -> list[str]:
    """The output trec_eval prints for these measures: ``measure<TAB>qid<TAB>value``, 4 decimals."""
    lines = []
    if per_query:
        for row in result.per_query.itertuples(index=False):
            values = row._asdict()
            lines += [_line(m, values["qid"], values[m]) for m in result.measures]
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
