"""One 64-bit integer per (query, document) pair, so that joining a run to its qrels is an integer join.

trec_eval looks each retrieved document up in the query's judgments. Done on 7 million strings,
a lookup table of every document id (dictionary encoding) costs seconds; here each pair gets a
64-bit key computed straight from the bytes of the id, with numpy, no table:

    key = mix(mix(seed(query) ⊕ 8·length) ⊕ word₁) ⊕ word₂ …

where wordᵢ is the i-th group of 8 bytes of the id (the last one padded with zeros), ⊕ is
exclusive or and ``mix`` is the SplitMix64 finaliser, a bijection of 64-bit integers that
scrambles every bit. Two different pairs can share a key (probability about n²/2⁶⁴, some 10⁻⁶ for
7 million lines), so a key is never trusted blindly: :mod:`ndcg_core.trec.evaluation` checks the
ids behind every match and every repeated key, and if two different pairs ever share a key it
starts again with :func:`exact_keys`, which cannot collide.

>>> import pyarrow as pa
>>> keys = hashed_keys(np.array([0, 0, 1]), pa.array(["d1", "d2", "d1"]))
>>> len(set(keys.tolist()))
3
"""

from __future__ import annotations

import hashlib

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ndcg_core.trec.arrow_columns import to_numpy

#: Ids longer than this many bytes are keyed one by one in Python (rare: ids are short).
LONG_ID_BYTES = 128

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
# _KEEP[v]: the first v bytes of a big-endian 8-byte word (v = 0 … 8).
_KEEP = np.array([((1 << 64) - 1) ^ ((1 << (64 - 8 * v)) - 1) for v in range(9)], dtype=np.uint64)


def mix(values: np.ndarray) -> np.ndarray:
    """SplitMix64's finaliser: z ← (z ⊕ z≫30)·0xBF58476D1CE4E5B9; z ← (z ⊕ z≫27)·0x94D049BB133111EB; z ⊕ z≫31."""
    z = values ^ (values >> np.uint64(30))
    z *= np.uint64(0xBF58476D1CE4E5B9)
    z ^= z >> np.uint64(27)
    z *= np.uint64(0x94D049BB133111EB)
    z ^= z >> np.uint64(31)
    return z


def query_seeds(count: int) -> np.ndarray:
    """A scrambled 64-bit seed per query code 0 … count − 1 (all different, since ``mix`` is a bijection)."""
    return mix((np.arange(count, dtype=np.uint64) + np.uint64(1)) * _GOLDEN)


def hashed_keys(query: np.ndarray, docno: pa.Array | pa.ChunkedArray) -> np.ndarray:
    """The 64-bit key of each (query code, document id) pair; see the module docstring."""
    seeds = query_seeds(int(query.max()) + 1 if len(query) else 0)[query]
    chunks = docno.chunks if isinstance(docno, pa.ChunkedArray) else [docno]
    keys, start = [], 0
    for chunk in chunks:
        keys.append(_keys_of_chunk(seeds[start : start + len(chunk)], chunk))
        start += len(chunk)
    return np.concatenate(keys) if keys else np.empty(0, dtype=np.uint64)


def _keys_of_chunk(seeds: np.ndarray, strings: pa.Array) -> np.ndarray:
    """Keys for one Arrow string array, read 8 bytes at a time from its data buffer."""
    if strings.type != pa.string():
        strings = pc.cast(strings, pa.string())
    if strings.null_count:
        strings = pc.fill_null(strings, "")
    offsets = np.frombuffer(
        strings.buffers()[1], dtype=np.int32, count=len(strings) + 1, offset=strings.offset * 4
    )
    start, length = offsets[:-1] - offsets[0], np.diff(offsets)
    data = np.zeros(int(offsets[-1] - offsets[0]) + 8, dtype=np.uint8)  # 8 zero bytes past the end
    if len(data) > 8:
        data[:-8] = np.frombuffer(
            strings.buffers()[2], dtype=np.uint8, count=len(data) - 8, offset=int(offsets[0])
        )
    # An 8-byte big-endian word starting at every byte of the data: word i = bytes i … i + 7.
    words = np.ndarray(shape=(len(data) - 7,), dtype=">u8", buffer=data, strides=(1,))
    keys = mix(seeds ^ (length.astype(np.uint64) * np.uint64(8)))
    keys = mix(keys ^ (words[start].astype(np.uint64) & _KEEP[np.minimum(length, 8)]))  # bytes 1-8
    rows, word = np.flatnonzero((length > 8) & (length <= LONG_ID_BYTES)), 1
    while len(rows):  # bytes 9-16, 17-24, … of the ids that have them
        value = (
            words[start[rows] + 8 * word].astype(np.uint64) & _KEEP[np.minimum(length[rows] - 8 * word, 8)]
        )
        keys[rows] = mix(keys[rows] ^ value)
        word += 1
        rows = rows[length[rows] > 8 * word]
    for row in np.flatnonzero(length > LONG_ID_BYTES):
        digest = hashlib.blake2b(strings[int(row)].as_py().encode("utf-8"), digest_size=8).digest()
        keys[row] = mix(np.array([keys[row] ^ np.uint64(int.from_bytes(digest, "big"))]))[0]
    return keys


def exact_keys(
    queries: tuple[np.ndarray, ...], docnos: tuple[pa.Array | pa.ChunkedArray, ...]
) -> tuple[np.ndarray, ...]:
    """Keys that cannot collide, for several files at once: query code × documents + document code.

    The document code comes from one dictionary of every id of every file (pyarrow's
    dictionary encoding): slower than :func:`hashed_keys`, but exact by construction.
    """
    together = pa.chunked_array([pc.cast(docno, pa.large_string()) for docno in docnos])
    encoded = pc.dictionary_encode(together).combine_chunks()
    codes = to_numpy(encoded.indices).astype(np.uint64)
    width = np.uint64(max(len(encoded.dictionary), 1))
    keys, start = [], 0
    for query, docno in zip(queries, docnos, strict=True):
        keys.append(query.astype(np.uint64) * width + codes[start : start + len(docno)])
        start += len(docno)
    return tuple(keys)
