"""The NDCG teaching app: ``streamlit run app.py``.

The entry point holds the navigation and the shared page settings; each page is one file in
``app_pages/`` (a name that keeps Streamlit's old ``pages/`` folder mode off), the widgets they
share are in ``ui/``, and every number comes from ``ndcg_core``.
"""

import streamlit as st

from ui.navigation import APP_ICON, join_navigation, navigation, starts_under_the_bar
from ui.page_style import page_style
from ui.state import first_paint
from ui.state.classroom import is_student_link
from ui.state.presentation import is_presenting
from ui.state.url import link_notes, restore_from_url, write_url

st.set_page_config(page_title="NDCG Playground", page_icon=APP_ICON, layout="wide")

if is_student_link():  # ?class=CODE: a student's phone; the Playground's scenario stays out of its link
    page_style()
    join_navigation().run()
else:
    restore_from_url()  # a link, a reload or a restarted server: the URL holds the scenario
    completes_first_run = first_paint.settle()  # a new tab's first run is no longer waiting
    page = navigation()
    page_style(compact_top=starts_under_the_bar(page) and not is_presenting())
    link_notes(again=completes_first_run)
    page.run()
    write_url()
