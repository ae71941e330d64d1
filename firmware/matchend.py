"""The match over page: the final table with shared places, your place, your rating's
move and where the record went (loaded at the match's end only)."""

from firmware.lang import t
from firmware.results import who


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
    return t(b"res_ordinals").split()[k - 1]


def _signed(d):
    if d > 0:
        return "+%d" % d
    return "%d" % d if d else "+0"


def match_text(m, saved="", why=""):
    """The final table (place, seat, total), your place, your rating's move, where the record went."""
    s = m.state
    pl = places(s, m.rules.high_wins)
    shared = 0
    for p in range(s.n):
        if pl[p] == pl[0]:
            shared += 1
    if m.people != 1:  # pass-and-play: no "you", the winners by seat
        lines = [t(b"res_winner") % ", ".join(who(p, m.people) for p in range(s.n) if pl[p] == 1)]
    elif pl[0] == 1 and shared == 1:
        lines = [t(b"res_you_win")]
    elif shared > 1:
        lines = [t(b"res_you_share") % ordinal(pl[0])]
    else:
        lines = [t(b"res_you_place") % ordinal(pl[0])]
    lines.append(t(b"res_final_pts" if m.rules.high_wins else b"res_final_pen"))
    for k in range(1, s.n + 1):
        for p in range(s.n):
            if pl[p] == k:
                lines.append("%d. %-6s %6d" % (k, who(p, m.people), s.scores[p]))
    if s.tiebreak:
        lines.append(t(b"res_by_tiebreak"))
    if m.rating is not None:
        old, new = m.rating
        lines.append(t(b"res_rating_move") % (old, new, _signed(new - old)))
    if saved:
        lines.append(t(b"res_rec_file") % saved)
    elif why == "readonly":
        lines.append(t(b"res_rec_readonly"))
    elif why:
        lines.append(t(b"res_rec_none"))
    return "\n".join(lines)
