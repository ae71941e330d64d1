"""Round end, scoreboard and match end as text for the pager (loaded only at a round's end).

The person is "You" everywhere; the bots are named as on the table (P2, S2, J2 ...). Where
several people share the device (pass-and-play) every seat is named so.
"""

from engine.scoring import hand_list
from firmware.lang import t

LOG_MAX = 16384  # bytes of moves a match record keeps (some 80 rounds of Elfer Raus); beyond: none


def who(p, people=1):
    """Seat p as the pages name it: "You" for P1 playing alone, else as the table names the seat."""
    return t(b"res_you") if p == 0 and people == 1 else t(b"seat") % (p + 1)


def _high(m):
    return m.rules.high_wins


def round_text(m, name):
    """The round's end: who went out, each seat's score and the cards left, each as name(game,
    card) says (engine/names.py card_token, "R19"; the colour symbols' "\u25cf19": firmware/pages.py)."""
    s = m.state
    g = m.rules.game
    out = [p for p in range(s.n) if s.active[p] and s.count[p] == 0]
    if not out:
        head = t(b"res_blocked")
    elif out[0] == 0 and m.people == 1:
        head = t(b"res_out_you")
    else:
        head = t(b"res_out") % who(out[0], m.people)
    lines = [head, t(b"res_left_pts" if _high(m) else b"res_left_pen")]
    for p in range(s.n):
        if not s.active[p]:
            continue
        cards = " ".join(name(g, c) for c in hand_list(s, p)) or "-"
        lines.append("%s %d: %s" % (who(p, m.people), s.round_scores[p], cards))
    if s.tiebreak:
        lines.append(t(b"res_tb_not_added"))
    return "\n".join(lines)


def score_text(m):
    s = m.state
    rules = m.rules
    lines = ["%-6s %6s %6s" % (t(b"res_col_seat"), t(b"res_col_round"), t(b"res_col_total"))]
    for p in range(s.n):
        rnd = "%6d" % s.round_scores[p] if s.active[p] else "     -"
        lines.append("%-6s %s %6d" % (who(p, m.people), rnd, s.scores[p]))
    if not s.tiebreak:  # (a tie-break round is past the match's last, E23: round_text said what it was)
        if rules.rounds:
            lines.append(t(b"res_round_of") % (s.round_no, rules.rounds))
        else:
            lines.append(t(b"res_ends_pts" if rules.high_wins else b"res_ends_pen") % rules.limit)
    if s.pending_tiebreak:
        seats = ", ".join(who(p, m.people) for p in range(s.n) if s.pending_tiebreak >> p & 1)
        lines.append(t(b"res_tie_next") % seats)
    return "\n".join(lines)


# --- the match record's moves (firmware/export.py writes the record) ---------------------


def note_round(m):
    """Keep the round just ended (once): its move count (2 bytes), then (seat, move) pairs."""
    log = m.log
    s = m.state
    if log is None or not s.is_round_over() or logged_rounds(log) >= s.round_no:
        return
    n = s.hist_len
    if len(log) + 2 + 2 * n > LOG_MAX:
        m.log = None
        return
    log.append(n >> 8)
    log.append(n & 255)
    log.extend(memoryview(s.history)[: 2 * n])


def logged_rounds(log):
    """How many rounds the match record's log holds."""
    k = 0
    i = 0
    while i < len(log):
        i += 2 + 2 * (log[i] << 8 | log[i + 1])
        k += 1
    return k
