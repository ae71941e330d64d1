"""What the firmware saves: settings, statistics and the match in play, as one payload.

Loaded when the app boots with a storage region, and when it saves. The
payload (docs/saves.md):

    version (4) | settings: speed, marks, sound, brightness, language, symbols, dim (7)
    | statistics: count (1), then 17 bytes per (game, opponents) entry
    | match: length (u16), then the engine snapshot (engine/snapshot.py) or nothing

The snapshot's `extra` bytes hold the firmware's match seed (u32).

Everything before the match changes rarely (a setting, a finished match): the
app keeps it encoded (head()) and loads this module only to make it again, to
read the saves at boot, to count a match and to show the statistics; it is
unloaded after each use (firmware/app.py). Saving a turn needs only the head,
engine/snapshot.py and firmware/store.py.
"""

from firmware.settings import NAMES as SETTINGS  # (their order is the payload's)

VERSION = 4  # 3: without the dim byte, 2: nor the symbols byte, 1: nor the language byte (all read)

GAMES = ("elfer", "cinquillo", "bastard")
LEVELS = ("random", "easy", "medium", "expert", "master")
# Each level's base-6 digit in an opponents code (at most 5 bots, so a digit never carries):
# the first four as the code always had them, master above them, so every code saved before
# master existed keeps its meaning (docs/saves.md, Statistics).
PLACES = (216, 36, 6, 1, 1296)
MAX_ENTRIES = 24
_ENTRY = 17  # head() writes: game, opponents u16, matches, wins, rounds u16, sum u24, best, rating u16, seat
# An entry's key is (game, opponents): the opponents code (u16) and, above it (<< 16), the byte that
# was spare: 0 for a match played alone (as every save before pass-and-play), else the person's
# seat << 3 | the other people in the match (firmware/statstext.py says "P3 vs 1 person + 2 easy").
NO_BEST = 0xFFFF


def opponents_code(levels):
    """The opponent set as a number: how many bots of each level (order does not matter)."""
    code = 0
    for lv in levels:
        if lv in LEVELS:
            code += PLACES[LEVELS.index(lv)]
    return code


def game_key(rules):
    return rules.kind()


# --- the payload --------------------------------------------------------------------


def encode(settings, stats, match_blob):
    return head(settings, stats) + with_match(match_blob)


def with_match(blob):
    blob = blob or b""
    return bytes((len(blob) >> 8, len(blob) & 255)) + blob


def head(settings, stats):
    """Version, settings and statistics: the payload before the match."""
    out = bytearray([VERSION])
    for name in SETTINGS:
        out.append(getattr(settings, name))
    keys = sorted(stats)[:MAX_ENTRIES]
    out.append(len(keys))
    for key in keys:
        g, opp = key
        matches, wins, rounds, total, best, rating = stats[key]
        out.append(GAMES.index(g))
        for v in (opp & 0xFFFF, matches, wins, rounds):
            out.append(v >> 8 & 255)
            out.append(v & 255)
        out.append(total >> 16 & 255)
        out.append(total >> 8 & 255)
        out.append(total & 255)
        for v in (best, rating):
            out.append(v >> 8 & 255)
            out.append(v & 255)
        out.append(opp >> 16)  # the seat and the other people (0: a match played alone)
    return bytes(out)


def _u16(e, i):
    return e[i] << 8 | e[i + 1]


def decode(payload, settings):
    """Apply the saved settings; return (stats, match snapshot bytes or None, notice key or '').

    A payload this version cannot read is ignored with a notice, settings untouched.
    """
    try:
        version = payload[0]
        if not 1 <= version <= VERSION:
            return {}, None, b"n_save_version"
        n = 3 + version
        vals = payload[1 : 1 + n]
        k = payload[1 + n]
        pos = 2 + n
        stats = {}
        for _ in range(k):
            e = payload[pos : pos + _ENTRY]
            if len(e) < _ENTRY or e[0] >= len(GAMES):
                raise ValueError("bad statistics entry")
            row = [_u16(e, 3), _u16(e, 5), _u16(e, 7), e[9] << 16 | e[10] << 8 | e[11], _u16(e, 12), _u16(e, 14)]
            stats[(GAMES[e[0]], _u16(e, 1) | e[16] << 16)] = row
            pos += _ENTRY
        length = payload[pos] << 8 | payload[pos + 1]
        blob = bytes(payload[pos + 2 : pos + 2 + length])
        if len(blob) != length:
            raise ValueError("match cut short")
    except (IndexError, ValueError):
        return {}, None, b"n_save_unreadable"
    for i in range(n):
        try:
            settings.set(SETTINGS[i], vals[i])
        except ValueError:
            pass  # a bad value keeps the default
    return stats, blob or None, ""


# --- statistics -----------------------------------------------------------------------


def record_match(stats, m):
    """Count a finished firmware.match Match: P1's, and in pass-and-play each other person's in
    their seat's entry; P1's rating before and after, or None with other people (the match over
    page then names no "your rating")."""
    rating = record(stats, m.state, m.levels)
    for p in range(1, m.state.n):
        if m.people >> p & 1:
            record(stats, m.state, m.levels, p)
    return rating if m.people == 1 else None


def record(stats, state, levels, human=0):
    """Count a finished match for the person in seat `human`; returns the rating of its
    game and opponent set before and after (README, "Statistics": the rating rule). With other
    people in the match (pass-and-play: their level "person"), the entry is the seat's own."""
    rules = state.rules
    others = [levels[p] for p in range(rules.players) if p != human]
    code = opponents_code(others)
    people = others.count("person") + others.count("you")  # (P1's level is "you")
    if people:
        code |= (human << 3 | people) << 16
    key = (game_key(rules), code)
    row = stats.get(key)
    if row is None:
        if len(stats) >= MAX_ENTRIES:  # full: the least played entry makes room
            drop = min(stats, key=lambda k: stats[k][0])
            del stats[drop]
        row = [0, 0, 0, 0, NO_BEST, 0]
        stats[key] = row
    won = state.match_winners == 1 << human
    lost = not state.match_winners >> human & 1
    mine = state.scores[human]
    row[0] = min(row[0] + 1, 65535)
    row[1] = min(row[1] + (1 if won else 0), 65535)
    row[2] = min(row[2] + state.round_no, 65535)
    row[3] = min(row[3] + mine, 0xFFFFFF)
    if rules.high_wins:
        better = row[4] == NO_BEST or mine > row[4]
    else:
        better = row[4] == NO_BEST or mine < row[4]
    if better:
        row[4] = min(mine, 65534)
    old = row[5]
    # The rating rule (README, the statistics page: res_rating_rule): a match won alone
    # +10 x players, a lost one -10 (never below 0), a shared win (a draw) nothing.
    if won:
        row[5] = min(row[5] + 10 * rules.players, 65535)
    elif lost:
        row[5] = max(row[5] - 10, 0)
    return old, row[5]


def text(stats):
    """The statistics page (firmware/statstext.py: loaded for the page only, so saving a
    finished match, which loads this module late in a match, compiles less)."""
    from engine import unload
    from firmware import statstext

    page = statstext.text(stats)
    unload("firmware.statstext")
    return page
