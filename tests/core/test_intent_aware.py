"""Intent-aware NDCG (seed 001 §4): values by hand from the definition, properties, errors, the lesson."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ndcg_core
from ndcg_core import NDCGInputError, intent_aware, intent_aware_ndcg
from ndcg_core.metric.intent_aware import best_single_order
from ndcg_core.teaching.intents import JAGUAR, LESSON, cross_ideals, lesson_numbers


def dcg_by_hand(grades, k, gain=lambda rel: 2**rel - 1):
    return sum(gain(rel) / math.log2(i + 1) for i, rel in enumerate(grades[:k], start=1))


def ndcg_by_hand(grades, k, pool=None):
    best = dcg_by_hand(sorted(grades if pool is None else pool, reverse=True), k)
    return dcg_by_hand(grades, k) / best if best else 0.0


def test_two_intents_by_hand():
    # car [3, 0, 1]: DCG@3 = 7 + 0 + 1/2, IDCG@3 = 7 + 1/log2 3; animal [0, 3, 1]: DCG@3 = 7/log2 3 + 1/2
    car = (7 + 0.5) / (7 + 1 / math.log2(3))
    animal = (7 / math.log2(3) + 0.5) / (7 + 1 / math.log2(3))
    result = intent_aware([(0.6, [3, 0, 1]), (0.4, [0, 3, 1])], k=3)
    assert result.per_intent == pytest.approx((car, animal))
    assert result.value == pytest.approx(0.6 * car + 0.4 * animal)
    assert intent_aware_ndcg([(0.6, [3, 0, 1]), (0.4, [0, 3, 1])], 3) == result.value


def test_a_judged_pool_per_intent_as_a_third_element():
    # the animal intent judged two more pages of grade 3 that the list does not show
    pool = [0, 3, 1, 3, 3]
    result = intent_aware([(0.5, [3, 0, 1]), (0.5, [0, 3, 1], pool)], k=3)
    assert result.per_intent[1] == pytest.approx(ndcg_by_hand([0, 3, 1], 3, pool))
    assert result.per_intent[0] == pytest.approx(ndcg_by_hand([3, 0, 1], 3))
    assert result.value == pytest.approx(sum(result.per_intent) / 2)


def test_linear_gain_and_no_cutoff():
    linear = intent_aware([(0.25, [2, 1]), (0.75, [1, 2])], gain="linear")
    by_hand = [
        (2 + 1 / math.log2(3)) / (2 + 1 / math.log2(3)),
        (1 + 2 / math.log2(3)) / (2 + 1 / math.log2(3)),
    ]
    assert linear.per_intent == pytest.approx(by_hand)


def test_an_intent_with_nothing_relevant_scores_0():
    result = intent_aware([(0.5, [0, 0]), (0.5, [1, 0])], k=2)
    assert result.per_intent == (0.0, 1.0) and result.value == 0.5


grades_lists = st.lists(st.integers(0, 3), min_size=1, max_size=6)


@st.composite
def intents(draw):
    n = draw(st.integers(1, 6))
    count = draw(st.integers(1, 4))
    weights = draw(st.lists(st.integers(0, 10), min_size=count, max_size=count).filter(any))
    total = sum(weights)
    grades = [draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)) for _ in range(count)]
    return [(w / total, g) for w, g in zip(weights, grades, strict=True)]


@given(grades_lists, st.one_of(st.none(), st.integers(1, 8)), st.sampled_from(["exponential", "linear"]))
def test_one_intent_is_plain_ndcg(grades, k, gain):
    assert intent_aware_ndcg([(1.0, grades)], k, gain=gain) == pytest.approx(
        ndcg_core.ndcg(grades, k, gain=gain), abs=1e-12
    )


@given(intents(), st.one_of(st.none(), st.integers(1, 8)))
def test_ia_ndcg_lies_between_the_smallest_and_largest_ndcg_j(given_intents, k):
    result = intent_aware(given_intents, k)
    assert min(result.per_intent) - 1e-12 <= result.value <= max(result.per_intent) + 1e-12


@given(intents(), st.one_of(st.none(), st.integers(1, 8)), st.randoms(use_true_random=False))
def test_permuting_the_intents_changes_nothing(given_intents, k, rng):
    shuffled = list(given_intents)
    rng.shuffle(shuffled)
    assert intent_aware_ndcg(shuffled, k) == pytest.approx(intent_aware_ndcg(given_intents, k), abs=1e-12)


@given(intents(), st.integers(1, 6))
def test_the_best_single_order_is_the_best_of_every_order(given_intents, k):
    n = len(given_intents[0][1])
    every = max(
        intent_aware_ndcg([(p, [g[i] for i in order]) for p, g in given_intents], k)
        for order in itertools.permutations(range(n))
    )
    order, value = best_single_order(given_intents, k)
    assert value == pytest.approx(every, abs=1e-12)
    assert intent_aware_ndcg([(p, [g[i] for i in order]) for p, g in given_intents], k) == pytest.approx(
        value
    )


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ([], "at least one intent"),
        ("jaguar", "list of \\(probability, grades\\) pairs"),
        ([(0.5, [1, 0]), (0.4, [0, 1])], "add up to 0.9, not 1"),
        ([(1.2, [1, 0]), (-0.2, [0, 1])], "probability of intent 2 is -0.2"),
        ([(float("nan"), [1, 0])], "probability of intent 1 is nan"),
        ([(True, [1, 0])], "probability of intent 1 is True"),
        ([(0.5, [1, 0]), (0.5, [0, 1, 2])], "intent 1 grades 2, intent 2 grades 3"),
        ([(1.0,)], "Intent 1 must be a \\(probability, grades\\) pair"),
        ([(0.5, [1, 0]), (0.5, [0, -1])], "grade of intent 2 at rank 2 is -1"),
        ([(1.0, [1, 0], [1, "x"])], "judged pool grade of intent 1 at rank 2"),
    ],
)
def test_bad_intents_are_refused_with_a_message_that_names_the_problem(bad, message):
    with pytest.raises(NDCGInputError, match=message):
        intent_aware_ndcg(bad)


def test_probabilities_within_1e_9_of_1_are_accepted():
    assert intent_aware_ndcg([(0.1, [1]), (0.2, [1]), (0.7 + 5e-10, [1])]) == pytest.approx(1.0)
    with pytest.raises(NDCGInputError, match="not 1"):
        intent_aware_ndcg([(0.5, [1]), (0.5 + 2e-9, [1])])


def test_jaguar_is_well_formed():
    assert len(set(JAGUAR.labels)) == len(JAGUAR.labels) >= 6
    assert all(len(intent.grades) == len(JAGUAR.labels) for intent in JAGUAR.intents)
    assert math.fsum(intent.probability for intent in JAGUAR.intents) == pytest.approx(1.0, abs=1e-12)
    assert JAGUAR.pairs([3, 0])[0] == (0.6, (JAGUAR.intents[0].grades[3], JAGUAR.intents[0].grades[0]))


def test_each_intents_ideal_order_falls_short_on_the_other():
    matrix = cross_ideals(JAGUAR)
    for a, row in enumerate(matrix):
        for b, value in enumerate(row):
            assert value == pytest.approx(1.0) if a == b else value < 1
    _, best = best_single_order(JAGUAR.pairs(), JAGUAR.k)
    assert best < 1 and best > intent_aware_ndcg(JAGUAR.pairs(), JAGUAR.k)
    text = lesson_numbers(JAGUAR)
    assert f"but {matrix[0][1]:.2f} for the animal" in text and f"but {matrix[1][0]:.2f} for the car" in text
    assert f"IA-NDCG@5 = {best:.2f}" in text
    assert "One order cannot be ideal for every intent" in LESSON and "Σ_j P(j) · NDCG_j" in LESSON
