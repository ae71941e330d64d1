"""Dutch (Nederlands) texts: the keys of en.py, in the terms the seed rule texts use."""

T = {
    # --- buttons: words for boards whose buttons have no printed name (firmware/keys.py) ---
    "btn_press": "druk",
    "btn_hold": "houd in",
    "btn_hold_long": "houd lang in",
    "btn_hold_x": "houd %s in",
    "btn_hold_long_x": "houd %s lang in",
    # --- screens: menus, settings, pages and hints (firmware/screens.py, app.py) ---
    # --- table: card faces, the status line, the legend (firmware/table.py) ---
    "table_seat": "S%d",
    "table_your_turn": "JOUW BEURT",
    "table_plays": "%s speelt",
    "table_round_over": "ronde voorbij",
    "table_round": "R%d",
    "table_stock": "stapel %d",
    "table_drew": "trok",
    "table_passed": "past",
    "table_out": "uit",
    "table_court": "BRK",
    "table_courts": "boer,ruiter,koning",
    "table_suits": "munten,bekers,zwaarden,stokken",
    "table_leg_dir": "speelrichting",
    "table_leg_stock": "kaarten om te trekken",
    "table_leg_draw": "een kaart trekken",
    "table_leg_end": "beurt beëindigen",
    "table_leg_pass": "passen",
    "table_leg_cursor": "witte streep: je keuze",
    "table_leg_marks": "groene streep: past",
    "table_leg_start": "kader: de startkaart",
    "table_leg_dead": "rood doorgestreept: dode kaart",
    "table_leg_more": "meer kaarten",
    # --- results: round end, scores, match over, statistics (firmware/results.py, saves.py) ---
    # --- engine messages: refused moves and hints (engine/reasons.py, engine/hint.py) ---
    # --- cards: color, suit and rank names ---
}
