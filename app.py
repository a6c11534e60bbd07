"""The NDCG teaching app: ``streamlit run app.py``.

The entry point holds the navigation and the shared page settings; each page is one file in
``app_pages/`` (a name that keeps Streamlit's old ``pages/`` folder mode off), the widgets they
share are in ``ui/``, and every number comes from ``ndcg_core``.
"""

import streamlit as st

from ui.navigation import APP_ICON, navigation
from ui.readable_text import readable_captions
from ui.state.url import link_notes, restore_from_url, write_url

st.set_page_config(page_title="NDCG Playground", page_icon=APP_ICON, layout="wide")

restore_from_url()  # a link, a reload or a restarted server: the URL holds the scenario
page = navigation()
readable_captions()
link_notes()
page.run()
write_url()
