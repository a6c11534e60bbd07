"""The Step by step lesson (seed 000's CG → DCG → IDCG → NDCG): ``frame.py`` (the list taught, the
step shown, "try it"), ``steps.py`` (the eight steps), ``tables.py`` and ``formulas.py``.
"""
