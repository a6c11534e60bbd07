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
    _refuse_duplicates(qrels, names[0])
    _refuse_duplicates(run, names[1])
    qrels_queries = set(pc.unique(qrels["qid"]).to_pylist())
    run_queries = set(pc.unique(run["qid"]).to_pylist())
    evaluated = sorted(qrels_queries if complete else qrels_queries & run_queries)
    codes = {qid: code for code, qid in enumerate(evaluated)}
    dcg = _dcg_by_query(run, qrels, codes, cutoffs, gain)
    idcg = _idcg_by_query(qrels, codes, cutoffs, gain)
    table = _per_query_table(evaluated, dcg, idcg, cutoffs, qrels, run)
    return Evaluation(
        per_query=table,
        cutoffs=cutoffs,
        gain=gain,
        complete=complete,
        only_in_qrels=sorted(qrels_queries - run_queries),
        only_in_run=sorted(run_queries - qrels_queries),
        nothing_relevant=table.loc[table["relevant"] == 0, "qid"].tolist(),
    )


def _refuse_duplicates(table: pa.Table, name: str) -> None:
    """trec_eval stops at a document listed twice for one query; so do we, naming it."""
    counts = table.group_by(["qid", "docno"]).aggregate([([], "count_all")])
    twice = counts.filter(pc.greater(counts["count_all"], 1))
    if twice.num_rows:
        qid, docno = twice["qid"][0].as_py(), twice["docno"][0].as_py()
        raise TrecFileError(
            f"{name}: document {docno} appears {twice['count_all'][0].as_py()} times for query {qid} "
            f"({twice.num_rows} such pairs in all). trec_eval refuses such a file (“duplicate docs”); "
            "keep one line per query and document."
        )


def _query_codes(qids: pa.ChunkedArray, codes: dict[str, int]) -> np.ndarray:
    """Each row's query as a number 0 … n−1, or −1 for a query that is not evaluated."""
    keys = pa.array(list(codes), type=pa.string())
    return pc.index_in(qids, value_set=keys).fill_null(-1).to_numpy().astype(np.int64)


def _ranks(query_code: np.ndarray) -> np.ndarray:
    """Rank 1, 2, … within each query, for rows already sorted by query."""
    starts = np.flatnonzero(np.r_[True, query_code[1:] != query_code[:-1]])
    lengths = np.diff(np.r_[starts, len(query_code)])
    return np.arange(len(query_code)) - np.repeat(starts, lengths) + 1


def _sum_at_cutoffs(
    query_code: np.ndarray, rank: np.ndarray, values: np.ndarray, n: int, cutoffs: tuple[int, ...]
) -> dict[str, np.ndarray]:
    """Σ values per query for all ranks (``ndcg``) and for ranks ≤ k (each cutoff)."""
    sums = {"ndcg": np.bincount(query_code, weights=values, minlength=n)}
    for k in cutoffs:
        inside = rank <= k
        sums[f"ndcg_cut_{k}"] = np.bincount(query_code[inside], weights=values[inside], minlength=n)
    return sums


def _dcg_by_query(
    run: pa.Table, qrels: pa.Table, codes: dict[str, int], cutoffs: tuple[int, ...], gain: Gain
) -> dict[str, np.ndarray]:
    """DCG per query: trec_eval's order (score desc, docno desc), grades joined from the qrels."""
    joined = run.join(qrels.select(["qid", "docno", "rel"]), keys=["qid", "docno"], join_type="left outer")
    ordered = joined.sort_by([("qid", "ascending"), ("score", "descending"), ("docno", "descending")])
    query_code = _query_codes(ordered["qid"], codes)
    rank = _ranks(ordered["qid"].to_numpy(zero_copy_only=False))
    grades = np.nan_to_num(ordered["rel"].to_numpy(zero_copy_only=False).astype(float), nan=0.0)
    contribution = gain_values(np.clip(grades, 0, None), gain) * discount_values(rank)
    keep = query_code >= 0
    return _sum_at_cutoffs(query_code[keep], rank[keep], contribution[keep], len(codes), cutoffs)


def _idcg_by_query(
    qrels: pa.Table, codes: dict[str, int], cutoffs: tuple[int, ...], gain: Gain
) -> dict[str, np.ndarray]:
    """IDCG per query from every judged grade of the query, best first (the judged pool)."""
    relevant = qrels.filter(pc.greater(qrels["rel"], 0))
    ordered = relevant.sort_by([("qid", "ascending"), ("rel", "descending")])
    query_code = _query_codes(ordered["qid"], codes)
    rank = _ranks(ordered["qid"].to_numpy(zero_copy_only=False))
    contribution = gain_values(ordered["rel"].to_numpy(), gain) * discount_values(rank)
    keep = query_code >= 0
    return _sum_at_cutoffs(query_code[keep], rank[keep], contribution[keep], len(codes), cutoffs)


def _per_query_table(
    evaluated: list[str],
    dcg: dict[str, np.ndarray],
    idcg: dict[str, np.ndarray],
    cutoffs: tuple[int, ...],
    qrels: pa.Table,
    run: pa.Table,
) -> pd.DataFrame:
    """One row per evaluated query: NDCG per measure and the document counts."""
    table = pd.DataFrame({"qid": evaluated})
    for measure in ["ndcg", *(f"ndcg_cut_{k}" for k in cutoffs)]:
        ideal = idcg[measure]
        table[measure] = np.where(ideal > 0, dcg[measure] / np.where(ideal > 0, ideal, 1.0), 0.0)
    table["judged"] = _count(qrels.filter(pc.greater_equal(qrels["rel"], 0)), evaluated)
    table["relevant"] = _count(qrels.filter(pc.greater(qrels["rel"], 0)), evaluated)
    table["retrieved"] = _count(run, evaluated)
    return table


def _count(table: pa.Table, evaluated: list[str]) -> np.ndarray:
    """Rows per evaluated query."""
    codes = _query_codes(table["qid"], {qid: i for i, qid in enumerate(evaluated)})
    return np.bincount(codes[codes >= 0], minlength=len(evaluated))


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
