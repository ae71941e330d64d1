"""Spanish (Español) texts: the keys of en.py, in the terms the seed rule texts use."""

T = {
    # --- buttons: words for boards whose buttons have no printed name (firmware/keys.py) ---
    "btn_press": "pulsa",
    "btn_hold": "mantén",
    "btn_hold_long": "mantén más",
    "btn_hold_x": "mantén %s",
    "btn_hold_long_x": "mantén %s más",
    # --- screens: menus, settings, pages and hints (firmware/screens.py, app.py) ---
    # --- table: card faces, the status line, the legend (firmware/table.py) ---
    "table_seat": "J%d",
    "table_your_turn": "TU TURNO",
    "table_plays": "juega %s",
    "table_round_over": "fin de ronda",
    "table_round": "R%d",
    "table_stock": "mazo %d",
    "table_drew": "robó",
    "table_passed": "pasa",
    "table_out": "fuera",
    "table_court": "SCR",
    "table_courts": "sota,caballo,rey",
    "table_suits": "oros,copas,espadas,bastos",
    "table_leg_dir": "sentido del juego",
    "table_leg_stock": "cartas por robar",
    "table_leg_draw": "robar una carta",
    "table_leg_end": "terminar el turno",
    "table_leg_pass": "pasar",
    "table_leg_cursor": "barra blanca: tu elección",
    "table_leg_marks": "barra verde: se puede",
    "table_leg_start": "marco: la carta inicial",
    "table_leg_dead": "roja tachada: carta muerta",
    "table_leg_more": "más cartas",
    # --- results: round end, scores, match over, statistics (firmware/results.py, saves.py) ---
    # --- engine messages: refused moves and hints (engine/reasons.py, engine/hint.py) ---
    # --- cards: color, suit and rank names ---
}
