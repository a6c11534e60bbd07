"""A file's text cut into pieces of whole lines, so a large run is never held whole in memory.

A run of 7 million lines is about 250 MB of text. Reading it as one string, then parsing it, would
hold the text, a normalised copy and the parsed columns at once. Instead the file (or the bytes of
an upload) is cut into pieces of about :data:`PIECE_BYTES` that end at a line break; each piece is
parsed and reduced to compact columns before the next one is read. Each piece carries the number of
its first line, so a message about a bad line still names the line of the whole file.

>>> [(bytes(text), first) for text, first in pieces(b"a\\nb\\nc\\n", piece_bytes=4)]
[(b'a\\nb\\n', 1), (b'c\\n', 3)]
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

#: About this many bytes per piece (a line longer than this makes its piece longer). 4 MB: the
#: 81 MB upload of benchmarks/upload_memory.py peaks ~40 MiB lower than with 16 MB pieces, at the
#: same CPU time.
PIECE_BYTES = 4 << 20

#: What a file can be read from: its path, or its bytes (an upload arrives as bytes).
Source = bytes | Path


def source_size(source: Source) -> int:
    """The number of bytes of a file or of bytes in memory."""
    return source.stat().st_size if isinstance(source, Path) else len(source)


def first_bytes(source: Source, count: int) -> bytes:
    """The first ``count`` bytes, for the checks made before parsing (binary? UTF-8?)."""
    if isinstance(source, Path):
        with source.open("rb") as file:
            return file.read(count)
    return bytes(source[:count])


def pieces(source: Source, piece_bytes: int = PIECE_BYTES) -> Iterator[tuple[bytes, int]]:
    """Pieces of whole lines with the number of each piece's first line (1 for the first)."""
    chunks = (
        _chunks_of_file(source, piece_bytes)
        if isinstance(source, Path)
        else _chunks_of_bytes(source, piece_bytes)
    )
    line = 1
    for text in chunks:
        yield text, line
        line += text.count(b"\n")


def _chunks_of_bytes(data: bytes, piece_bytes: int) -> Iterator[bytes]:
    """Cut bytes in memory after the last line break before each ``piece_bytes`` boundary."""
    start = 0
    while start < len(data):
        end = min(start + piece_bytes, len(data))
        if end < len(data):
            cut = data.rfind(b"\n", start, end)
            if cut < 0:  # one line longer than a piece: the piece runs to its end
                cut = data.find(b"\n", end)
            end = len(data) if cut < 0 else cut + 1
        yield data[start:end]
        start = end


def _chunks_of_file(path: Path, piece_bytes: int) -> Iterator[bytes]:
    """Read a file a piece at a time, each piece completed to the end of its last line."""
    with path.open("rb") as file:
        while piece := file.read(piece_bytes):
            if not piece.endswith(b"\n"):
                piece += file.readline()
            yield piece


def most_rows(source: Source) -> int:
    """The most data rows a file of this size can hold: a row is at least 5 characters and a line
    break ("q,d,1"), the last one may lack the break.

    Columns are made this long and filled as the file is read: only the part filled takes memory
    (the operating system gives memory to a page when it is first written), and the file need not
    be read twice to count its lines.
    """
    return source_size(source) // 6 + 1


def read_ahead(items: Iterator[T]) -> Iterator[T]:
    """``items``, each next one made in a background thread while the caller works on the current one.

    Reading a large file alternates between parsing a piece (native code, which lets other Python
    threads run) and turning its table into columns (numpy, one thread): made one piece ahead, the
    parsing of a piece overlaps the columns of the piece before it, on a second core. One piece
    more is held at a time. An error raised while making an item is raised here, in its turn.

    >>> list(read_ahead(iter("abc")))
    ['a', 'b', 'c']
    """
    end = object()
    with ThreadPoolExecutor(max_workers=1) as pool:
        upcoming = pool.submit(next, items, end)
        while (item := upcoming.result()) is not end:
            upcoming = pool.submit(next, items, end)
            yield item  # type: ignore[misc]
