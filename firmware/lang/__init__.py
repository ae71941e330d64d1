"""The players' languages: one table of texts per language, only the chosen one in RAM.

    from firmware import lang
    lang.use("de")            # settings, ELFER_LANG, --lang
    lang.t("menu_rules")      # the text in the chosen language

Each language is a module firmware/lang/<code>.py holding one dict T. use()
imports it, keeps the dict and forgets the module, so a switch frees the old
table. Every table has every key of en.py with the same %-placeholders (a
test checks): t() raises KeyError for a key nobody wrote, never shows a key.
Texts may use the accented letters and symbols of firmware/glyphs.py.
"""

CODES = ("en", "de", "es", "nl", "pt")
NAMES = ("English", "Deutsch", "Español", "Nederlands", "Português")

_TABLE = [None, ""]  # the chosen language's dict, its code


def use(code):
    """Load the table of language `code` (one of CODES); ValueError naming it otherwise."""
    if code not in CODES:
        raise ValueError("language %r: not one of %s" % (code, ", ".join(CODES)))
    if _TABLE[1] == code:
        return
    from engine.compat import unload

    _TABLE[0] = None  # the old table can go before the new one is read
    module = __import__("firmware.lang." + code, None, None, ("T",))
    _TABLE[0] = module.T
    _TABLE[1] = code
    unload("firmware.lang." + code)


def current():
    if _TABLE[0] is None:
        use("en")
    return _TABLE[1]


def t(key):
    table = _TABLE[0]
    if table is None:
        use("en")
        table = _TABLE[0]
    return table[key]
