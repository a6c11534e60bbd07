"""trec_eval's order of a run's lines: by query, then score descending, then document id descending.

trec_eval ignores the rank column: within a query it sorts the documents by score, highest first,
and breaks a tie in score by document id in *descending* string order ("b" before "a", and "9"
before "10", since "9" > "1" as text).

NDCG needs the rank of only a few lines, the judged relevant ones (and Judged@k those of the judged
ones): :func:`line_ranks` counts, for each of them, the lines of its query that trec_eval puts
ahead of it, without ordering the whole run:

    rank(line) = 1 + #{lines of its query with a higher score}
                   + #{lines of its query with the same score and a greater document id}

1. group the lines by query, unless they already are (runs are written query by query): a stable
   radix sort of the query codes;
2. sort each query's scores on their own, as the rows of one table (numpy sorts every row in one
   call), and find each wanted line's score in its row by a binary search run on all of them at
   once: the lines above it;
3. only the wanted lines that tie with another line of their query compare document ids, with those
   lines alone.

A run already in trec_eval's order needs none of it. When the queries' sizes differ so much that
the table would be mostly padding, the whole order is built instead (:func:`trec_order`), from
cheap integer steps:

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


def line_ranks(
    query: np.ndarray, score: np.ndarray, docno: pa.Array | pa.ChunkedArray, lines: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The rank within its query, in trec_eval's order, of each of ``lines`` (sorted line numbers):
    (those lines, by query code and then rank, and their ranks). See the module docstring.

    Gives what ``ranks_of(*trec_order(query, score, docno), lines)`` gives, with less work.

    >>> ranked, rank = line_ranks(np.array([0, 0, 0, 1]), np.array([1.0, 2.0, 1.0, 5.0]),
    ...                           pa.chunked_array([["9", "x", "10", "y"]]), np.array([0, 2, 3]))
    >>> ranked.tolist(), rank.tolist()
    ([0, 2, 3], [2, 3, 1])
    """
    lines = np.asarray(lines, dtype=np.int64)
    if not len(lines):
        return lines, lines.copy()
    if _in_trec_order(query, score, docno):
        return ranks_of(np.arange(len(query)), query, lines)
    table, row_of, starts = _sorted_rows(query, score)
    if table is None:  # a few long queries among short ones: the table would be mostly padding
        order, query_in_order = trec_order(query, score, docno)
        return ranks_of(order, query_in_order, lines)
    values = score[lines]
    rows = row_of[query[lines]]
    at_most = _count_at_most(table, rows, values)
    width = table.shape[1]
    tied = (at_most >= 2) & (table.ravel()[np.maximum(rows * width + at_most - 2, 0)] == values)
    del table
    rank = 1 + (width - at_most)  # 1 + the lines with a higher score (the padding, −inf, never is)
    tied = np.flatnonzero(tied)  # the line and at least one other of its query share the score
    if len(tied) and starts is not None and len(tied) * width <= len(query):  # 3. few: their queries' lines
        rank[tied] += _tie_wins_in_blocks(score, docno, lines[tied], starts, rows[tied])
    elif len(tied):  # 3. many: the lines that share one of their (query, score) pairs
        rank[tied] += _tie_wins(query, score, docno, lines[tied])
    by_rank = np.lexsort((rank, query[lines]))
    return lines[by_rank], rank[by_rank]


def _sorted_rows(
    query: np.ndarray, score: np.ndarray
) -> tuple[np.ndarray | None, np.ndarray, np.ndarray | None]:
    """Each query's scores as a row of one table, sorted ascending and padded in front with −inf;
    the row of each query code; and, when the lines are already grouped by query, where each row's
    lines start in the file (row order). The table is None when padding would more than double it."""
    row_of = np.full(int(query.max()) + 1, -1, dtype=np.int64)
    if _grouped(query):  # each query's lines already together, as runs are written: no grouping step
        starts = np.flatnonzero(np.r_[True, query[1:] != query[:-1]])
        row_of[query[starts]] = np.arange(len(starts))
        grouped = score
    else:  # 1. group by query: a stable radix sort of the codes, rows in the codes' order
        sizes = np.bincount(query)
        row_of[sizes > 0] = np.arange(np.count_nonzero(sizes))
        starts = np.cumsum(sizes[sizes > 0]) - sizes[sizes > 0]
        grouped = None
    lengths = np.diff(np.r_[starts, len(query)])
    width = int(lengths.max())
    if len(starts) * width > 2 * len(query) + (1 << 16):
        return None, row_of, None
    in_file = starts if grouped is not None else None
    if grouped is None:
        grouped = score[np.argsort(_small(query), kind="stable")]
    if np.all(lengths == width):  # every query has as many lines (a top 1000 each): no padding
        table = grouped.reshape(len(starts), width)
        table = table.copy() if grouped is score else table
    else:
        table = np.full((len(starts), width), -np.inf)
        positions = np.int32 if table.size < 1 << 31 else np.int64
        flat = np.arange(len(score), dtype=positions) + np.repeat(
            (np.arange(len(starts), dtype=positions) * width - starts.astype(positions)), lengths
        )
        table.ravel()[flat] = grouped
        del flat
    del grouped
    table.sort(axis=1)  # 2. each query's scores on their own
    return table, row_of, in_file


def _grouped(query: np.ndarray) -> bool:
    """True when each query's lines are together (in one block)."""
    if len(query) < 2:
        return True
    blocks = np.count_nonzero(query[1:] != query[:-1]) + 1
    return blocks == np.count_nonzero(np.bincount(query))


def _count_at_most(table: np.ndarray, rows: np.ndarray, values: np.ndarray) -> np.ndarray:
    """For each value, how many entries of its row of the ascending table are at most it: numpy's
    ``searchsorted(row, value, "right")``, as one binary search run on every value at once."""
    width = table.shape[1]
    flat = table.ravel()
    base = rows.astype(np.int64) * width
    found = np.zeros(len(rows), dtype=np.int64)
    step = 1 << (width.bit_length() - 1)  # the largest power of two ≤ width
    while step:
        candidate = found + step
        inside = candidate <= width
        entry = flat[base + np.where(inside, candidate, 1) - 1]
        found = np.where(inside & (entry <= values), candidate, found)
        step >>= 1
    return found


def _tie_wins(
    query: np.ndarray, score: np.ndarray, docno: pa.Array | pa.ChunkedArray, tied: np.ndarray
) -> np.ndarray:
    """For each of the ``tied`` lines: how many other lines of its query have its score and a greater
    document id (trec_eval ranks those first). Only lines with one of these scores are looked at."""
    wanted = np.unique(_pair_keys(query[tied], score[tied]))
    keys = _pair_keys(query, score)
    bits = int(np.clip(np.ceil(np.log2(len(wanted) * 16)), 10, 24))  # ~16 yes/no slots per wanted key
    shift = np.uint64(64 - bits)
    slots = np.zeros(1 << bits, dtype=bool)
    slots[wanted >> shift] = True
    maybe = np.flatnonzero(slots[keys >> shift])  # a cheap filter: one slot looked up per line
    near = np.minimum(np.searchsorted(wanted, keys[maybe]), len(wanted) - 1)
    others = maybe[wanted[near] == keys[maybe]]  # these lines' (query, score), and rare look-alikes
    del keys, maybe, near
    count = len(tied)
    line = np.r_[tied, others]
    owner = np.r_[np.arange(count), np.full(len(others), -1)]
    order = np.lexsort((owner < 0, score[line], query[line]))  # by query and score, the tied line first
    line, owner = line[order], owner[order]
    same = (query[line[1:]] == query[line[:-1]]) & (score[line[1:]] == score[line[:-1]])
    group = np.cumsum(np.r_[True, ~same]) - 1
    first = np.flatnonzero(np.r_[True, ~same])
    size = np.diff(np.r_[first, len(line)])
    mine = np.flatnonzero(owner >= 0)  # each tied line faces every other line of its group
    wanted_in = np.bincount(group[mine], minlength=len(first))  # they come first in their group
    faced = (size - wanted_in)[group[mine]]
    start = np.repeat((first + wanted_in)[group[mine]], faced)
    member = start + (np.arange(int(faced.sum())) - np.repeat(np.cumsum(faced) - faced, faced))
    me = np.repeat(mine, faced)
    keep = line[member] != line[me]
    me, member = me[keep], member[keep]
    greater = pc.greater(docno.take(to_arrow(line[member])), docno.take(to_arrow(line[me])))
    wins = np.bincount(owner[me[to_numpy(pc.indices_nonzero(greater))]], minlength=count)
    return wins


def _tie_wins_in_blocks(
    score: np.ndarray,
    docno: pa.Array | pa.ChunkedArray,
    tied: np.ndarray,
    starts: np.ndarray,
    rows: np.ndarray,
) -> np.ndarray:
    """:func:`_tie_wins` for lines grouped by query, when few lines tie: each tied line is compared
    with the lines of its own query only (``starts``: where each row's lines start in the file)."""
    ends = np.r_[starts[1:], len(score)]
    sizes = (ends - starts)[rows]
    me = np.repeat(np.arange(len(tied)), sizes)
    member = np.repeat(starts[rows], sizes) + (
        np.arange(len(me)) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    )
    same = (score[member] == score[tied[me]]) & (member != tied[me])
    me, member = me[same], member[same]
    greater = pc.greater(docno.take(to_arrow(member)), docno.take(to_arrow(tied[me])))
    return np.bincount(me[to_numpy(pc.indices_nonzero(greater))], minlength=len(tied))


def _pair_keys(query: np.ndarray, score: np.ndarray) -> np.ndarray:
    """A 64-bit key of each (query, score) pair: equal pairs, equal keys (−0.0 and 0.0 too); two
    different pairs rarely share one, and the caller compares the pairs themselves."""
    bits = (score + 0.0).view(np.uint64)  # + 0.0 turns −0.0 into 0.0, which it equals
    mixed = bits ^ (query.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15))
    return mixed * np.uint64(0xBF58476D1CE4E5B9)  # spread into the top bits, which the filter reads


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
