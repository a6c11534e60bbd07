"""Every icon the app draws is one of Streamlit's Material icons, which ship with Streamlit.

An emoji needs a font with emoji glyphs; Debian's Chromium with fonts-dejavu-core (what the setup
installs) has none and draws an empty box.
"""

from __future__ import annotations

import re
from pathlib import Path

from ui.navigation import PAGES

ROOT = Path(__file__).resolve().parents[1]
EMOJI = re.compile("[\U0001f300-\U0001faff\u2600-\u26ff\u2700-\u27bf\ufe0f]")


def test_every_page_has_a_material_icon():
    assert all(re.fullmatch(r":material/[a-z_]+:", page.icon) for page in PAGES)


def test_no_emoji_is_passed_as_an_icon():
    sources = [*ROOT.glob("app.py"), *ROOT.glob("app_pages/*.py"), *ROOT.glob("ui/**/*.py")]
    found = [
        f"{path.relative_to(ROOT)}: {line.strip()}"
        for path in sources
        for line in path.read_text(encoding="utf-8").splitlines()
        if re.search(r"icon=", line) and EMOJI.search(line)
    ]
    assert found == []
