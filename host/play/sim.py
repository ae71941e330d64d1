#!/usr/bin/env python3
"""Run the unchanged firmware on the desktop: Blinka displayio in a pygame window.

    python -m host.play.sim [--board sim|clue|feather_tft] [--scale 3] [--lang de] [--terminal ...]
    python -m host.play.sim --host | --join [HOST[:PORT]] [--port N]   # link play (docs/link.md)

Keys: arrows = D-pad, X = A, Z = B, Enter = START, Space = SELECT, Esc quits
(the window title says so too). With no display (no X11/Wayland, or SDL cannot
open a window) it says so and starts the terminal front-end (host/play/terminal.py).
--help lists the options of both; an option of the one that does not run is
refused (never ignored), as is any unknown option.
"""

import argparse
import os
import sys
import time

from host.play import terminal as play  # (the terminal version: its options are listed and handed on)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

WINDOW_OPTIONS = ("board", "scale", "save", "symbols")


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


def udp_radio_maker(join=None, port=None):
    """The window's radio for link play (boards/radio_udp.py): the beacons' port, so that it
    hears the tables nearby, unless that is taken here (a second window: then any port, and the
    tables only of a host it asks, join=HOST[:PORT]) or --port says."""
    from boards.radio_udp import UdpRadio
    from host.play.linkterm import BEACON_PORT, parse_address

    ask = parse_address(join) if join else None

    def make():
        first = port if port is not None else BEACON_PORT
        try:
            return UdpRadio(port=first, host="0.0.0.0", broadcast_port=BEACON_PORT, ask=ask)
        except OSError as e:
            if port is not None:
                raise SystemExit("--port %d: %s" % (port, e)) from None
            print("UDP port %d is taken here (%s): any port instead; --join HOST asks a host" % (first, e))
            return UdpRadio(port=0, host="0.0.0.0", broadcast_port=BEACON_PORT, ask=ask)

    return make


def run_window(profile, scale, nvm, lang=None, link=None, symbols=None):
    from boards.sim import QuitRequested, SimBoard
    from firmware.runner import Runner

    board = SimBoard(profile, scale, nvm=nvm)
    if link is not None:  # (role or None, join address, port): the title menu offers Host and Join
        board.radio = udp_radio_maker(link[1], link[2])
    import pygame

    pygame.display.set_caption("Elfer Raus (%s): %s, Esc quits" % (profile, board.keyboard_help()))
    runner = Runner(board, os.environ.get)
    if (lang or symbols) and runner.app is not None:  # asked for now: wins over what the saves hold
        from firmware import screens
        from firmware.lang import CODES

        if lang:
            runner.app.settings.set("lang", CODES.index(lang))
        if symbols:
            runner.app.settings.set("symbols", 1 if symbols == "on" else 0)
        screens.show_title(runner.app)
    if link is not None and link[0] is not None and runner.app is not None:
        from firmware import lobby

        lobby.show(runner.app, b"m_" + link[0].encode())  # --host: the table's set-up; --join: the tables heard
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
    "pico_lcd_114",
    "pico_display",
    "pico_lcd_13",
    "oled128x64",
)  # boards/sim.py PROFILES (checked by a test)


def scale_arg(text):
    if not (text.isascii() and text.isdigit() and len(text) < 3 and 1 <= int(text) <= 8):
        raise argparse.ArgumentTypeError("%s: a whole number from 1 to 8" % ascii(text))
    return int(text)


def build_parser():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    window = ap.add_argument_group("the window")
    window.add_argument(
        "--board", default=None, choices=BOARDS, help="screen size and buttons to pose as (default sim)"
    )
    window.add_argument("--scale", type=scale_arg, default=None, help="window scale, 1 to 8 (default 3)")
    window.add_argument("--save", default=None, help="the saves file (default build/sim-save.bin; '' for none)")
    window.add_argument(
        "--symbols",
        default=None,
        choices=("on", "off"),
        help="colour symbols: each colour's shape on its cards and rows (default on; the terminal names colours)",
    )
    both = ap.add_argument_group("both")
    both.add_argument("--terminal", action="store_true", help="play in the terminal instead of the window")
    play.add_language_option(both)
    play.add_link_options(both)
    terminal = ap.add_argument_group("the terminal version (--terminal, or when there is no display)")
    play.add_terminal_options(terminal)
    return ap


def _given(args, names):
    return ["--" + name for name in names if getattr(args, name) is not None]


def main(argv=None):
    ap = build_parser()
    args = ap.parse_args(argv)
    window_only = _given(args, WINDOW_OPTIONS)
    if not args.terminal and not display_available():
        if window_only:
            ap.error("no display here, so the terminal version would run, which has no %s" % "/".join(window_only))
        print("No display here (headless): starting the terminal version instead (host/play/terminal.py).")
        args.terminal = True
    if args.terminal:
        if window_only:
            ap.error("%s: for the window only; the terminal version has none" % "/".join(window_only))
        return play.run(args)
    terminal_only = _given(args, play.TERMINAL_OPTIONS)
    if terminal_only:
        ap.error(
            "%s: for the terminal version only (add --terminal); in the window the menus choose the game"
            % "/".join(terminal_only)
        )
    if args.code is not None or args.name is not None:
        ap.error("--code/--name: for the terminal version only (add --terminal); in the window the screens ask")
    if args.join is not None:
        from host.play.linkterm import parse_address

        try:
            parse_address(args.join or "x")
        except ValueError as e:
            ap.error(str(e))
    role = "host" if args.host else "join" if args.join is not None else None
    if args.lang:
        os.environ["ELFER_LANG"] = args.lang  # the firmware reads it through the Runner's getenv
    if args.symbols:  # (read at boot, and set again after it: it wins over a saved choice, as --lang)
        os.environ["ELFER_SYMBOLS"] = "1" if args.symbols == "on" else "0"
    save = os.path.join(ROOT, "build", "sim-save.bin") if args.save is None else args.save
    link = (role, args.join or None, args.port)
    scale = 3 if args.scale is None else args.scale
    return run_window(args.board or "sim", scale, open_save(save), args.lang, link, args.symbols)


if __name__ == "__main__":
    sys.exit(main())
