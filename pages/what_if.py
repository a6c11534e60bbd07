"""Placeholder: being built."""

import streamlit as st

from widgets.entry import through_app

through_app()
st.title("what_if")
