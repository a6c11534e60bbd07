"""Check my table: each cell marked right or wrong, the first wrong one explained.

The typed tables are built from seed 000's own table (breakdown of the bluetooth headphones list),
then one cell is changed by a classic slip derived from its definition.
"""

from __future__ import annotations

import math

from ndcg_core import breakdown, dcg, idcg, ndcg
from ndcg_core.practice.table_check import check_table
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES

GRADES = list(BLUETOOTH_HEADPHONES.grades)  # seed 000, Table 3
K = 5


def right_table(decimals: int = 2) -> dict[str, str]:
    """Seed 000's worked table, every cell rounded as a learner would type it."""
    table = breakdown(GRADES, K)
    typed = {}
    for rank in range(1, K + 1):
        for column in ("gain", "discount", "contribution"):
            typed[f"{column}_{rank}"] = f"{table[column].iloc[rank - 1]:.{decimals}f}"
    typed |= {
        "dcg": f"{dcg(GRADES, K):.2f}",
        "idcg": f"{idcg(GRADES, K):.2f}",
        "ndcg": f"{ndcg(GRADES, K):.2f}",
    }
    return typed


def test_seed000s_table_is_all_right():
    result = check_table(GRADES, K, "exponential", right_table())
    assert result.first_wrong is None and result.explanation == ""
    assert result.right == len(result.cells) == 3 * K + 3
    assert {cell.mark for cell in result.cells} == {"✓ right"}
    assert right_table()["dcg"] == "6.31" and right_table()["ndcg"] == "0.43"  # the seed's own totals


def test_a_linear_gain_cell_is_marked_and_explained():
    typed = right_table()
    typed["gain_4"] = f"{GRADES[3]:g}"  # linear gain rel, where 2^rel − 1 is asked
    result = check_table(GRADES, K, "exponential", typed)
    wrong = [cell.key for cell in result.cells if not cell.ok]
    assert wrong == ["gain_4"]
    assert result.first_wrong.mark == "✗ wrong"
    assert "gain at rank 4 should be 7.00" in result.explanation
    assert "linear gain" in result.explanation


def test_the_first_wrong_cell_is_explained_when_several_are_wrong():
    typed = right_table()
    typed["discount_3"] = f"{1 / math.log2(3):.2f}"  # log2(i) for log2(i + 1)
    typed["idcg"] = f"{idcg(GRADES[:K], K):.2f}"  # the ideal from the top k only
    result = check_table(GRADES, K, "exponential", typed)
    assert [cell.key for cell in result.cells if not cell.ok] == ["discount_3", "idcg"]
    assert result.first_wrong.key == "discount_3"
    assert "log2(3)" in result.explanation


def test_an_ideal_from_the_top_k_only_is_named():
    typed = right_table()
    typed["idcg"] = f"{idcg(GRADES[:K], K):.2f}"
    result = check_table(GRADES, K, "exponential", typed)
    assert result.first_wrong.key == "idcg"
    assert f"first {K} items" in result.explanation


def test_empty_and_unreadable_cells_say_so_without_a_traceback():
    typed = right_table()
    typed["contribution_2"] = "   "
    typed["ndcg"] = "=1/0"
    result = check_table(GRADES, K, "exponential", typed)
    marks = {cell.key: cell.mark for cell in result.cells if not cell.ok}
    assert marks == {"contribution_2": "✗ empty", "ndcg": "✗ not a number"}
    assert "is empty" in result.explanation


def test_a_rounded_table_that_adds_up_is_right():
    # Each contribution typed 0.004 high (inside ±0.005); their sum is 0.02 off the exact DCG@5,
    # yet it is what the learner's own right cells give, so DCG and NDCG are accepted with a note.
    typed = right_table()
    table = breakdown(GRADES, K)
    for rank in range(1, K + 1):
        typed[f"contribution_{rank}"] = f"{table['contribution'].iloc[rank - 1] + 0.004:.4f}"
    own = sum(float(typed[f"contribution_{rank}"]) for rank in range(1, K + 1))
    assert abs(own - dcg(GRADES, K)) > 0.015
    typed["dcg"] = f"{own:.4f}"
    result = check_table(GRADES, K, "exponential", typed)
    assert result.first_wrong is None
    assert "follows from your rounded cells" in next(c for c in result.cells if c.key == "dcg").note
    typed["dcg"] = f"{own + 0.02:.4f}"
    assert check_table(GRADES, K, "exponential", typed).first_wrong.key == "dcg"
