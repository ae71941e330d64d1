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
    "table_seat": "S%d",
    "table_your_turn": "DU BIST DRAN",
    "table_plays": "%s spielt",
    "table_round_over": "Runde vorbei",
    "table_round": "R%d",
    "table_stock": "Stapel %d",
    "table_drew": "zog",
    "table_passed": "passt",
    "table_out": "raus",
    "table_court": "BRK",
    "table_courts": "Bube,Reiter,König",
    "table_suits": "Münzen,Kelche,Schwerter,Stöcke",
    "table_leg_dir": "Spielrichtung",
    "table_leg_stock": "Karten zum Ziehen",
    "table_leg_draw": "eine Karte ziehen",
    "table_leg_end": "Zug beenden",
    "table_leg_pass": "passen",
    "table_leg_cursor": "weißer Strich: Auswahl",
    "table_leg_marks": "grüner Strich: passt",
    "table_leg_start": "Rahmen: die Startkarte",
    "table_leg_dead": "rot gestrichen: tote Karte",
    "table_leg_more": "weitere Karten",
    # --- results: round end, scores, match over, statistics (firmware/results.py, saves.py) ---
    # --- engine messages: refused moves and hints (engine/reasons.py, engine/hint.py) ---
    # --- cards: color, suit and rank names ---
}
