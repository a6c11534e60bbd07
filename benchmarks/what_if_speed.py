"""How long the What if page's numbers take: every order of 8 items, every swap of 50.

    .venv/bin/python benchmarks/what_if_speed.py

Targets (issue 6): NDCG@k of all 40,320 orders of an 8-item list in under 200 ms, and the swap
map of a 50-item list in under 100 ms. Each figure is the median of 20 timed calls after one
warm-up call; "cold" is the very first call in this process (it builds the table of orders).
The lists are random grades 0–3 (seeded), k = 5 and k = 10, exponential gain.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ndcg_core.metric.ranking import Ranking
from ndcg_core.metric.what_if import best_change, move_map, order_distribution, swap_map

REPEATS = 20


def timed_ms(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return 1000 * (time.perf_counter() - start)


def median_ms(call: Callable[[], object]) -> float:
    call()
    return statistics.median(timed_ms(call) for _ in range(REPEATS))


def main() -> None:
    rng = np.random.default_rng(6)
    eight = rng.integers(0, 4, 8).tolist()
    fifty = rng.integers(0, 4, 50).tolist()
    rows = [
        (
            "all 40,320 orders of 8 items, cold",
            timed_ms(lambda: order_distribution(Ranking.of(eight, 5))),
            200,
        ),
        ("all 40,320 orders of 8 items", median_ms(lambda: order_distribution(Ranking.of(eight, 5))), 200),
        ("swap map, 50 items (2,500 swaps)", median_ms(lambda: swap_map(Ranking.of(fifty, 10))), 100),
        ("move map, 50 items (2,500 moves)", median_ms(lambda: move_map(Ranking.of(fifty, 10))), None),
        ("best single change, 50 items", median_ms(lambda: best_change(Ranking.of(fifty, 10))), None),
        (
            "20,000 sampled orders of 50 items",
            median_ms(lambda: order_distribution(Ranking.of(fifty, 10))),
            None,
        ),
    ]
    print(f"{'what':<40} {'ms':>8}  target")
    for what, ms, target in rows:
        verdict = "" if target is None else f"< {target} ms: {'met' if ms < target else 'MISSED'}"
        print(f"{what:<40} {ms:8.2f}  {verdict}")


if __name__ == "__main__":
    main()
