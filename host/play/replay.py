"""Replay a game record: check every move against the rules, print the final position.

    python -m host.play.replay RECORD [RECORD ...]

Exit status 0 when every record is valid; otherwise 1, with
'RECORD:LINE: reason' for the first illegal move or malformed line, or
'RECORD: cannot read: reason' for a file that is not a record at all:
missing, not a regular file (a folder, /dev/zero, a pipe), larger than
1 MiB (records are a few KiB), or not UTF-8 text. Status 2: no RECORD.
When the output is a pipe that closes early (| head), it stops quietly
with status 1: the records after that point were not checked.
"""

import os
import stat
import sys

from engine import cards
from engine.errors import RecordError
from engine.record import replay, seat_name
from engine.turn import dead_mask

MAX_BYTES = 1 << 20  # 1 MiB: a long match is a few KiB; anything bigger is not a record


def row_text(s, c):
    g = s.rules.game
    name = cards.COLOR_NAMES[g][c]
    if not s.hi[c]:
        return "%-7s closed (opens with %s)" % (name, cards.card_name(g, c * 32 + s.start[c]))
    lo = cards.card_name(g, c * 32 + s.lo[c]).split()[-1]
    hi = cards.card_name(g, c * 32 + s.hi[c]).split()[-1]
    mask = dead_mask(s, c)
    dead = [r for r in range(1, 21) if mask >> r & 1]
    extra = ""
    if dead:
        extra = "  dead: " + " ".join(cards.card_name(g, c * 32 + r).split()[-1] for r in dead)
    return "%-7s %s..%s%s" % (name, lo, hi, extra)


def summary(s):
    g = s.rules.game
    out = ["rules: " + s.rules.describe(), "round %d, %s" % (s.round_no, _phase(s)), "rows:"]
    out.extend("  " + row_text(s, c) for c in range(s.rules.colors))
    out.append("stock: %d cards" % s.stock_left)
    out.append("hands:")
    for p in range(s.n):
        if s.active[p]:
            hand = " ".join(cards.card_token(g, c) for c in s.hand_cards(p)) or "(empty)"
            out.append("  %s (%d): %s" % (seat_name(p), s.count[p], hand))
    label = "round points" if s.rules.high_wins else "round penalty"
    out.append("scores (%s / total):" % label)
    for p in range(s.n):
        out.append("  %s %4d / %d" % (seat_name(p), s.round_scores[p], s.scores[p]))
    if s.is_match_over():
        winners = [seat_name(p) for p in range(s.n) if s.match_winners >> p & 1]
        out.append(("match drawn: " if len(winners) > 1 else "match won by ") + " ".join(winners))
    return "\n".join(out)


def _phase(s):
    if s.is_match_over():
        return "match over"
    if s.is_round_over():
        return "round over"
    return "%s to move" % seat_name(s.turn)


def shown(path):
    """The file name as printed: control characters (a newline in a name) escaped, so a message is one line."""
    return path if path.isprintable() else ascii(path)[1:-1]


def read_record(path):
    """The text of a record file; OSError or ValueError with a reason otherwise. Reads at most 1 MiB + 1 byte."""
    if "\0" in path:
        raise ValueError("a file name cannot contain a NUL character")
    if not stat.S_ISREG(os.stat(path).st_mode):  # before open(): a pipe would block, /dev/zero never ends
        raise ValueError("not a regular file")
    with open(path, "rb") as f:
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError("larger than 1 MiB, so not a game record")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError("not a text file (not UTF-8)") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    status = 0
    for path in argv:
        try:
            text = read_record(path)
        except OSError as e:
            print("%s: cannot read: %s" % (shown(path), e.strerror or e), file=sys.stderr)
            status = 1
            continue
        except ValueError as e:
            print("%s: cannot read: %s" % (shown(path), e), file=sys.stderr)
            status = 1
            continue
        try:
            state = replay(text)
        except RecordError as e:
            print("%s:%d: %s" % (shown(path), e.line, e.reason), file=sys.stderr)
            status = 1
            continue
        print("%s: valid" % shown(path))
        print(summary(state))
    return status


def run(argv):
    """main(), but a reader that stops early (| head) ends the run quietly instead of with a traceback."""
    try:
        status = main(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        # Python would report the unflushed rest again at exit: point stdout at /dev/null first.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
