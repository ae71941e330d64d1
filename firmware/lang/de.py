"""German (Deutsch) texts: the keys of en.py, in the terms the seed rule texts use."""

T = {
    # --- buttons: words for boards whose buttons have no printed name (firmware/keys.py) ---
    "btn_press": "drücken",
    "btn_hold": "halten",
    "btn_hold_long": "lange halten",
    "btn_hold_x": "%s halten",
    "btn_hold_long_x": "%s lange halten",
    # --- screens: menus, settings, pages and hints (firmware/screens.py, app.py) ---
    # --- table: card faces, the status line, the legend (firmware/table.py) ---
    # --- results: round end, scores, match over, statistics (firmware/results.py, saves.py) ---
    # --- engine messages: refused moves and hints (engine/reasons.py, engine/hint.py) ---
    # --- cards: color, suit and rank names ---
}
