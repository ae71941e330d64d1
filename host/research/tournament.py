#!/usr/bin/env python3
"""Bot tournaments on duplicated deals: win rates with 95% confidence intervals.

    python -m host.research.tournament --ladder random,easy [--preset classic] [--option players=4]
                               [--rounds 2000 | --matches 200] [--seed 1] [--workers N] [--out DIR]
    python -m host.research.tournament --seats easy,random,random,random ...

See --help for the statistics. Prints the table, then writes CSV (one row per
round or match played), JSON (summary) and a PNG chart to --out, and ends with
'key: value' lines. Without matplotlib (a plain `python` rather than
.venv/bin/python) the PNG is skipped with a one-line note. A bad --out or
--name is refused before any round is played.
"""

import argparse
import contextlib
import csv
import json
import math
import os
import stat
import sys
import time
import zlib
from typing import NamedTuple

from engine import bots as engine_bots
from engine.errors import RulesError
from engine.rules import make_rules
from engine.rules_text import option_value
from engine.state import State
from engine.view import SeatView
from host.research.workers import worker_pool

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

Z95 = 1.959963984540054  # two-sided 95% normal quantile
DEAL_STRIDE = 1_000_003  # deal seed = seed * DEAL_STRIDE + deal index: runs with other seeds never overlap
MOVE_CAP = 100_000  # a round longer than this is a bug in a bot or the engine
MAX_CHUNK = 25  # deals per worker task
DEFAULT_OUT = os.path.join(ROOT, "build", "tournament")
OUT_EXTS = (".csv", ".json", ".png")
NAME_MAX = 100  # characters of --name

HELP_EPILOG = """\
duplicated deals:
  Every deal (one seed) is played once per seating: the lineup is rotated through
  the seats, so each lineup member sits at each seat once per deal. The dealt hands
  (by seat index) and the stock are identical in every seating, so luck of the deal
  largely cancels out. N (--rounds or --matches) counts rounds (matches) actually
  played, rounded up to whole deals: N = deals x players. In match mode the whole
  match is replayed per seating from the same seed.

statistics (per level, over all its seats):
  win rate  share of rounds (matches) won. The winner of a round: Elfer Raus, the
            player who went out; Cinquillo, the player out; Bastard, the player(s)
            with the fewest cards. A round (match) won by k tied winners (Bastard
            ties, Cinquillo match draws) gives each of them 1/k of a win.
  95% CI    Wilson score interval on (fractional wins, seat-rounds). It treats the
            rounds as independent; duplicated deals lower the real variance, so
            the interval is, if anything, conservative.
  mean      mean penalty per round per seat (Elfer Raus) or mean points per round
            per seat (Cinquillo, Bastard); match mode: mean final total per match.

key lines (printed last; PRESET_ prefix omitted for classic, '-' becomes '_'):
  ladder mode (--ladder a,b,c,...): for each adjacent pair the higher level (the
  later one) takes one seat, the lower level all the others:
    [PRESET_]HIGH_vs_LOW_winrate, _ci_low, _ci_high, _mean_penalty (or
    _mean_points), _rounds -- for the higher level in its seat.
  seats mode: [PRESET_]LEVEL_winrate, _ci_low, ... per level.
  match mode: _match_winrate, _match_ci_low, ... and _matches instead of _rounds.
  Then [PRESET_]rounds (all rounds played) and [PRESET_]seconds.
  The chart's fair-share line is 1/players.

results are identical for a given --seed whatever the number of workers.
"""


class Contest(NamedTuple):
    name: str  # 'easy_vs_random' in ladder mode, '' for a --seats lineup
    lineup: tuple  # level per lineup member; member j sits at seat (j + k) % n in seating k


class Game(NamedTuple):
    """One round (or match) played: a deal in one seating."""

    deal: int
    deal_seed: int
    seating: int
    members: tuple  # lineup member per seat
    levels: tuple  # level per seat
    scores: tuple  # round penalties/points (match mode: final totals) per seat
    winners: int  # bit mask of seats
    rounds: int  # rounds played (1 in round mode)
    deal_crc: int  # fingerprint of the first deal: hands by seat and stock


class Plan(NamedTuple):
    preset: str
    options: dict
    rules: object
    ladder: bool
    contests: list
    unit: str  # 'round' or 'match'
    deals: int  # per contest
    seed: int
    workers: int
    out: str
    stem: str


# --- statistics -----------------------------------------------------------------


def wilson(successes, n, z=Z95):
    """Wilson score interval (low, high) for successes out of n (successes may be fractional)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    zz = z * z
    denom = 1 + zz / n
    centre = (p + zz / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + zz / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


class Tally:
    """Seat-games, fractional wins and score sum for one lineup member or level."""

    def __init__(self):
        self.games = 0
        self.wins = 0.0
        self.score = 0

    def add(self, other):
        self.games += other.games
        self.wins += other.wins
        self.score += other.score

    def summary(self):
        low, high = wilson(self.wins, self.games)
        return {
            "games": self.games,
            "wins": round(self.wins, 6),
            "winrate": self.wins / self.games if self.games else 0.0,
            "ci_low": low,
            "ci_high": high,
            "mean_score": self.score / self.games if self.games else 0.0,
        }


def win_share(winners, seat):
    """seat's share of a round's win: 1 / the number of winners if it is one of them (ties shared)."""
    return (winners >> seat & 1) / bin(winners).count("1") if winners else 0.0


def member_tallies(games, size):
    """One Tally per lineup member, summed in deal order (so the floats never depend on workers)."""
    tallies = [Tally() for _ in range(size)]
    for g in games:
        k = bin(g.winners).count("1")
        for seat, member in enumerate(g.members):
            t = tallies[member]
            t.games += 1
            t.score += g.scores[seat]
            if k and g.winners >> seat & 1:
                t.wins += 1 / k
    return tallies


def level_tallies(lineup, tallies):
    out = {}
    for level, t in zip(lineup, tallies, strict=True):
        out.setdefault(level, Tally()).add(t)
    return out


# --- playing --------------------------------------------------------------------

_RULES_CACHE = {}


def rules_for(preset, options):
    key = (preset, options)
    if key not in _RULES_CACHE:
        _RULES_CACHE[key] = make_rules(preset, **dict(options))
    return _RULES_CACHE[key]


def deal_fingerprint(state):
    n = state.n
    data = repr((list(state.init_hands[: n * 4]), list(state.init_acts), list(state.start), state.first))
    return zlib.crc32(bytes(state.stock[: state.stock_len]), zlib.crc32(data.encode()))


def play_round(state, bots, view):
    moves = 0
    while not state.is_round_over():
        seat = state.turn
        state.view_into(view, seat)
        state.apply(bots[seat].choose(view))
        moves += 1
        if moves > MOVE_CAP:
            raise RuntimeError("round did not end after %d moves" % MOVE_CAP)


def play_game(rules, lineup, deal, deal_seed, seating, unit, view):
    """Play deal `deal_seed` with lineup member j in seat (j + seating) % n."""
    n = rules.players
    members = tuple((seat - seating) % n for seat in range(n))
    levels = tuple(lineup[m] for m in members)
    bots = [engine_bots.make_bot(levels[p], rules, p, deal_seed * 8 + members[p]) for p in range(n)]
    state = State(rules, seed=deal_seed)
    crc = deal_fingerprint(state)
    play_round(state, bots, view)
    rounds = 1
    if unit == "match":
        while not state.is_match_over():
            state.next_round()
            play_round(state, bots, view)
            rounds += 1
        scores, winners = tuple(state.scores), state.match_winners
    else:
        scores, winners = tuple(state.round_scores), state.round_winners
    return Game(deal, deal_seed, seating, members, levels, scores, winners, rounds, crc)


def play_chunk(task):
    """Worker entry: play every seating of each deal in the chunk; games in deal order."""
    preset, options, lineup, unit, deals = task
    rules = rules_for(preset, options)
    view = SeatView(rules, 0)
    games = []
    for deal, deal_seed in deals:
        for seating in range(rules.players):
            games.append(play_game(rules, lineup, deal, deal_seed, seating, unit, view))
    return games


def _indexed(item):
    index, task = item
    return index, play_chunk(task)


def make_tasks(plan, chunk):
    """(contest index, task) in contest then deal order."""
    options = tuple(sorted(plan.options.items()))
    tasks = []
    for ci, contest in enumerate(plan.contests):
        for start in range(0, plan.deals, chunk):
            deals = [(d, plan.seed * DEAL_STRIDE + d) for d in range(start, min(plan.deals, start + chunk))]
            tasks.append((ci, (plan.preset, options, contest.lineup, plan.unit, deals)))
    return tasks


def chunk_size(deals, workers):
    return max(1, min(MAX_CHUNK, math.ceil(deals / (workers * 8))))


def run_tasks(tasks, workers, progress, costs=None):
    """Results per task, in task order, whatever order the workers finish in; costs: the
    estimated seconds of a game of each task, for the progress bar's share and time left."""
    results = [None] * len(tasks)
    costs = costs or [1.0] * len(tasks)
    if workers <= 1:
        for i, task in enumerate(tasks):
            results[i] = play_chunk(task)
            progress.advance(len(results[i]), costs[i] * len(results[i]))
        return results
    with worker_pool(min(workers, len(tasks))) as pool:
        for i, games in pool.imap_unordered(_indexed, enumerate(tasks)):
            results[i] = games
            progress.advance(len(games), costs[i] * len(games))
    return results


# Seconds a seat's bot spends on a round, on one core, with 4 players (all four seats of one
# level, 2026-12-04 on 2 cores): what the start line's estimate and the progress bar's share are
# made of, so a ladder's slow last rung (the classic master) counts for what it takes. Other
# presets count as classic; the master plays as the expert outside classic.
SEAT_ROUND_SECONDS = {
    "classic": {"random": 0.0005, "easy": 0.0007, "medium": 0.0016, "expert": 0.018, "master": 0.90},
    "cinquillo": {"random": 0.0001, "easy": 0.0001, "medium": 0.0003, "expert": 0.0064, "master": 0.0071},
    "bastard": {"random": 0.0002, "easy": 0.0001, "medium": 0.0003, "expert": 0.0044, "master": 0.0048},
}
ROUNDS_PER_MATCH = 5  # about, for the estimate in match mode


def game_seconds(plan, lineup):
    """About how long one game (a round, or a match) of this lineup takes on one core."""
    table = SEAT_ROUND_SECONDS.get(plan.preset, SEAT_ROUND_SECONDS["classic"])
    per_round = sum(table.get(level, table["expert"]) for level in lineup)
    return per_round * (ROUNDS_PER_MATCH if plan.unit == "match" else 1)


def estimate_seconds(plan):
    """About how long the whole run takes on its workers."""
    games = plan.deals * plan.rules.players
    return sum(game_seconds(plan, c.lineup) * games for c in plan.contests) / max(1, plan.workers)


def duration(seconds):
    """'40 s', '17 min' or '2.5 h': how long, for a person."""
    if seconds < 90:
        return "%.0f s" % seconds
    return "%.0f min" % (seconds / 60) if seconds < 5400 else "%.1f h" % (seconds / 3600)


def play_all(plan, progress):
    """Games per contest, each list in deal order."""
    tasks = make_tasks(plan, chunk_size(plan.deals, plan.workers))
    costs = [game_seconds(plan, plan.contests[ci].lineup) for ci, _ in tasks]
    results = run_tasks([t for _, t in tasks], plan.workers, progress, costs)
    per_contest = [[] for _ in plan.contests]
    for (ci, _), games in zip(tasks, results, strict=True):
        per_contest[ci].extend(games)
    return per_contest


class Progress:
    """A one-line text bar on a stream (stderr), redrawn in place: the share of the estimated
    work done (each game weighted by its cost, so a slow rung counts for what it takes), the
    games played, the time so far and the time left."""

    def __init__(self, total, label, stream=None, enabled=True, width=30, cost=None):
        self.total = max(1, total)
        self.cost = cost if cost and cost > 0 else float(self.total)
        self.label = label
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.width = width
        self.done = 0
        self.spent = 0.0
        self.t0 = time.perf_counter()
        self.last = -1.0

    def advance(self, k, cost=None):
        self.done += k
        self.spent += k if cost is None else cost
        now = time.perf_counter()
        if self.enabled and (now - self.last >= 0.1 or self.done >= self.total):
            self.last = now
            self.draw(now)

    def draw(self, now):
        frac = min(1.0, self.spent / self.cost) if self.done < self.total else 1.0
        fill = int(frac * self.width)
        bar = "#" * fill + "." * (self.width - fill)
        elapsed = now - self.t0
        left = ", about %s left" % duration(elapsed / frac * (1 - frac)) if 0 < frac < 1 else ""
        text = "\r[%s] %3d%% %d/%d %s %.1fs%s   " % (
            bar,
            frac * 100,
            self.done,
            self.total,
            self.label,
            elapsed,
            left,
        )
        self.stream.write(text)
        self.stream.flush()

    def finish(self):
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


# --- summary, keys, files -----------------------------------------------------------


def units(plan):
    return "matches" if plan.unit == "match" else "rounds"


def rules_text(rules):
    text = rules.describe()
    return text if "players=" in text else "%s players=%d" % (text, rules.players)


def key_prefix(preset):
    return "" if preset == "classic" else preset.replace("-", "_") + "_"


def score_word(rules):
    return "points" if rules.high_wins else "penalty"


def contest_summary(contest, games):
    tallies = member_tallies(games, len(contest.lineup))
    levels = level_tallies(contest.lineup, tallies)
    return {
        "name": contest.name,
        "lineup": list(contest.lineup),
        "games": len(games),
        "rounds": sum(g.rounds for g in games),
        "members": [t.summary() for t in tallies],
        "levels": {level: t.summary() for level, t in levels.items()},
    }


def stat_keys(base, stats, mid, word):
    """The five key lines of one level (or ladder pair): rate, CI, mean, count."""
    count = "matches" if mid else "rounds"
    return {
        "%s_%swinrate" % (base, mid): "%.4f" % stats["winrate"],
        "%s_%sci_low" % (base, mid): "%.4f" % stats["ci_low"],
        "%s_%sci_high" % (base, mid): "%.4f" % stats["ci_high"],
        "%s_%smean_%s" % (base, mid, word): "%.3f" % stats["mean_score"],
        "%s_%s" % (base, count): str(stats["games"]),
    }


def summary_keys(plan, contests, seconds):
    prefix = key_prefix(plan.preset)
    mid = "match_" if plan.unit == "match" else ""
    word = score_word(plan.rules)
    keys = {}
    for c in contests:
        if plan.ladder:
            keys.update(stat_keys(prefix + c["name"], c["members"][0], mid, word))
        else:
            for level, stats in c["levels"].items():
                keys.update(stat_keys(prefix + level, stats, mid, word))
    if plan.unit == "match":
        keys[prefix + "matches"] = str(sum(c["games"] for c in contests))
    keys[prefix + "rounds"] = str(sum(c["rounds"] for c in contests))
    keys[prefix + "seconds"] = "%.1f" % seconds
    return keys


def chart_bars(plan, contests):
    """(label, rate, low, high) per bar: the higher level per ladder pair, or each level of the lineup."""
    bars = []
    for c in contests:
        if plan.ladder:
            s = c["members"][0]
            bars.append(("%s vs %s" % (c["lineup"][0], c["lineup"][1]), s["winrate"], s["ci_low"], s["ci_high"]))
        else:
            for level, s in c["levels"].items():
                bars.append((level, s["winrate"], s["ci_low"], s["ci_high"]))
    return bars


def chart_title(plan):
    what = "ladder: higher level in one seat" if plan.ladder else "lineup " + ",".join(plan.contests[0].lineup)
    count = "%d %s per contest, duplicated deals" % (plan.deals * plan.rules.players, units(plan))
    return "%s, %s\n%s" % (rules_text(plan.rules), what, count)


def load_pyplot():
    """matplotlib.pyplot with the file-only backend, or None when matplotlib is not installed."""
    try:
        import matplotlib
    except ImportError:
        return None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def write_chart(path, plan, contests, plt):
    bars = chart_bars(plan, contests)
    labels = [b[0] for b in bars]
    rates = [b[1] for b in bars]
    errors = [[b[1] - b[2] for b in bars], [b[3] - b[1] for b in bars]]
    fair = 1 / plan.rules.players
    fig, ax = plt.subplots(figsize=(max(6.4, 2 + 1.6 * len(bars)), 4.8))
    ax.bar(range(len(bars)), rates, yerr=errors, capsize=8, color="#4c78a8", label="win rate, 95% CI")
    for x, rate in enumerate(rates):
        ax.annotate("%.1f%%" % (100 * rate), (x, rate), xytext=(14, 3), textcoords="offset points", fontsize=9)
    ax.axhline(fair, color="#d62728", linestyle="--", label="fair share (%.0f%%)" % (100 * fair))
    ax.set_xticks(range(len(bars)), labels)
    ax.set_ylim(0, 1)
    ax.set_ylabel("%s win rate (per seat)" % plan.unit)
    ax.set_title(chart_title(plan))
    ax.legend(loc="upper right")
    fig.tight_layout()
    fig.savefig(path, dpi=100, format="png")
    plt.close(fig)


def csv_header(n, word, unit):
    seats = range(1, n + 1)
    head = ["contest", "deal", "deal_seed", "seating", "deal_crc"]
    head += ["p%d_level" % p for p in seats] + ["p%d_member" % p for p in seats]
    head += ["p%d_%s" % (p, word) for p in seats] + ["winners"]
    return head + (["rounds"] if unit == "match" else [])


def csv_row(contest, g, unit):
    winners = " ".join("P%d" % (p + 1) for p in range(len(g.levels)) if g.winners >> p & 1)
    row = [contest.name or "seats", g.deal, g.deal_seed, g.seating, "%08x" % g.deal_crc]
    row += list(g.levels) + list(g.members) + list(g.scores) + [winners]
    return row + ([g.rounds] if unit == "match" else [])


def write_csv(path, plan, per_contest):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(csv_header(plan.rules.players, score_word(plan.rules), plan.unit))
        for contest, games in zip(plan.contests, per_contest, strict=True):
            for g in games:
                w.writerow(csv_row(contest, g, plan.unit))


def write_json(path, plan, contests, keys, seconds):
    doc = {
        "preset": plan.preset,
        "options": plan.options,
        "rules": plan.rules.describe(),
        "players": plan.rules.players,
        "mode": "ladder" if plan.ladder else "seats",
        "unit": plan.unit,
        "score": score_word(plan.rules),
        "seed": plan.seed,
        "deals_per_contest": plan.deals,
        "seatings_per_deal": plan.rules.players,
        "seconds": round(seconds, 3),
        "contests": contests,
        "keys": keys,
    }
    with open(path, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")


def write_outputs(plan, per_contest, contests, keys, seconds):
    """Write the CSV, the JSON and (with matplotlib) the PNG; return (paths written, note or None).

    Each file is written under a temporary name and renamed when all are done:
    a failure (OSError) leaves no half-written file behind.
    """
    base = os.path.join(plan.out, plan.stem)
    jobs = [
        (base + ".csv", lambda path: write_csv(path, plan, per_contest)),
        (base + ".json", lambda path: write_json(path, plan, contests, keys, seconds)),
    ]
    note = None
    plt = load_pyplot()
    if plt is None:
        note = "matplotlib is not installed, so the PNG chart was skipped (.venv/bin/python has it)"
    else:
        jobs.append((base + ".png", lambda path: write_chart(path, plan, contests, plt)))
    os.makedirs(plan.out, exist_ok=True)
    try:
        for path, write in jobs:
            write(path + ".part")
        for path, _ in jobs:
            os.replace(path + ".part", path)
    except BaseException:
        for path, _ in jobs:
            with contextlib.suppress(OSError):
                os.remove(path + ".part")
        raise
    return [path for path, _ in jobs], note


def report_lines(plan, contests):
    word = "mean " + score_word(plan.rules)
    head = "%-24s %-10s %11s %9s %19s %13s" % (
        "contest",
        "level",
        "seat-" + units(plan),
        "win rate",
        "95% CI",
        word,
    )
    lines = [head]
    for c in contests:
        for level, s in c["levels"].items():
            ci = "[%.4f, %.4f]" % (s["ci_low"], s["ci_high"])
            name = c["name"] or "seats"
            lines.append(
                "%-24s %-10s %11d %9.4f %19s %13.3f" % (name, level, s["games"], s["winrate"], ci, s["mean_score"])
            )
    return lines


# --- command line ---------------------------------------------------------------


def available_levels():
    order = [lv for lv in getattr(engine_bots, "LEVEL_ORDER", ()) if lv in engine_bots.LEVELS]
    return order + sorted(set(engine_bots.LEVELS) - set(order))


def parse_levels(parser, text, flag):
    levels = [t.strip() for t in text.split(",") if t.strip()]
    if not levels:
        parser.error("%s: no level given; available levels: %s" % (flag, ", ".join(available_levels())))
    known = engine_bots.LEVELS
    for level in levels:
        if level not in known:
            parser.error("%s: unknown level '%s'; available levels: %s" % (flag, level, ", ".join(available_levels())))
    return levels


def parse_options(parser, items):
    options = {}
    for item in items:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            parser.error("--option expects NAME=VALUE, got '%s'" % item)
        if name == "preset":
            parser.error("--option preset=%s: the preset is not an option; use --preset" % value.strip())
        # a number in ASCII digits, else the text: make_rules names the option and what it allows
        options[name] = option_value(value.strip())
    return options


def build_rules(parser, preset, options, seats):
    if seats and "players" not in options:
        options = dict(options, players=len(seats))
    try:
        return make_rules(preset, **options), options
    except RulesError as e:
        parser.error(str(e))


def check_bots(parser, levels, rules):
    """Build one bot per level up front, so a level that fails to load stops the run with its name."""
    for level in dict.fromkeys(levels):
        try:
            engine_bots.make_bot(level, rules, 0, 0)
        except Exception as e:  # any failure to build the bot is reported the same way
            parser.error("level '%s' cannot be used with %s: %s" % (level, rules_text(rules), e))


def ladder_contests(parser, levels, players):
    if len(levels) < 2:
        parser.error("--ladder needs at least two levels, weakest first")
    contests = []
    for low, high in zip(levels, levels[1:], strict=False):
        contests.append(Contest("%s_vs_%s" % (high, low), (high,) + (low,) * (players - 1)))
    return contests


def make_parser():
    p = argparse.ArgumentParser(
        prog="tournament.py",
        description="Bot tournaments on duplicated deals: win rates with Wilson 95% intervals and mean scores.",
        epilog=HELP_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    who = p.add_mutually_exclusive_group(required=True)
    who.add_argument("--seats", metavar="L1,L2,...", help="a level per seat, e.g. expert,medium,medium,medium")
    who.add_argument("--ladder", metavar="L1,L2,...", help="levels weakest first, e.g. random,easy,medium,expert")
    p.add_argument("--preset", default="classic", help="rules preset (default classic)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="rules option, repeatable")
    count = p.add_mutually_exclusive_group()
    count.add_argument("--rounds", type=int, metavar="N", help="rounds per contest (default 2000)")
    count.add_argument("--matches", type=int, metavar="N", help="play N whole matches per contest instead")
    p.add_argument("--seed", type=int, default=1, help="base seed of the deals (default 1)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)")
    p.add_argument("--out", default=DEFAULT_OUT, help="output directory (default build/tournament/)")
    p.add_argument("--name", help="file name stem (default PRESET_ladder / PRESET_seats, _matches in match mode)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def plan_from_args(parser, args):
    seats = parse_levels(parser, args.seats, "--seats") if args.seats is not None else None
    ladder = parse_levels(parser, args.ladder, "--ladder") if args.ladder is not None else None
    rules, options = build_rules(parser, args.preset, parse_options(parser, args.option), seats)
    if seats and len(seats) != rules.players:
        parser.error("--seats names %d levels but the rules have %d players" % (len(seats), rules.players))
    check_bots(parser, seats or ladder, rules)
    unit = "match" if args.matches is not None else "round"
    n = args.matches if args.matches is not None else (args.rounds if args.rounds is not None else 2000)
    if n < 1 or args.workers < 1 or args.seed < 0:
        parser.error("--rounds/--matches and --workers must be positive, --seed non-negative")
    deals = math.ceil(n / rules.players)
    if deals >= DEAL_STRIDE:
        parser.error("at most %d deals per contest" % (DEAL_STRIDE - 1))
    contests = ladder_contests(parser, ladder, rules.players) if ladder else [Contest("", tuple(seats))]
    stem = args.name  # checked with --out by check_outputs(), before any round
    if stem is None:
        stem = "%s_%s%s" % (args.preset, "ladder" if ladder else "seats", "_matches" if unit == "match" else "")
    return Plan(
        args.preset, options, rules, bool(ladder), contests, unit, deals, args.seed, args.workers, args.out, stem
    )


def shown(text):
    """A path or name as printed: control characters escaped, so an error stays one line."""
    return text if text.isprintable() else ascii(text)[1:-1]


def name_problem(stem):
    """Why --name cannot be a file name stem, or None."""
    if not stem or len(stem) > NAME_MAX:
        return "give 1..%d characters" % NAME_MAX
    if stem[0] == "." or not all(ch.isalnum() or ch in "-_.+" for ch in stem):
        return "a file name without a folder: letters, digits and - _ . + only, not starting with '.'"
    return None


def out_problem(out, stem):
    """Why the files cannot go to --out (a folder, made if missing), or None. Writes nothing."""
    if not out:
        return "an empty folder name"
    if "\0" in out:
        return "a folder name cannot contain a NUL character"
    path = os.path.abspath(out)
    probe = path
    while True:  # the nearest part of the path that exists
        try:
            st = os.stat(probe)
            break
        except (FileNotFoundError, NotADirectoryError):
            probe = os.path.dirname(probe)
        except (OSError, ValueError) as e:
            return "%s: %s" % (shown(probe), getattr(e, "strerror", None) or e)
    if not stat.S_ISDIR(st.st_mode):
        return "%s is a file, not a folder" % shown(probe)
    if not os.access(probe, os.W_OK | os.X_OK):
        return "the folder %s is not writable" % shown(probe)
    for part in os.path.relpath(path, probe).split(os.sep):  # the folders still to make
        if len(os.fsencode(part)) > 255:
            return "a folder name longer than 255 bytes"
    if probe == path:
        for ext in OUT_EXTS:
            target = os.path.join(path, stem + ext)
            if os.path.isdir(target):
                return "%s is a folder" % shown(target)
            if os.path.lexists(target) and not os.access(target, os.W_OK):
                return "%s is not writable" % shown(target)
    return None


def check_outputs(plan):
    """Refuse a bad --name or --out (exit 2, one line) before any round is played."""
    problem = name_problem(plan.stem)
    if problem:
        sys.stderr.write("tournament.py: error: --name '%s': %s\n" % (shown(plan.stem), problem))
        raise SystemExit(2)
    problem = out_problem(plan.out, plan.stem)
    if problem:
        sys.stderr.write("tournament.py: error: --out '%s': %s\n" % (shown(plan.out), problem))
        raise SystemExit(2)


def describe_plan(plan):
    what = "ladder " + " < ".join([plan.contests[0].lineup[1]] + [c.lineup[0] for c in plan.contests])
    if not plan.ladder:
        what = "seats " + ",".join(plan.contests[0].lineup)
    n = plan.rules.players
    text = "%s, %s: %d duplicated %s per contest (%d deals x %d seatings), seed %d, %d workers"
    return text % (rules_text(plan.rules), what, plan.deals * n, units(plan), plan.deals, n, plan.seed, plan.workers)


def say(text):
    """Print a line of results. A reader that has gone (| head) does not stop the run: the files are still
    written, and the rest of the output goes to /dev/null."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(argv=None):
    parser = make_parser()
    args = parser.parse_args(argv)
    plan = plan_from_args(parser, args)
    check_outputs(plan)
    say(describe_plan(plan))
    total = plan.deals * plan.rules.players * len(plan.contests)
    cost = sum(game_seconds(plan, c.lineup) for c in plan.contests) * plan.deals * plan.rules.players
    if not args.quiet:
        sys.stderr.write(
            "tournament.py: %d %s: about %s on %d workers; then the table, and the files in %s\n"
            % (total, units(plan), duration(estimate_seconds(plan)), plan.workers, shown(plan.out))
        )
    progress = Progress(total, units(plan), enabled=not args.quiet, cost=cost)
    t0 = time.perf_counter()
    per_contest = play_all(plan, progress)
    progress.finish()
    seconds = time.perf_counter() - t0
    contests = [contest_summary(c, g) for c, g in zip(plan.contests, per_contest, strict=True)]
    keys = summary_keys(plan, contests, seconds)
    say("\n".join(report_lines(plan, contests)))  # the results first, whatever happens next
    status = 0
    try:
        paths, note = write_outputs(plan, per_contest, contests, keys, seconds)
    except OSError as e:
        where = shown(e.filename) if isinstance(e.filename, str) else shown(plan.out)
        sys.stderr.write("tournament.py: cannot write %s: %s\n" % (where, e.strerror or e))
        status = 1
    else:
        say("wrote " + ", ".join(shown(path) for path in paths))
        if note:
            sys.stderr.write("tournament.py: note: %s\n" % note)
    for key, value in keys.items():
        say("%s: %s" % (key, value))
    return status


def run(argv=None):
    """main(), but a reader that stops early (| head -- also of --help) never brings a traceback."""
    try:
        status = main(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(run())
