"""Rules written as text, 'classic players=4 optional_pass=1' (the form Rules.describe() writes),
read into a Rules object: for records, saves and command lines. Kept apart from engine.rules so
setting up a game from the menus interns none of the parser's words on a device."""

from engine import digits
from engine.rules import PRESET_ORDER, make_rules, refusal


def option_value(text):
    """An option's value as written ('3', '-1'): an int when it is a short run of ASCII digits
    0-9, else the text itself, which make_rules refuses naming what is allowed."""
    neg = text[:1] == "-"
    v = digits(text[1:] if neg else text, 6)
    if v < 0:
        return text
    return -v if neg else v


def _short(text):
    return text if len(text) <= 40 else text[:37] + "..."


def parse_rules(text):
    """Parse 'classic players=4 optional_pass=1' (the form Rules.describe() writes)."""
    parts = text.split()
    if not parts:
        raise refusal("preset", "''", ", ".join(PRESET_ORDER))
    options = {}
    for part in parts[1:]:
        if "=" not in part:
            raise refusal(_short(part), "?", "name=value")
        name, value = part.split("=", 1)
        if name == "preset":  # make_rules(preset, preset=...) would be a TypeError
            raise refusal("preset", _short(value), "a preset name as the first word, not an option")
        v = option_value(value)
        if not isinstance(v, int):
            raise refusal(_short(name), _short(value), None)
        options[name] = v
    return make_rules(_short(parts[0]), **options)
