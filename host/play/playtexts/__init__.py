"""The terminal front-end's texts (host/play/terminal.py) in the five languages, host only.

    from host.play import playtexts
    playtexts.use("de")
    playtexts.t("you_pass")

One module per language (en, de, es, nl, pt, the codes of firmware/lang), each
one dict T with the keys of en.py and the same %-placeholders (a test checks).
These tables stay on the computer: the device's texts are firmware/lang.
Besides strings, a few entries are tuples of words the input accepts
(color names, Cinquillo rank names, command words).

Decisions: the move letters d, e, p, h, q and the English card names are
understood in every language (the help and the prompt show the letters), the
language's own words come on top; the command line's usage errors stay in
English, as argparse's own texts do.
"""

CODES = ("en", "de", "es", "nl", "pt")

_TABLE = {}


def use(code):
    """Choose the language (one of CODES); ValueError naming it otherwise."""
    if code not in CODES:
        raise ValueError("language %r: not one of %s" % (code, ", ".join(CODES)))
    module = __import__("host.play.playtexts." + code, None, None, ("T",))
    _TABLE["T"] = module.T
    _TABLE["code"] = code


def current():
    if "T" not in _TABLE:
        use("en")
    return _TABLE["code"]


def table(code):
    """The dict of language `code` (for the tests)."""
    return __import__("host.play.playtexts." + code, None, None, ("T",)).T


def t(key):
    if "T" not in _TABLE:
        use("en")
    return _TABLE["T"][key]
