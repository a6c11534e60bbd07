"""Loading qrels and run files for the Many queries page: uploads, the bundled sample, caching.

Files are read from memory (never written to disk under a user's name). Parsing and
evaluating are cached on the files' bytes and the settings, so changing a chart does not read
a 70 MB file again; the cache holds a few entries and forgets them after an hour.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pyarrow as pa
import streamlit as st

from ndcg_core.trec.evaluation import Evaluation, evaluate
from ndcg_core.trec.files import read_qrels, read_run

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "trec_eval"
SAMPLE_CHOICES = {
    "trec_eval's test files: qrels.test (binary) + results.test": ("qrels.test", "results.test"),
    "trec_eval's test files: qrels.rel_level (graded) + results.test": ("qrels.rel_level", "results.test"),
    "trec_eval's test files: qrels.test + results.trunc (misses a query)": ("qrels.test", "results.trunc"),
}


@dataclass(frozen=True)
class LoadedFiles:
    """Both files' names and bytes, as the user gave them."""

    qrels_name: str
    qrels: bytes
    run_name: str
    run: bytes


def sample_files(choice: str) -> LoadedFiles:
    """One of the bundled samples."""
    qrels_name, run_name = SAMPLE_CHOICES[choice]
    return LoadedFiles(
        qrels_name, (SAMPLES / qrels_name).read_bytes(), run_name, (SAMPLES / run_name).read_bytes()
    )


@st.cache_data(max_entries=4, ttl=3600, show_spinner=False)
def parsed(files: LoadedFiles) -> tuple[pa.Table, pa.Table]:
    """Both files parsed (raises TrecFileError naming the file and the line)."""
    return read_qrels(files.qrels, files.qrels_name), read_run(files.run, files.run_name)


@st.cache_data(max_entries=8, ttl=3600, show_spinner=False)
def evaluated(files: LoadedFiles, cutoffs: tuple[int, ...], gain: str, complete: bool) -> Evaluation:
    """Per-query NDCG under the chosen settings."""
    qrels, run = parsed(files)
    return evaluate(
        qrels, run, cutoffs, gain=gain, complete=complete, names=(files.qrels_name, files.run_name)
    )
