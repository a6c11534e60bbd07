"""Write the bundled two-system sample: a qrels and two runs over 50 made-up queries (data/two_systems/).

    .venv/bin/python scripts/two_system_sample.py     # rewrites data/two_systems/*.txt

The Many queries page opens it as "Two systems compared"; with only trec_eval's three test queries a
paired test has nothing to say (3 queries give 8 sign patterns: p ≥ 0.25). The data is made up,
deterministically (seed 2024), and shaped like a small TREC collection:

* 50 queries (ids 401–450), 60 candidate documents each, ids distinct across queries (``D401-07``);
* judgments for 40 of the 60, grades 0–3 (45 / 30 / 15 / 10 %); the other 20 are unjudged (grade 0);
* run A, a first-stage ranker: score = Gamma(2, 2) noise + 1.1 × grade, its top 50 per query;
* run B, a re-ranker of A's 50: score = A's score + s × grade + Normal(0, 1.6) noise, where s, drawn
  per query from Normal(0.7, 0.6), is how well it works there (so it wins on most queries and loses
  clearly on some);
* scores rounded to 3 decimals (so some tie, broken by document id as trec_eval does); lines
  shuffled within each query, in TREC run format (``qid Q0 docno rank score tag``);
* ``topics.txt``: a made-up text for each query (``qid<TAB>text``), which tables and charts show beside the id;
* judgments pooled before B existed: on 4 queries B also brings in documents nobody judged
  (``D431-new3``), which count as grade 0 however good they may be. On 3 of them they fill
  ranks 5–10 of B's top 10, on one all 10 ranks (B scores 0 there): what Judged@10 and the
  verdict's "mostly unjudged" rule are there to name (a second generator, seed 2025, picks
  them and their scores, so qrels and run A are as before).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

FOLDER = Path(__file__).resolve().parents[1] / "data" / "two_systems"
SEED = 2024
#: Queries where B brings in unjudged documents, and how many of them reach its top 10.
UNPOOLED_SEED, UNPOOLED_QUERIES, NEW_IN_TOP = 2025, 4, (6, 6, 6, 10)
QUERIES = range(401, 451)
#: A made-up text for each query, 401 to 450 (topics.txt).
TEXTS = (
    "bluetooth headphones",
    "noise cancelling earbuds",
    "running shoes for flat feet",
    "cast iron skillet care",
    "cheap flights to lisbon",
    "how to repot an orchid",
    "electric bike range",
    "sourdough starter ratio",
    "kids rain jacket",
    "standing desk converter",
    "best budget mirrorless camera",
    "hiking boots waterproof",
    "vegan protein powder",
    "wifi mesh router",
    "ergonomic office chair",
    "air fryer recipes chicken",
    "wool winter socks",
    "laptop for video editing",
    "dog harness no pull",
    "home espresso machine",
    "learn spanish online",
    "tent for four people",
    "yoga mat thick",
    "smart thermostat install",
    "beginner acoustic guitar",
    "car seat for toddlers",
    "reading lamp led",
    "trail running vest",
    "phone case with card holder",
    "french press coffee grind",
    "sunscreen for sensitive skin",
    "mechanical keyboard quiet",
    "gluten free bread flour",
    "robot vacuum pet hair",
    "bike lock heavy duty",
    "board games for two",
    "insulated water bottle",
    "portable power bank",
    "houseplants low light",
    "winter tyres size guide",
    "ski goggles fog",
    "baby monitor with camera",
    "kitchen knife sharpener",
    "swimming goggles prescription",
    "camping stove gas",
    "4k monitor for mac",
    "rain boots women",
    "office headset microphone",
    "cordless drill set",
    "travel backpack carry on",
)
CANDIDATES, JUDGED, RETURNED = 60, 40, 50
GRADE_SHARES = (0.45, 0.30, 0.15, 0.10)


def lines_of_run(
    qid: int, docs: list[str], scores: np.ndarray, tag: str, rng: np.random.Generator
) -> list[str]:
    """The top RETURNED documents by score, ranked, then written in shuffled order."""
    top = np.argsort(-scores, kind="stable")[:RETURNED]
    rows = [f"{qid} Q0 {docs[i]} {rank} {scores[i]:.3f} {tag}" for rank, i in enumerate(top, start=1)]
    return [rows[i] for i in rng.permutation(len(rows))]


def unjudged_documents(
    qid: int, count: int, scores: np.ndarray, rng: np.random.Generator
) -> tuple[list[str], np.ndarray]:
    """``count`` documents nobody judged, scored into the last ``count`` places of B's top 10."""
    ranked = np.sort(scores[np.isfinite(scores)])[::-1]
    low = ranked[10 - count]  # pushed out of the top 10
    high = ranked[9 - count] if count < 10 else low + 1.0  # stays above them
    new = np.round(np.sort(rng.uniform(low, high, count)), 3)
    new = np.clip(new, low + 0.001, high - 0.001)
    return [f"D{qid}-new{n}" for n in range(count)], new


def main() -> None:
    rng = np.random.default_rng(SEED)
    picker = np.random.default_rng(UNPOOLED_SEED)
    unpooled = dict(
        zip(picker.choice(list(QUERIES), UNPOOLED_QUERIES, replace=False).tolist(), NEW_IN_TOP, strict=True)
    )
    qrels, run_a, run_b = [], [], []
    for qid in QUERIES:
        docs = [f"D{qid}-{n:02d}" for n in range(CANDIDATES)]
        grades = np.zeros(CANDIDATES, dtype=int)
        judged = rng.choice(CANDIDATES, JUDGED, replace=False)
        grades[judged] = rng.choice(4, JUDGED, p=GRADE_SHARES)
        qrels += [f"{qid} 0 {docs[i]} {grades[i]}" for i in sorted(judged)]
        a = np.round(rng.gamma(2.0, 2.0, CANDIDATES) + 1.1 * grades, 3)
        skill = rng.normal(0.7, 0.6)  # how well the re-ranker works on this query
        b = np.round(a + skill * grades + rng.normal(0, 1.6, CANDIDATES), 3)
        returned_by_a = np.argsort(-a, kind="stable")[:RETURNED]
        b_scores = np.full(CANDIDATES, -np.inf)
        b_scores[returned_by_a] = b[returned_by_a]  # B re-ranks A's documents only
        run_a += lines_of_run(qid, docs, a, "first_stage", rng)
        if qid in unpooled:  # documents B finds that the judges never saw
            new_docs, new_scores = unjudged_documents(qid, unpooled[qid], b_scores, picker)
            run_b += lines_of_run(qid, docs + new_docs, np.r_[b_scores, new_scores], "reranked", rng)
        else:
            run_b += lines_of_run(qid, docs, b_scores, "reranked", rng)
    FOLDER.mkdir(parents=True, exist_ok=True)
    topics = [f"{qid}\t{text}" for qid, text in zip(QUERIES, TEXTS, strict=True)]
    for name, lines in (
        ("qrels.txt", qrels),
        ("run_a.txt", run_a),
        ("run_b.txt", run_b),
        ("topics.txt", topics),
    ):
        (FOLDER / name).write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
