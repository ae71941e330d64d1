"""settings.toml as CircuitPython reads it, for merging ours into a user's file.

CircuitPython does not use a TOML library: supervisor/shared/settings.c looks a
key up by scanning the file line by line, as bytes:

- leading whitespace is skipped; a line whose first other character is `[`
  (a table header) ends the scan: nothing after it is ever read;
- a line is the key when it is the key's bytes, optional whitespace, then `=`;
  any other line (blank, `# comment`, anything else) is passed over; the first
  matching line wins;
- the value: a "quoted string" (escapes \\b \\r \\n \\t \\v \\f \\uXXXX \\UXXXXXXXX,
  others stand for themselves), then only whitespace or a `# comment`; or a bare
  value up to `#` or the end of the line, which os.getenv turns into true/false,
  an integer (strtol base 0) or a float, and anything else is "Invalid format".

merge() keeps the user's file byte for byte (comments, order, keys it does not
know such as CIRCUITPY_WIFI_SSID, line endings) and adds only our keys it lacks,
before the first table header so that CircuitPython sees them. A key the user
commented out (`# ELFER_BOARD = ...`) counts as present: that is how a setting is
switched off. A file CircuitPython would not read cleanly is never rewritten:
merge() raises SettingsError naming the line.
"""

import re

SPACE = b" \t\r\v\f"  # unichar_isspace without the newline
BARE_KEY = re.compile(rb"[A-Za-z0-9_-]+\Z")
COMMENTED_KEY = re.compile(rb"#[ \t]*([A-Za-z0-9_-]+)[ \t]*=")
INT = re.compile(rb"[ \t]*[+-]?(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)[ \t\r]*\Z")
FLOAT = re.compile(rb"[+-]?(inf|nan|([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?)\Z")
ESCAPES = b"brntvf"


class SettingsError(Exception):
    """The file is not one CircuitPython reads cleanly: the message names the line."""


def _string_ok(rest):
    """rest starts after the opening quote; '' when CircuitPython reads it, else why not."""
    i = 0
    while i < len(rest):
        c = rest[i : i + 1]
        if c == b'"':
            tail = rest[i + 1 :].lstrip(SPACE)
            return "" if not tail or tail.startswith(b"#") else "text after the closing quote"
        if c == b"\\":
            e = rest[i + 1 : i + 2]
            if not e:
                break
            if e in (b"u", b"U"):
                n = 4 if e == b"u" else 8
                digits = rest[i + 2 : i + 2 + n]
                if len(digits) != n or not all(d in b"0123456789abcdefABCDEF" for d in digits):
                    return "bad \\%s escape" % e.decode()
                if int(digits, 16) >= 0x110000:
                    return "bad unicode escape"
                i += 2 + n
                continue
            i += 2
            continue
        i += 1
    return "the string has no closing quote on its line"


def _bare_ok(value):
    if value in (b"true", b"false") or INT.match(value) or FLOAT.match(value):
        return ""
    return "%s is not a quoted string, true/false or a number" % value.decode("utf-8", "replace")


def scan(data):
    """(keys in order, commented-out keys, byte offset where the part CircuitPython reads ends).

    Raises SettingsError for a file CircuitPython would not read cleanly."""
    if b"\0" in data:
        raise SettingsError("it contains a NUL byte")
    keys, off, end = [], set(), len(data)
    pos = 0
    for number, line in enumerate(data.split(b"\n"), 1):
        start = pos
        pos += len(line) + 1
        text = line.lstrip(SPACE)
        if text.startswith(b"["):
            end = start
            break
        if not text.strip(SPACE):
            continue
        if text.startswith(b"#"):
            m = COMMENTED_KEY.match(text)
            if m:
                off.add(m.group(1).decode())
            continue
        key, eq, value = text.partition(b"=")
        key = key.rstrip(SPACE)
        if not eq or not BARE_KEY.match(key):
            raise SettingsError("line %d is not KEY = value" % number)
        value = value.lstrip(SPACE)
        if value.startswith(b'"'):
            why = _string_ok(value[1:])
        else:
            value = value.split(b"#", 1)[0].rstrip(SPACE)
            why = _bare_ok(value) if value else "%s has no value" % key.decode()
        if why:
            raise SettingsError("line %d: %s" % (number, why))
        keys.append(key.decode())
    return keys, off, end


def merge(existing, ours):
    """(merged bytes, [keys added]); existing unchanged when nothing is missing.

    Raises SettingsError (naming the line) when existing is not readable as CircuitPython reads it."""
    have, off, end = scan(existing)
    have = set(have) | off
    adds = []
    for line in ours.split(b"\n"):
        text = line.strip(SPACE)
        key = text.partition(b"=")[0].rstrip(SPACE)
        if text and not text.startswith(b"#") and BARE_KEY.match(key) and key.decode() not in have:
            adds.append((key.decode(), line.rstrip(b"\r")))
            have.add(key.decode())
    if not adds:
        return existing, []
    nl = b"\r\n" if b"\r\n" in existing else b"\n"
    head, tail = existing[:end], existing[end:]
    if head and not head.endswith(b"\n"):
        head += nl
    block = b"".join(line + nl for _, line in adds)
    return head + block + tail, [k for k, _ in adds]


def _value_span(data, key):
    """(start, end) byte offsets of the value CircuitPython reads for key (the first line that
    sets it, before any table header), or None. The value is a quoted string through its closing
    quote, or a bare value without its comment. data must have passed scan()."""
    want = key.encode()
    pos = 0
    for line in data.split(b"\n"):
        start = pos
        pos += len(line) + 1
        text = line.lstrip(SPACE)
        if text.startswith(b"["):
            return None
        name, eq, value = text.partition(b"=")
        if not eq or name.rstrip(SPACE) != want:
            continue
        at = start + len(line) - len(value.lstrip(SPACE))
        value = value.lstrip(SPACE)
        if value.startswith(b'"'):
            i = 1
            while value[i : i + 1] != b'"':
                i += 2 if value[i : i + 1] == b"\\" else 1
            return at, at + i + 1
        return at, at + len(value.split(b"#", 1)[0].rstrip(SPACE))
    return None


def sync(existing, ours, keys):
    """(bytes, [(key, old value, new value)]): each of keys that existing sets to another value
    than ours gets our value, in place (the rest of its line, a comment, is kept). A key the user
    commented out stays so (detection instead); a key existing lacks is merge()'s to add.

    Raises SettingsError (naming the line) when existing is not readable as CircuitPython reads it."""
    scan(existing)
    changed = []
    for key in keys:
        mine, theirs = _value_span(ours, key), _value_span(existing, key)
        if mine is None or theirs is None:
            continue
        new, old = ours[mine[0] : mine[1]], existing[theirs[0] : theirs[1]]
        if new != old:
            existing = existing[: theirs[0]] + new + existing[theirs[1] :]
            changed.append((key, old.decode("utf-8", "replace"), new.decode("utf-8", "replace")))
    return existing, changed
