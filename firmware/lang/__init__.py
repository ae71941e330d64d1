"""The players' languages: one text file per language, read a text at a time.

    from firmware import lang
    lang.use("de")            # settings, ELFER_LANG, --lang
    lang.t("m_rules")         # "Regeln"

A language is firmware/lang/<code>.txt: a comment line first, then one text
per line, `key=text` (`\\n` in a text is a line break). use() reads the file
once to index it: where each key's line starts, by a 14-bit hash of the key,
4 bytes a text in one bytearray (under 1 KiB, where the file itself is ~7.5 KB).
t() finds the key's line by the index and reads that line from the file: a text
is in RAM only while it is shown or, when short, among the last 16 its screen read (the
table's own, asked for every turn), and no interned string stays behind (a dict of
a few hundred strings cost several KiB more, and the strings a .py table
compiles into are interned for good; docs/memory.md has the figures). Every
file has exactly en.txt's keys with the same %-placeholders (a test checks):
t() raises KeyError for a key nobody wrote, never shows a key. Texts may use
the characters that firmware/ui.py has glyphs for.
"""

CODES = ("en", "de", "es", "nl", "pt")
NAMES = ("English", "Deutsch", "Español", "Nederlands", "Português")

_LANG = [None, "", ""]  # the chosen language's index (bytearray), its code, its file's path
# The texts read last, by key: the table asks for the same dozen every turn, and a read is a
# file opened, sought and read (on a board's littlefs, a walk of its directories first).
# Let go when the screen changes (forget(): firmware/app.py show), so only the screen on
# show's texts stay.
_RECENT = {}
_RECENT_MOST = 16


def forget():
    """Let the texts read so far go (a new screen asks for its own)."""
    _RECENT.clear()


# use() looks path up when it runs, not when this module loads: the terminal version's own texts
# (host/play/playtexts) are this module loaded again, as a module of its own, with path replaced.
def path(code):
    """Where language `code`'s file is: beside this module."""
    here = __file__
    cut = max(here.rfind("/"), here.rfind("\\"))
    return here[: cut + 1] + code + ".txt"


def _hash(k):
    h = 0
    for b in k:
        h = (h * 31 + b) & 0x3FFF
    return h


def use(code):
    """Load language `code` (one of CODES); ValueError naming it otherwise, nothing changed."""
    if code not in CODES:
        raise ValueError("language %r: not one of %s" % (code, ", ".join(CODES)))
    if _LANG[1] == code:
        return
    where = path(code)
    entries = []  # hash << 16 | where the key's line starts: below 2**30, a small int on a board
    buf = bytearray(128)  # the file is read through this one buffer: no object a line
    with open(where, "rb") as f:
        n = f.readinto(buf)
        if not n or buf[0] != 35:  # "#"
            raise ValueError("%s: not a language file (it starts with a # comment line)" % where)
        at = 0  # the file offset of buf[0]
        start = 0  # where the line being read starts
        h = 0
        state = 2  # 0: a line's start, 1: in its key, 2: the rest of the line
        while n:
            for i in range(n):
                c = buf[i]
                if c == 10:  # a line ends; a key line without "=" is not a text
                    state = 0
                    start = at + i + 1
                elif state == 1:
                    if c == 61:  # "=": the key is whole
                        if start > 0xFFFF:
                            raise ValueError("%s: longer than 64 KiB" % where)
                        entries.append(h << 16 | start)
                        state = 2
                    else:
                        h = (h * 31 + c) & 0x3FFF
                elif state == 0:
                    if c == 35 or c == 61:  # a comment, or "=" with no key
                        state = 2
                    else:
                        h = c & 0x3FFF
                        state = 1
            at += n
            n = f.readinto(buf)
    entries.sort()
    index = bytearray(4 * len(entries))
    for i in range(len(entries)):
        v = entries[i]
        for b in range(4):
            index[4 * i + b] = (v >> (24 - 8 * b)) & 255
    _LANG[0] = index
    _LANG[1] = code
    _LANG[2] = where
    _RECENT.clear()


def current():
    if _LANG[0] is None:
        use("en")
    return _LANG[1]


def t(key):
    """The text of `key` in the chosen language (KeyError if the file lacks it). Keys written
    in the code are bytes (b"m_rules"): MicroPython interns a str literal of up to 10
    characters for good, and some 200 keys pushed its string pool over a 15 KiB step."""
    k = key if isinstance(key, bytes) else key.encode()  # (one type of key in _RECENT)
    text = _RECENT.get(k)
    if text is not None:
        return text
    index = _LANG[0]
    if index is None:
        use("en")
        index = _LANG[0]
    h = _hash(k)
    lo = 0
    hi = len(index) // 4
    while lo < hi:  # the first entry with this hash
        mid = (lo + hi) // 2
        if (index[4 * mid] << 8 | index[4 * mid + 1]) < h:
            lo = mid + 1
        else:
            hi = mid
    n = len(k)
    with open(_LANG[2], "rb") as f:
        while lo < len(index) // 4 and (index[4 * lo] << 8 | index[4 * lo + 1]) == h:
            f.seek(index[4 * lo + 2] << 8 | index[4 * lo + 3])
            line = f.readline()
            if line[n : n + 1] == b"=" and line.startswith(k):
                text = line[n + 1 :].rstrip(b"\r\n").decode()
                if "\\" in text:
                    text = text.replace("\\n", "\n")
                if len(text) <= 40:  # a page's long texts are read once a showing
                    if len(_RECENT) >= _RECENT_MOST:
                        _RECENT.clear()
                    _RECENT[k] = text
                return text
            lo += 1
    raise KeyError(key)
