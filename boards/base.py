"""The interface every board profile offers the firmware, and the shared plumbing.

A board has: width, height, gfx (the drawing surface: boards/gfx_displayio.py or
boards/gfx_framebuf.py), show(layer) (make a layer of gfx the screen), refresh()
(push what changed), display (auto_refresh off; the firmware refreshes),
read_key() -> key code (-1: none; else key_number * 2 + 1 when pressed,
key_number * 2 when released: an int, so reading keys allocates nothing),
key_ms (the time, in the firmware's ticks, of the change read_key() last returned; -1 where
the board cannot tell: then the firmware takes the time it read it), overflowed() (the key
queue lost events; cleared by asking), keymap (key
number -> logical button), holdmap (None, or per key None or a 3-tuple of
logical buttons for a short, long and very long press: the CLUE and the
one- and three-button Feathers), has_backlight, tone(freq, ms) and hush(),
show_turn(seat, players), battery() (percent or None), brightness(level),
storage() (a byte region for saves, or None), fast (the board decides fast enough for
the bot levels made for fast hosts: the firmware offers the master level only there,
firmware/menus.py levels_for), radio (link play: a callable that opens a radio, or None where
the board has none; the title menu offers Host a table and Join a table only where it is set:
docs/link.md).
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


# Logical buttons (bits), the firmware's only view of the hardware.
LEFT = const(1)
RIGHT = const(2)
UP = const(4)
DOWN = const(8)
A = const(16)
B = const(32)
START = const(64)
SELECT = const(128)
BUTTON_NAMES = (
    (LEFT, "LEFT"),
    (RIGHT, "RIGHT"),
    (UP, "UP"),
    (DOWN, "DOWN"),
    (A, "A"),
    (B, "B"),
    (START, "START"),
    (SELECT, "SELECT"),
)

# Seat colors for NeoPixels (dim: the badges' pixels are bright).
SEAT_RGB = ((0, 0, 24), (24, 0, 0), (0, 20, 0), (20, 12, 0), (14, 0, 20), (0, 16, 16))


class Board:
    name = "generic"
    width = 160
    height = 128
    keymap = ()
    holdmap = None
    has_backlight = False
    # Link play (firmware/lobby.py, remote.py): a callable opening the board's radio (send(addr,
    # data), broadcast(data), recv() -> (addr, data) or None, close()), or None. The Feather TFTs'
    # is ESP-NOW (boards/feather_tft.py), the CLUE's BLE (boards/radio_ble.py), a Pico W's Wi-Fi
    # (boards/mpboard.py, boards/network.py); the simulator's is boards/radio_udp.py. The host
    # sets `hosting = True` on its radio before the radio's first use (firmware/remotehost.py host).
    radio = None
    # radio_seats: where the radio takes fewer remote seats than a table's 5 (the CLUE's BLE: 4), read by
    # firmware/hosting.py as getattr(board, "radio_seats", 5): no name more at boot on the other boards.
    # A speed fact, not a rule: True on hosts that decide ~20x the expert's work within the bot
    # budget (the desktop simulator, the browser page, ESP32-S3 class boards). Handhelds: False.
    fast = False
    gfx = None  # the drawing surface; displayio boards: boards.gfx_displayio.GFX
    # (logical button, printed name) for each button the board has (firmware/keys.py).
    labels = ()

    # kind -> Hz where the board's speaker cannot play firmware/app.py's SOUNDS' pitches, or None.
    sounds = None

    def __init__(self):
        self.display = None
        self.keys = None  # a keypad object
        self.event = None  # the one keypad.Event every read fills
        self.key_ms = -1
        self.speaker = None
        self.pixels = None
        self.muted = False
        self.loud = True  # (the sound setting: on, or quiet)

    def read_key(self):
        return self.read_keypad(self.keys.events, 0)

    def read_keypad(self, events, offset):
        """read_queue, keeping the event's time in key_ms: keypad stamps an event with
        supervisor.ticks_ms when its background scan saw the change (shared-module/keypad/
        __init__.c keypad_scan_now, EventQueue.c), the clock adafruit_ticks reads on CircuitPython.
        A press and release that both came during a slow loop pass keep their own times."""
        code = read_queue(events, self.event, offset)
        self.key_ms = self.event.timestamp if code >= 0 else -1
        return code

    def overflowed(self):
        return queue_overflowed(self.keys.events)

    def show(self, layer):
        """Make layer the screen: a displayio board shows its Group (others override this)."""
        if self.display.root_group is not layer.group:
            self.display.root_group = layer.group

    def refresh(self):
        self.display.refresh()

    def tone(self, freq, ms):
        """Start a short beep and return at once (the app calls hush() ms later); boards without
        a speaker stay silent."""
        if self.speaker is None or self.muted:
            return
        self.speaker.start(freq, self.loud)

    def hush(self):
        """The beep's time is up (firmware/app.py App.step)."""
        if self.speaker is not None:
            self.speaker.stop()

    def show_turn(self, seat, players):
        """Light the pixels in the color of the seat on turn (seat < 0: off)."""
        px = self.pixels
        if px is None:
            return
        rgb = (0, 0, 0) if seat < 0 else SEAT_RGB[seat % len(SEAT_RGB)]
        px.fill(rgb)
        px.show()

    def battery(self):
        return None

    def storage(self):
        """The byte region saves live in (firmware/store.py): microcontroller.nvm on
        CircuitPython (8 KiB on SAMD51 and nRF52840, 4 KiB on RP2040), a folder of small
        files on a MicroPython board's flash, else None (no saves)."""
        try:
            import microcontroller

            return microcontroller.nvm
        except (ImportError, AttributeError):
            pass
        import sys

        if sys.implementation.name == "micropython":  # littlefs: a few small files (4 KiB as a region)
            from firmware.folderregion import FolderRegion

            return FolderRegion("elfer-saves", 4096)
        return None

    def brightness(self, level):
        """level 1..4 (quarter steps); boards without a backlight ignore it."""
        if self.has_backlight and self.display is not None:
            self.display.brightness = level / 4


def read_queue(events, event, offset):
    """Next key code from a keypad EventQueue, key numbers shifted by offset; -1 if empty."""
    if events.get_into(event):
        return (event.key_number + offset) * 2 + (1 if event.pressed else 0)
    return -1


def queue_overflowed(events):
    if events.overflowed:
        events.clear()  # what is left is out of order: drop it, the firmware releases every key
        events.overflowed = False
        return True
    return False


def builtin_display():
    import board

    d = board.DISPLAY
    d.auto_refresh = False
    return d


def neopixels(count, pin_name="NEOPIXEL"):
    try:
        import board
        import neopixel

        return neopixel.NeoPixel(getattr(board, pin_name), count, brightness=0.1, auto_write=False)
    except (ImportError, AttributeError, ValueError):
        return None  # no pixel library in the bundle: the game plays without lights
