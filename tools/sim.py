#!/usr/bin/env python3
"""Run the unchanged firmware on the desktop: Blinka displayio in a pygame window.

    python tools/sim.py [--board sim|clue|feather_tft] [--scale 3] [--terminal]

Keys: arrows = D-pad, X = A, Z = B, Enter = START, Space = SELECT, Esc quits
(the window title says so too). With no display (no X11/Wayland, or SDL cannot
open a window) it says so and starts the terminal front-end (tools/play.py).
"""

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def display_available():
    """Can SDL open a window here? (False on a headless machine.)"""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return False
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return False
    try:
        from boards import sdlenv

        sdlenv.prepare()
        import pygame

        pygame.display.init()
        pygame.display.quit()
        return True
    except Exception:
        return False


def open_save(save):
    """The saves file as the board's storage region (None: no saves); SystemExit naming it if unusable."""
    if not save:
        return None
    from firmware.fileregion import FileRegion

    try:
        os.makedirs(os.path.dirname(os.path.abspath(save)), exist_ok=True)
        return FileRegion(save, 8192)  # the saves survive closing the window, as on a board
    except (OSError, ValueError) as e:
        raise SystemExit("--save %s: cannot be used: %s" % (ascii(save), getattr(e, "strerror", None) or e)) from None


def run_window(profile, scale, nvm):
    from boards.sim import KEY_HELP, QuitRequested, SimBoard
    from firmware.runner import Runner

    board = SimBoard(profile, scale, nvm=nvm)
    import pygame

    pygame.display.set_caption("Elfer Raus (%s): %s, Esc quits" % (profile, KEY_HELP))
    runner = Runner(board, os.environ.get)
    start = time.monotonic()
    try:
        while True:
            runner.step(int((time.monotonic() - start) * 1000))
            time.sleep(0.01)
    except (QuitRequested, KeyboardInterrupt):
        return 0


BOARDS = (
    "sim",
    "pybadge",
    "pygamer",
    "clue",
    "feather_tft",
    "feather_reverse_tft",
)  # boards/sim.py PROFILES (checked by a test)


def scale_arg(text):
    if not (text.isascii() and text.isdigit() and len(text) < 3 and 1 <= int(text) <= 8):
        raise argparse.ArgumentTypeError("%s: a whole number from 1 to 8" % ascii(text))
    return int(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", default="sim", choices=BOARDS, help="screen size and buttons to pose as")
    ap.add_argument("--scale", type=scale_arg, default=3, help="window scale, 1 to 8 (default 3)")
    ap.add_argument("--terminal", action="store_true", help="play in the terminal instead")
    ap.add_argument("--save", default=os.path.join(ROOT, "build", "sim-save.bin"), help="the saves file ('' for none)")
    args, rest = ap.parse_known_args(argv)
    if not args.terminal and not display_available():
        print("No display here (headless): starting the terminal version instead (tools/play.py).")
        args.terminal = True
    if args.terminal:
        sys.path.insert(0, os.path.join(ROOT, "tools"))
        import play

        return play.main(rest)
    if rest:
        ap.error("unrecognized arguments for the window: %s" % " ".join(ascii(a) for a in rest))
    return run_window(args.board, args.scale, open_save(args.save))


if __name__ == "__main__":
    sys.exit(main())
