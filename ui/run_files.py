"""The Many queries page's files: where their bytes are, how they are evaluated, and how they are let go.

A server shared by a class must not hold what it does not need (issue 18). So:

* **No copies.** An upload's bytes stay where Streamlit's uploader keeps them (its file manager);
  the page keeps only a reference (:class:`RunFile`: the name, the size, the uploader's file id)
  and asks the manager for the bytes when it evaluates. A bundled sample is read from its path.
* **No parsed tables.** ``ndcg_core.trec.evaluation.evaluate_runs_files`` reads the files piece by
  piece and returns per-query numbers only; that is all the page keeps (:class:`Results`, a few
  kB per thousand queries), in this session's state, keyed on the files' ids and the settings.
  Nothing is cached across sessions.
* **One big evaluation at a time.** Uploads are evaluated under one lock per server process, so
  two students' evaluations never add up their peaks (deploy/README.md has the arithmetic).
* **Let go on request.** :func:`release_uploads` removes the files from Streamlit's manager, which
  frees their bytes; the results stay on the page. Uploads nothing refers to any more (replaced by
  other files, their uploaders gone) are freed as soon as the new files are shown
  (:func:`orphaned_uploads`); Streamlit itself drops a session's files when the session ends.
* **A budget for the whole server.** A file is limited by ``server.maxUploadSize``; one evaluation's
  files, and everything the server holds when one starts, by :data:`UPLOADS_BUDGET`.
* **Memory handed back.** pyarrow allocates with glibc's ``malloc`` in this process, not mimalloc,
  which kept ~75 MiB after each big evaluation (``ndcg_core.trec.memory.use_system_allocator``).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ndcg_core.trec.comparison import Comparison, compare_evaluations
from ndcg_core.trec.evaluation import Evaluation, evaluate_runs_files
from ndcg_core.trec.files import TrecFileError
from ndcg_core.trec.judged import WHOLE_LIST_DEPTH
from ndcg_core.trec.memory import release_memory, use_system_allocator
from ndcg_core.trec.pieces import Source

SAMPLES = Path(__file__).resolve().parents[1] / "data"
#: Each sample: its label, and the qrels, run A and (for a comparison) run B, relative to data/.
SAMPLE_CHOICES: dict[str, tuple[str, ...]] = {
    "trec_eval's test files: qrels.test (binary) + results.test": (
        "trec_eval/qrels.test",
        "trec_eval/results.test",
    ),
    "trec_eval's test files: qrels.rel_level (graded) + results.test": (
        "trec_eval/qrels.rel_level",
        "trec_eval/results.test",
    ),
    "trec_eval's test files: qrels.test + results.trunc (misses a query)": (
        "trec_eval/qrels.test",
        "trec_eval/results.trunc",
    ),
    "Two systems compared: 50 made-up queries, run A (first stage) against run B (re-ranked)": (
        "two_systems/qrels.txt",
        "two_systems/run_a.txt",
        "two_systems/run_b.txt",
    ),
}
#: The uploads budget, in bytes: one evaluation's files together (a file alone is also limited by
#: Streamlit's ``server.maxUploadSize``, read by :func:`file_limit_bytes`), and everything the
#: server's uploader holds, every session's files together, when an evaluation of uploads starts.
#: An evaluation adds about 3.4 times its files' size to the server (benchmarks/server_memory.py):
#: deploy/README.md has the arithmetic that fits it in a replica's 512 MiB beside its sessions.
UPLOADS_BUDGET = 80 * 2**20
#: How many settings' results#: How many settings' results a session keeps (each holds per-query numbers only).
RESULTS_KEPT = 4
#: One evaluation of uploaded files at a time in this server process (see the module docstring).
EVALUATION_LOCK = threading.Lock()

use_system_allocator()  # once per process, when the page first loads this module


@dataclass(frozen=True)
class RunFile:
    """One file: its name as the user gave it, its size, and where its bytes are.

    Exactly one of ``path`` (a bundled sample), ``upload_id`` (held by Streamlit's uploader) and
    ``data`` (bytes given directly: tests and benchmarks) is set.
    """

    name: str
    size: int
    path: Path | None = None
    upload_id: str | None = None
    data: bytes | None = None

    @classmethod
    def of_path(cls, path: Path) -> RunFile:
        return cls(path.name, path.stat().st_size, path=path)

    @classmethod
    def of_bytes(cls, name: str, data: bytes) -> RunFile:
        return cls(name, len(data), data=data)

    @property
    def identity(self) -> tuple[str, ...]:
        """What tells this file from another, cheaply: the path, the upload's id, or a hash of small bytes."""
        if self.path is not None:
            return ("path", str(self.path), str(self.size))
        if self.upload_id is not None:
            return ("upload", self.upload_id)
        return ("bytes", hashlib.blake2b(self.data or b"", digest_size=16).hexdigest())

    def source(self) -> Source | None:
        """The file's path or bytes; None when an upload is no longer on the server."""
        if self.path is not None:
            return self.path
        if self.upload_id is not None:
            return uploaded_bytes(self.upload_id)
        return self.data


@dataclass(frozen=True)
class LoadedFiles:
    """The qrels, run A and, for a comparison, run B."""

    qrels_file: RunFile
    run_file: RunFile
    run_b_file: RunFile | None = None

    @classmethod
    def of_bytes(
        cls, qrels_name: str, qrels: bytes, run_name: str, run: bytes, run_b: tuple[str, bytes] | None = None
    ) -> LoadedFiles:
        """Files given as bytes (tests, benchmarks)."""
        second = RunFile.of_bytes(*run_b) if run_b else None
        return cls(RunFile.of_bytes(qrels_name, qrels), RunFile.of_bytes(run_name, run), second)

    @property
    def files(self) -> tuple[RunFile, ...]:
        """The qrels first, then each run."""
        return (self.qrels_file, self.run_file, *([self.run_b_file] if self.run_b_file else []))

    @property
    def runs(self) -> tuple[RunFile, ...]:
        return self.files[1:]

    @property
    def qrels_name(self) -> str:
        return self.qrels_file.name

    @property
    def run_name(self) -> str:
        return self.run_file.name

    @property
    def run_b_name(self) -> str | None:
        return self.run_b_file.name if self.run_b_file else None

    @property
    def qrels(self) -> Source | None:
        return self.qrels_file.source()

    @property
    def run(self) -> Source | None:
        return self.run_file.source()

    @property
    def total_bytes(self) -> int:
        return sum(file.size for file in self.files)

    @property
    def upload_ids(self) -> list[str]:
        return [file.upload_id for file in self.files if file.upload_id]

    @property
    def identity(self) -> tuple[tuple[str, ...], ...]:
        return tuple(file.identity for file in self.files)

    def sources(self) -> list[Source] | None:
        """Every file's path or bytes, or None if an upload among them is gone."""
        sources = [file.source() for file in self.files]
        return None if any(source is None for source in sources) else sources  # type: ignore[return-value]

    def title(self) -> str:
        """ "qrels + run", or "qrels: A = run, B = run b"."""
        if self.run_b_file is None:
            return f"{self.qrels_name} + {self.run_name}"
        return f"{self.qrels_name}: A = {self.run_name}, B = {self.run_b_name}"


def sample_files(choice: str) -> LoadedFiles:
    """One of the bundled samples."""
    return LoadedFiles(*(RunFile.of_path(SAMPLES / name) for name in SAMPLE_CHOICES[choice]))


@dataclass(frozen=True)
class Settings:
    """The settings an evaluation is made under."""

    cutoffs: tuple[int, ...]
    gain: str
    complete: bool


@dataclass(frozen=True)
class Results:
    """Per-query numbers of each run under one setting, and the comparison of A and B if there are two."""

    files: LoadedFiles
    settings: Settings
    runs: tuple[Evaluation, ...]
    comparison: Comparison | None

    @property
    def a(self) -> Evaluation:
        return self.runs[0]


class FilesGone(Exception):
    """An uploaded file is no longer on the server (cleared, or replaced in the uploader)."""


def size_text(size: int) -> str:
    """A size in MiB (2**20 bytes, as ``server.maxUploadSize`` counts) and in MB (10**6 bytes, as the
    uploader's file chips show it): "90.0 MiB (94.4 MB)"; a whole number of MiB without decimals.

    >>> size_text(80 * 2**20), size_text(94_371_822)
    ('80 MiB (83.9 MB)', '90.0 MiB (94.4 MB)')
    """
    mib = f"{size // 2**20:,}" if size % 2**20 == 0 else f"{size / 2**20:,.1f}"
    return f"{mib} MiB ({size / 1e6:,.1f} MB)"


def file_limit_bytes() -> int:
    """The largest file the uploader takes: Streamlit's ``server.maxUploadSize`` (in MB of 2**20 bytes),
    from .streamlit/config.toml or deploy/streamlit-production.toml, so the page says what the server does."""
    import streamlit as st

    return int(st.get_option("server.maxUploadSize")) * 2**20


def check_total_size(files: LoadedFiles) -> None:
    """Refuse uploads over the limits here, naming the command line as the way for big runs."""
    if not files.upload_ids:
        return  # a bundled sample, or bytes given by a test: the server's own files
    limit = file_limit_bytes()
    for file in files.files:
        if file.size > limit:
            raise TrecFileError(
                f"{file.name}: {size_text(file.size)}; this server takes files up to {size_text(limit)}. {BIG_RUNS}"
            )
    if files.total_bytes > UPLOADS_BUDGET:
        raise TrecFileError(
            f"The files hold {size_text(files.total_bytes)} in all; this server evaluates up to "
            f"{size_text(UPLOADS_BUDGET)} at once (qrels and runs together). {BIG_RUNS}"
        )


def check_server_holds(files: LoadedFiles, held: int) -> None:
    """Refuse to start an evaluation of uploads while the server holds more uploaded bytes than the
    budget (``held``: every session's files, this one's included): its memory would not fit."""
    if files.upload_ids and held > UPLOADS_BUDGET:
        others = max(held - files.total_bytes, 0)
        raise TrecFileError(
            f"This server holds {size_text(held)} of uploaded files right now ({size_text(others)} of them "
            f"other sessions'); it starts an evaluation only while it holds at most {size_text(UPLOADS_BUDGET)}, "
            f"so that a shared server stays up for the whole class. Try again in a few minutes. {BIG_RUNS}"
        )


#: Where a run too big for the server goes.
BIG_RUNS = (
    "For bigger runs use the command line, which reads files of any size: "
    "python -m ndcg_core QRELS RUN (and python -m ndcg_core compare QRELS RUN_A RUN_B)."
)


def evaluated(files: LoadedFiles, settings: Settings, cache: dict) -> Results:
    """The files' results under ``settings``: from this session's ``cache``, or evaluated now.

    Raises :class:`~ndcg_core.trec.files.TrecFileError` for a bad file (naming it and the line) and
    :class:`FilesGone` when an upload is no longer on the server.
    """
    key = (files.identity, settings)
    if key in cache:
        cache[key] = cache.pop(key)  # most recently used last
        return cache[key]
    check_total_size(files)
    with _one_at_a_time(bool(files.upload_ids)):
        check_server_holds(files, held_upload_bytes())
        sources = files.sources()
        if sources is None:
            raise FilesGone
        runs = tuple(
            evaluate_runs_files(
                sources[0],
                sources[1:],
                settings.cutoffs,
                gain=settings.gain,  # type: ignore[arg-type]
                complete=settings.complete,
                names=[file.name for file in files.files],
                judged_cutoffs=judged_depths(settings.cutoffs),
            )
        )
        del sources
    comparison = compare_evaluations(runs[0], runs[1]) if len(runs) == 2 else None
    results = Results(files, settings, runs, comparison)
    cache[key] = results
    while len(cache) > RESULTS_KEPT:
        cache.pop(next(iter(cache)))
    return results


def judged_depths(cutoffs: tuple[int, ...]) -> tuple[int, ...]:
    """Judged@k at every cutoff, and at the whole list's rule depth (10): each run's coverage."""
    return tuple(sorted({*cutoffs, WHOLE_LIST_DEPTH}))


@contextmanager
def _one_at_a_time(uploads: bool) -> Iterator[None]:
    """Hold the server's evaluation lock while uploads are evaluated (bundled samples are small)."""
    if not uploads:
        yield
        return
    with EVALUATION_LOCK:
        yield


# -- Streamlit's uploader: its bytes, and letting them go ------------------------------------------


def uploaded_bytes(upload_id: str) -> bytes | None:
    """The bytes of an upload this session holds, or None if it is no longer on the server."""
    manager, session_id = _uploads()
    if manager is None:
        return None
    records = manager.get_files(session_id=session_id, file_ids=[upload_id])
    return records[0].data if records else None


def held_upload_bytes() -> int:
    """Bytes Streamlit's uploaded-file manager holds now, every session's files together (its stats)."""
    manager, _ = _uploads()
    if manager is None:
        return 0
    return sum(stat.byte_length for family in manager.get_stats().values() for stat in family)


def orphaned_uploads(replaced: LoadedFiles | None, shown: LoadedFiles, held: Iterable[str]) -> list[str]:
    """This session's uploads nothing refers to once ``shown`` replaces ``replaced`` on the page: the
    replaced files' uploads that the new files do not use and that no uploader on the page holds
    (e.g. files evaluated before the student went to another page, whose uploaders came back empty).
    Only this session's own uploads are ever named; a bundled sample is never an upload.

    >>> old = LoadedFiles(RunFile("q", 1, upload_id="q1"), RunFile("a", 1, upload_id="a1"))
    >>> new = LoadedFiles(RunFile("q", 1, upload_id="q1"), RunFile("b", 1, upload_id="b1"))
    >>> orphaned_uploads(old, new, held=["q1", "b1"]), orphaned_uploads(old, new, held=["a1"])
    (['a1'], [])
    """
    if replaced is None:
        return []
    keep = {*shown.upload_ids, *held}
    return [upload_id for upload_id in replaced.upload_ids if upload_id not in keep]


def release_uploads(upload_ids: list[str]) -> int:
    """Remove this session's uploads from Streamlit's file manager (their bytes are freed), as
    Streamlit's own chat input does once it has read a file. Returns how many were removed."""
    manager, session_id = _uploads()
    removed = 0
    if not upload_ids or manager is None or not hasattr(manager, "remove_file"):
        return removed
    for upload_id in upload_ids:
        if manager.get_files(session_id=session_id, file_ids=[upload_id]):
            manager.remove_file(session_id=session_id, file_id=upload_id)
            removed += 1
    release_memory()
    return removed


def _uploads():
    """Streamlit's uploaded-file manager and this session's id (None, "" outside a script run)."""
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    context = get_script_run_ctx()
    if context is None:
        return None, ""
    return context.uploaded_file_mgr, context.session_id
