"""The players' languages (issue 12): five complete tables, one loaded at a time, chosen in
Settings, by ELFER_LANG in settings.toml, and kept in the saves."""

import os
import re

import pytest

from firmware import lang
from host.drive import simdrive

PLACEHOLDER = re.compile(r"%[-0-9]*[sdx%]")


def table(code):
    """A language's file as a dict (as the device reads it: key=text lines after a comment line)."""
    with open(lang.path(code), encoding="utf-8") as f:
        text = f.read()
    assert text.startswith("#"), code
    out = {}
    for line in text.splitlines():
        if line.startswith("#") or not line:
            continue
        key, sep, value = line.partition("=")
        assert sep and key and key.strip() == key, "%s.txt: %r is not key=text" % (code, line)
        assert key not in out, "%s.txt: %s twice" % (code, key)
        assert "\\" not in value.replace("\\n", ""), "%s.txt %s: only \\n may follow a backslash" % (code, key)
        out[key] = value.replace("\\n", "\n")
    return out


@pytest.mark.parametrize("code", lang.CODES[1:])
def test_every_language_has_every_english_key_with_the_same_placeholders(code):
    en = table("en")
    other = table(code)
    assert sorted(other) == sorted(en), "missing: %s; extra: %s" % (
        sorted(set(en) - set(other)),
        sorted(set(other) - set(en)),
    )
    for key, text in en.items():
        assert sorted(PLACEHOLDER.findall(other[key])) == sorted(PLACEHOLDER.findall(text)), (code, key)


@pytest.mark.parametrize("code", lang.CODES[1:])
def test_languages_are_translated_not_copied(code):
    """Most texts differ from the English (names and symbols may stay the same)."""
    en = table("en")
    other = table(code)
    same = [k for k in en if other[k] == en[k] and len(en[k]) > 8 and " " in en[k]]
    assert len(same) <= len(en) // 20, same


def test_t_gives_every_text_of_the_file_and_refuses_an_unknown_key():
    for code in lang.CODES:
        lang.use(code)
        for key, text in table(code).items():
            assert lang.t(key) == text, (code, key)
    with pytest.raises(KeyError):
        lang.t("no_such_key")
    with pytest.raises(KeyError):
        lang.t("m_")  # a prefix of keys is not a key
    lang.use("en")


def test_only_the_chosen_languages_index_is_held_and_a_bad_code_is_refused():
    """RAM holds 4 bytes a text (where its line starts), not the file: a text is read when shown."""
    lang.use("de")
    assert lang.current() == "de" and lang.t("m_rules") == "Regeln"
    index = lang._LANG[0]
    assert len(index) == 4 * len(table("de")) and len(index) * 6 < os.path.getsize(lang.path("de"))
    lang.use("pt")
    assert lang.t("m_rules") == "Regras"
    with pytest.raises(ValueError, match="'fr': not one of en, de, es, nl, pt"):
        lang.use("fr")
    assert lang.current() == "pt"  # nothing changed
    lang.use("en")


def test_keys_that_share_a_hash_each_find_their_own_text_and_a_bad_file_changes_nothing(tmp_path, monkeypatch):
    """The index is by a 14-bit hash of the key: keys of one hash are told apart by the line."""
    by_hash = {}
    for i in range(100000):
        key = "k%d" % i
        by_hash.setdefault(lang._hash(key.encode()), []).append(key)
        if len(by_hash[lang._hash(key.encode())]) == 3:
            same = by_hash[lang._hash(key.encode())]
            break
    lines = ["# a test language"] + ["%s=text %d" % (k, i) for i, k in enumerate(same)] + ["other=x\\ny"]
    (tmp_path / "nl.txt").write_text("\n".join(lines), encoding="utf-8")
    (tmp_path / "pt.txt").write_text("key=no comment line first\n", encoding="utf-8")
    lang.use("en")
    monkeypatch.setattr(lang, "path", lambda code: str(tmp_path / (code + ".txt")))
    lang.use("nl")
    assert [lang.t(k) for k in same] == ["text 0", "text 1", "text 2"] and lang.t("other") == "x\ny"
    with pytest.raises(KeyError):
        lang.t(same[0][:-1] + "x")
    with pytest.raises(ValueError, match="pt.txt: not a language file"):
        lang.use("pt")
    assert lang.current() == "nl" and lang.t(same[1]) == "text 1"
    monkeypatch.undo()
    lang.use("en")


MASTER = {"en": "master", "de": "Meister", "es": "maestro", "nl": "meester", "pt": "mestre"}


@pytest.mark.parametrize("code", lang.CODES)
def test_every_language_names_every_bot_level_including_master_with_glyphs_for_it(code):
    """The new-match screen's level names (firmware/menus.py FAST_LEVELS: the master on fast
    boards) in every language: each its own word, drawn with glyphs the screens have."""
    from firmware import menus, ui

    words = table(code)
    names = [words[key.decode()] for key, _ in menus.FAST_LEVELS]
    assert [lv for _, lv in menus.FAST_LEVELS[:-1]] == [lv for _, lv in menus.LEVELS]
    assert words["c_master"] == MASTER[code] and len(set(names)) == len(names), names
    for ch in "".join(names):
        assert ui.tile_of(ch) < ui.GLYPHS + len(ui.GLYPH_CHARS), (code, ch)


def test_language_chosen_in_settings_changes_every_menu_and_is_saved():
    nvm = bytearray(b"\xff" * 8192)
    d = simdrive.Driver("sim", lazy=True, nvm=nvm)
    d.menu_to("Settings")
    d.press("A")
    d.set_value("Language", "Nederlands")
    assert d.panel()[0] == "Instellingen"
    d.menu_to("Terug")
    d.press("A")
    assert d.panel()[:3] == ["ELFER RAUS!", "> Nieuw spel", "  Regels"]  # (nothing to continue)
    d2 = simdrive.Driver("sim", lazy=True, nvm=bytearray(d.board.nvm))  # power off and on
    assert d2.app.settings.lang == lang.CODES.index("nl") and d2.panel()[1] == "> Nieuw spel"
    lang.use("en")


def test_ELFER_LANG_in_settings_toml_sets_the_language_and_a_bad_one_says_so():
    lang.use("en")
    d = simdrive.Driver("sim", lazy=True, getenv={"ELFER_LANG": "es"}.get)
    assert d.panel()[:2] == ["¡ELFER RAUS!", "> Nueva partida"]
    lang.use("en")
    d = simdrive.Driver("sim", lazy=True, getenv={"ELFER_LANG": "fr"}.get)
    assert d.app.settings.lang == 0 and "ELFER_LANG" in " ".join(d.panel())


def test_saves_of_version_1_without_a_language_still_load():
    from firmware import saves
    from firmware.settings import Settings

    lang.use("en")
    s = Settings()
    s.set("lang", 3)
    new = saves.encode(s, {}, b"")
    assert new[0] == 4 and new[5] == 3 and new[6] == 1  # (version 3: the colour symbols after it, 4: dim)
    old = bytes([1, 1, 0, 1, 2, 0, 0, 0])  # version 1: speed, marks, sound, brightness; no stats, no match
    lang.use("en")
    s2 = Settings()
    stats, blob, notice = saves.decode(old, s2)
    assert (s2.speed, s2.marks, s2.sound, s2.brightness, s2.lang) == (1, 0, 1, 2, 0) and notice == ""
    lang.use("en")


@pytest.mark.parametrize("code", ["en", "de", "es", "nl", "pt"])
def test_statistics_say_one_round_in_the_singular_and_refusals_end_in_a_whole_sentence(code):
    """'1 rounds' read wrong in every language; the must-play refusal (E16, C7) ended '... so you
    must' (its verb left out)."""
    from firmware import statstext

    lang.use(code)
    try:
        one = statstext.text({("elfer", 3): [1, 0, 1, 120, 120, 0]})
        two = statstext.text({("elfer", 3): [1, 0, 2, 120, 60, 0]})
        plural = {"en": "rounds", "de": "Runden", "es": "rondas", "nl": "rondes", "pt": "rodadas"}[code]
        assert " 1 " + plural not in one and "1 " + plural[:-1] in one
        assert " 2 " + plural in two
        must = lang.t(b"msg_must_play").rstrip()
        verb = {"en": "play one", "de": "anlegen", "es": "jugar", "nl": "leggen", "pt": "jogar"}[code]
        assert must.endswith(verb), must
    finally:
        lang.use("en")
