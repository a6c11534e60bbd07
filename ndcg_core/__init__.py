"""ndcg_core: NDCG and everything behind it, computed with numpy and pandas, no Streamlit.

Use it from a notebook:

>>> import ndcg_core
>>> round(ndcg_core.ndcg([0, 1, 2, 3, 2, 0, 3], k=5), 2)
0.43
>>> ndcg_core.breakdown([3, 2, 3, 0, 1], k=5, gain="linear")["dcg"].round(3).tolist()
[3.0, 4.262, 5.762, 5.762, 6.149]

or from the command line: ``python -m ndcg_core --grades 3,2,3,0,1 -k 5 --gain linear``.
"""

from ndcg_core.breakdown import COLUMNS, breakdown
from ndcg_core.discounts import DISCOUNT_FORMULA, discount_values
from ndcg_core.gains import GAIN_FORMULAS, GAINS, Gain, gain_values
from ndcg_core.headline import Headline, headline, plain_reading
from ndcg_core.metrics import dcg, idcg, ndcg, ndcg_at_every_k
from ndcg_core.orders import ideal_order, reversed_order, shuffled_order, worst_order
from ndcg_core.validation import NDCGInputError, as_grades, check_k

__all__ = [
    "COLUMNS",
    "DISCOUNT_FORMULA",
    "GAINS",
    "GAIN_FORMULAS",
    "Gain",
    "Headline",
    "NDCGInputError",
    "as_grades",
    "breakdown",
    "check_k",
    "dcg",
    "discount_values",
    "gain_values",
    "headline",
    "idcg",
    "ideal_order",
    "ndcg",
    "ndcg_at_every_k",
    "plain_reading",
    "reversed_order",
    "shuffled_order",
    "worst_order",
]
