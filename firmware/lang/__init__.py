"""The players' languages: one text file per language, only the chosen one in RAM.

    from firmware import lang
    lang.use("de")            # settings, ELFER_LANG, --lang
    lang.t("m_rules")         # "Regeln"

A language is firmware/lang/<code>.txt: a comment line first, then one text
per line, `key=text` (`\\n` in a text is a line break). use() reads the file
into one bytes object and t() cuts a text out of it when asked: no object per
text and no interned string stays behind (a dict of a few hundred strings
cost several KiB more, and the strings a .py table compiles into are interned
for good; docs/memory.md has the figures). Every file has exactly en.txt's
keys with the same %-placeholders (a test checks): t() raises KeyError for a
key nobody wrote, never shows a key. Texts may use the characters that
firmware/ui.py has glyphs for.
"""

CODES = ("en", "de", "es", "nl", "pt")
NAMES = ("English", "Deutsch", "Español", "Nederlands", "Português")

_TABLE = [None, ""]  # the chosen language's file as bytes, its code


def path(code):
    """Where language `code`'s file is: beside this module."""
    here = __file__
    cut = max(here.rfind("/"), here.rfind("\\"))
    return here[: cut + 1] + code + ".txt"


def use(code):
    """Load language `code` (one of CODES); ValueError naming it otherwise, nothing changed."""
    if code not in CODES:
        raise ValueError("language %r: not one of %s" % (code, ", ".join(CODES)))
    if _TABLE[1] == code:
        return
    old = _TABLE[0]
    _TABLE[0] = None  # the old text can go before the new one is read
    try:
        with open(path(code), "rb") as f:
            blob = f.read()
    except OSError:
        _TABLE[0] = old
        raise
    if blob[:1] != b"#":
        _TABLE[0] = old
        raise ValueError("%s: not a language file (it starts with a # comment line)" % path(code))
    _TABLE[0] = blob
    _TABLE[1] = code


def current():
    if _TABLE[0] is None:
        use("en")
    return _TABLE[1]


def t(key):
    """The text of `key` in the chosen language (KeyError if the file lacks it). Keys written
    in the code are bytes (b"m_rules"): MicroPython interns a str literal of up to 10
    characters for good, and some 200 keys pushed its string pool over a 15 KiB step."""
    blob = _TABLE[0]
    if blob is None:
        use("en")
        blob = _TABLE[0]
    k = key if isinstance(key, bytes) else key.encode()
    i = blob.find(b"\n" + k + b"=")
    if i < 0:
        raise KeyError(key)
    i += len(k) + 2
    j = blob.find(b"\n", i)
    text = blob[i : j if j >= 0 else len(blob)].decode()
    if "\\" in text:
        text = text.replace("\\n", "\n")
    return text
