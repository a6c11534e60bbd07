"""ndcg_core: NDCG and everything behind it, computed with numpy and pandas, no Streamlit.

Use it from a notebook:

>>> import ndcg_core
>>> round(ndcg_core.ndcg([0, 1, 2, 3, 2, 0, 3], k=5), 2)
0.43
>>> ndcg_core.breakdown([3, 2, 3, 0, 1], k=5, gain="linear")["dcg"].round(3).tolist()
[3.0, 4.262, 5.762, 5.762, 6.149]

or from the command line: ``python -m ndcg_core --grades 3,2,3,0,1 -k 5 --gain linear``.
"""

from ndcg_core.metric.breakdown import COLUMNS, PAIRED_COLUMNS, breakdown, side_by_side
from ndcg_core.metric.discounts import (
    DISCOUNT_FORMULA,
    DISCOUNT_FORMULAS,
    DISCOUNT_USED_BY,
    DISCOUNTS,
    Discount,
    discount_formula,
    discount_values,
)
from ndcg_core.metric.gains import (
    GAIN_FORMULAS,
    GAIN_USED_BY,
    GAINS,
    CustomGain,
    Gain,
    GainRule,
    default_custom_gain,
    gain_formula,
    gain_name,
    gain_values,
    parse_custom_gain,
)
from ndcg_core.metric.headline import Headline, headline
from ndcg_core.metric.intent_aware import IntentAware, intent_aware, intent_aware_ndcg
from ndcg_core.metric.metrics import dcg, idcg, leaders, ndcg, ndcg_at_every_k, overtakes
from ndcg_core.metric.neighbours import (
    METRICS,
    average_precision,
    err,
    metric_table,
    metric_values,
    precision_at_k,
    recall_at_k,
    reciprocal_rank,
)
from ndcg_core.metric.orders import ideal_order, reversed_order, shuffled_order, worst_order
from ndcg_core.metric.ranking import EMPTY_IDEAL_RULES, EmptyIdeal, Ranking
from ndcg_core.metric.ties import TIE_RULES, TieRule, dcg_from_scores, ndcg_from_scores, trec_eval_order
from ndcg_core.metric.validation import NDCGInputError, as_grades, check_k
from ndcg_core.teaching.pitfalls import (
    Pitfall,
    Reading,
    binary_labels,
    empty_ideal_rules,
    misread_discount,
    mixed_gains,
    tied_scores,
    truncated_ideal,
)
from ndcg_core.teaching.summary import plain_reading
from ndcg_core.teaching.variants import (
    IDEAL_USED_BY,
    Variant,
    spread,
    standard_variants,
    tool_variants,
    variant_table,
)

__all__ = [
    "COLUMNS",
    "DISCOUNTS",
    "DISCOUNT_FORMULA",
    "DISCOUNT_FORMULAS",
    "DISCOUNT_USED_BY",
    "EMPTY_IDEAL_RULES",
    "GAINS",
    "GAIN_FORMULAS",
    "GAIN_USED_BY",
    "IDEAL_USED_BY",
    "METRICS",
    "PAIRED_COLUMNS",
    "TIE_RULES",
    "CustomGain",
    "Discount",
    "EmptyIdeal",
    "Gain",
    "GainRule",
    "Headline",
    "IntentAware",
    "NDCGInputError",
    "Pitfall",
    "Ranking",
    "Reading",
    "TieRule",
    "Variant",
    "as_grades",
    "average_precision",
    "binary_labels",
    "breakdown",
    "check_k",
    "dcg",
    "dcg_from_scores",
    "default_custom_gain",
    "discount_formula",
    "discount_values",
    "empty_ideal_rules",
    "err",
    "gain_formula",
    "gain_name",
    "gain_values",
    "headline",
    "idcg",
    "ideal_order",
    "intent_aware",
    "intent_aware_ndcg",
    "leaders",
    "metric_table",
    "metric_values",
    "misread_discount",
    "mixed_gains",
    "ndcg",
    "ndcg_at_every_k",
    "ndcg_from_scores",
    "overtakes",
    "parse_custom_gain",
    "plain_reading",
    "precision_at_k",
    "recall_at_k",
    "reciprocal_rank",
    "reversed_order",
    "shuffled_order",
    "side_by_side",
    "spread",
    "standard_variants",
    "tied_scores",
    "tool_variants",
    "trec_eval_order",
    "truncated_ideal",
    "variant_table",
    "worst_order",
]
