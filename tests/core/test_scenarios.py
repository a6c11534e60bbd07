"""Every scenario of the picker: its published (or corrected) NDCG comes out of the core.

The expected values are the seeds' own numbers, stored with each scenario; the test recomputes
each one from the scenario's grades and settings, to the decimals the source prints.
"""

from __future__ import annotations

import math

import pytest

import ndcg_core
from ndcg_core.teaching.scenarios import (
    BLUETOOTH_HEADPHONES,
    DEFAULT_SCENARIO,
    SCENARIOS,
    Scenario,
    scenario_by_key,
)


def test_every_scenario_reproduces_its_expected_ndcg():
    for scenario in SCENARIOS:
        pool = [*scenario.grades, *scenario.unlisted_grades] if scenario.unlisted_grades else None
        value = ndcg_core.ndcg(list(scenario.grades), scenario.k, gain=scenario.gain, ideal=pool)
        assert round(value, scenario.decimals) == pytest.approx(scenario.expected_ndcg), scenario.key


def by_hand(grades: list[float], k: int, gain: str, pool: list[float] | None = None) -> float:
    """NDCG@k written out one rank at a time, independently of the core (for the unprinted values)."""
    g = (lambda rel: 2**rel - 1) if gain == "exponential" else (lambda rel: rel)

    def dcg(ranked: list[float]) -> float:
        return sum(g(rel) / math.log2(i + 1) for i, rel in enumerate(ranked[:k], start=1))

    best = sorted(pool if pool is not None else grades, reverse=True)
    return dcg(grades) / dcg(best) if dcg(best) > 0 else 0.0


def test_values_the_sources_do_not_print_are_right_by_hand():
    """Where a source shows code but not its output, the stored value is checked against the definition."""
    for scenario in SCENARIOS:
        if scenario.printed or not scenario.grades:
            continue
        pool = [*scenario.grades, *scenario.unlisted_grades] if scenario.unlisted_grades else None
        value = by_hand(list(scenario.grades), scenario.k, scenario.gain, pool)
        assert round(value, scenario.decimals) == pytest.approx(scenario.expected_ndcg), scenario.key


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda scenario: scenario.key)
def test_each_scenario_is_complete(scenario: Scenario):
    assert isinstance(scenario.k, int) and scenario.k >= 1
    assert len(scenario.labels) == len(scenario.grades)
    assert scenario.source and scenario.title and scenario.note
    assert scenario.gain in ndcg_core.GAINS
    assert scenario.expected_text == f"NDCG@{scenario.k} = {scenario.expected_ndcg:.{scenario.decimals}f}"


def test_keys_are_unique_and_found():
    keys = [scenario.key for scenario in SCENARIOS]
    assert len(set(keys)) == len(keys)
    assert all(scenario_by_key(key).key == key for key in keys)
    with pytest.raises(KeyError, match="seed000-bluetooth-headphones"):
        scenario_by_key("no-such-scenario")


def test_the_issue_list_is_there():
    keys = {scenario.key for scenario in SCENARIOS}
    assert {
        "seed000-bluetooth-headphones",
        "seed001-approach-1",
        "seed001-cg-ranking-a",
        "seed001-cg-ranking-b",
        "seed001-perfect",
        "seed001-slightly-off",
        "seed001-reversed",
        "seed002-documents-a-to-e",
        "seed003-results-b-a-d-c",
        "seed004-retrieved-chunks",
        "empty",
    } <= keys
    assert DEFAULT_SCENARIO is BLUETOOTH_HEADPHONES == scenario_by_key("seed000-bluetooth-headphones")


def test_seed002_note_names_the_misprint():
    note = scenario_by_key("seed002-documents-a-to-e").note
    assert "0.975" in note and "0.387" in note and "0.431" in note and "0.966" in note


def test_approach_1_takes_the_ideal_from_the_judged_corpus():
    approach_1 = scenario_by_key("seed001-approach-1")
    assert approach_1.ideal_source == "judged pool"
    assert sorted([*approach_1.grades, *approach_1.unlisted_grades]) == sorted([5, 5, 4, 3, 3, 2, 2, 1, 1, 0])
    # Built from the returned list alone, the ideal gives the other number the seed talks about.
    assert round(ndcg_core.ndcg(list(approach_1.grades), 5), 4) == 0.6776
