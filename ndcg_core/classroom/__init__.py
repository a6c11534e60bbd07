"""Ask the class: a question on one list, the students' answers, and what the room's answers show.

* :mod:`~ndcg_core.classroom.question`: the three kinds of question an instructor asks on the
  current list, k and gain (an *order*: the highest NDCG@k, the lowest, or the most one move can
  raise it; a *number*: DCG@k, IDCG@k or NDCG@k of this order; a *choice*: which of two orders of
  the same items scores higher at k), and the right answer of each.
* :mod:`~ndcg_core.classroom.answer`: a student's answer read and checked before it is stored (an
  order is a permutation of the question's items, a number is finite, a choice is one offered).
* :mod:`~ndcg_core.classroom.room`: what the room's answers show: the distribution (a histogram of
  the orders' NDCG@k, the typed values, the split of the choices), the share that had it right, the
  most common wrong answers each named by Practice's slip detection, the best order sent.
* :mod:`~ndcg_core.classroom.words`: the sentences built from those numbers ("1 answer",
  "12 of 30 had it right (40%)", "12 of you used 2^rel without the −1"), which never contradict them.

No Streamlit and no storage here: where the answers live is the interface's concern.
"""
