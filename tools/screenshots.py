#!/usr/bin/env python3
"""Render every screen of the firmware headless at 160x128, 240x240 and 240x135 (make screenshots).

    python tools/screenshots.py [--out docs/screenshots]

A scripted session per screen size (tools/simdrive.py) walks the menus and a
seeded match; each screen is saved as OUT/<width>x<height>/<name>.png.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simdrive  # noqa: E402

PROFILES = (("sim", "160x128"), ("clue", "240x240"), ("feather_tft", "240x135"))


def session(profile, out):
    d = simdrive.Driver(profile)
    app = d.app
    app.seed = 5  # the same match every time
    os.makedirs(out, exist_ok=True)
    shots = []

    def shot(name):
        path = os.path.join(out, name + ".png")
        d.shot(path)
        shots.append(path)

    shot("title")
    for label, name in (("Settings", "settings"), ("Rules", "rules"), ("Help", "help")):
        d.menu_to(label)
        d.press("A")
        shot(name)
        d.press("B")
    d.menu_to("New match")
    d.press("A")
    shot("setup")
    d.press("B")
    d.new_match("Elfer Raus", players=4)
    m = app.match
    d.run_until(lambda: m.my_turn(), dt=1000)
    shot("table")
    ts = app.table_screen
    bad = [i for i, c in enumerate(ts.items(m)) if not m.legal(c)]
    if bad:
        ts.cursor = bad[0]
        d.press("A")
        shot("refused")
    d.press("START")
    shot("pause")
    d.press("A")
    for _ in range(40):  # well into the round
        if m.state.phase:
            break
        if m.my_turn():
            d.press("DOWN", "A") if m.nmoves and m.moves[0] < 250 else d.press("B")
        else:
            d.step(1000)
    shot("table_later")
    while m.state.phase == 0:
        if m.my_turn():
            d.press("DOWN", "A") if any(c < 250 for c in m.moves[: m.nmoves]) else d.press("B")
        else:
            d.step(1000)
    shot("round_over")
    d.press("A")
    shot("round_end")
    d.press("A")
    shot("scores")
    d.press("A")  # on to round 2
    for game, name in (("Cinquillo", "cinquillo"), ("Bastard", "bastard")):
        d.press("START")
        d.menu_to("Quit")
        d.press("A")
        d.new_match(game, players=4)
        m = app.match
        for _ in range(60):
            if m.state.phase:
                break
            if m.my_turn():
                d.press("DOWN", "A") if any(c < 250 for c in m.moves[: m.nmoves]) else d.press("B")
            else:
                d.step(1000)
        shot(name)
    # A whole one-round match, then the statistics it leaves.
    d.press("START")
    d.menu_to("Quit")
    d.press("A")
    d.new_match("Elfer Raus", players=2, Match="1 round")
    m = app.match
    while m.state.phase == 0:
        if m.my_turn():
            d.press("DOWN", "A") if any(c < 250 for c in m.moves[: m.nmoves]) else d.press("B")
        else:
            d.step(1000)
    d.press("A", "A", "A")
    shot("match_over")
    d.press("A")
    d.menu_to("Statistics")
    d.press("A")
    shot("statistics")
    d.press("B")
    error_screen(profile, shot)
    return shots


def error_screen(profile, shot):
    """The crash screen, as an unexpected exception in a turn leaves it (firmware/runner.py)."""
    from boards.sim import SimBoard
    from firmware.runner import Runner

    board = SimBoard(profile, scale=1, keyboard=True)
    runner = Runner(board)

    def broken(*args):
        raise RuntimeError("a fault injected for this screenshot")

    runner.app.settings.speed = 0
    runner.app.new_match()
    runner.app.match.bot_step = broken
    runner.app.match.play = broken
    for t in range(1, 200):
        runner.step(t * 1000)
        if runner.error is not None:
            break
        if runner.app.match.my_turn():
            board.press(4)  # A: play the focused card
    shot("error")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(simdrive.ROOT, "docs", "screenshots"))
    args = ap.parse_args(argv)
    for _, size in PROFILES:  # a folder we cannot write is named before anything is drawn
        folder = os.path.join(args.out, size)
        try:
            os.makedirs(folder, exist_ok=True)
            probe = os.path.join(folder, ".write-test")
            open(probe, "wb").close()
            os.remove(probe)
        except (OSError, ValueError) as e:
            why = getattr(e, "strerror", None) or e
            ap.exit(1, "--out %s: cannot write screenshots there: %s\n" % (ascii(folder), why))
    total = 0
    for profile, size in PROFILES:
        shots = session(profile, os.path.join(args.out, size))
        total += len(shots)
        print("%s: %d screens in %s" % (size, len(shots), os.path.join(args.out, size)))
    print("screenshots: %d" % total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
