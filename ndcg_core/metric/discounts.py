"""Discount: how much of an item's gain survives at its rank i (rank starts at 1).

Five discounts, named by the parameter ``discount=``:

* ``"log2"`` (the default): 1 / log2(i + 1) → 1.000, 0.631, 0.500, 0.431, 0.387, …
  Burges et al. 2005, trec_eval, scikit-learn, most libraries.
* ``"jk"``: Järvelin & Kekäläinen's original form with log base b (``log_base``, default 2):
  ranks i < b are not discounted, rank i ≥ b is divided by log_b(i).
  With b = 2: 1, 1, 0.631, 0.500, 0.431, … (ranks 1 and 2 both undiscounted: seed 001's
  formulation 1). A larger b models a more patient user.
* ``"reciprocal"``: 1 / i → 1, 0.5, 0.333, … (steep: a user who rarely scrolls).
* ``"ln"``: 1 / ln(i + e) → 0.761, 0.645, 0.574, … (gentle; seed 001's "gentle discount").
  Rank 1 already loses a quarter of its gain, which the normalisation by IDCG cancels.
* ``"none"``: 1 at every rank, so DCG is plain cumulative gain (CG) and order does not count.

The values above, computed (so that this text cannot drift from the code):

>>> for name in DISCOUNTS:
...     print(name, discount_values(ranks(5), name).round(3).tolist())
log2 [1.0, 0.631, 0.5, 0.431, 0.387]
jk [1.0, 1.0, 0.631, 0.5, 0.431]
reciprocal [1.0, 0.5, 0.333, 0.25, 0.2]
ln [0.761, 0.645, 0.574, 0.525, 0.489]
none [1.0, 1.0, 1.0, 1.0, 1.0]

Every discount here is non-increasing in the rank, so the ideal order (best gain first) has
the largest DCG under each of them, and NDCG stays in [0, 1].
"""

from __future__ import annotations

import math
from numbers import Real
from typing import Literal

import numpy as np

from ndcg_core.metric.validation import NDCGInputError

Discount = Literal["log2", "jk", "reciprocal", "ln", "none"]

DISCOUNTS: tuple[Discount, ...] = ("log2", "jk", "reciprocal", "ln", "none")

#: The standard discount, as the Playground writes it.
DISCOUNT_FORMULA = "1 / log2(i + 1)"

DISCOUNT_FORMULAS: dict[Discount, str] = {
    "log2": "1 / log2(i + 1)",
    "jk": "1 for i < b, then 1 / log_b(i)",
    "reciprocal": "1 / i",
    "ln": "1 / ln(i + e)",
    "none": "1 (no discount: DCG = CG)",
}

#: When each discount is used, and by whom (one sentence each, shown next to the numbers).
DISCOUNT_USED_BY: dict[Discount, str] = {
    "log2": "Burges et al. (2005); trec_eval, scikit-learn, LightGBM, ranx, ir_measures: the standard.",
    "jk": (
        "Järvelin & Kekäläinen's original paper (2002) and textbooks after it; "
        "b models patience (b = 2 impatient, b = 10 patient)."
    ),
    "reciprocal": "A steep discount for users who rarely look past the first results (seed 001).",
    "ln": "A gentle discount (seed 001's example); the first rank is discounted too.",
    "none": "Plain cumulative gain (CG): counts what was found in the top k, blind to order.",
}

DEFAULT_LOG_BASE = 2.0


def ranks(n: int) -> np.ndarray:
    """The ranks 1, 2, …, n (rank starts at 1, as in the papers)."""
    return np.arange(1, n + 1)


def check_discount(discount: object) -> Discount:
    """Return ``discount`` if it names a known discount, else raise :class:`NDCGInputError`."""
    if discount not in DISCOUNTS:
        known = ", ".join(repr(name) for name in DISCOUNTS)
        raise NDCGInputError(f"Unknown discount {discount!r}; choose one of {known}.")
    return discount  # type: ignore[return-value]


def check_log_base(log_base: object) -> float:
    """The J–K log base b as a float ≥ 2, or :class:`NDCGInputError`."""
    if isinstance(log_base, bool) or not isinstance(log_base, Real) or not math.isfinite(float(log_base)):
        raise NDCGInputError(f"The log base b must be a finite number of 2 or more, not {log_base!r}.")
    if float(log_base) < 2:
        raise NDCGInputError(
            f"The log base b is {float(log_base):g}; it must be 2 or more "
            "(with b = 2, ranks 1 and 2 are both undiscounted)."
        )
    return float(log_base)


def discount_values(
    rank: np.ndarray, discount: Discount = "log2", log_base: float = DEFAULT_LOG_BASE
) -> np.ndarray:
    """Discount at each rank, vectorised (formulas in the module doc).

    ``log_base`` is b of the ``"jk"`` discount; the other discounts do not use it.

    >>> discount_values(ranks(4), "jk").round(3).tolist()
    [1.0, 1.0, 0.631, 0.5]
    >>> discount_values(ranks(3), "reciprocal").round(3).tolist()
    [1.0, 0.5, 0.333]
    """
    discount = check_discount(discount)
    base = check_log_base(log_base)
    i = np.asarray(rank, dtype=float)
    if discount == "log2":
        return 1.0 / np.log2(i + 1.0)
    if discount == "jk":
        # log_b(max(i, b)) is 1 for every rank below b, so those ranks keep their whole gain.
        return np.log(base) / np.log(np.maximum(i, base))
    if discount == "reciprocal":
        return 1.0 / i
    if discount == "ln":
        return 1.0 / np.log(i + math.e)
    return np.ones_like(i)


def discount_formula(discount: Discount = "log2", log_base: float = DEFAULT_LOG_BASE) -> str:
    """The discount written out, with b filled in for ``"jk"``: ``1 for i < 2, then 1 / log_2(i)``."""
    discount = check_discount(discount)
    if discount == "jk":
        b = f"{check_log_base(log_base):g}"
        return f"1 for i < {b}, then 1 / log_{b}(i)"
    return DISCOUNT_FORMULAS[discount]
