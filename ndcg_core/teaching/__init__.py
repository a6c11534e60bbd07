"""What a learner reads around the numbers: the worked scenarios of the source articles, the
formula written out with the current terms, variants side by side, pitfalls, and a summary in
plain words. Every number in these sentences comes from :mod:`ndcg_core.metric`.

``wording`` writes numbers into sentences so that the words never contradict them (no "100%" for
0.998, no "from 1.00 to 1.00"); ``glossary`` defines the terms the sentences use; ``baseline``
says what a random order scores and why it differs by query; ``intents`` holds an ambiguous
query ("jaguar") and the lesson of intent-aware NDCG.
"""
