"""User text is escaped before Streamlit renders it as Markdown."""

from hypothesis import given
from hypothesis import strategies as st

from ui.plain_text import plain


def test_markdown_and_latex_controls_are_escaped():
    assert plain("$x^2$ **bold** [a](b)") == r"\$x^2\$ \*\*bold\*\* \[a\]\(b\)"


@given(st.text(max_size=50))
def test_escaping_never_loses_characters(text):
    assert plain(text).replace("\\", "") == text.replace("\\", "")
