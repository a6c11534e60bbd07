"""The join link of a class, as the projector shows it: the full URL as text and as a QR code.

The URL is the app's own address as the instructor's browser has it (``st.context.url``: behind
nginx or an ingress, the address the room can reach too), ending in ``?class=CODE``: never the
instructor's token. The QR code is made by ``segno`` (error correction M: readable from the back of
a room) as SVG, dark modules on white whatever the theme, with a text alternative.
"""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import urlsplit, urlunsplit

import segno
import streamlit as st

from ui.state.classroom import CLASS_PARAM

#: Where the app is assumed to run when the browser has not said (AppTest, a script).
FALLBACK_URL = "http://localhost:8501/"


def join_url(code: str) -> str:
    """The app's address, its path to the app's root, then ``?class=CODE``."""
    seen = getattr(st.context, "url", None) or FALLBACK_URL
    parts = urlsplit(seen)
    root = urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/") + "/", "", ""))
    return f"{root}?{CLASS_PARAM}={code}"


@lru_cache(maxsize=64)
def qr_data_uri(url: str) -> str:
    """The QR code of ``url`` as an SVG data: URI that scales with its box (keyed on the URL alone)."""
    return segno.make(url, error="m").svg_data_uri(
        scale=1, border=4, dark="#000000", light="#ffffff", omitsize=True
    )


def qr_code(url: str, width: str = "15rem") -> None:
    """The QR code, ``width`` wide, as an image with its text alternative (no user text in the markup)."""
    st.html(
        f'<img src="{qr_data_uri(url)}" alt="QR code of the join link" data-testid="class-qr" '
        f'style="width:{width};max-width:100%;display:block">'
    )
