"""Player settings: language, bot speed, playable marks, sound, brightness, colour symbols, dimming.

Defaults can be set in settings.toml (read once, at boot; a saved choice from
the Settings menu wins over them):
    ELFER_LANG = "de"        # en, de, es, nl or pt
    ELFER_SPEED = "2"        # 0 instant, 1 fast, 2 normal, 3 slow
    ELFER_MARKS = "1"        # show playable cards
    ELFER_SOUND = "1"        # 1 on, 2 quiet, 0 off
    ELFER_BRIGHTNESS = "4"   # 1..4 quarters
    ELFER_SYMBOLS = "1"      # each Elfer Raus colour's shape on its cards and rows
    ELFER_DIM = "0"          # the backlight dims when idle: 0 after 30 s, 1 after 2 min, 2 never
A bad value keeps the default: the serial console says why, the title menu names it.
"""

from firmware import lang
from firmware.lang import CODES as LANG_CODES  # saves keep a language's index in it

DELAYS = (0, 250, 700, 1400)  # ms between bot moves per speed
# The settings, in the order a save keeps them (firmware/saves.py: append, never reorder), and
# each one's lowest, highest and default value, three bytes a setting (a bytes, not a tuple
# each: the table holds 160 bytes less).
NAMES = ("speed", "marks", "sound", "brightness", "lang", "symbols", "dim")
RANGES = b"\x00\x03\x02" b"\x00\x01\x01" b"\x00\x02\x01" b"\x01\x04\x04" b"\x00\x04\x00" b"\x00\x01\x01" b"\x00\x02\x00"


class Settings:
    def __init__(self):
        for i in range(len(NAMES)):
            setattr(self, NAMES[i], RANGES[3 * i + 2])
        self.lang = LANG_CODES.index(lang.current())  # the language in use (English at first)

    def set(self, name, value):
        if name not in NAMES:
            raise ValueError("no setting %r" % name)
        i = 3 * NAMES.index(name)
        lo = RANGES[i]
        hi = RANGES[i + 1]
        if not isinstance(value, int) or not lo <= value <= hi:
            raise ValueError("setting %s must be %d..%d, got %r" % (name, lo, hi, value))
        setattr(self, name, value)
        if name == "lang":
            _use_language(value)

    def delay(self):
        return DELAYS[self.speed]

    def load_defaults(self, getenv):
        """Apply ELFER_* values from settings.toml; a bad one keeps its default. Returns a
        notice naming the bad ones for the screen, or ''."""
        bad = []
        for name in NAMES:
            key = "ELFER_" + name.upper()
            got = "unreadable"
            try:
                raw = getenv(key)  # CircuitPython up to 10.1 raises on a malformed value
                if raw is None:
                    continue
                got = repr(raw)
                if name == "lang":
                    if raw not in LANG_CODES:
                        raise ValueError("one of " + ", ".join(LANG_CODES))
                    self.set(name, LANG_CODES.index(raw))
                else:
                    self.set(name, int(raw))
            except Exception as e:  # whatever the port's getenv or int() raises
                print("settings.toml: %s=%s ignored (%s)" % (key, got, e))
                bad.append(key)
        if not bad:
            return ""
        return lang.t(b"n_settings_bad" if len(bad) > 1 else b"n_setting_bad") % ", ".join(bad)


def _use_language(index):
    """Every text from now on in this language (only its table is loaded)."""
    lang.use(LANG_CODES[index])
