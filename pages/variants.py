"""Variants and pitfalls (being built)."""

import streamlit as st

st.title("Variants and pitfalls")
st.info("This page is being built.")
