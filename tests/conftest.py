"""Settings for every test.

Hypothesis' per-example deadline (200 ms) measures the machine, not the code: on a busy
2-core CI machine a correct property can miss it. Speed is measured by the benchmarks instead.
"""

from hypothesis import settings

settings.register_profile("ndcg", deadline=None)
settings.load_profile("ndcg")
