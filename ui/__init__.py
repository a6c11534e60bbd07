"""The interface: what the pages in ``app_pages/`` share. Streamlit lives here, never in ``ndcg_core``.

- ``state/``: the session's state, one owner a piece: the shared list and its settings
  (``scenario.py``, defaults in ``settings.py``), the link that reopens it (``link.py``,
  ``url.py``), the list's model with undo (``ranked_list.py``), and each page's own state.
- ``components/``: browser components with their own JavaScript (the sortable list).
- ``charts/``: Vega-Lite specs, one module a page, sharing ``common.py``.
- ``lesson/``: the Step by step lesson: its frame, steps, tables and formulas.
- the rest, one widget a module: controls, scenario picker, headline, breakdown table, list
  editor, exports, presentation mode, plain text, glossary links, the intent-aware section.
"""
