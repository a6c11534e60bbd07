"""Memory of one evaluation of uploaded files, as the page runs it: peak growth and what stays.

    .venv/bin/python benchmarks/upload_memory.py                 # 10, 40 and 81 MB of files
    .venv/bin/python benchmarks/upload_memory.py --sizes 81 160 --repeat 3

Uploads reach the page as bytes in memory, so for each size this script writes a qrels and a run of
the realistic shape of ``benchmarks/many_queries_speed.py`` (its ``trec`` case scaled: 1,000
documents per query, ids distinct across queries, lines shuffled, score ties), then in a fresh
process per measurement:

1. imports the core, evaluates trec_eval's small sample once (a running server has loaded what
   that loads), and holds both files' bytes (the upload, already in the server's memory);
2. resets the kernel's peak-memory mark (``/proc/self/clear_refs``) and notes the resident memory;
3. runs the function the page calls, ``ndcg_core.trec.evaluation.evaluate_files(qrels_bytes,
   run_bytes, (5, 10, 20), gain="linear", names=…)`` (no size limit: the sizes measured here
   include some above the page's; ``benchmarks/server_memory.py`` measures a real server);
4. reports the peak growth (VmHWM − the memory of step 2), the growth while the result is held,
   and what is still held after the result is dropped, and after 4 more evaluations of the same
   files (the bytes themselves are never counted). What stays is the allocators' reserve, not
   data. pyarrow allocates with glibc's malloc here, as on the page (``use_system_allocator``):
   its default, mimalloc, kept ~75 MiB more after an 81 MB evaluation.

Target (issue 18, item 1): at most ~300 MiB of peak growth for the 81 MB case.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from many_queries_speed import Case, write_data

REPO = Path(__file__).resolve().parents[1]
MIB = 2**20
#: Evaluations after the first, to see whether the memory that stays grows.
AGAIN = 4


def resident() -> tuple[int, int]:
    """(current, peak) resident memory of this process in bytes: VmRSS and VmHWM."""
    fields = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(("VmRSS", "VmHWM")):
            fields[line.split(":")[0]] = int(line.split()[1]) * 1024
    return fields["VmRSS"], fields["VmHWM"]


def measure(qrels: Path, run: Path) -> None:
    """Child process: one evaluation from bytes; prints bytes in, peak growth, held, retained."""
    sys.path.insert(0, str(REPO))
    from ndcg_core.trec.evaluation import Evaluation, evaluate_files
    from ndcg_core.trec.memory import use_system_allocator

    use_system_allocator()  # as the page does (ui/run_files.py)

    sample = REPO / "data" / "trec_eval"
    evaluate_files(sample / "qrels.test", sample / "results.test")  # a running server has done this once
    qrels_bytes, run_bytes = qrels.read_bytes(), run.read_bytes()
    gc.collect()
    Path("/proc/self/clear_refs").write_text("5")  # peak mark := current resident memory
    before, _ = resident()

    def evaluate() -> Evaluation:
        return evaluate_files(
            qrels_bytes,
            run_bytes,
            (5, 10, 20),
            gain="linear",
            names=(qrels.name, run.name),
        )

    result = evaluate()
    held, peak = resident()
    queries = len(result.columns["qid"])
    del result
    gc.collect()
    after, _ = resident()
    for _ in range(AGAIN):  # the same upload evaluated again: does what stays grow?
        evaluate()
    gc.collect()
    after_again, _ = resident()
    print(
        len(qrels_bytes) + len(run_bytes),
        peak - before,
        held - before,
        after - before,
        after_again - before,
        queries,
    )


def one_size(megabytes: float, repeat: int) -> None:
    """Write files of about ``megabytes`` MB in all, measure ``repeat`` times in fresh processes."""
    queries = max(1, round(2000 * megabytes / 80))  # the 2,000 × 1,000 case is ~80 MB
    with tempfile.TemporaryDirectory() as folder:
        qrels, run = write_data(
            Path(folder), Case(f"upload{megabytes:g}", queries, 1000, "trec", 4.0), "msmarco"
        )
        rows = []
        for _ in range(repeat):
            done = subprocess.run(
                [sys.executable, __file__, "--child", str(qrels), str(run)],
                capture_output=True,
                text=True,
                check=True,
                cwd=REPO,
            )
            rows.append([int(x) for x in done.stdout.split()])
    size = rows[0][0]
    peak, held, kept, kept_again = ([row[i] / MIB for row in rows] for i in (1, 2, 3, 4))
    print(
        f"{size / 1e6:6.1f} MB in ({queries:,} queries × 1,000): peak growth "
        f"{' '.join(f'{p:.0f}' for p in peak)} MiB (median {statistics.median(peak):.0f}; "
        f"{statistics.median(peak) / (size / MIB):.2f} MiB per MiB in), "
        f"held with the result {statistics.median(held):.0f} MiB, retained after dropping it "
        f"{statistics.median(kept):.0f} MiB ({statistics.median(kept_again):.0f} MiB after {1 + AGAIN} evaluations)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", type=float, nargs="+", default=[10, 40, 81], help="MB of qrels + run")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--child", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        measure(*args.child)
        return
    for size in args.sizes:
        one_size(size, args.repeat)


if __name__ == "__main__":
    main()
