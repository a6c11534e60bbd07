"""Read relevance judgments (qrels) and system runs: TREC format, or CSV/TSV with named columns.

TREC formats, fields separated by any run of spaces or tabs (as trec_eval reads them):

    qrels:  qid  iter  docno  rel                 e.g.  301 0 FR940202-2-00150 1
    run:    qid  Q0    docno  rank  score  tag    e.g.  301 Q0 FR940202-2-00150 1 2.129 STANDARD

Fields after the last one a format needs are ignored; the run's rank column is read but never
used, since trec_eval orders a query's documents by score (see :mod:`ndcg_core.many_queries`).
CSV or TSV files need a header row naming the columns: query, document, relevance (qrels) or
query, document, score (run); common aliases (qid, docno, rel, grade, label, sim) work too.

Every problem is reported as a :class:`TrecFileError` that names the file, the line and what is
wrong. The parsing runs in pyarrow's native CSV reader, so two million lines take well under a
second.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv

from ndcg_core.validation import NDCGInputError

#: The largest file the app reads (the page's upload limit says the same).
MAX_FILE_BYTES = 200 * 1024 * 1024

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
    if not data or not data.strip():
        raise TrecFileError(f"{name}: the file is empty.")
    if len(data) > MAX_FILE_BYTES:
        raise TrecFileError(f"{name}: the file has {len(data):,} bytes; the limit is {MAX_FILE_BYTES:,}.")
    if b"\x00" in data[:65536]:
        raise TrecFileError(
            f"{name}: this looks like a binary file, not a text file of judgments or results."
        )
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise TrecFileError(
            f"{name}, line {line}: the text is not UTF-8 (byte {data[error.start]:#04x})."
        ) from None


def _first_line(data: bytes) -> str:
    """The first line that is not blank."""
    for line in data.splitlines():
        if line.strip():
            return line.decode("utf-8").strip()
    return ""


def _has_header(first: str) -> bool:
    """A CSV/TSV header is a first line that names a query column."""
    cells = [cell.strip().strip('"').lower() for cell in re.split(r"[,\t;]", first)]
    return len(cells) > 1 and any(cell in QUERY_NAMES for cell in cells)


def _normalised(data: bytes) -> bytes:
    """Runs of spaces and tabs become one space, and lines lose leading and trailing blanks."""
    single = re.sub(rb"[ \t\r\f\v]+", b" ", data)
    return re.sub(rb"(?m)^ | $", b"", single)


def _read_trec(data: bytes, name: str, spec: FileSpec) -> pa.Table:
    """Whitespace-separated TREC lines; extra trailing fields are ignored."""
    clean = _normalised(data)
    wanted = len(spec.trec_fields)
    width = max(wanted, len(_first_line(clean).split(" ")))
    columns = [*spec.trec_fields, *(f"extra{i}" for i in range(width - wanted))]
    odd_rows: list[str] = []

    def keep_or_complain(row: pacsv.InvalidRow) -> str:
        odd_rows.append(row.text)
        return "skip"

    table = pacsv.read_csv(
        io.BytesIO(clean),
        read_options=pacsv.ReadOptions(column_names=columns, block_size=1 << 24),
        parse_options=pacsv.ParseOptions(
            delimiter=" ", quote_char=False, invalid_row_handler=keep_or_complain
        ),
        convert_options=pacsv.ConvertOptions(column_types=dict.fromkeys(columns, pa.string())),
    )
    table = table.select(["qid", "docno", spec.numeric_field])
    if odd_rows:
        table = pa.concat_tables([table, _odd_rows(odd_rows, clean, name, spec)])
    return _with_numbers(table, name, spec, clean)


def _odd_rows(rows: list[str], clean: bytes, name: str, spec: FileSpec) -> pa.Table:
    """Lines with another number of fields than the first: more is fine, fewer is an error."""
    wanted = len(spec.trec_fields)
    kept = []
    for text in rows:
        fields = text.split(" ")
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
            read_options=pacsv.ReadOptions(block_size=1 << 24),
            parse_options=pacsv.ParseOptions(delimiter=delimiter),
            convert_options=pacsv.ConvertOptions(auto_dict_encode=False, strings_can_be_null=False),
        )
    except pa.ArrowInvalid as error:
        raise TrecFileError(f"{name}: {_arrow_message(error)}") from None
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
        numbers = pc.cast(table[column], pa.float64())
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        _raise_first_non_number(table[column], name, spec, source, header)
    if pc.any(pc.invert(pc.is_finite(numbers))).as_py():
        _raise_first_non_number(table[column], name, spec, source, header)
    return table.set_column(table.column_names.index(column), column, numbers)


def _raise_first_non_number(
    values: pa.ChunkedArray, name: str, spec: FileSpec, source: bytes, header: bool
) -> None:
    """Find the first value that is not a finite number and raise with its line number."""
    texts = values.to_pylist()
    for row, text in enumerate(texts):
        try:
            if np.isfinite(float(text)):
                continue
        except (TypeError, ValueError):
            pass
        line = _data_line_number(source, row, header)
        what = "grade" if spec.kind == "qrels" else "score"
        raise TrecFileError(f"{name}, line {line}: the {what} “{str(text)[:40]}” is not a finite number.")
    raise TrecFileError(f"{name}: a {spec.numeric_field} value could not be read.")


def _data_line_number(source: bytes, row: int, header: bool) -> int:
    """The file's line number of data row ``row`` (blank lines and a header skipped)."""
    seen = -1 - int(header)
    for number, line in enumerate(source.splitlines(), start=1):
        if line.strip():
            seen += 1
            if seen == row:
                return number
    return row + 1
