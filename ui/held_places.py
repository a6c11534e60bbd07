"""Places held for what a new tab's first run leaves for later (:mod:`ui.state.first_paint`).

An element that comes with the rest of the page (the second run) would push everything under it
down when it arrives. An empty space of its height holds its place in the first run instead, so
nothing on the screen moves. The heights are Streamlit's in the normal view (16 px to the rem),
measured in Chromium: a toggle is 32 px high, a subheader's element 45.6 px (46 here: the list
moves 0.4 px, under a pixel). The browser test of the first draw checks that the list and the
headline do not move, at 1280×720 and at 390×844 (where the title row's columns stack).
"""

from __future__ import annotations

from streamlit.delta_generator import DeltaGenerator

from ui.presentation import CLASSROOM_SWITCH_KEY, classroom_toggle

SWITCH_HEIGHT_PX = 32
SUBHEADER_HEIGHT_PX = 46

#: While a tab loads the code of the classroom switch (the first toggle a tab draws), Streamlit draws
#: a placeholder 2.5rem high in the switch's place; here it is as high as the switch. Without this,
#: on a phone (the title row's columns stacked) the list moved 8 px down and back. Static CSS, drawn
#: by :mod:`ui.page_style` on the pages that hold places.
HELD_PLACES_CSS = f"""
<style>
.st-key-{CLASSROOM_SWITCH_KEY} [data-testid="stSkeleton"] {{ height: {SWITCH_HEIGHT_PX}px; }}
</style>
"""


def subheader(place: DeltaGenerator, text: str, *, now: bool) -> None:
    """``text`` as a subheader in ``place``; in a first run (``now`` False) an empty space of its height."""
    if now:
        place.subheader(text)
    else:
        place.space(SUBHEADER_HEIGHT_PX)


def classroom_switch(place: DeltaGenerator, *, now: bool) -> None:
    """The classroom view's switch in ``place``; in a first run (``now`` False) an empty space of its height."""
    if now:
        with place:
            classroom_toggle()
    else:
        place.space(SWITCH_HEIGHT_PX)
