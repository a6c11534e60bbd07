"""Charts as Vega-Lite specs written with Altair once per process and filled per run: ``common.py``
holds the colours, the cutoff rule and the spec cache; each page's charts have a module of their own.
"""
