"""Browser components with JavaScript of their own, built on Streamlit's inline components (v2)."""
