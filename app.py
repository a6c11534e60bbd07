"""The NDCG teaching app: ``streamlit run app.py``.

The entry point holds the navigation and the shared page settings; each page is one file in
``pages/`` and every number comes from ``ndcg_core``.
"""

import streamlit as st

from widgets.readable_text import readable_captions
from widgets.url_sync import link_notes, restore_from_url, write_url

st.set_page_config(page_title="NDCG Playground", page_icon="📊", layout="wide")

PAGES = [
    st.Page("pages/playground.py", title="Playground", icon="🎛️", default=True),
    st.Page("pages/step_by_step.py", title="Step by step", icon="🪜"),
    st.Page("pages/variants.py", title="Variants and pitfalls", icon="⚖️"),
    st.Page("pages/compare.py", title="Compare", icon="🆚"),
    st.Page("pages/what_if.py", title="What if", icon="🔀"),
    st.Page("pages/many_queries.py", title="Many queries", icon="🗂️"),
    st.Page("pages/practice.py", title="Practice", icon="✏️"),
]

restore_from_url()  # a link, a reload or a restarted server: the URL holds the scenario
page = st.navigation(PAGES, position="top")
readable_captions()
link_notes()
page.run()
write_url()
