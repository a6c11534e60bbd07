"""Read relevance judgments (qrels) and system runs: TREC format, or CSV/TSV with named columns.

TREC formats, fields separated by any run of spaces or tabs (as trec_eval reads them):

    qrels:  qid  iter  docno  rel                 e.g.  301 0 FR940202-2-00150 1
    run:    qid  Q0    docno  rank  score  tag    e.g.  301 Q0 FR940202-2-00150 1 2.129 STANDARD

Fields after the last one a format needs are ignored; the run's rank column is read but never
used, since trec_eval orders a query's documents by score (see :mod:`ndcg_core.trec.evaluation`).
CSV or TSV files need a header row naming the columns: query, document, relevance (qrels) or
query, document, score (run); common aliases (qid, docno, rel, grade, label, sim) work too.

A file is read in pieces of whole lines (:mod:`ndcg_core.trec.pieces`), each parsed by pyarrow's
native CSV reader, so memory holds one piece of text at a time whatever the file's size. Every
problem is reported as a :class:`TrecFileError` that names the file, the line and what is wrong.

The size limit is the caller's: the page passes :data:`MAX_FILE_BYTES` (its upload limit), the
command line none.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv

from ndcg_core.metric.validation import NDCGInputError
from ndcg_core.trec.pieces import PIECE_BYTES, Source, first_bytes, pieces, source_size

#: The largest upload the page reads (Streamlit's ``maxUploadSize`` says the same). The command
#: line has no limit: it reads any file piece by piece.
MAX_FILE_BYTES = 200 * 1024 * 1024
#: pyarrow parses a piece in blocks of this size, in parallel (four blocks a piece).
BLOCK_BYTES = 1 << 20
#: The checks made before parsing (binary? UTF-8?) look at this many first bytes.
SAMPLE_BYTES = 1 << 16

QUERY_NAMES = ("query", "qid", "query_id", "topic", "topic_id")
DOCUMENT_NAMES = ("document", "docno", "doc", "doc_id", "docid", "document_id")
RELEVANCE_NAMES = ("relevance", "rel", "grade", "label", "judgment", "judgement")
SCORE_NAMES = ("score", "sim", "similarity")


ScorePrecision = Literal["float64", "float32"]
#: How a run's scores are read, and who reads them so. Two scores that differ only after float32's
#: ~7 significant digits (12.3456790 and 12.3456789) are a tie in float32, broken by document id.
SCORE_PRECISIONS: dict[str, str] = {
    "float64": "scores read as 64-bit doubles, as trec_eval 10 reads them (the default)",
    "float32": (
        "scores read as 32-bit floats, as trec_eval up to 9.0.8 reads them, and pytrec_eval, which wraps it"
    ),
}


def check_score_precision(precision: object) -> ScorePrecision:
    """``"float64"`` or ``"float32"``, else :class:`NDCGInputError`."""
    if precision not in SCORE_PRECISIONS:
        raise NDCGInputError(f"Unknown score precision {precision!r}; choose float64 or float32.")
    return precision  # type: ignore[return-value]


def at_precision(scores: np.ndarray, precision: ScorePrecision) -> np.ndarray:
    """Scores as the chosen trec_eval reads them: float64 as they are; float32 rounded to the nearest
    32-bit float (trec_eval 9 parses a double with atof and stores it in a float), kept as float64.

    >>> at_precision(np.array([12.3456790, 12.3456789]), "float32").tolist()
    [12.34567928314209, 12.34567928314209]
    """
    if check_score_precision(precision) == "float64":
        return scores
    return scores.astype(np.float32).astype(np.float64)


class TrecFileError(NDCGInputError):
    """A qrels or run file that cannot be read; the message names the file and the line."""


@dataclass(frozen=True)
class FileSpec:
    """What one kind of file holds: its name for messages, its TREC fields, and the ones kept."""

    kind: str
    trec_fields: tuple[str, ...]
    numeric_field: str
    numeric_names: tuple[str, ...]


QRELS = FileSpec("qrels", ("qid", "iter", "docno", "rel"), "rel", RELEVANCE_NAMES)
RUN = FileSpec("run", ("qid", "q0", "docno", "rank", "score", "tag"), "score", SCORE_NAMES)


@dataclass(frozen=True)
class Layout:
    """How a file's lines split into fields: TREC (``header`` None) or CSV/TSV with a header row.

    ``picked`` maps ``qid``, ``docno`` and the numeric field to the header's column names.
    """

    delimiter: str
    header: tuple[str, ...] | None = None
    picked: tuple[tuple[str, str], ...] = ()


TREC_LAYOUT = Layout(" ")


def read_qrels(data: Source, name: str = "qrels", max_bytes: int | None = MAX_FILE_BYTES) -> pa.Table:
    """Judgments as one table (qid: string, docno: string, rel: float64), one row per line.

    The whole table in memory: for the evaluation of big files, ``evaluation.evaluate_files``
    reads piece by piece instead. ``max_bytes``: the upload limit by default, None for none.
    """
    return pa.concat_tables(list(read_tables(data, name, QRELS, max_bytes=max_bytes)))


def read_run(data: Source, name: str = "run", max_bytes: int | None = MAX_FILE_BYTES) -> pa.Table:
    """A run as one table (qid: string, docno: string, score: float64); see :func:`read_qrels`."""
    return pa.concat_tables(list(read_tables(data, name, RUN, max_bytes=max_bytes)))


def read_tables(
    source: Source,
    name: str,
    spec: FileSpec,
    *,
    max_bytes: int | None = None,
    piece_bytes: int = PIECE_BYTES,
) -> Iterator[pa.Table]:
    """One table (qid, docno, and the grade or score as float64) per piece of the file.

    Raises :class:`TrecFileError` for an empty, too large, binary or unreadable file, or for
    a file without a single data line.
    """
    _check_source(source, name, max_bytes)
    layout: Layout | None = None
    rows = 0
    for text, first_line in pieces(source, piece_bytes):
        if text.isspace():
            continue
        if layout is None:
            layout, text, first_line = _layout_of(text, first_line, name, spec)
        table = _parse_piece(text, first_line, name, spec, layout)
        if table is not None and table.num_rows:
            rows += table.num_rows
            yield table
    if layout is None:
        raise TrecFileError(f"{name}: the file is empty.")
    if rows == 0:
        raise TrecFileError(f"{name}: no data lines were found.")


def _check_source(source: Source, name: str, max_bytes: int | None) -> None:
    """Too large, binary, or not text: refuse before parsing."""
    size = source_size(source)
    if max_bytes is not None and size > max_bytes:
        raise TrecFileError(
            f"{name}: the file has {size:,} bytes; the limit here is {max_bytes:,}. "
            "The command line (python -m ndcg_core QRELS RUN) reads files of any size."
        )
    sample = first_bytes(source, SAMPLE_BYTES)
    if b"\x00" in sample:
        raise TrecFileError(
            f"{name}: this looks like a binary file, not a text file of judgments or results."
        )
    if len(sample) == SAMPLE_BYTES:  # a character cut at the sample's end is not an error
        sample = sample[: sample.rfind(b"\n") + 1]
    _check_utf8(sample, name, 1)  # the parser checks the rest and calls _check_utf8 on failure


def _check_utf8(data: bytes, name: str, first_line: int) -> None:
    """Raise, naming the line, if ``data`` is not UTF-8 text."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = first_line + data.count(b"\n", 0, error.start)
        raise TrecFileError(
            f"{name}, line {line}: the text is not UTF-8 (byte {data[error.start]:#04x})."
        ) from None


def _first_line(data: bytes) -> tuple[str, int, int]:
    """The first line that is not blank, its end (after the line break), and the lines up to it."""
    start = 0
    while start < len(data):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        if data[start:end].strip():
            return (
                data[start:end].decode("utf-8", errors="replace").strip(),
                end + 1,
                data.count(b"\n", 0, end),
            )
        start = end + 1
    return "", len(data), 0


#: Every column name a header may use; a first line naming one of them is a header.
COLUMN_NAMES = frozenset(QUERY_NAMES + DOCUMENT_NAMES + RELEVANCE_NAMES + SCORE_NAMES)
#: The delimiters of CSV/TSV files, in the order they are tried, and their names in messages.
DELIMITERS = {",": "commas", "\t": "tabs", ";": "semicolons"}


def _is_trec_line(first: str, spec: FileSpec) -> bool:
    """True when the line splits on blanks into a TREC line of this kind: enough fields, and a number
    where the grade (qrels) or the score (run) goes. A query id such as "topic" does not matter."""
    fields = first.split()
    if len(fields) < len(spec.trec_fields):
        return False
    return _is_finite_number(fields[spec.trec_fields.index(spec.numeric_field)])


def _delimiter_of(first: str, name: str, spec: FileSpec, line: int) -> str | None:
    """The delimiter of a CSV/TSV file with a header, or None for TREC lines.

    Decided from the delimiter and the column count, not from a word: a line that reads as a TREC
    line (:func:`_is_trec_line`) is one, whatever its first query id ("topic", "qid"); a line split
    by commas, tabs or semicolons is a header when it names a known column. A comma- or
    semicolon-separated line that names none is data without a header: refused with the header it
    needs. A tab-separated line with as many fields as a TREC line is left to the TREC reader, which
    names the field that is wrong.
    """
    if _is_trec_line(first, spec):
        return None
    delimiter = next((d for d in DELIMITERS if d in first), None)
    if delimiter is None:
        return None
    cells = [cell.strip().strip('"').lower() for cell in _cells(first, delimiter)]
    if len(cells) > 1 and any(cell in COLUMN_NAMES for cell in cells):
        return delimiter
    if delimiter == "\t" and len(first.split()) >= len(spec.trec_fields):
        return None
    header = delimiter.join(("query", "document", spec.numeric_names[0])).replace("\t", " ⇥ ")
    raise TrecFileError(
        f"{name}, line {line}: “{first[:80].replace(chr(9), ' ⇥ ')}” is separated by {DELIMITERS[delimiter]} but has no header. A CSV "
        f"or TSV {spec.kind} file needs a first line that names its columns, such as “{header}” (separated by "
        f"{DELIMITERS[delimiter]}, as the data are); a TREC {spec.kind} line is “{' '.join(spec.trec_fields)}”, "
        "separated by blanks."
    )


def _cells(line: str, delimiter: str) -> list[str]:
    """One CSV or TSV line's cells. A carriage return inside the line counts as a blank, as it does
    in TREC lines (Python's csv module refuses one outside quotes).

    >>> _cells('q\\tdoc\\r\\t"a, b"', "\\t")
    ['q', 'doc ', 'a, b']
    """
    return next(csv.reader([line.replace("\r", " ")], delimiter=delimiter))


def _layout_of(text: bytes, first_line: int, name: str, spec: FileSpec) -> tuple[Layout, bytes, int]:
    """The file's layout from its first piece, and the piece without its header row (if any)."""
    first, end, lines_before = _first_line(text)
    delimiter = _delimiter_of(first, name, spec, first_line + lines_before)
    if delimiter is None:
        return TREC_LAYOUT, text, first_line
    _check_utf8(text[:end], name, first_line)
    header = _cells(first, delimiter)
    names = {column.strip().lower(): column for column in header}
    picked = (
        ("qid", _pick(names, QUERY_NAMES, "query", name)),
        ("docno", _pick(names, DOCUMENT_NAMES, "document", name)),
        (spec.numeric_field, _pick(names, spec.numeric_names, spec.numeric_names[0], name)),
    )
    return Layout(delimiter, tuple(header), picked), text[end:], first_line + lines_before + 1


def _pick(names: dict[str, str], aliases: tuple[str, ...], wanted: str, file_name: str) -> str:
    """The header's column that has one of ``aliases`` as its name."""
    for alias in aliases:
        if alias in names:
            return names[alias]
    shown = ", ".join(names.values())
    raise TrecFileError(f"{file_name}: no “{wanted}” column in the header (it has: {shown}).")


def _parse_piece(text: bytes, first_line: int, name: str, spec: FileSpec, layout: Layout) -> pa.Table | None:
    """One piece of whole lines as a table (None when it holds no data line)."""
    if not text or text.isspace():
        return None
    if layout.header is None:
        return _read_trec(text, first_line, name, spec)
    return _read_named_columns(text, first_line, name, spec, layout)


def _normalised(data: bytes) -> bytes:
    """Runs of spaces and tabs become one space (a carriage return counts as a space), and lines
    lose leading and trailing blanks.

    Plain ``bytes.replace`` calls (native code), since a regular expression took seconds on a
    70 MB run; each pass halves the longest run of blanks. A piece already in that form is
    returned as it is.
    """
    sample = data[:SAMPLE_BYTES]
    if not any(blank in sample for blank in (b"\t", b"\r", b"  ", b"\n ", b" \n")) and not sample.startswith(
        b" "
    ):
        return data  # a line with stray blanks further down is still read right: see _odd_rows
    clean = data.replace(b"\r", b" ").replace(b"\t", b" ")
    while b"  " in clean:
        clean = clean.replace(b"    ", b" ").replace(b"  ", b" ")
    return clean.replace(b"\n ", b"\n").replace(b" \n", b"\n").strip(b" ")


def _read_trec(data: bytes, first_line: int, name: str, spec: FileSpec) -> pa.Table:
    """Whitespace-separated TREC lines; extra trailing fields are ignored."""
    clean = _normalised(data)
    wanted = len(spec.trec_fields)
    width = max(wanted, len(_first_line(clean)[0].split(" ")))
    columns = [*spec.trec_fields, *(f"extra{i}" for i in range(width - wanted))]
    kept = ["qid", "docno", spec.numeric_field]
    odd_rows: list[str] = []

    def keep_aside(row: pacsv.InvalidRow) -> str:
        odd_rows.append(row.text)
        return "skip"

    def parse(numeric: pa.DataType) -> pa.Table:
        return _in_blocks(lambda block: parse_in(numeric, block), len(clean))

    def parse_in(numeric: pa.DataType, block: int) -> pa.Table:
        odd_rows.clear()
        return pacsv.read_csv(
            io.BytesIO(clean),
            read_options=pacsv.ReadOptions(column_names=columns, block_size=block),
            parse_options=pacsv.ParseOptions(delimiter=" ", quote_char=False, invalid_row_handler=keep_aside),
            convert_options=pacsv.ConvertOptions(
                include_columns=kept,
                column_types={"qid": pa.string(), "docno": pa.string(), spec.numeric_field: numeric},
            ),
        )

    try:
        table = parse(pa.float64())  # the fast path: numbers parsed in native code
    except pa.ArrowInvalid:
        table = _parse_or_explain(lambda: parse(pa.string()), clean, first_line, name)  # to say where
    if odd_rows:
        as_text = table.set_column(2, spec.numeric_field, pc.cast(table[spec.numeric_field], pa.string()))
        table = pa.concat_tables([as_text, _odd_rows(odd_rows, clean, first_line, name, spec)])
    return _with_numbers(table, name, spec, clean, first_line)


def _read_named_columns(data: bytes, first_line: int, name: str, spec: FileSpec, layout: Layout) -> pa.Table:
    """CSV or TSV lines under the header's columns; the three named ones are kept, as text and number."""
    picked = dict(layout.picked)
    kept = list(picked.values())
    wrong_width: list[str] = []

    def keep_aside(row: pacsv.InvalidRow) -> str:
        wrong_width.append(row.text)
        return "skip"

    def parse(numeric: pa.DataType) -> pa.Table:
        return _in_blocks(lambda block: parse_in(numeric, block), len(data))

    def parse_in(numeric: pa.DataType, block: int) -> pa.Table:
        wrong_width.clear()
        return pacsv.read_csv(
            io.BytesIO(data),
            read_options=pacsv.ReadOptions(column_names=list(layout.header or ()), block_size=block),
            parse_options=pacsv.ParseOptions(delimiter=layout.delimiter, invalid_row_handler=keep_aside),
            convert_options=pacsv.ConvertOptions(
                include_columns=kept,
                column_types={picked["qid"]: pa.string(), picked["docno"]: pa.string(), kept[2]: numeric},
                strings_can_be_null=False,
                quoted_strings_can_be_null=False,
            ),
        )

    try:
        table = parse(pa.float64())
    except pa.ArrowInvalid:
        table = _parse_or_explain(lambda: parse(pa.string()), data, first_line, name)
    if wrong_width:
        text = wrong_width[0]
        line = first_line - 1 + _line_of(text, data)
        raise TrecFileError(
            f"{name}, line {line}: {_fields(len(text.split(layout.delimiter)))} where the header has "
            f"{len(layout.header or ())}: “{text[:80]}”."
        )
    renamed = pa.Table.from_arrays([table[column] for column in kept], names=list(picked))
    return _with_numbers(renamed, name, spec, data, first_line, layout)


def _in_blocks(parse: Callable[[int], pa.Table], size: int) -> pa.Table:
    """``parse(block size)`` in blocks of :data:`BLOCK_BYTES`, or in one block if a line is too long
    for that (pyarrow refuses a line that straddles several blocks)."""
    try:
        return parse(BLOCK_BYTES)
    except pa.ArrowInvalid as error:
        if "straddl" not in str(error):
            raise
        return parse(size + 1)


def _parse_or_explain(parse: Callable[[], pa.Table], data: bytes, first_line: int, name: str) -> pa.Table:
    """Run the text parse; turn what the native parser refuses into a message about the file."""
    try:
        return parse()
    except pa.ArrowInvalid as error:
        _explain(error, data, first_line, name)
        raise  # _explain always raises; this line is for type checkers


def _explain(error: pa.ArrowInvalid, data: bytes, first_line: int, name: str) -> None:
    """Raise a TrecFileError that says what the native parser did not like."""
    message = str(error)
    if "UTF8" in message or "UTF-8" in message:
        _check_utf8(data, name, first_line)
    raise TrecFileError(f"{name}: {_arrow_message(error)}") from None


def _odd_rows(rows: list[str], clean: bytes, first_line: int, name: str, spec: FileSpec) -> pa.Table:
    """Lines with another number of fields than the first: more is fine, fewer is an error."""
    wanted = len(spec.trec_fields)
    kept = []
    for text in rows:
        fields = text.split()  # any run of blanks, in a line the fast reader found odd
        if len(fields) < wanted:
            line = first_line - 1 + _line_of(text, clean)
            raise TrecFileError(
                f"{name}, line {line}: {_fields(len(fields))} where a {spec.kind} line has {wanted} "
                f"({' '.join(spec.trec_fields)}): “{text[:80]}”."
            )
        kept.append(dict(zip(spec.trec_fields, fields, strict=False)))
    table = pa.Table.from_pylist(kept)
    return table.select(["qid", "docno", spec.numeric_field]).cast(
        pa.schema([("qid", pa.string()), ("docno", pa.string()), (spec.numeric_field, pa.string())])
    )


def _fields(count: int) -> str:
    """ "1 field", "3 fields"."""
    return f"{count} field{'' if count == 1 else 's'}"


def _line_of(text: str, data: bytes) -> int:
    """The line number of a line's text within ``data`` (1 for its first line)."""
    position = data.find(text.encode("utf-8"))
    return data.count(b"\n", 0, max(position, 0)) + 1


def _arrow_message(error: Exception) -> str:
    """pyarrow's message, first line only, made a little friendlier."""
    return str(error).splitlines()[0].replace("CSV parse error: ", "")


def _with_numbers(
    table: pa.Table, name: str, spec: FileSpec, source: bytes, first_line: int, layout: Layout = TREC_LAYOUT
) -> pa.Table:
    """Cast the grade or score column to float64, naming the first line that is not a number."""
    column = spec.numeric_field
    try:
        numbers = (
            table[column] if table[column].type == pa.float64() else pc.cast(table[column], pa.float64())
        )
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        _raise_first_non_number(name, spec, source, first_line, layout)
    if numbers.null_count or not pc.all(pc.is_finite(numbers)).as_py():
        _raise_first_non_number(name, spec, source, first_line, layout)
    return table.set_column(table.column_names.index(column), column, numbers)


def _raise_first_non_number(
    name: str, spec: FileSpec, source: bytes, first_line: int, layout: Layout
) -> None:
    """Raise naming the first line, in the file's order, whose grade or score is not a finite number.

    The lines are read again one by one (only on this error path): the table's rows are not always in
    the file's order (a line with extra fields is parsed apart and added at the end).
    """
    what = "grade" if spec.kind == "qrels" else "score"
    for number, raw in enumerate(source.splitlines(), start=first_line):
        text = raw.decode("utf-8", errors="replace").strip()
        value = _numeric_field(text, spec, layout) if text else "0"
        if not _is_finite_number(value):
            shown = f"“{value[:40]}” is not a finite number" if value else f"is missing in “{text[:80]}”"
            raise TrecFileError(f"{name}, line {number}: the {what} {shown}.")
    raise TrecFileError(f"{name}: a {what} could not be read.")


def _numeric_field(text: str, spec: FileSpec, layout: Layout) -> str:
    """The grade's or score's text in one line ("" when the line has no such field)."""
    if layout.header is None:
        fields, index = text.split(), spec.trec_fields.index(spec.numeric_field)
    else:
        fields = _cells(text, layout.delimiter)
        index = list(layout.header).index(dict(layout.picked)[spec.numeric_field])
    return fields[index].strip() if len(fields) > index else ""


def _is_finite_number(value: object) -> bool:
    """True for a finite float or a text that reads as one."""
    try:
        return value is not None and bool(np.isfinite(float(value)))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
