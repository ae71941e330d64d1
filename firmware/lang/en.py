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
    "table_seat": "P%d",
    "table_your_turn": "YOUR TURN",
    "table_plays": "%s plays",
    "table_round_over": "round over",
    "table_round": "R%d",
    "table_stock": "stock %d",
    "table_drew": "drew",
    "table_passed": "pass",
    "table_out": "out",
    "table_court": "JNK",
    "table_courts": "jack,knight,king",
    "table_suits": "coins,cups,swords,clubs",
    "table_leg_dir": "direction of play",
    "table_leg_stock": "cards left to draw",
    "table_leg_draw": "draw a card",
    "table_leg_end": "end your turn",
    "table_leg_pass": "pass",
    "table_leg_cursor": "white bar: your choice",
    "table_leg_marks": "green bar: it fits",
    "table_leg_start": "frame: the start card",
    "table_leg_dead": "struck red: dead card",
    "table_leg_more": "more cards",
    # --- results: round end, scores, match over, statistics (firmware/results.py, saves.py) ---
    # --- engine messages: refused moves and hints (engine/reasons.py, engine/hint.py) ---
    # --- cards: color, suit and rank names ---
}
