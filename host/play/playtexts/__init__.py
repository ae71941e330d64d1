"""The terminal version's own texts (host/play/terminal.py) in the five languages, host only.

    from host.play import playtexts
    playtexts.use("de")
    playtexts.t("you_pass")
    playtexts.words("words_quit")     # a word list: ('ende', 'aufhören')

One file per language, host/play/playtexts/<code>.txt (the codes of firmware/lang), in
firmware/lang's format (`key=text` lines, a comment line first) and read by
firmware/lang's own parser: a second copy of that module whose files are these
(_lang below), so the device's module and its heap are untouched. Every file has
en.txt's keys with the same %-placeholders (a test checks). They hold only what
the device does not say: a text the device has too (card and color names, seats,
bot levels, 'you', 'person', the hand-over's headings, the rules) is read from
firmware/lang, firmware/words.py and firmware/lang/rules_*.py, never copied here;
no key is in both catalogues, nor a text other than a word list ('or', 'your turn':
firmware/lang's msg_or, table_your_turn) (a test checks). These files are never bundled.

A word list is words separated by spaces. A text never begins or ends with a space
(editors strip them): the code puts the spaces around 'and' and 'or', and after a prompt.

Decisions: the move letters d, e, p, h, q and the English card names are
understood in every language (the help and the prompt show the letters), the
language's own words come on top; the command line's usage errors stay in
English, as argparse's own texts do.
"""

import importlib.util
import os

from firmware import lang as _device_lang

CODES = _device_lang.CODES
_HERE = os.path.dirname(os.path.abspath(__file__))


def _parser():
    """firmware/lang/__init__.py loaded a second time, as a module of its own that reads this folder's files."""
    spec = importlib.util.spec_from_file_location(__name__ + "._lang", _device_lang.__file__)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.path = path
    return module


def path(code):
    """Where language `code`'s file is: beside this module."""
    return os.path.join(_HERE, code + ".txt")


_lang = _parser()


def use(code):
    """Choose the language (one of CODES); ValueError naming it otherwise."""
    _lang.use(code)


def current():
    return _lang.current()


def t(key):
    """The text of `key` in the chosen language; KeyError when the file has no such key."""
    return _lang.t(key)


def words(key):
    """A word list of the chosen language, e.g. words('words_quit') == ('q', 'quit', 'exit')."""
    return tuple(t(key).split())


def keys(code="en"):
    """The keys of language `code`'s file, in its order."""
    out = []
    with open(path(code), encoding="utf-8") as f:
        for line in f:
            if line[:1] not in ("#", "=", "\n") and "=" in line:
                out.append(line.split("=", 1)[0])
    return out


def table(code):
    """{key: text} of language `code` (for the tests), read through the parser."""
    before = _lang.current()
    _lang.use(code)
    try:
        return {k: _lang.t(k) for k in keys(code)}
    finally:
        _lang.use(before)
