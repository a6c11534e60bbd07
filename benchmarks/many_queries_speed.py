"""Whole-process time and peak memory of NDCG@10 over a large run: ours against pytrec_eval.

    .venv/bin/python benchmarks/many_queries_speed.py            # 2,000 queries × 1,000 documents
    .venv/bin/python benchmarks/many_queries_speed.py --queries 200

The script writes a synthetic qrels and run into a temporary folder (graded 0–3, 300 judged
documents per query, 50 of them never retrieved; 1,000 retrieved per query), then runs, each
in its own process and three times:

* ours: ``python -m ndcg_core QRELS RUN -k 10`` (read both files + evaluate + print);
* pytrec_eval (package ``pytrec-eval-terrier``, installed here if missing — the app does not
  need it): parse both files with its own readers, evaluate ``ndcg_cut_10``, print the mean.

It checks that both give the same mean NDCG@10, and reports the best time of three, the ratio,
and each process's peak resident memory. Target (issue 5): ours at most half of pytrec_eval's
time, and under 1 GiB.

Last, it times the Many queries page on the same files (AppTest, no browser): from handing
it the two files to the finished page, with default cutoffs. Target: under 3 s.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]

PEAK_MEMORY = "import atexit, resource, sys; atexit.register(lambda: print('peak_kib', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr))"

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


def write_data(
    folder: Path, queries: int, retrieved: int, judged: int, unretrieved: int, seed: int = 7
) -> tuple[Path, Path]:
    """Synthetic TREC files: documents d0 … per query; the first ones retrieved, some judged."""
    rng = np.random.default_rng(seed)
    qrels_lines, run_lines = [], []
    for q in range(queries):
        qid = f"q{q}"
        scores = np.sort(rng.random(retrieved))[::-1]
        run_lines += [f"{qid} Q0 d{d} {d + 1} {scores[d]:.6f} bench\n" for d in range(retrieved)]
        judged_retrieved = rng.choice(retrieved, judged - unretrieved, replace=False)
        judged_docs = [*judged_retrieved, *range(retrieved, retrieved + unretrieved)]
        grades = rng.choice(4, len(judged_docs), p=[0.6, 0.2, 0.12, 0.08])
        qrels_lines += [f"{qid} 0 d{d} {g}\n" for d, g in zip(judged_docs, grades, strict=True)]
    qrels, run = folder / "bench.qrels", folder / "bench.run"
    qrels.write_text("".join(qrels_lines))
    run.write_text("".join(run_lines))
    return qrels, run


def timed(code: str, *args: str) -> tuple[float, str, int]:
    """Seconds, standard output and peak KiB of ``python -c code args`` run in its own process."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=REPO, check=True
    )
    seconds = time.perf_counter() - start
    peak = int(next(line.split()[1] for line in done.stderr.splitlines() if line.startswith("peak_kib")))
    return seconds, done.stdout, peak


def ensure_pytrec_eval() -> None:
    """Install pytrec_eval for this benchmark only, if it is not there."""
    try:
        import pytrec_eval  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "pytrec-eval-terrier"], check=True)


def page_seconds(qrels: Path, run: Path) -> float:
    """Seconds for the Many queries page to read, evaluate and draw these files (AppTest)."""
    sys.path.insert(0, str(REPO))
    from streamlit.testing.v1 import AppTest

    from ui.run_files import LoadedFiles

    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=120).run()
    at.switch_page("app_pages/many_queries.py").run()
    at.session_state["many_candidate"] = LoadedFiles(
        qrels.name, qrels.read_bytes(), run.name, run.read_bytes()
    )
    start = time.perf_counter()
    at.run()
    seconds = time.perf_counter() - start
    assert not at.exception and not at.error, "the page did not load the files"
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--queries", type=int, default=2000)
    parser.add_argument("--retrieved", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    ensure_pytrec_eval()
    with tempfile.TemporaryDirectory() as folder:
        qrels, run = write_data(Path(folder), args.queries, args.retrieved, judged=300, unretrieved=50)
        size = (qrels.stat().st_size + run.stat().st_size) / 2**20
        print(f"{args.queries} queries × {args.retrieved} documents; files {size:.0f} MiB")
        ours = [timed(OURS, str(qrels), str(run), "-k", "10") for _ in range(args.repeat)]
        theirs = [timed(PYTREC, str(qrels), str(run)) for _ in range(args.repeat)]
        page = page_seconds(qrels, run)
    our_mean = next(line for line in ours[0][1].splitlines() if line.startswith("ndcg_cut_10"))
    their_mean = theirs[0][1].strip()
    print(
        f"ours:        {our_mean.split()[-1]}   best {min(t for t, _, _ in ours):6.2f} s   peak {max(p for _, _, p in ours) / 1024:6.0f} MiB"
    )
    print(
        f"pytrec_eval: {their_mean.split()[-1]}   best {min(t for t, _, _ in theirs):6.2f} s   peak {max(p for _, _, p in theirs) / 1024:6.0f} MiB"
    )
    print(f"time ratio ours / pytrec_eval: {min(t for t, _, _ in ours) / min(t for t, _, _ in theirs):.2f}")
    print(f"Many queries page, files handed over → page drawn: {page:.2f} s")
    if our_mean.split()[-1] != their_mean.split()[-1]:
        print("WARNING: the two means differ")


if __name__ == "__main__":
    main()
