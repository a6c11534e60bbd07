"""trec_eval's order of a run's lines: by query, then score descending, then document id descending.

trec_eval ignores the rank column: within a query it sorts the documents by score, highest first,
and breaks a tie in score by document id in *descending* string order ("b" before "a", and "9"
before "10", since "9" > "1" as text).

Sorting millions of lines by three keys, one of them text, is slow; the order is built from
cheap integer steps instead:

1. sort by score, highest first (numpy's sort of float64; ties in any order for now);
2. a *stable* sort of the query codes (numpy's radix sort when there are fewer than 65,536
   queries), which groups the lines by query and keeps step 1's order within each query;
3. only the lines that tie with a neighbour (same query, same score) are sorted again, by
   document id descending, as text.

>>> import numpy as np, pyarrow as pa
>>> order, _ = trec_order(np.array([0, 0, 0]), np.array([1.0, 2.0, 1.0]), pa.chunked_array([["9", "x", "10"]]))
>>> order.tolist()
[1, 0, 2]
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ndcg_core.trec.arrow_columns import to_arrow, to_numpy


def trec_order(
    query: np.ndarray, score: np.ndarray, docno: pa.Array | pa.ChunkedArray
) -> tuple[np.ndarray, np.ndarray]:
    """Line numbers (0-based) in trec_eval's order, and the query code of each line in that order.

    Steps 1-3 of the module docstring; each intermediate array is let go as soon as it is used,
    and positions are 32-bit, so 7 million lines need about 150 MB while they are sorted.
    """
    if _in_trec_order(query, score, docno):  # most runs are written this way: nothing to sort
        return np.arange(len(query)), query
    positions = np.int32 if len(score) < 1 << 31 else np.int64
    by_score = np.argsort(score)[::-1].astype(positions)  # 1. best score first
    codes = _small(query[by_score])
    by_query = np.argsort(codes, kind="stable")  # 2. grouped by query, best first within each
    order, query_in_order = by_score[by_query], codes[by_query]
    del by_score, by_query, codes
    return _ties_by_document(order, query_in_order, score[order], docno), query_in_order  # 3.


def ranks_of(
    order: np.ndarray, query_in_order: np.ndarray, lines: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The rank within its query (1, 2, …) of each of ``lines``: (those lines in trec_eval's order, their ranks).

    Only the lines asked for are ranked (the relevant ones, a few per query): no array of ranks
    for every line.
    """
    wanted = np.zeros(len(order), dtype=bool)
    wanted[lines] = True
    places = np.flatnonzero(wanted[order])  # where the wanted lines are in trec_eval's order
    starts = np.flatnonzero(np.r_[True, query_in_order[1:] != query_in_order[:-1]])
    first_of_query = starts[np.searchsorted(starts, places, side="right") - 1]
    return order[places], places - first_of_query + 1


def ranks_within(query: np.ndarray) -> np.ndarray:
    """Rank 1, 2, … within each query, for lines already grouped by query."""
    starts = np.flatnonzero(np.r_[True, query[1:] != query[:-1]])
    lengths = np.diff(np.r_[starts, len(query)])
    return np.arange(1, len(query) + 1) - np.repeat(starts, lengths)


def _small(codes: np.ndarray) -> np.ndarray:
    """Query codes as 16-bit integers when they fit: numpy sorts those by radix sort, in linear time."""
    if len(codes) and int(codes.max()) < 1 << 16 and int(codes.min()) >= 0:
        return codes.astype(np.uint16)
    return codes


def _ties(query: np.ndarray, score: np.ndarray) -> np.ndarray:
    """For each line but the first: does it have the same query and score as the line before?"""
    return (query[1:] == query[:-1]) & (score[1:] == score[:-1])


def _ties_by_document(
    order: np.ndarray, query: np.ndarray, score: np.ndarray, docno: pa.Array | pa.ChunkedArray
) -> np.ndarray:
    """Within each run of tied lines (same query, same score), document ids descending."""
    tied = _ties(query, score)
    if not tied.any():
        return order
    member = np.zeros(len(order), dtype=bool)
    member[1:] |= tied
    member[:-1] |= tied
    places = np.flatnonzero(member)
    group = np.cumsum(~np.r_[False, tied][places])  # a new group where a line ties with no line before
    table = pa.Table.from_arrays(
        [to_arrow(group), docno.take(to_arrow(order[places]))], names=["group", "docno"]
    )
    within = to_numpy(pc.sort_indices(table, sort_keys=[("group", "ascending"), ("docno", "descending")]))
    order[places] = order[places][within]
    return order


def _in_trec_order(query: np.ndarray, score: np.ndarray, docno: pa.Array | pa.ChunkedArray) -> bool:
    """True when each query's lines are together and already in trec_eval's order."""
    if len(query) < 2:
        return True
    same_query = query[1:] == query[:-1]
    if np.count_nonzero(~same_query) != np.count_nonzero(np.bincount(query)) - 1:
        return False  # a query's lines are split into several blocks
    if np.any(same_query & (score[1:] > score[:-1])):
        return False
    tied = np.flatnonzero(same_query & (score[1:] == score[:-1]))
    if not len(tied):
        return True
    before, after = docno.take(to_arrow(tied)), docno.take(to_arrow(tied + 1))
    return bool(pc.all(pc.greater(before, after)).as_py())
