"""Session state, one owner a piece: each key is defined once, in the module that owns it.

``settings.py`` (pure) holds the settings every NDCG page shares and their defaults, written once;
``scenario.py`` keeps this session's list and settings and loads a scenario or a link into them;
``link.py`` (pure) writes a scenario into URL parameters and reads it back; ``url.py`` restores it
from the page's URL and writes it there; ``ranked_list.py`` (pure) is the list with undo.
Compare, Practice, the lesson, Many queries and the intent-aware section (``intents.py``) keep
their own keys in their own modules.
"""
