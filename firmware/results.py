"""Round end, scoreboard and match end as text for the pager (loaded only at a round's end)."""

from engine.names import card_token
from engine.scoring import hand_list


def _who(p):
    return "You" if p == 0 else "P%d" % (p + 1)


def round_text(m):
    s = m.state
    rules = m.rules
    g = rules.game
    out = [p for p in range(s.n) if s.active[p] and s.count[p] == 0]
    if out:
        head = "%s went out." % _who(out[0])
    else:
        head = "Nobody can place any more (B3)."
    lines = [head, "%s: cards left" % ("Points" if rules.high_wins else "Penalty")]
    for p in range(s.n):
        if not s.active[p]:
            continue
        cards = " ".join(card_token(g, c) for c in hand_list(s, p)) or "-"
        lines.append("%s %d: %s" % (_who(p), s.round_scores[p], cards))
    if s.tiebreak:
        lines.append("Tie-break round: these penalties are not added.")
    return "\n".join(lines)


def score_text(m):
    s = m.state
    rules = m.rules
    lines = ["Seat   round  total"]
    for p in range(s.n):
        rnd = "%5d" % s.round_scores[p] if s.active[p] else "    -"
        lines.append("%-6s %s %6d" % (_who(p), rnd, s.scores[p]))
    if rules.rounds:
        lines.append("Round %d of %d." % (s.round_no, rules.rounds))
    else:
        lines.append("Match ends at %d %s." % (rules.limit, "points" if rules.high_wins else "penalty"))
    if s.pending_tiebreak:
        seats = " and ".join(_who(p) for p in range(s.n) if s.pending_tiebreak >> p & 1)
        lines.append("%s tie: a tie-break round (E23) decides." % seats)
    return "\n".join(lines)


def match_text(m):
    s = m.state
    winners = [p for p in range(s.n) if s.match_winners >> p & 1]
    if len(winners) > 1:
        text = "A draw: %s." % " and ".join(_who(p) for p in winners)
    elif s.tiebreak:
        text = "%s won the tie-break round and the match." % _who(winners[0])
    else:
        unit = "points" if m.rules.high_wins else "penalty"
        text = "%s won with %d %s." % (_who(winners[0]), s.scores[winners[0]], unit)
    if winners == [0]:
        text += " Congratulations!"
    return text
