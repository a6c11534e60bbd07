"""Check my table: each cell marked right, wrong, or right given an earlier cell (an error carried forward).

Every expected value here is derived by hand from the definitions (gain 2^rel − 1, discount
1/log2(i + 1), the ideal from every listed grade sorted and cut at k), never read from the core.
"""

from __future__ import annotations

import math

import pytest

from ndcg_core.practice.table_check import PRACTICE_LIST, cell_keys, check_table
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES, SCENARIOS

GRADES = list(PRACTICE_LIST.grades)  # 2, 3, 0, 1, 3, 2 at k = 4, exponential gain
K = 4


def by_hand(grades, k: int, gain: str = "exponential") -> dict[str, float]:
    """The whole worked table from the definitions, with math only."""

    def g(rel: float) -> float:
        return 2**rel - 1 if gain == "exponential" else rel

    ideal = sorted(grades, reverse=True)[:k]
    cells: dict[str, float] = {}
    for i in range(1, k + 1):
        d = 1 / math.log2(i + 1)
        cells |= {
            f"gain_{i}": g(grades[i - 1]),
            f"discount_{i}": d,
            f"contribution_{i}": g(grades[i - 1]) * d,
        }
        cells |= {
            f"ideal_grade_{i}": ideal[i - 1],
            f"ideal_gain_{i}": g(ideal[i - 1]),
            f"ideal_contribution_{i}": g(ideal[i - 1]) * d,
        }
    cells["dcg"] = sum(cells[f"contribution_{i}"] for i in range(1, k + 1))
    cells["idcg"] = sum(cells[f"ideal_contribution_{i}"] for i in range(1, k + 1))
    cells["ndcg"] = cells["dcg"] / cells["idcg"] if cells["idcg"] else 0.0
    return cells


def typed_table(grades=GRADES, k: int = K, gain: str = "exponential", decimals: int = 2) -> dict[str, str]:
    """The hand-worked table, every cell rounded as a learner types it."""
    return {key: f"{value:.{decimals}f}" for key, value in by_hand(grades, k, gain).items()}


def statuses(result) -> dict[str, str]:
    return {cell.key: cell.status for cell in result.cells if cell.status != "right"}


def test_the_practice_lists_table_by_hand():
    hand = by_hand(GRADES, K)
    assert [hand[f"ideal_grade_{i}"] for i in range(1, 5)] == [3, 3, 2, 2]  # a 3 from rank 5 moves up
    assert hand["dcg"] == pytest.approx(3 + 7 / math.log2(3) + 0 + 1 / math.log2(5))
    assert f"{hand['dcg']:.4f}" == "7.8472" and f"{hand['idcg']:.4f}" == "14.2085"
    assert f"{hand['ndcg']:.4f}" == "0.5523"


@pytest.mark.parametrize(
    ("grades", "k"),
    [(GRADES, K), (list(BLUETOOTH_HEADPHONES.grades), 5), ([0, 0, 0], 3), ([3, 2, 3, 0, 1], 5)],
)
def test_a_table_worked_by_hand_is_all_right(grades, k):
    result = check_table(grades, k, "exponential", typed_table(grades, k))
    assert result.first_wrong is None and result.explanation == "" and result.carried == 0
    assert result.right == len(result.cells) == 6 * k + 3 == len(cell_keys(k))
    assert {cell.mark for cell in result.cells} == {"✓ right"}


def test_the_cells_come_in_the_order_a_learner_fills_them_in():
    keys = cell_keys(2)
    assert keys == (
        *("gain_1", "discount_1", "contribution_1", "gain_2", "discount_2", "contribution_2", "dcg"),
        *("ideal_grade_1", "ideal_gain_1", "ideal_contribution_1", "ideal_grade_2", "ideal_gain_2"),
        *("ideal_contribution_2", "idcg", "ndcg"),
    )


def test_a_wrong_gain_is_carried_forward_into_its_contribution_dcg_and_ndcg():
    typed = typed_table()
    typed["gain_2"] = "3"  # linear gain: rel = 3, where 2^3 − 1 = 7 is asked
    typed["contribution_2"] = "1.89"  # 3 × 0.63: right for the learner's own gain
    own_dcg = 3 + 3 * 0.63 + 0 + 0.43  # the learner's contributions as typed: 3.00, 1.89, 0.00, 0.43
    typed["dcg"] = f"{own_dcg:.2f}"  # 5.32
    typed["ndcg"] = f"{5.32 / 14.21:.2f}"  # 0.37, their DCG / their (right) IDCG
    result = check_table(GRADES, K, "exponential", typed)
    assert statuses(result) == {
        "gain_2": "wrong",
        "contribution_2": "carried",
        "dcg": "carried",
        "ndcg": "carried",
    }
    assert result.right == 23 and result.carried == 3
    contribution = result.cell("contribution_2")
    assert contribution.mark == "✓ right given your earlier cell"
    assert contribution.note == "from your gain at rank 2: 3 × 0.63 = 1.8900"
    assert result.cell("dcg").note == "from your contribution at rank 2: 3 + 1.89 + 0 + 0.43 = 5.3200"
    assert result.cell("ndcg").note == "from your DCG@4: 5.32 / 14.21 = 0.3744"
    assert result.first_wrong.key == "gain_2" and [c.key for c, _ in result.explanations] == ["gain_2"]
    assert "should be 7.00 (exactly 7.0000); you typed 3" in result.explanation
    assert "linear gain" in result.explanation


def test_a_contribution_from_right_rounded_cells_is_right():
    """7 × 0.63 = 4.41, where the exact 7 × 0.6309… = 4.4165 rounds to 4.42: the seeds' tables add up so."""
    typed = typed_table()
    assert typed["gain_2"] == "7.00" and typed["discount_2"] == "0.63"
    typed["contribution_2"] = "4.41"
    assert abs(4.41 - 7 / math.log2(3)) > 0.005
    result = check_table(GRADES, K, "exponential", typed)
    cell = result.cell("contribution_2")
    assert cell.status == "right" and cell.note == "from your rounded cells: 7 × 0.63 = 4.4100"


def test_a_sum_that_follows_from_rounded_right_cells_is_right():
    # Each contribution typed 0.004 high (inside ±0.005); their sum is 0.016 off the exact DCG@4,
    # yet it is what the learner's own right cells give, so DCG is accepted with a note.
    typed = typed_table(decimals=4)
    hand = by_hand(GRADES, K)
    for rank in range(1, K + 1):
        typed[f"contribution_{rank}"] = f"{hand[f'contribution_{rank}'] + 0.004:.4f}"
    own = sum(float(typed[f"contribution_{rank}"]) for rank in range(1, K + 1))
    assert abs(own - hand["dcg"]) > 0.015
    typed["dcg"] = f"{own:.4f}"
    result = check_table(GRADES, K, "exponential", typed)
    assert result.first_wrong is None and result.carried == 0
    assert result.cell("dcg").note.startswith("from your rounded cells")
    typed["dcg"] = f"{own + 0.02:.4f}"
    assert check_table(GRADES, K, "exponential", typed).first_wrong.key == "dcg"


def test_an_ideal_from_the_top_k_only_is_named_and_carried_to_idcg():
    typed = typed_table()
    # Sorting only the first 4 grades (2, 3, 0, 1) gives 3, 2, 1, 0; the learner then works on.
    top_k = [3, 2, 1, 0]
    d = [1, 0.63, 0.5, 0.43]  # the discounts as typed
    for i, grade in enumerate(top_k, start=1):
        typed[f"ideal_grade_{i}"] = str(grade)
        typed[f"ideal_gain_{i}"] = str(2**grade - 1)
        typed[f"ideal_contribution_{i}"] = f"{(2**grade - 1) * d[i - 1]:.2f}"
    own_idcg = 7 * 1 + 3 * 0.63 + 1 * 0.5 + 0  # 9.39
    typed["idcg"] = f"{own_idcg:.2f}"
    typed["ndcg"] = f"{7.85 / own_idcg:.2f}"  # 0.84: their right DCG (7.85) / their IDCG
    result = check_table(GRADES, K, "exponential", typed)
    assert statuses(result) == {
        **{f"ideal_grade_{i}": "wrong" for i in (2, 3, 4)},
        **{f"ideal_gain_{i}": "carried" for i in (2, 3, 4)},
        **{f"ideal_contribution_{i}": "carried" for i in (2, 3, 4)},
        "idcg": "carried",
        "ndcg": "carried",
    }
    assert result.cell("ideal_gain_2").note == "from your ideal grade at rank 2: 2^2 − 1 = 3.0000"
    assert result.first_wrong.key == "ideal_grade_2"
    assert result.explanation.startswith("The ideal grade at rank 2 should be 3; you typed 2.")
    assert "sorts only the first 4 items" in result.explanation


def test_an_unsorted_ideal_is_named():
    typed = typed_table()
    typed["ideal_grade_1"] = "2"  # the list's own rank 1
    result = check_table(GRADES, K, "exponential", typed)
    assert statuses(result)["ideal_grade_1"] == "wrong"
    assert "the list as it is" in result.explanation


def test_a_discount_slip_is_explained_and_its_contribution_carried():
    typed = typed_table()
    typed["discount_3"] = "0.63"  # 1/log2(3): log2(i) for log2(i + 1) at rank 3
    result = check_table(GRADES, K, "exponential", typed)
    assert result.first_wrong.key == "discount_3" and "log2(3)" in result.explanation
    # Grade 0 at rank 3: its contribution is 0 whatever the discount, so it stays right.
    assert result.cell("contribution_3").status == "right"
    typed["ideal_contribution_3"] = f"{3 * 0.63:.2f}"  # the ideal's rank 3 (grade 2) with that discount
    result = check_table(GRADES, K, "exponential", typed)
    assert result.cell("ideal_contribution_3").status == "carried"
    assert result.cell("ideal_contribution_3").note == "from your discount at rank 3: 3 × 0.63 = 1.8900"


def test_a_wrong_cell_that_follows_from_nothing_is_wrong():
    typed = typed_table()
    typed["gain_2"] = "3"
    typed["contribution_2"] = "2.5"  # neither 7 × 0.63 nor 3 × 0.63
    result = check_table(GRADES, K, "exponential", typed)
    assert statuses(result)["contribution_2"] == "wrong"
    assert [cell.key for cell, _ in result.explanations][:2] == ["gain_2", "contribution_2"]


def test_empty_and_unreadable_cells_say_so_and_nothing_follows_from_them():
    typed = typed_table()
    typed["gain_2"] = "   "
    typed["ndcg"] = "=1/0"
    result = check_table(GRADES, K, "exponential", typed)
    marks = {cell.key: cell.mark for cell in result.cells if cell.wrong}
    assert marks == {"gain_2": "✗ empty", "ndcg": "✗ not a number"}
    assert result.cell("contribution_2").status == "right"  # typed right: an empty gain changes nothing
    assert "is empty" in result.explanation
    typed["contribution_2"] = "1.89"
    assert check_table(GRADES, K, "exponential", typed).cell("contribution_2").status == "wrong"


def test_nothing_relevant_gives_ndcg_0_and_a_typed_ratio_of_0_over_0_is_not_carried():
    grades = [0, 0, 0]
    typed = typed_table(grades, 3)
    assert typed["idcg"] == "0.00" and typed["ndcg"] == "0.00"
    typed["ndcg"] = "1"
    result = check_table(grades, 3, "exponential", typed)
    assert statuses(result) == {"ndcg": "wrong"}
    assert "IDCG = 0" in result.explanation


def test_the_default_list_is_not_one_the_lesson_or_a_scenario_shows():
    """Neither the list nor its ideal appears elsewhere, so no worked answer to it exists in the app."""
    for scenario in SCENARIOS:
        assert sorted(scenario.grades) != sorted(GRADES), scenario.key
        assert not set(scenario.labels) & set(PRACTICE_LIST.labels), scenario.key
    assert PRACTICE_LIST.gain == "exponential" and PRACTICE_LIST.k == K < len(GRADES)
    assert max(GRADES[K:]) > min(sorted(GRADES, reverse=True)[:K])  # an item below k belongs in the ideal
