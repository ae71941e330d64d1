"""Texts of the rules and help pages (short: they are read on a 160x128 screen)."""


def rules_text(game):
    """The Rules page of game ('elfer', 'cinquillo', 'bastard') in the chosen language, one
    sentence a line with the ids of its rules (docs/rules.md). Its module,
    firmware/lang/rules_<code>.py, is read for this and forgotten again: the rules are
    not in RAM while a match is played."""
    from engine import unload
    from firmware import lang

    name = "firmware.lang.rules_" + lang.current()
    text = "\n".join(__import__(name, None, None, ("PAGES",)).PAGES[game])
    unload(name)
    return text
