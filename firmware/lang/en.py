"""English texts (firmware/lang/__init__.py): the reference table, every other language has its keys."""

T = {
    # --- buttons: words for boards whose buttons have no printed name (firmware/keys.py) ---
    "btn_press": "press",
    "btn_hold": "hold",
    "btn_hold_long": "hold long",
    "btn_hold_x": "hold %s",
    "btn_hold_long_x": "hold %s long",
    # --- screens: menus, settings, pages and hints (firmware/screens.py, app.py) ---
    # --- table: card faces, the status line, the legend (firmware/table.py) ---
    # --- results: round end, scores, match over, statistics (firmware/results.py, saves.py) ---
    # --- engine messages: refused moves and hints (engine/reasons.py, engine/hint.py) ---
    # --- cards: color, suit and rank names ---
}
