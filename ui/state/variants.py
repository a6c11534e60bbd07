"""The Variants and pitfalls page's own settings: the custom gain typed, the J–K log base, the
binary threshold and the ranks that share one score. The page reads the shared list and its k,
gain and ideal from :mod:`ui.state.scenario`.
"""

from __future__ import annotations

from ui.state.keep import keep_widget_values

CUSTOM_KEY = "variants_custom_gain"
#: The last custom gain that could be read, used while the field holds an error.
CUSTOM_VALID_KEY = "variants_custom_gain_valid"
BASE_KEY = "variants_jk_base"
THRESHOLD_KEY = "variants_threshold"
TIE_KEY = "variants_tie_ranks"
#: The J–K discount's log base b when the page opens (b = 2: ranks 1 and 2 undiscounted).
DEFAULT_BASE = 2.0


def keep() -> None:
    """Keep this page's widget values when the user visits another page and comes back."""
    keep_widget_values((CUSTOM_KEY, BASE_KEY, THRESHOLD_KEY, TIE_KEY))
