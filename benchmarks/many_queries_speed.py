"""Whole-process time and peak memory of NDCG@10 over large runs: ours against pytrec_eval.

    .venv/bin/python benchmarks/many_queries_speed.py                  # both cases, both line orders
    .venv/bin/python benchmarks/many_queries_speed.py --case trec      # 2,000 queries × 1,000
    .venv/bin/python benchmarks/many_queries_speed.py --case msmarco --repeat 5
    .venv/bin/python benchmarks/many_queries_speed.py --lines grouped  # as systems write runs
    .venv/bin/python benchmarks/many_queries_speed.py --ids clueweb    # long string ids

The data is shaped like real runs, because easier data hides the slow parts (issue 16):

* **document ids distinct across queries**, as in every real collection: by default MS MARCO
  passage ids, whole numbers drawn from 0 … 8,841,822 (the collection's size), distinct within a
  query; with ``--ids clueweb``, ClueWeb09-style strings (``clueweb09-en0042-17-01234``, 25 bytes).
  Reusing d0 … d999 in every query makes a dictionary of 1,000 ids instead of millions.
* **lines not in score order**, in two shapes (``--lines``, both by default):

  - ``shuffled``: every line of the run is shuffled across the whole file (not even grouped by
    query), so nothing can take the already-sorted path; the rank column is meaningless;
  - ``grouped``: as systems write runs (issue 28): each query's lines together, queries in a random
    order, and within a query in document order (ascending passage number, as an index hands
    them out), not by score; the rank column counts 1 … 1,000 in that order.
* **score ties**: scores are Gamma(2, 4) values (BM25-like, 0 to ~40) raised for judged relevant
  documents (so the mean NDCG@10 is a real system's order of size), rounded to 3 decimals, so
  5.5–6 % of the lines share their score with another line of their query; trec_eval breaks
  those ties by document id, descending.

Two cases:

* ``trec``: 2,000 queries × 1,000 documents (2 million run lines, ~80 MB with qrels), deep TREC-style
  judgments: 300 judged per query (250 of them retrieved), grades 0–3 (60/20/12/8 %).
* ``msmarco``: the MS MARCO passage dev shape, 6,980 queries × 1,000 passages (6,980,000 run lines,
  ~250 MB), with MS MARCO-style judgments: 1 relevant passage per query (1–4, mean ~1.1), grade 1,
  four in five of them retrieved.

Each tool runs in its own process, ``--repeat`` times (3 by default):

* ours: ``python -m ndcg_core QRELS RUN -m ndcg_cut.10`` (read both files + evaluate + print);
* pytrec_eval (package ``pytrec-eval-terrier``, installed here if missing — the app does not
  need it): parse both files with its own readers, evaluate ``ndcg_cut_10``, print the mean.

Ours runs from compiled bytecode, as an installed package does (see :data:`BYTECODE`).

It checks both give the same mean NDCG@10 and reports every wall time, the best and the median,
their ratio (best against best, and run by run: the two tools alternate, so each pair saw about the
same load on a shared machine), each process's CPU time (all threads; steadier than wall time when
others use the machine) and each process's peak resident memory. Targets (issue 16): ours at
most 0.4× pytrec_eval's time on both cases, peak memory under 1 GiB.

With ``--baseline PATH`` (a folder holding another version's ``ndcg_core``, e.g. ``git archive
<commit> ndcg_core | tar -x -C PATH``) it also times that version, alternating with ours and
pytrec_eval, so a before/after comparison sees the same load.

With ``--page`` it also times the Many queries page on the ``trec`` files (AppTest, no browser):
from handing it the two files to the drawn page.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv

REPO = Path(__file__).resolve().parents[1]
MSMARCO_PASSAGES = 8_841_823

# The child's own peak resident memory: VmHWM of /proc/self/status. Not ru_maxrss, which Linux
# carries over from the parent across fork + exec: this script's ~1 GB of generated data would
# show up as the child's peak. And its CPU time (all threads), steadier than wall time on a busy
# machine.
PEAK_MEMORY = (
    "import atexit, os, sys; atexit.register(lambda: print('peak_kib', next(int(line.split()[1]) "
    "for line in open('/proc/self/status') if line.startswith('VmHWM')), 'cpu_s', sum(os.times()[:2]), "
    "file=sys.stderr))"
)

OURS = (
    PEAK_MEMORY
    + "; import runpy; sys.argv = ['ndcg_core', *sys.argv[1:]]; runpy.run_module('ndcg_core', run_name='__main__')"
)

PYTREC = (
    PEAK_MEMORY
    + """
import pytrec_eval
with open(sys.argv[1]) as f: qrels = pytrec_eval.parse_qrel(f)
with open(sys.argv[2]) as f: run = pytrec_eval.parse_run(f)
scores = pytrec_eval.RelevanceEvaluator(qrels, {'ndcg_cut.10'}).evaluate(run)
values = [s['ndcg_cut_10'] for s in scores.values()]
print('ndcg_cut_10\\tall\\t%.4f' % (sum(values) / len(values)))
"""
)


@dataclass(frozen=True)
class Case:
    """One benchmark shape."""

    name: str
    queries: int
    retrieved: int
    judgments: str  # "trec" (deep, graded) or "msmarco" (about one relevant passage per query)
    boost: float  # a judged document's score is raised by this × its grade


CASES = {
    "trec": Case("trec", 2000, 1000, "trec", boost=4.0),
    "msmarco": Case("msmarco", 6980, 1000, "msmarco", boost=20.0),
}


def document_ids(numbers: np.ndarray, ids: str) -> pa.Array:
    """MS MARCO passage ids (the numbers as text) or ClueWeb09-style ids built from them."""
    if ids == "msmarco":
        return pa.array(numbers).cast(pa.string())
    folder, file, line = numbers // 1_000_000, (numbers // 10_000) % 100, numbers % 100_000
    text = [f"clueweb09-en{a:04d}-{b:02d}-{c:05d}" for a, b, c in zip(folder, file, line, strict=True)]
    return pa.array(text, type=pa.string())


def write_table(path: Path, columns: dict[str, pa.Array | np.ndarray]) -> None:
    """Space-separated lines without a header or quotes, as TREC files are."""
    table = pa.table(
        {
            name: pa.array(values) if isinstance(values, np.ndarray) else values
            for name, values in columns.items()
        }
    )
    options = pacsv.WriteOptions(include_header=False, delimiter=" ", quoting_style="none")
    pacsv.write_csv(table, path, write_options=options)


def line_order(rng: np.random.Generator, case: Case, docs: np.ndarray, lines: str) -> np.ndarray:
    """The run's lines in file order: shuffled across the file, or grouped by query (queries in a
    random order) and in document order within each query."""
    n = case.queries * case.retrieved
    if lines == "shuffled":
        return rng.permutation(n)
    query_of_line = np.repeat(rng.permutation(case.queries), case.retrieved)  # each query's block
    starts = query_of_line * case.retrieved
    within = np.argsort(docs.reshape(case.queries, case.retrieved), axis=1)  # document order
    return (starts.reshape(case.queries, case.retrieved) + within[query_of_line[:: case.retrieved]]).ravel()


def write_data(
    folder: Path, case: Case, ids: str, lines: str = "shuffled", seed: int = 7
) -> tuple[Path, Path]:
    """A synthetic qrels and run of the case's shape (see the module docstring)."""
    rng = np.random.default_rng(seed)
    n, per_query = case.queries * case.retrieved, case.retrieved
    qids = rng.choice(1_200_000, case.queries, replace=False)
    # Distinct within a query (a sample without replacement), drawn anew for every query.
    docs = np.concatenate(
        [rng.choice(MSMARCO_PASSAGES, per_query, replace=False) for _ in range(case.queries)]
    )
    judged_query, judged_doc, grades, grade_of_line = _judgments(rng, case, docs)
    # BM25-like scores, better for better documents (so the mean NDCG@10 looks like a real system's).
    scores = np.round(rng.gamma(2.0, 4.0, n) + case.boost * grade_of_line, 3)
    shuffle = line_order(rng, case, docs, lines)
    query_of_line = np.repeat(np.arange(case.queries), per_query)
    run = folder / f"{case.name}.run"
    write_table(
        run,
        {
            "qid": pa.array(qids[query_of_line[shuffle]]).cast(pa.string()),
            "q0": pa.array(["Q0"]).take(pa.array(np.zeros(n, dtype=np.int64))),
            "docno": document_ids(docs[shuffle], ids),
            "rank": np.tile(np.arange(1, per_query + 1), case.queries),
            "score": pa.array(scores[shuffle]).cast(pa.string()),
            "tag": pa.array(["bench"]).take(pa.array(np.zeros(n, dtype=np.int64))),
        },
    )
    qrels = folder / f"{case.name}.qrels"
    write_table(
        qrels,
        {
            "qid": pa.array(qids[judged_query]).cast(pa.string()),
            "iter": np.zeros(len(judged_query), dtype=np.int64),
            "docno": document_ids(judged_doc, ids),
            "rel": grades,
        },
    )
    return qrels, run


def _judgments(
    rng: np.random.Generator, case: Case, docs: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(query index, document number, grade) of every judgment, and the grade of every run line."""
    per_query = case.retrieved
    grade_of_line = np.zeros(len(docs))
    rows, numbers, grades = [], [], []
    for q in range(case.queries):
        retrieved = docs[q * per_query : (q + 1) * per_query]
        if case.judgments == "trec":  # 300 judged, 250 of them retrieved, graded 0-3
            unretrieved, picked = 50, rng.choice(per_query, 250, replace=False)
            graded = rng.choice(4, 300, p=[0.6, 0.2, 0.12, 0.08])
        else:  # MS MARCO: 1-4 relevant passages (mean ~1.1), four in five of them retrieved
            relevant = rng.choice([1, 2, 3, 4], p=[0.93, 0.05, 0.015, 0.005])
            found = int(np.count_nonzero(rng.random(relevant) < 0.8))
            unretrieved, picked = relevant - found, rng.choice(per_query, found, replace=False)
            graded = np.ones(relevant, dtype=np.int64)
        others = np.setdiff1d(rng.choice(MSMARCO_PASSAGES, 2 * unretrieved + 8, replace=False), retrieved)
        chosen = np.r_[retrieved[picked], others[:unretrieved]]
        grade_of_line[q * per_query + picked] = graded[: len(picked)]
        rows.append(np.full(len(chosen), q))
        numbers.append(chosen)
        grades.append(graded)
    return np.concatenate(rows), np.concatenate(numbers), np.concatenate(grades), grade_of_line


@dataclass(frozen=True)
class Timing:
    """One run of one tool: wall seconds, CPU seconds (all threads), peak MiB, standard output."""

    seconds: float
    cpu: float
    peak_mib: float
    output: str


#: Where the children keep the bytecode of ``ndcg_core``. An installed package, or a clone that has
#: run once, imports compiled bytecode; this machine sets PYTHONDONTWRITEBYTECODE, which would make
#: every timed run compile our ~40 modules again (~0.1 s that no user pays). numpy, pyarrow and
#: pytrec_eval have theirs from their installation, so both tools start alike.
BYTECODE = Path(tempfile.gettempdir()) / "many_queries_speed_bytecode"
CHILD_ENV = {
    **{name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"},
    "PYTHONPYCACHEPREFIX": str(BYTECODE),
}


def compile_ours(folder: Path = REPO) -> None:
    """Compile ``folder``'s ``ndcg_core`` once, before any timed run (see :data:`BYTECODE`)."""
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(folder / "ndcg_core")], env=CHILD_ENV, check=True
    )


def timed(code: str, *args: str, folder: Path = REPO) -> Timing:
    """Run ``python -c code args`` in its own process (in ``folder``, whose ``ndcg_core`` it imports) and time it."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        cwd=folder,
        check=True,
        env=CHILD_ENV,
    )
    seconds = time.perf_counter() - start
    fields = next(line.split() for line in done.stderr.splitlines() if line.startswith("peak_kib"))
    return Timing(seconds, float(fields[3]), int(fields[1]) / 1024, done.stdout)


def ensure_pytrec_eval() -> None:
    """Install pytrec_eval for this benchmark only, if it is not there."""
    try:
        import pytrec_eval  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "pytrec-eval-terrier"], check=True)


def page_seconds(qrels: Path, run: Path) -> float:
    """Seconds for the Many queries page to read, evaluate and draw these files (AppTest, no browser)."""
    sys.path.insert(0, str(REPO))
    from streamlit.testing.v1 import AppTest

    from ui.navigation import MANY_QUERIES
    from ui.run_files import LoadedFiles
    from ui.state.many_queries import CANDIDATE_KEY

    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=120).run()
    at.switch_page(MANY_QUERIES.path).run()
    at.session_state[CANDIDATE_KEY] = LoadedFiles.of_bytes(
        qrels.name, qrels.read_bytes(), run.name, run.read_bytes()
    )
    start = time.perf_counter()
    at.run()
    seconds = time.perf_counter() - start
    assert not at.exception and not at.error, "the page did not load the files"
    return seconds


def mean_of(output: str) -> str:
    """The value of the ``ndcg_cut_10 all`` line."""
    return next(line.split()[-1] for line in output.splitlines() if line.startswith("ndcg_cut_10"))


def run_case(case: Case, ids: str, lines: str, repeat: int, page: bool, baseline: Path | None = None) -> None:
    """Write the case's files, time both tools alternately, print the figures."""
    with tempfile.TemporaryDirectory() as folder:
        qrels, run = write_data(Path(folder), case, ids, lines)
        size = (qrels.stat().st_size + run.stat().st_size) / 2**20
        count = case.queries * case.retrieved
        print(
            f"\n{case.name}, lines {lines}: {case.queries:,} queries × {case.retrieved:,} = {count:,} run lines, "
            f"ids {ids}; files {size:.0f} MiB"
        )
        ours, theirs, before = [], [], []
        for folder_of_ours in [REPO] + ([baseline] if baseline is not None else []):
            compile_ours(folder_of_ours)
        for _ in range(repeat):  # alternate, so all see the same load on a shared machine
            if baseline is not None:
                before.append(timed(OURS, str(qrels), str(run), "-m", "ndcg_cut.10", folder=baseline))
            ours.append(timed(OURS, str(qrels), str(run), "-m", "ndcg_cut.10"))
            theirs.append(timed(PYTREC, str(qrels), str(run)))
        page_time = page_seconds(qrels, run) if page else None
    rows = [("ours", ours), ("pytrec_eval", theirs)] + ([("baseline", before)] if before else [])
    for label, results in rows:
        times, cpus = [r.seconds for r in results], [r.cpu for r in results]
        print(
            f"  {label:<12} mean NDCG@10 {mean_of(results[0].output)}   "
            f"wall {' '.join(f'{t:.2f}' for t in times)} s (best {min(times):.2f}, median {statistics.median(times):.2f})   "
            f"CPU {' '.join(f'{c:.2f}' for c in cpus)} s   peak {' '.join(f'{r.peak_mib:.0f}' for r in results)} MiB"
        )
    ratios = [a.seconds / b.seconds for a, b in zip(ours, theirs, strict=True)]
    best = min(r.seconds for r in ours) / min(r.seconds for r in theirs)
    cpu = min(r.cpu for r in ours) / min(r.cpu for r in theirs)
    print(
        f"  time ratio ours / pytrec_eval: best/best {best:.2f}; run by run {' '.join(f'{r:.2f}' for r in ratios)}; "
        f"CPU time best/best {cpu:.2f}"
    )
    if before:
        ratios = [b.seconds / t.seconds for b, t in zip(before, theirs, strict=True)]
        print(f"  baseline / pytrec_eval run by run: {' '.join(f'{r:.2f}' for r in ratios)}")
    if page_time is not None:
        print(f"  Many queries page, files handed over → page drawn: {page_time:.2f} s")
    if {mean_of(r.output) for r in ours + before} != {mean_of(r.output) for r in theirs}:
        print("  WARNING: the two means differ")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--case", choices=[*CASES, "all"], default="all")
    parser.add_argument("--ids", choices=("msmarco", "clueweb"), default="msmarco")
    parser.add_argument("--lines", choices=("shuffled", "grouped", "both"), default="both")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--page", action="store_true", help="also time the Many queries page (trec case)")
    parser.add_argument(
        "--baseline", type=Path, help="a folder with another version's ndcg_core, timed alongside"
    )
    args = parser.parse_args()
    ensure_pytrec_eval()
    orders = ("shuffled", "grouped") if args.lines == "both" else (args.lines,)
    for name in CASES if args.case == "all" else [args.case]:
        for lines in orders:
            run_case(
                CASES[name],
                args.ids,
                lines,
                args.repeat,
                page=args.page and name == "trec",
                baseline=args.baseline,
            )


if __name__ == "__main__":
    main()
