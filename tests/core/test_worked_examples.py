"""The worked examples of PRODUCT.md, reproduced from the definitions.

Each expected value is the one printed in a seed article; where the article itself is wrong,
the test names the error and checks the value the definition gives.
"""

import math

import pytest

import ndcg_core
from ndcg_core.teaching.scenarios import RESULTS_B_A_D_C

SEED000_RETURNED = [0, 1, 2, 3, 2, 0, 3]  # Table 3: Portable Speaker … Bose Wireless


def by_the_definition(grades, k, gain):
    """DCG@k written as the papers write it, one rank at a time (a check on the vectorised core)."""
    g = (lambda rel: 2**rel - 1) if gain == "exponential" else (lambda rel: rel)
    return sum(g(rel) / math.log2(i + 1) for i, rel in enumerate(grades[:k], start=1))


def test_seed000_bluetooth_headphones_tables_4_and_5():
    assert round(ndcg_core.dcg(SEED000_RETURNED, 5), 2) == 6.31
    assert round(ndcg_core.idcg(SEED000_RETURNED, 5), 2) == 14.60
    assert round(ndcg_core.ndcg(SEED000_RETURNED, 5), 2) == 0.43


def test_seed000_table4_contributions_per_rank():
    table = ndcg_core.breakdown(SEED000_RETURNED, 5)
    # Table 4 prints 3.02 at rank 4, but 7 / log2(5) = 3.0147: the article rounded up.
    assert table["contribution"].round(2).tolist() == [0, 0.63, 1.50, 3.01, 1.16, 0, 2.33]
    assert table["ideal_contribution"].round(2).tolist() == [7, 4.42, 1.50, 1.29, 0.39, 0, 0]


def test_seed003_results_b_a_d_c_exponential():
    grades = [2, 3, 1, 2]  # B, A, D, C
    assert round(ndcg_core.dcg(grades), 2) == 9.21
    assert round(ndcg_core.idcg(grades), 2) == 10.82
    assert round(ndcg_core.ndcg(grades), 2) == 0.85


def test_seed003_terms_and_its_mis_rounded_4_41():
    table = ndcg_core.breakdown([2, 3, 1, 2], None)
    # The article prints 7 / log2 3 ≈ 4.41, but 7 / log2(3) = 4.4165 rounds to 4.42; the others are right.
    assert 7 / math.log2(3) == pytest.approx(4.4165, abs=5e-5)
    assert table["contribution"].round(2).tolist() == [3, 4.42, 0.5, 1.29]
    assert table["ideal_contribution"].round(2).tolist() == [7, 1.89, 1.5, 0.43]
    note = RESULTS_B_A_D_C.note
    assert "4.41" in note and "4.4165" in note and "4.42" in note


def test_seed004_retrieved_chunks_linear():
    grades = [3, 2, 3, 0, 1]
    assert round(ndcg_core.dcg(grades, 5, gain="linear"), 3) == 6.149
    # The article prints 6.324, the sum of its rounded terms; the exact sum is 6.32347.
    assert ndcg_core.idcg(grades, 5, gain="linear") == pytest.approx(6.324, abs=0.001)
    assert round(ndcg_core.ndcg(grades, 5, gain="linear"), 3) == 0.972


def test_seed002_documents_a_to_e_corrected():
    grades = [3, 1, 2, 0, 1]  # Doc A … Doc E
    assert round(ndcg_core.dcg(grades, gain="linear"), 3) == 5.018
    # The article's IDCG (5.149) puts 0.387 at rank 4, where 1/log2(5) = 0.431 belongs.
    assert round(ndcg_core.idcg(grades, gain="linear"), 3) == 5.193
    assert round(ndcg_core.ndcg(grades, gain="linear"), 3) == 0.966


def test_seed001_ideal_of_the_whole_list_not_the_top_k():
    grades = [3, 0, 2, 0, 1, 3, 0, 0, 2, 1]
    assert round(ndcg_core.ndcg(grades, 3), 3) == 0.658
    # seed 001's ndcg_at_k cuts the list to k first and prints 0.956: that is the bug.
    assert round(ndcg_core.ndcg(grades[:3], 3), 3) == 0.956


def test_seed001_judged_pool_versus_returned_list():
    corpus = [5, 5, 4, 3, 3, 2, 2, 1, 1, 0]
    returned = [corpus[i] for i in (7, 2, 9, 5, 4)]
    assert round(ndcg_core.ndcg(returned, 5, ideal=corpus), 4) == 0.2268
    assert round(ndcg_core.ndcg(returned, 5), 4) == 0.6776


@pytest.mark.parametrize("gain", ["exponential", "linear"])
@pytest.mark.parametrize("k", [1, 3, 5, 7])
def test_dcg_equals_the_definition_term_by_term(gain, k):
    assert ndcg_core.dcg(SEED000_RETURNED, k, gain=gain) == pytest.approx(
        by_the_definition(SEED000_RETURNED, k, gain)
    )


def test_whole_pool_sets_idcg_without_a_cutoff():
    # trec_eval's ndcg: with no cutoff, IDCG is the DCG of every judged grade, however long.
    pool = [3, 3, 2, 0]
    assert ndcg_core.idcg([2], ideal=pool) == pytest.approx(
        by_the_definition([3, 3, 2, 0], None, "exponential")
    )


def test_k_beyond_the_list_uses_the_whole_list_and_k_items_of_the_pool():
    listed, pool = [1, 2], [2, 2, 1, 1]
    assert ndcg_core.dcg(listed, 10) == pytest.approx(by_the_definition(listed, None, "exponential"))
    assert ndcg_core.idcg(listed, 3, ideal=pool) == pytest.approx(
        by_the_definition([2, 2, 1], None, "exponential")
    )


def test_nothing_relevant_gives_zero_as_trec_eval_does():
    assert ndcg_core.ndcg([0, 0, 0], 2) == 0.0
    assert ndcg_core.headline([0, 0], 2).idcg_is_zero


def test_empty_list_scores_zero_against_its_pool():
    assert ndcg_core.ndcg([]) == 0.0
    assert ndcg_core.ndcg([], 5, ideal=[3, 1]) == 0.0
    assert ndcg_core.breakdown([]).empty
