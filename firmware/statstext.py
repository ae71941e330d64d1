"""The statistics page in the chosen language (loaded while it is made, then forgotten)."""

from firmware.lang import t
from firmware.saves import GAMES, LEVELS, NO_BEST, PLACES


def opponents_text(code):
    """'3 medium', '1 expert + 2 easy': the bots of an opponents code, strongest first; in a
    pass-and-play entry the other people first ('1 person + 2 easy')."""
    parts = []
    people = code >> 16 & 7
    if people:
        parts.append("%d %s" % (people, t(b"c_person" if people == 1 else b"c_people")))
    for i in range(len(LEVELS) - 1, -1, -1):
        c = (code & 0xFFFF) // PLACES[i] % 6
        if c:
            parts.append("%d %s" % (c, t("c_" + LEVELS[i])))
    return " + ".join(parts) or "-"


def text(stats):
    """The statistics page: the overall rating, each game and opponent set, the rating rule."""
    if not stats:
        return t(b"res_no_matches") + "\n" + t(b"res_rating_rule")
    lines = []
    total = 0
    for g in GAMES:
        for key in sorted(k for k in stats if k[0] == g):
            matches, wins, rounds, score, best, rating = stats[key]
            total += rating
            avg = score * 10 // rounds if rounds else 0
            line = t(b"res_vs") % (t("c_" + g), opponents_text(key[1]))
            if key[1] >> 16:  # pass-and-play: the seat's own entry
                line = t(b"seat") % ((key[1] >> 19) + 1) + ": " + line
            lines.append(line)
            played = t(b"c_1round") if rounds == 1 else t(b"c_rounds") % rounds  # (not "1 rounds")
            lines.append(" " + t(b"res_played") % (matches, wins, played))
            avg_key = b"res_avg_pen" if g == "elfer" else b"res_avg_pts"
            lines.append(" " + t(avg_key) % (avg // 10, avg % 10, "-" if best == NO_BEST else "%d" % best))
            lines.append(" " + t(b"res_rating") % rating)
    lines.insert(0, t(b"res_rating_all") % total)
    lines.append(t(b"res_rating_rule"))
    return "\n".join(lines)
