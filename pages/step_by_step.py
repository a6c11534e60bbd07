"""Step by step (being built)."""

import streamlit as st

st.title("Step by step")
st.info("This page is being built.")
