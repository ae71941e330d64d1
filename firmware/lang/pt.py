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
    "table_seat": "J%d",
    "table_your_turn": "SUA VEZ",
    "table_plays": "joga %s",
    "table_round_over": "fim da rodada",
    "table_round": "R%d",
    "table_stock": "monte %d",
    "table_drew": "comprou",
    "table_passed": "passou",
    "table_out": "fora",
    "table_court": "VCR",
    "table_courts": "valete,cavalo,rei",
    "table_suits": "ouros,copas,espadas,paus",
    "table_leg_dir": "sentido do jogo",
    "table_leg_stock": "cartas para comprar",
    "table_leg_draw": "comprar uma carta",
    "table_leg_end": "terminar a vez",
    "table_leg_pass": "passar",
    "table_leg_cursor": "barra branca: sua escolha",
    "table_leg_marks": "barra verde: serve",
    "table_leg_start": "moldura: a carta inicial",
    "table_leg_dead": "vermelha riscada: carta morta",
    "table_leg_more": "mais cartas",
    # --- results: round end, scores, match over, statistics (firmware/results.py, saves.py) ---
    # --- engine messages: refused moves and hints (engine/reasons.py, engine/hint.py) ---
    # --- cards: color, suit and rank names ---
}
