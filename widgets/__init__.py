"""Reusable Streamlit widgets for the NDCG teaching app."""
