"""Figures measured on a real firmware image on the emulated Pico (simulated 125 MHz), key: value lines.

    python -m host.measure.rp2040_bench [PROFILE ...] [--turns N]

For each profile whose runtime has an image (host/emulate/pico.py firmware_image): boot to the
title's last pixel; a classic match against the setup menu's default bots; at each of the
person's turns (each action: a card, or the end box) the heap after a collect, then the action (DOWN, then A tapped
for 100 ms) timed from A's press to the last pixel it causes (the pixels stop for 200 ms: the
bots' pacing waits longer); the loop passes over 40 ms the probe reports (the bots' moves and
redraws), and the flash the saves erased. Simulated time: the same figure on any machine.
"""

import argparse
import statistics
import sys

from host.drive.picodrive import PicoPilot
from host.emulate import pico as emu

PROFILES = ("pico_st7735r", "pico_lcd_114_cp", "pico_lcd_114")


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def measure(profile, turns, out=print):
    key = profile
    with PicoPilot(profile) as p:
        out("rp2040_boot_to_title_ms_%s: %.0f" % (key, p.title_ms))
        heaps = [p.heap()[0]]
        p.menu_to("New match")
        p.press("A")
        heaps.append(p.heap()[0])
        p.menu_to("Start")
        p.press("A")
        moves = []
        e0 = p.pico.stats()["erases"]
        a_key = p.key_for("A")[0]
        for _ in range(turns):
            p.wait_for(lambda: p.my_turn() or p.screen_name() != "TableScreen", limit_ms=60000)
            if not p.my_turn():  # the round is over
                break
            heaps.append(p.heap()[0])
            p.press("DOWN")
            p.settle(quiet_ms=200)
            t0 = p.down(a_key)
            p.pico.run(100)
            p.up(a_key)
            last = p.settle(quiet_ms=200)
            moves.append(last - t0)
        stats = p.pico.stats()
        slow = [ms for _, ms in p.slow_steps()]
        errors = p.errors()
    out("rp2040_move_ms_%s_median: %.0f" % (key, statistics.median(moves)))
    out("rp2040_move_ms_%s_p95: %.0f" % (key, pct(moves, 95)))
    out("rp2040_moves_%s: %d" % (key, len(moves)))
    if slow:
        out("rp2040_table_step_ms_%s_median: %d" % (key, statistics.median(slow)))
        out("rp2040_table_step_ms_%s_max: %d" % (key, max(slow)))
    out("rp2040_live_kib_%s_max: %.1f" % (key, max(heaps) / 1024))
    out("rp2040_flash_erases_%s: %d" % (key, stats["erases"] - e0))
    out("rp2040_flash_busy_ms_%s: %.0f" % (key, stats["flash_busy_ms"]))
    out("rp2040_console_errors_%s: %d" % (key, len(errors)))
    return errors


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("profiles", nargs="*", default=PROFILES)
    ap.add_argument("--turns", type=int, default=8)
    args = ap.parse_args(argv)
    bad = 0
    for profile in args.profiles:
        runtime = emu.RUNTIME[profile]
        if emu.firmware_image(runtime) is None:
            print("rp2040_%s: no %s image (docs/firmware-emulation.md)" % (profile, runtime))
            continue
        bad += len(measure(profile, args.turns))
        sys.stdout.flush()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
