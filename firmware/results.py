"""Round end, scoreboard and match end as text for the pager (loaded only at a round's end).

The person is "You" everywhere; the bots are P2..Pn (the table's names).
"""

from engine.names import card_token
from engine.scoring import hand_list
from firmware.lang import t


def who(p):
    return t("res_you") if p == 0 else "P%d" % (p + 1)


def _high(m):
    return m.rules.high_wins


def round_text(m):
    s = m.state
    g = m.rules.game
    out = [p for p in range(s.n) if s.active[p] and s.count[p] == 0]
    if not out:
        head = t("res_blocked")
    elif out[0] == 0:
        head = t("res_out_you")
    else:
        head = t("res_out") % who(out[0])
    lines = [head, t("res_left_pts" if _high(m) else "res_left_pen")]
    for p in range(s.n):
        if not s.active[p]:
            continue
        cards = " ".join(card_token(g, c) for c in hand_list(s, p)) or "-"
        lines.append("%s %d: %s" % (who(p), s.round_scores[p], cards))
    if s.tiebreak:
        lines.append(t("res_tb_not_added"))
    return "\n".join(lines)


def score_text(m):
    s = m.state
    rules = m.rules
    lines = ["%-6s %6s %6s" % (t("res_col_seat"), t("res_col_round"), t("res_col_total"))]
    for p in range(s.n):
        rnd = "%6d" % s.round_scores[p] if s.active[p] else "     -"
        lines.append("%-6s %s %6d" % (who(p), rnd, s.scores[p]))
    if rules.rounds:
        lines.append(t("res_round_of") % (s.round_no, rules.rounds))
    else:
        lines.append(t("res_ends_pts" if rules.high_wins else "res_ends_pen") % rules.limit)
    if s.pending_tiebreak:
        seats = ", ".join(who(p) for p in range(s.n) if s.pending_tiebreak >> p & 1)
        lines.append(t("res_tie_next") % seats)
    return "\n".join(lines)


def places(s, high):
    """Each seat's place (1 = won): the match's winners share 1st; the others follow by
    total, seats with equal totals sharing a place (E22, E23, C9, B5)."""
    win = s.match_winners
    nwin = 0
    for p in range(s.n):
        nwin += win >> p & 1
    out = []
    for p in range(s.n):
        if win >> p & 1:
            out.append(1)
            continue
        better = 0
        for q in range(s.n):
            if not win >> q & 1 and (s.scores[q] > s.scores[p] if high else s.scores[q] < s.scores[p]):
                better += 1
        out.append(1 + nwin + better)
    return out


def ordinal(k):
    return t("res_ordinals").split()[k - 1]


def _signed(d):
    if d > 0:
        return "+%d" % d
    return "%d" % d if d else "+0"


def match_text(m, saved="", why=""):
    """The final table (place, seat, total), your place, your rating's move, where the record went."""
    s = m.state
    pl = places(s, _high(m))
    shared = 0
    for p in range(s.n):
        if pl[p] == pl[0]:
            shared += 1
    if pl[0] == 1 and shared == 1:
        lines = [t("res_you_win")]
    elif shared > 1:
        lines = [t("res_you_share") % ordinal(pl[0])]
    else:
        lines = [t("res_you_place") % ordinal(pl[0])]
    lines.append(t("res_final_pts" if _high(m) else "res_final_pen"))
    for k in range(1, s.n + 1):
        for p in range(s.n):
            if pl[p] == k:
                lines.append("%d. %-6s %6d" % (k, who(p), s.scores[p]))
    if s.tiebreak:
        lines.append(t("res_by_tiebreak"))
    if m.rating is not None:
        old, new = m.rating
        lines.append(t("res_rating_move") % (old, new, _signed(new - old)))
    if saved:
        lines.append(t("res_rec_file") % saved)
    elif why == "readonly":
        lines.append(t("res_rec_readonly"))
    elif why:
        lines.append(t("res_rec_none"))
    return "\n".join(lines)
