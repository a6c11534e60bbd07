"""A qrels or run file as compact columns: what evaluation needs, and nothing else.

Each line keeps its query as a small integer code, its document id (Arrow text, needed to break
score ties and to check matches), a 64-bit key of the (query, document) pair
(:mod:`ndcg_core.trec.doc_keys`) and its number (grade or score). The query id texts are kept
once per query, in a :class:`QueryCodes` shared by the qrels and every run read against them, so
equal ids get equal codes across files. Built piece by piece while the file is read, so the text of
the file is never held whole.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ndcg_core.trec.arrow_columns import to_numpy
from ndcg_core.trec.doc_keys import hashed_keys


class QueryCodes:
    """Query ids as integer codes 0, 1, 2, … in the order first met; the same id, the same code."""

    def __init__(self) -> None:
        self._code: dict[str, int] = {}
        self._text: list[str] = []

    def __len__(self) -> int:
        return len(self._text)

    def encode(self, qids: pa.Array | pa.ChunkedArray) -> np.ndarray:
        """The code of each id (new ids get new codes)."""
        encoded = pc.dictionary_encode(qids)
        if isinstance(encoded, pa.ChunkedArray):
            encoded = encoded.combine_chunks()
        lookup = np.array([self._code_of(text) for text in encoded.dictionary.to_pylist()], dtype=np.int32)
        return lookup[to_numpy(encoded.indices)] if len(lookup) else np.empty(0, dtype=np.int32)

    def _code_of(self, text: str) -> int:
        code = self._code.get(text)
        if code is None:
            code = self._code[text] = len(self._text)
            self._text.append(text)
        return code

    def text(self, code: int) -> str:
        """The id of a code."""
        return self._text[int(code)]

    def code(self, text: str) -> int | None:
        """The code of an id, or None if no file had it."""
        return self._code.get(text)


@dataclass(frozen=True)
class Lines:
    """One file's lines as columns (row i of each is line i): see the module docstring."""

    name: str
    query: np.ndarray  # int32 code in the shared QueryCodes
    docno: pa.ChunkedArray  # the document id as text
    key: np.ndarray  # uint64 key of (query, document)
    value: np.ndarray  # float64 grade (qrels) or score (run)

    def __len__(self) -> int:
        return len(self.query)


def collect(
    tables: Iterable[pa.Table], queries: QueryCodes, name: str, value_column: str, capacity: int = 0
) -> Lines:
    """The pieces' tables (qid, docno, value) as one :class:`Lines`.

    Each piece's query ids become codes and its keys are computed as soon as it is parsed, so its
    text can go. The columns are filled in place (``capacity``: the expected number of lines, e.g.
    the file's line count), so they are never held twice while being joined.
    """
    columns = _Columns(capacity)
    docno: list[pa.Array] = []
    for table in tables:
        codes = queries.encode(table["qid"])
        columns.append(codes, hashed_keys(codes, table["docno"]), to_numpy(table[value_column]))
        docno.extend(table["docno"].chunks)
    query, key, value = columns.filled()
    return Lines(name, query, pa.chunked_array(docno, type=pa.string()), key, value)


class _Columns:
    """Query codes, keys and values, appended piece by piece into arrays that grow only if needed."""

    def __init__(self, capacity: int) -> None:
        self.arrays = (
            np.empty(capacity, dtype=np.int32),
            np.empty(capacity, dtype=np.uint64),
            np.empty(capacity, dtype=np.float64),
        )
        self.size = 0

    def append(self, *parts: np.ndarray) -> None:
        end = self.size + len(parts[0])
        if end > len(self.arrays[0]):  # more rows than expected: grow (copies once in a while)
            bigger = max(end, 2 * len(self.arrays[0]))
            self.arrays = tuple(
                np.concatenate([a[: self.size], np.empty(bigger - self.size, a.dtype)]) for a in self.arrays
            )
        for array, part in zip(self.arrays, parts, strict=True):
            array[self.size : end] = part
        self.size = end

    def filled(self) -> tuple[np.ndarray, ...]:
        return tuple(array[: self.size] for array in self.arrays)
