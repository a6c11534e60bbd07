"""The list editor's widgets and its messages: each bad edit's message stays beside its field until
the next edit of that field succeeds.
"""

from __future__ import annotations

EDITOR_OPEN_KEY = "editor_open"
ADD_NAME_KEY = "editor_add_name"
ADD_GRADE_KEY = "editor_add_grade"
ADD_ERROR_KEY = "editor_add_error"
PASTE_KEY = "editor_paste"
PASTE_ERROR_KEY = "editor_paste_error"
TABLE_ERROR_KEY = "editor_table_error"
