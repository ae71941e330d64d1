"""getenv(name) from settings.toml for MicroPython, which has no os.getenv: as CircuitPython reads it.

Modelled on CircuitPython's reader up to 10.1 (host/emulate/cpgetenv.py is the host's byte-exact
model of it): the first line `KEY = value` wins, a line starting with `[` ends the
search; a "quoted string" gives a str (escapes \\b \\r \\n \\t \\v \\f \\uXXXX
\\UXXXXXXXX, any other escaped character stands for itself), a bare value an int
(base prefixes 0x, 0o, 0b; `#` starts a comment) and anything else raises ValueError
naming the key, as the port does. No file: the default. The file is read a line at a
time and nothing of it is kept.
"""

PATH = "settings.toml"
_ESC = {98: 8, 114: 13, 110: 10, 116: 9, 118: 11, 102: 12}  # b r n t v f


def getenv(name, default=None, path=PATH):
    key = name.encode()
    try:
        f = open(path, "rb")
    except OSError:
        return default
    with f:
        for line in f:
            text = line.strip()
            if text.startswith(b"["):
                break
            if not text.startswith(key):
                continue
            rest = text[len(key) :].lstrip()
            if rest.startswith(b"="):
                return _value(name, rest[1:].strip())
    return default


def _value(name, raw):
    if raw.startswith(b'"'):
        return _string(name, raw)
    bare = raw.split(b"#", 1)[0].strip()
    try:
        return int(bare.decode().replace("_", ""), 0)
    except ValueError:
        raise ValueError(
            "settings.toml: %s = %s is not a quoted string or an integer" % (name, bare.decode())
        ) from None


def _string(name, raw):
    out = bytearray()
    i = 1
    while i < len(raw):
        c = raw[i]
        if c == 34:  # the closing quote: then only a comment may follow
            tail = raw[i + 1 :].strip()
            if tail and not tail.startswith(b"#"):
                raise ValueError("settings.toml: %s has text after the closing quote" % name)
            return out.decode()
        if c == 92 and i + 1 < len(raw):  # a backslash
            e = raw[i + 1]
            i += 2
            if e in (117, 85):  # \uXXXX, \UXXXXXXXX
                n = 4 if e == 117 else 8
                try:
                    code = int(raw[i : i + n].decode(), 16)
                    if len(raw[i : i + n]) != n:
                        raise ValueError
                    out.extend(chr(code).encode())
                except ValueError:
                    raise ValueError("settings.toml: %s has a bad unicode escape" % name) from None
                i += n
            else:
                out.append(_ESC.get(e, e))
            continue
        out.append(c)
        i += 1
    raise ValueError("settings.toml: %s has no closing quote on its line" % name)
