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
    docno: pa.Array  # the document id as text (one Arrow string array over numpy memory)
    key: np.ndarray  # uint64 key of (query, document)
    value: np.ndarray  # float64 grade (qrels) or score (run)

    def __len__(self) -> int:
        return len(self.query)


def collect(
    tables: Iterable[pa.Table],
    queries: QueryCodes,
    name: str,
    value_column: str,
    rows: int = 0,
    text_bytes: int = 0,
) -> Lines:
    """The pieces' tables (qid, docno, value) as one :class:`Lines`.

    Each piece's query ids become codes and its keys are computed as soon as it is parsed; its
    numbers and the bytes of its document ids are copied into columns made once for the whole
    file (``rows`` and ``text_bytes``: upper bounds, e.g. from the file's size; a column that
    runs out grows). So the parsed pieces can go, and nothing is held twice or scattered
    between the parser's leftovers.
    """
    offsets_type = np.int32 if text_bytes < 1 << 31 else np.int64
    query, key, value = _Filling(rows, np.int32), _Filling(rows, np.uint64), _Filling(rows, np.float64)
    offsets, text = _Filling(rows + 1, offsets_type), _Filling(text_bytes, np.uint8)
    offsets.append(np.zeros(1, offsets_type))
    for table in tables:
        codes = queries.encode(table["qid"])
        query.append(codes)
        key.append(hashed_keys(codes, table["docno"]))
        value.append(to_numpy(table[value_column]))
        for chunk in table["docno"].chunks:
            starts, data = _string_parts(chunk)
            offsets.append(starts[1:] + text.size)
            text.append(data)
    string_type = pa.string() if offsets_type is np.int32 else pa.large_string()
    docno = pa.Array.from_buffers(
        string_type, query.size, [None, pa.py_buffer(offsets.filled()), pa.py_buffer(text.filled())]
    )
    return Lines(name, query.filled(), docno, key.filled(), value.filled())


def text_bytes_of(column: pa.ChunkedArray) -> int:
    """The bytes of text in a string column (for :func:`collect`'s ``text_bytes``)."""
    return sum(len(_string_parts(chunk)[1]) for chunk in column.chunks)


def _string_parts(strings: pa.Array) -> tuple[np.ndarray, np.ndarray]:
    """An Arrow string array's offsets (from 0) and the bytes of its text, as numpy views."""
    if strings.type != pa.string():
        strings = pc.cast(strings, pa.string())
    offsets = np.frombuffer(
        strings.buffers()[1], dtype=np.int32, count=len(strings) + 1, offset=strings.offset * 4
    )
    first, size = int(offsets[0]), int(offsets[-1] - offsets[0])
    data = strings.buffers()[2]
    text = np.frombuffer(data, dtype=np.uint8, count=size, offset=first) if size else np.empty(0, np.uint8)
    return offsets - first, text


class _Filling:
    """A numpy array filled from its start, piece by piece; if it runs out, it doubles (one copy).

    Made at its upper bound: memory is only taken by the part written (the operating system gives
    a page its memory when it is first written).
    """

    def __init__(self, capacity: int, dtype: type) -> None:
        self.array = np.empty(capacity, dtype=dtype)
        self.size = 0

    def append(self, part: np.ndarray) -> None:
        end = self.size + len(part)
        if end > len(self.array):
            bigger = np.empty(max(end, 2 * len(self.array)), dtype=self.array.dtype)
            bigger[: self.size] = self.array[: self.size]
            self.array = bigger
        self.array[self.size : end] = part
        self.size = end

    def filled(self) -> np.ndarray:
        return self.array[: self.size]
