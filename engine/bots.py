"""Bots: each takes a SeatView and returns a move, exactly as the human seat does.

Effort is set by deterministic budgets, never by clocks, so a seed gives the
same decision on every runtime. (Stronger levels come with issue 4.)
"""

from engine import turn
from engine.cards import DRAW, END
from engine.rng import Rng


class RandomBot:
    """Uniformly random legal move: the baseline."""

    level = "random"
    buf = bytearray(32)  # legal-move scratch shared by every bot: bots decide one at a time

    def __init__(self, rules, seat, seed=0):
        self.rules = rules
        self.seat = seat
        self.rng = Rng(seed * 7 + seat + 1)

    def choose(self, view):
        n = turn.legal_moves(view, self.buf)
        if n == 0:
            raise ValueError("bot asked to move when it has no move (not its turn?)")
        return self.buf[self.rng.below(n)]


class EasyBot(RandomBot):
    """A simple greedy policy: play toward your own cards, and stop when the next card only helps others.

    Among the playable cards it takes the one that leads to the longest run of
    its own cards in that direction (a start card counts every own card of
    that color), the higher card on ties; after placing a card it ends the
    turn when the best card leads nowhere, unless it is close to going out.
    """

    level = "easy"

    def choose(self, view):
        buf = self.buf
        n = turn.legal_moves(view, buf)
        if n == 0:
            raise ValueError("bot asked to move when it has no move (not its turn?)")
        best = -1
        best_run = -1
        can_end = False
        for i in range(n):
            m = buf[i]
            if m == END:
                can_end = True
                continue
            if m >= DRAW:
                if best < 0:
                    best = m
                continue
            run = _run(view, m)
            if run > best_run or run == best_run and (m & 31) > (best & 31):
                best = m
                best_run = run
        if can_end and (best < 0 or best_run <= 0 and view.count[view.seat] > 3):
            return END
        return best


def _run(view, m):
    """How many of the seat's own cards this play leads to (0 for an action card)."""
    if m >= 128:
        return 0
    c = m >> 5
    r = m & 31
    h = view.hands[view.seat * 4 + c]
    hi = view.hi[c]
    if hi == 0:  # opening a row: every own card of the color becomes reachable
        k = 0
        while h:
            k += h & 1
            h >>= 1
        return k - 1
    step = 1 if r > hi else -1
    k = 0
    x = r + step
    while 0 < x < 32 and h >> x & 1:
        k += 1
        x += step
    return k


# Level name -> (module, class). Stronger levels are imported only when asked for,
# so a device that plays against easy bots never loads the search code.
LEVELS = {
    "random": ("engine.bots", "RandomBot"),
    "easy": ("engine.bots", "EasyBot"),
    "medium": ("engine.bot_medium", "MediumBot"),
    "expert": ("engine.bot_expert", "ExpertBot"),
    "master": ("engine.bot_master", "MasterBot"),
}
LEVEL_ORDER = ("random", "easy", "medium", "expert", "master")  # weakest to strongest
BOARD_LEVELS = LEVEL_ORDER[:4]  # what every board runs within its budget; master is for fast hosts
STRONGEST = BOARD_LEVELS[-1]


# Every module the levels above easy load (and what they load on demand): a device drops
# them when a match leaves memory (drop_levels), as it drops the rules' set-up code.
LEVEL_MODULES = (
    "bot_master",
    "bot_expert",
    "bot_medium",
    "bot_onecard",
    "knowledge",
    "inference",
    "playout",
    "playout_more",
    "sampler",
    "value",
    "value_classic2",
    "value_classic3",
    "value_classic4",
)


def drop_levels():
    """Forget the bot levels' modules: no bot of any match is alive (engine.unload)."""
    from engine import unload

    for name in LEVEL_MODULES:
        unload(name)


def bot_class(level):
    if level not in LEVELS:
        raise ValueError("unknown bot level '%s'; levels: %s" % (level, ", ".join(LEVEL_ORDER)))
    module, name = LEVELS[level]
    mod = __import__(module, None, None, [name])
    return getattr(mod, name)


def make_bot(level, rules, seat, seed=0):
    return bot_class(level)(rules, seat, seed)
