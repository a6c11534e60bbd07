"""Tables for people: pandas DataFrames, built only when one is asked for.

pandas takes about 0.3 s to import. Most of ``ndcg_core`` is numpy only, and the command line's
many-queries path (``python -m ndcg_core QRELS RUN``) prints its lines without a single table,
so modules that return a DataFrame import pandas here, at the moment they build one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd


def data_frame(data: Sequence[Any] | Mapping[str, Any], columns: Sequence[str] | None = None) -> pd.DataFrame:
    """``pandas.DataFrame(data, columns=columns)``, importing pandas on first use."""
    import pandas as pd

    return pd.DataFrame(data, columns=None if columns is None else list(columns))
