"""User text shown inside Markdown (messages, toasts) must stay text: no links, no emphasis, no LaTeX.

Streamlit renders ``st.error``, ``st.toast`` and ``st.markdown`` as Markdown (HTML is already
escaped). An item called ``$\\frac{1}{0}$`` or ``[click](https://…)`` would otherwise typeset or link.
"""

from __future__ import annotations

import re

_MARKDOWN_SPECIALS = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>$~:])")


def plain(text: object) -> str:
    """``text`` with every Markdown and LaTeX control character escaped by a backslash."""
    return _MARKDOWN_SPECIALS.sub(r"\\\1", str(text))


def plain_lines(text: object) -> str:
    """Escaped text; several lines become a Markdown list, so each problem stands on its own line."""
    lines = [line for line in str(text).splitlines() if line.strip()]
    if len(lines) <= 1:
        return plain(text)
    return "\n".join(f"- {plain(line)}" for line in lines)
