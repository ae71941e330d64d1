"""A stand-in for CircuitPython's os.getenv() reading settings.toml, byte for byte as the port does.

    getenv = cpgetenv.getenv_for('ELFER_SPEED = fast\\n')   # as CircuitPython 10.1 and before
    getenv("ELFER_SPEED")      # raises ValueError, as the device does
    getenv = cpgetenv.getenv_for(text, version=(10, 2))     # as 10.2 and later

Two ports, both read from adafruit/circuitpython:

- Up to 10.1 (shared-module/os/getenv.c, e.g. tag 10.1.4; the worst case and the
  default here): a quoted value is a str; a bare value goes through
  mp_parse_num_integer (py/parsenum.c, base 0) and raises ValueError when it is not
  an integer (`ELFER_SPEED = fast`), else is an int; a malformed quoted value raises
  ValueError ("Invalid byte '\\n'", "Invalid unicode escape"); a value that is not
  UTF-8 raises UnicodeError (mp_obj_new_str_from_vstr, py/objstr.c).
- From 10.2 (supervisor/shared/settings.c, via common_hal_os_getenv in
  shared-module/os/__init__.c): every value is a str (a bare one trimmed at its end),
  a malformed or empty one gives the default; only bad UTF-8 still raises.

(host/emulate/cpsettings.py is the other half: what `make flash` merges into a user's
settings.toml must read cleanly.) Both read the file the same way: the first line whose key matches wins, a line
starting with `[` ends the search (tables are not read), `#` starts a comment
after a value. A missing file gives the default (getenv_for(None)).
"""

_SPACE = b" \t\n\v\f\r"  # unichar_isspace (py/unicode.c) and C isspace agree on these
_HEX = b"0123456789abcdefABCDEF"
_ESCAPES = {ord("b"): 8, ord("r"): 13, ord("n"): 10, ord("t"): 9, ord("v"): 11, ord("f"): 12}
NL = 10
EOF = 0  # get_next_byte() gives 0 at the end of the file (and for a NUL byte)


class _Bad(Exception):
    """GETENV_ERR_UNEXPECTED | byte (10.1), SETTINGS_ERR_BAD_VALUE (10.2)."""

    def __init__(self, byte):
        Exception.__init__(self)
        self.byte = byte


class _BadUnicode(Exception):
    """GETENV_ERR_UNICODE / SETTINGS_ERR_UNICODE: an escape past U+10FFFF."""


class _File:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def eof(self):
        return self.pos >= len(self.data)

    def next(self):
        if self.pos >= len(self.data):
            return EOF
        c = self.data[self.pos]
        self.pos += 1
        return c

    def next_line(self):
        c = self.next()
        while c != EOF and c != NL:
            c = self.next()

    def skip_space(self):
        """consume_whitespace(): the next byte that is not a space (a newline is returned)."""
        c = self.next()
        while c != NL and c != EOF and c in _SPACE:
            c = self.next()
        return c


def _key_matches(f, key):
    c = f.skip_space()
    if c == ord("[") or c == EOF:
        f.pos = len(f.data)
        return False
    for k in key:
        if c != k:
            if c != NL:
                f.next_line()
            return False
        c = f.next()
    if c in _SPACE:
        c = f.skip_space()  # (a newline here reads on into the next line, as the port does)
    if c != ord("="):
        if c != NL:
            f.next_line()
        return False
    return True


def _strtoul16(buf):
    """(value, end) as C strtoul(buf, &end, 16) with a 32-bit unsigned long."""
    s = buf.split(b"\0", 1)[0]
    i = 0
    while i < len(s) and s[i] in _SPACE:
        i += 1
    neg = False
    if i < len(s) and s[i] in b"+-":
        neg = s[i] == ord("-")
        i += 1
    if s[i : i + 2] in (b"0x", b"0X") and i + 2 < len(s) and s[i + 2] in _HEX:
        i += 2
    start = i
    v = 0
    while i < len(s) and s[i] in _HEX:
        v = min(v * 16 + int(chr(s[i]), 16), 0xFFFFFFFF)
        i += 1
    if i == start:
        return 0, 0
    return (-v & 0xFFFFFFFF if neg else v), i


def _unicode_escape(f, size, out):
    buf = bytes(f.next() for _ in range(size))
    value, end = _strtoul16(buf)
    if end != size:
        raise _Bad(buf[end])
    if value >= 0x110000:
        raise _BadUnicode()
    out += chr(value).encode("utf-8", "surrogatepass")  # vstr_add_char: surrogates too


def _quoted(f, out):
    while True:
        c = f.next()
        if c == EOF or c == NL:
            raise _Bad(c)
        if c == ord('"'):
            c = f.skip_space()
            if c == ord("#"):
                f.next_line()
                return
            if c == EOF or c == NL:
                return
            raise _Bad(c)
        if c == ord("\\"):
            c = f.next()
            if c == EOF or c == NL:
                raise _Bad(c)
            if c in _ESCAPES:
                c = _ESCAPES[c]
            elif c == ord("u") or c == ord("U"):
                _unicode_escape(f, 4 if c == ord("u") else 8, out)
                continue
        out.append(c)


def _bare(f, out, c, trim):
    trailing = 0
    while True:
        if c == EOF or c == NL or c == ord("#"):
            if c == ord("#"):
                f.next_line()
            if trim and trailing:
                del out[-trailing:]
            return
        out.append(c)
        trailing = trailing + 1 if c in b" \t\r" else 0
        c = f.next()


def _utf8_ok(b):
    """utf8_check (py/unicode.c): lead and continuation bytes only, nothing finer."""
    need = 0
    for c in b:
        if need:
            if c & 0xC0 != 0x80:
                return False
            need -= 1
        elif c >= 0xF8:
            return False
        elif c >= 0xC0:
            need = (0xE5 >> ((c >> 3) & 6)) & 3
        elif c >= 0x80:
            return False
    return need == 0


def _str(b):
    if not _utf8_ok(b):
        raise UnicodeError()
    try:
        return b.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:  # overlong forms pass the port's check; CPython has no str for them
        return b.decode("utf-8", "replace")


def parse_int(b):
    """mp_parse_num_integer(b, len, base 0) (py/parsenum.c, py/parsenumbase.c), long ints as MPZ builds."""
    i, top = 0, len(b)
    while i < top and b[i] in _SPACE:
        i += 1
    neg = False
    if i < top and b[i] in b"+-":
        neg = b[i] == ord("-")
        i += 1
    base = 10
    if top - i > 1 and b[i] == ord("0"):
        p = b[i + 1] | 32
        if p in b"xob":
            base = {ord("x"): 16, ord("o"): 8, ord("b"): 2}[p]
            i += 2
        else:
            base = 1  # a leading 0: only zeros may follow
    start = i
    v = 0
    while i < top:
        d = b[i]
        if 48 <= d <= 57:
            d -= 48
        elif d == ord("_"):
            i += 1
            continue
        else:
            d |= 0x20
            if 97 <= d <= 122:
                d -= 87
            else:
                break
        if d >= base:
            break
        v = v * base + d
        i += 1
    if i == start:
        raise ValueError("invalid syntax for integer with base %d" % (0 if base == 1 else base))
    while i < top and b[i] in _SPACE:
        i += 1
    if i != top:
        raise ValueError("invalid syntax for integer with base %d" % (0 if base == 1 else base))
    return -v if neg else v


def _quote(byte):
    return "'EOF'" if byte == EOF else repr(bytes((byte,)))[1:]


def getenv_for(text, version=(10, 1)):
    """os.getenv as the port reads `text` as /settings.toml (str or bytes; None: no file)."""
    data = text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text
    new = tuple(version) >= (10, 2)

    def getenv(key, default=None):
        if not isinstance(key, str):
            raise TypeError("can't convert %s to str" % type(key).__name__)
        if data is None:
            return default
        f = _File(data)
        while not f.eof():
            if _key_matches(f, key.encode()):
                return _value(f, default)
        return default

    def _value(f, default):
        out = bytearray()
        c = f.skip_space()
        try:
            if c == ord('"'):
                _quoted(f, out)
                return _str(bytes(out))
            if new and (c == NL or c == EOF):
                return default  # an empty value is an error
            _bare(f, out, c, new)
        except _Bad as e:
            if new:
                return default
            raise ValueError("Invalid byte %s" % _quote(e.byte)) from None
        except _BadUnicode:
            if new:
                return default
            raise ValueError("Invalid unicode escape") from None
        return _str(bytes(out)) if new else parse_int(bytes(out))

    return getenv
