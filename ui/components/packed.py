"""A component's data as one JSON text, and back.

Streamlit looks at every list and dict at the first level of a component's ``data`` to see
whether it is a dataframe to send as Arrow; for a list of small dicts (the sortable list's
items, the headline's figures) that check costs 3–4 ms a component on every run, about a
quarter of the server's time per drop. Our components send no dataframes, so each sends its
data as one JSON text under :data:`PACKED`, which Streamlit does not look into; the component's
JavaScript reads it back (``unpacked`` in ``ui/components/common.js``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

#: The one key of a packed component's data.
PACKED = "packed"


def packed(data: Mapping[str, Any]) -> dict[str, str]:
    """``data`` as ``{"packed": "<its JSON>"}``.

    >>> packed({"items": [{"id": "i0"}], "cutoff": 5})
    {'packed': '{"items":[{"id":"i0"}],"cutoff":5}'}
    """
    return {PACKED: json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)}


def unpacked(data: Mapping[str, Any]) -> dict[str, Any]:
    """What :func:`packed` packed (for tests and tools that read a component's data)."""
    return json.loads(data[PACKED])
