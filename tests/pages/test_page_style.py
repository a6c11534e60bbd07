"""The page's one style element (ui/page_style.py): readable captions on every page, and the
content right under the navigation bar (and the held places' heights) on the Playground's normal
view and the lesson only."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.conftest import open_app
from ui.held_places import HELD_PLACES_CSS
from ui.navigation import COMPARE, GLOSSARY, PLAYGROUND, STEP_BY_STEP, WHAT_IF, PageFile
from ui.page_style import FIRST_SCREEN_CSS
from ui.readable_text import CAPTION_CSS

#: The rules as Streamlit keeps them (it strips an HTML body's outer blank lines).
CAPTIONS, COMPACT_TOP, HELD_PLACES = CAPTION_CSS.strip(), FIRST_SCREEN_CSS.strip(), HELD_PLACES_CSS.strip()


def style_elements(at: AppTest) -> list[str]:
    """The bodies of the page's HTML elements that hold the caption style."""
    return [element.proto.body for element in at.get("html") if CAPTIONS in element.proto.body]


@pytest.mark.parametrize(
    ("page", "compact"),
    [(PLAYGROUND, True), (STEP_BY_STEP, True), (COMPARE, False), (WHAT_IF, False), (GLOSSARY, False)],
)
def test_every_page_has_one_style_element_and_the_first_screen_pages_start_under_the_bar(
    page: PageFile, compact
):
    at = open_app(page)
    assert not at.exception
    [style] = style_elements(at)
    assert (COMPACT_TOP in style) is compact
    assert (HELD_PLACES in style) is compact  # the places a first run holds keep their heights
    assert not [e for e in at.get("html") if COMPACT_TOP in e.proto.body and e.proto.body != style]


@pytest.mark.parametrize("page", [PLAYGROUND, STEP_BY_STEP])
def test_presentation_mode_keeps_its_own_padding(page: PageFile):
    at = open_app(page, params={"present": "1"})
    assert not at.exception
    [style] = style_elements(at)
    assert COMPACT_TOP not in style
