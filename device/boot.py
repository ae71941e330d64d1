"""CircuitPython boot.py from the Elfer Raus bundle.

Hold the "write" button while the board resets to let code (and `make flash`
over USB serial) write files; the CIRCUITPY drive is then read-only for the
computer until the next normal reset. Normal resets leave everything as usual.

    PyBadge / PyGamer / EdgeBadge: SELECT     CLUE: the left button (A)
    Feather ESP32-S3/S2 Reverse TFT: D2       Feather TFT (one button): not available
"""

import time

import board
import keypad
import storage


def write_button_held():
    if hasattr(board, "BUTTON_CLOCK"):  # the badges' shift register: key 3 is SELECT
        keys = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK,
            data=board.BUTTON_OUT,
            latch=board.BUTTON_LATCH,
            key_count=4,
            value_when_pressed=True,
        )
        key = 3
    elif hasattr(board, "BUTTON_A"):  # CLUE
        keys = keypad.Keys((board.BUTTON_A,), value_when_pressed=False, pull=True)
        key = 0
    elif hasattr(board, "D2") and hasattr(board, "D1"):  # Reverse TFT: D1/D2 read high when pressed
        keys = keypad.Keys((board.D2,), value_when_pressed=True, pull=True)
        key = 0
    else:
        return False
    time.sleep(0.1)  # a few scans: a key held since reset shows up as a press
    event = keys.events.get()
    held = False
    while event:
        if event.key_number == key and event.pressed:
            held = True
        event = keys.events.get()
    keys.deinit()
    return held


if write_button_held():
    storage.remount("/", readonly=False)
    print("boot.py: filesystem writable by code (CIRCUITPY read-only for the computer)")
