"""The language tables (firmware/lang): every table has en.py's keys with the same %-placeholders."""

import importlib
import re

import pytest

from firmware import lang

PLACEHOLDER = re.compile(r"%(?:\([a-z_]+\))?[-0-9]*[sdr%]")


def table(code):
    return importlib.import_module("firmware.lang." + code).T


@pytest.mark.parametrize("code", lang.CODES[1:])
def test_every_table_has_exactly_the_english_keys(code):
    en = table("en")
    other = table(code)
    assert sorted(set(en) - set(other)) == [], "missing in %s.py" % code
    assert sorted(set(other) - set(en)) == [], "not in en.py but in %s.py" % code


@pytest.mark.parametrize("code", lang.CODES[1:])
def test_every_text_keeps_the_english_placeholders(code):
    en = table("en")
    other = table(code)
    for key in en:
        assert PLACEHOLDER.findall(other.get(key, "")) == PLACEHOLDER.findall(en[key]), (code, key, other.get(key))


@pytest.mark.parametrize("code", lang.CODES)
def test_every_text_is_a_nonempty_string(code):
    for key, text in table(code).items():
        assert isinstance(text, str) and text.strip(), (code, key)


def test_use_refuses_an_unknown_language_by_name():
    with pytest.raises(ValueError, match="'xx': not one of en, de, es, nl, pt"):
        lang.use("xx")
