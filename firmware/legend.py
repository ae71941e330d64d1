"""The table's legend for the Help page: what every symbol means, in the chosen language.

Loaded on demand (the Help page) and unloaded after: `legend(game, bastard, shapes)`.
"""

from engine.cards import DRAW, END, GAME_CINQUILLO, PASS
from firmware.lang import t
from firmware.table import MOVE_TEXT, ROW_MARKS

MOVE_KEYS = {DRAW: b"table_leg_draw", END: b"table_leg_end", PASS: b"table_leg_pass"}
COURT_KEYS = (b"card_jack", b"card_knight", b"card_king")
COLOR_KEYS = (b"card_red", b"card_yellow", b"card_blue", b"card_green")  # "red %s": the colour's word


def legend(game, bastard=False, shapes=0):
    """What every symbol of the table means, one per line (the Help page shows it); shapes: how
    many Elfer Raus colours' shapes are on show (a screen without colour, or the colour symbols
    on: 4, or 3 in the three-colour game), or 0."""
    lines = ["\u21bb\u21ba " + t(b"table_leg_dir"), "\u25a4 " + t(b"table_leg_stock")]
    if game == GAME_CINQUILLO:
        names = t(b"table_suits").split(",")
        for c in range(4):
            lines.append("\ue000\ue001\ue002\ue003"[c] + " " + names[c])
        court = t(b"table_court")
        for i in range(3):
            lines.append(court[i] + " " + t(COURT_KEYS[i]))
    else:
        for c in range(shapes):
            lines.append(ROW_MARKS[c] + " " + (t(COLOR_KEYS[c]) % "").strip())
    for m in (DRAW, END, PASS):
        lines.append(MOVE_TEXT[m - DRAW] + " " + t(MOVE_KEYS[m]))
    lines.append(t(b"table_leg_cursor"))
    lines.append(t(b"table_leg_marks"))
    lines.append(t(b"table_leg_start"))
    if bastard:
        lines.append(t(b"table_leg_dead"))
    lines.append("< > " + t(b"table_leg_more"))
    return "\n".join(lines)
