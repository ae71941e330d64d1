"""Portuguese (Português) texts: the keys of en.py, in the terms the seed rule texts use."""

T = {
    # --- buttons: words for boards whose buttons have no printed name (firmware/keys.py) ---
    "btn_press": "prima",
    "btn_hold": "segure",
    "btn_hold_long": "segure mais",
    "btn_hold_x": "segure %s",
    "btn_hold_long_x": "segure %s mais",
    # --- screens: menus, settings, pages and hints (firmware/screens.py, app.py) ---
    # --- table: card faces, the status line, the legend (firmware/table.py) ---
    # --- results: round end, scores, match over, statistics (firmware/results.py, saves.py) ---
    # --- engine messages: refused moves and hints (engine/reasons.py, engine/hint.py) ---
    # --- cards: color, suit and rank names ---
}
