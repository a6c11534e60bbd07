"""The NDCG teaching app: ``streamlit run app.py``.

The entry point holds the navigation and the shared page settings; each page is one file in
``pages/`` and every number comes from ``ndcg_core``.
"""

import streamlit as st

st.set_page_config(page_title="NDCG Playground", page_icon="📊", layout="wide")

PAGES = [
    st.Page("pages/playground.py", title="Playground", icon="🎛️", default=True),
]

st.navigation(PAGES).run()
