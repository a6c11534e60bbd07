"""Read relevance judgments (qrels) and system runs: TREC format, or CSV/TSV with named columns.

TREC formats, fields separated by any run of spaces or tabs (as trec_eval reads them):

    qrels:  qid  iter  docno  rel                 e.g.  301 0 FR940202-2-00150 1
    run:    qid  Q0    docno  rank  score  tag    e.g.  301 Q0 FR940202-2-00150 1 2.129 STANDARD

Fields after the last one a format needs are ignored; the run's rank column is read but never
used, since trec_eval orders a query's documents by score (see :mod:`ndcg_core.trec.evaluation`).
CSV or TSV files need a header row naming the columns: query, document, relevance (qrels) or
query, document, score (run); common aliases (qid, docno, rel, grade, label, sim) work too.

Every problem is reported as a :class:`TrecFileError` that names the file, the line and what is
wrong. The parsing runs in pyarrow's native CSV reader, so two million lines take well under a
second.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv

from ndcg_core.metric.validation import NDCGInputError

#: The largest file the app reads (the page's upload limit says the same).
MAX_FILE_BYTES = 200 * 1024 * 1024
#: The parser reads in blocks of this size (4 MB was the fastest here).
BLOCK_BYTES = 1 << 22

QUERY_NAMES = ("query", "qid", "query_id", "topic", "topic_id")
DOCUMENT_NAMES = ("document", "docno", "doc", "doc_id", "docid", "document_id")
RELEVANCE_NAMES = ("relevance", "rel", "grade", "label", "judgment", "judgement")
SCORE_NAMES = ("score", "sim", "similarity")


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


def read_qrels(data: bytes, name: str = "qrels") -> pa.Table:
    """Judgments as a table (qid: string, docno: string, rel: float64), one row per line."""
    return _read(data, name, QRELS)


def read_run(data: bytes, name: str = "run") -> pa.Table:
    """A run as a table (qid: string, docno: string, score: float64), one row per line."""
    return _read(data, name, RUN)


def _read(data: bytes, name: str, spec: FileSpec) -> pa.Table:
    """Check the bytes, pick the format from the first line, and parse."""
    _check_bytes(data, name)
    first = _first_line(data)
    if _has_header(first):
        table = _read_named_columns(data, name, spec, first)
    else:
        table = _read_trec(data, name, spec)
    if table.num_rows == 0:
        raise TrecFileError(f"{name}: no data lines were found.")
    return table


def _check_bytes(data: bytes, name: str) -> None:
    """Empty, too large, binary, or not text: refuse before parsing."""
    if not data or data.isspace():
        raise TrecFileError(f"{name}: the file is empty.")
    if len(data) > MAX_FILE_BYTES:
        raise TrecFileError(f"{name}: the file has {len(data):,} bytes; the limit is {MAX_FILE_BYTES:,}.")
    if b"\x00" in data[:65536]:
        raise TrecFileError(
            f"{name}: this looks like a binary file, not a text file of judgments or results."
        )
    _check_utf8(data[: 1 << 16], name)  # the parser checks the rest and calls _check_utf8 on failure


def _check_utf8(data: bytes, name: str) -> None:
    """Raise, naming the line, if ``data`` is not UTF-8 text."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise TrecFileError(
            f"{name}, line {line}: the text is not UTF-8 (byte {data[error.start]:#04x})."
        ) from None


def _first_line(data: bytes) -> str:
    """The first line that is not blank (found without splitting the whole file)."""
    start = 0
    while start < len(data):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        if data[start:end].strip():
            return data[start:end].decode("utf-8").strip()
        start = end + 1
    return ""


def _has_header(first: str) -> bool:
    """A CSV/TSV header is a first line that names a query column."""
    cells = [cell.strip().strip('"').lower() for cell in re.split(r"[,\t;]", first)]
    return len(cells) > 1 and any(cell in QUERY_NAMES for cell in cells)


def _normalised(data: bytes) -> bytes:
    """Runs of spaces and tabs become one space (a carriage return counts as a space), and lines
    lose leading and trailing blanks.

    Plain ``bytes.replace`` calls (native code), since a regular expression took seconds on a
    70 MB run; each pass halves the longest run of blanks. A file already in that form is
    returned as it is.
    """
    sample = data[: 1 << 16]
    if not any(blank in sample for blank in (b"\t", b"\r", b"  ", b"\n ", b" \n")) and not sample.startswith(
        b" "
    ):
        return data  # a line with stray blanks further down is still read right: see _odd_rows
    clean = data.replace(b"\r", b" ").replace(b"\t", b" ")
    while b"  " in clean:
        clean = clean.replace(b"    ", b" ").replace(b"  ", b" ")
    return clean.replace(b"\n ", b"\n").replace(b" \n", b"\n").strip(b" ")


def _read_trec(data: bytes, name: str, spec: FileSpec) -> pa.Table:
    """Whitespace-separated TREC lines; extra trailing fields are ignored."""
    clean = _normalised(data)
    wanted = len(spec.trec_fields)
    width = max(wanted, len(_first_line(clean).split(" ")))
    columns = [*spec.trec_fields, *(f"extra{i}" for i in range(width - wanted))]
    kept = ["qid", "docno", spec.numeric_field]
    odd_rows: list[str] = []

    def keep_or_complain(row: pacsv.InvalidRow) -> str:
        odd_rows.append(row.text)
        return "skip"

    def parse(numeric: pa.DataType) -> pa.Table:
        odd_rows.clear()
        return pacsv.read_csv(
            io.BytesIO(clean),
            read_options=pacsv.ReadOptions(column_names=columns, block_size=BLOCK_BYTES),
            parse_options=pacsv.ParseOptions(
                delimiter=" ", quote_char=False, invalid_row_handler=keep_or_complain
            ),
            convert_options=pacsv.ConvertOptions(
                include_columns=kept,
                column_types={"qid": pa.string(), "docno": pa.string(), spec.numeric_field: numeric},
            ),
        )

    try:
        table = parse(pa.float64())  # the fast path: numbers parsed in native code
    except pa.ArrowInvalid:
        table = _parse_or_explain(lambda: parse(pa.string()), clean, name)  # to say where it failed
    if odd_rows:
        as_text = table.set_column(2, spec.numeric_field, pc.cast(table[spec.numeric_field], pa.string()))
        table = pa.concat_tables([as_text, _odd_rows(odd_rows, clean, name, spec)])
    return _with_numbers(table, name, spec, clean)


def _parse_or_explain(parse: Callable[[], pa.Table], data: bytes, name: str) -> pa.Table:
    """Run the text parse; turn what the native parser refuses into a message about the file."""
    try:
        return parse()
    except pa.ArrowInvalid as error:
        _explain(error, data, name)
        raise  # _explain always raises; this line is for type checkers


def _explain(error: pa.ArrowInvalid, data: bytes, name: str) -> None:
    """Raise a TrecFileError that says what the native parser did not like."""
    message = str(error)
    if "UTF8" in message or "UTF-8" in message:
        _check_utf8(data, name)
    raise TrecFileError(f"{name}: {_arrow_message(error)}") from None


def _odd_rows(rows: list[str], clean: bytes, name: str, spec: FileSpec) -> pa.Table:
    """Lines with another number of fields than the first: more is fine, fewer is an error."""
    wanted = len(spec.trec_fields)
    kept = []
    for text in rows:
        fields = text.split()  # any run of blanks, in a line the fast reader found odd
        if len(fields) < wanted:
            line = _line_of(text, clean)
            raise TrecFileError(
                f"{name}, line {line}: {len(fields)} fields where a {spec.kind} line has {wanted} "
                f"({' '.join(spec.trec_fields)}): “{text[:80]}”."
            )
        kept.append(dict(zip(spec.trec_fields, fields, strict=False)))
    table = pa.Table.from_pylist(kept)
    return table.select(["qid", "docno", spec.numeric_field]).cast(
        pa.schema([("qid", pa.string()), ("docno", pa.string()), (spec.numeric_field, pa.string())])
    )


def _line_of(text: str, clean: bytes) -> int:
    """The line number of a line's text in the (normalised) file."""
    position = clean.find(text.encode("utf-8"))
    return clean.count(b"\n", 0, max(position, 0)) + 1


def _read_named_columns(data: bytes, name: str, spec: FileSpec, first: str) -> pa.Table:
    """CSV or TSV with a header row; the delimiter is the one the header uses."""
    delimiter = "," if "," in first else ("\t" if "\t" in first else ";")
    try:
        table = pacsv.read_csv(
            io.BytesIO(data),
            read_options=pacsv.ReadOptions(block_size=BLOCK_BYTES),
            parse_options=pacsv.ParseOptions(delimiter=delimiter),
            convert_options=pacsv.ConvertOptions(auto_dict_encode=False, strings_can_be_null=False),
        )
    except pa.ArrowInvalid as error:
        _explain(error, data, name)
    names = {column.strip().lower(): column for column in table.column_names}
    picked = {
        "qid": _pick(names, QUERY_NAMES, "query", name),
        "docno": _pick(names, DOCUMENT_NAMES, "document", name),
        spec.numeric_field: _pick(names, spec.numeric_names, spec.numeric_names[0], name),
    }
    columns = [pc.cast(table[original], pa.string()) for original in picked.values()]
    renamed = pa.table(dict(zip(picked, columns, strict=True)))
    return _with_numbers(renamed, name, spec, data, header=True)


def _pick(names: dict[str, str], aliases: tuple[str, ...], wanted: str, file_name: str) -> str:
    """The header's column that has one of ``aliases`` as its name."""
    for alias in aliases:
        if alias in names:
            return names[alias]
    shown = ", ".join(names.values())
    raise TrecFileError(f"{file_name}: no “{wanted}” column in the header (it has: {shown}).")


def _arrow_message(error: Exception) -> str:
    """pyarrow's message, first line only, made a little friendlier."""
    return str(error).splitlines()[0].replace("CSV parse error: ", "")


def _with_numbers(
    table: pa.Table, name: str, spec: FileSpec, source: bytes, header: bool = False
) -> pa.Table:
    """Cast the grade or score column to float64, naming the first line that is not a number."""
    column = spec.numeric_field
    try:
        numbers = (
            table[column] if table[column].type == pa.float64() else pc.cast(table[column], pa.float64())
        )
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        _raise_first_non_number(table[column], name, spec, source, header)
    if numbers.null_count or not pc.all(pc.is_finite(numbers)).as_py():
        _raise_first_non_number(table[column], name, spec, source, header)
    return table.set_column(table.column_names.index(column), column, numbers)


def _raise_first_non_number(
    values: pa.ChunkedArray, name: str, spec: FileSpec, source: bytes, header: bool
) -> None:
    """Find the first value that is not a finite number and raise with its line number."""
    what = "grade" if spec.kind == "qrels" else "score"
    for row, value in enumerate(values.to_pylist()):
        if _is_finite_number(value):
            continue
        line, text = _data_line(source, row, header)
        shown = f"“{str(value)[:40]}”" if isinstance(value, str) else f"in “{text[:80]}”"
        raise TrecFileError(f"{name}, line {line}: the {what} {shown} is not a finite number.")
    raise TrecFileError(f"{name}: a {what} could not be read.")


def _is_finite_number(value: object) -> bool:
    """True for a finite float or a text that reads as one."""
    try:
        return value is not None and bool(np.isfinite(float(value)))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False


def _data_line(source: bytes, row: int, header: bool) -> tuple[int, str]:
    """The file's line number and text of data row ``row`` (blank lines and a header skipped)."""
    seen = -1 - int(header)
    for number, line in enumerate(source.splitlines(), start=1):
        if line.strip():
            seen += 1
            if seen == row:
                return number, line.decode("utf-8", errors="replace").strip()
    return row + 1, ""
