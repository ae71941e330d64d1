"""settings.toml on the board is the user's (issue 11): host/emulate/cpsettings.py merges ours into it.

The reference here is an independent, byte-by-byte port of CircuitPython's own reader
(supervisor/shared/settings.c: key_matches, read_value, read_string_value, read_bare_value),
so "as CircuitPython reads it" is checked against CircuitPython's algorithm, not against
cpsettings' line-based reading of it."""

import os
import re

import pytest
from fuzzing import fuzz
from hypothesis import given
from hypothesis import strategies as st

from host.emulate import cpsettings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

with open(os.path.join(ROOT, "device", "settings.toml.in")) as f:
    OURS = f.read().format(board="pybadge").encode()
OUR_KEYS = [
    "ELFER_BOARD",
    "ELFER_SPEED",
    "ELFER_MARKS",
    "ELFER_SOUND",
    "ELFER_BRIGHTNESS",
    "ELFER_SYMBOLS",
    "ELFER_DIM",
]


def cp_getenv(data, key):
    """settings_get_vstr(key) of settings.c on data: ('OK', value bytes, quoted) or (error, None, None)."""
    pos = 0
    n = len(data)

    def nxt():  # get_next_byte: 0 at the end
        nonlocal pos
        if pos >= n:
            return 0
        pos += 1
        return data[pos - 1]

    def space(c):
        return c in b" \t\n\r\v\f"

    def next_line():
        while True:
            c = nxt()
            if c in (0, 10):
                return

    def consume_whitespace():
        while True:
            c = nxt()
            if c == 10 or c == 0 or not space(c):
                return c

    def key_matches():
        nonlocal pos
        c = consume_whitespace()
        if c == ord("[") or c == 0:
            pos = n
            return False
        for k in key.encode():
            if c != k:
                if c != 10:
                    next_line()
                return False
            c = nxt()
        if space(c):
            c = consume_whitespace()
        if c != ord("="):
            if c != 10:
                next_line()
            return False
        return True

    def read_string():
        out = bytearray()
        while True:
            c = nxt()
            if c in (0, 10):
                return "BAD_VALUE", None, None
            if c == ord('"'):
                c = consume_whitespace()
                if c == ord("#"):
                    next_line()
                    return "OK", bytes(out), True
                if c in (0, 10):
                    return "OK", bytes(out), True
                return "BAD_VALUE", None, None
            if c == ord("\\"):
                c = nxt()
                if c in (0, 10):
                    return "BAD_VALUE", None, None
                table = {ord("b"): 8, ord("r"): 13, ord("n"): 10, ord("t"): 9, ord("v"): 11, ord("f"): 12}
                if c in (ord("u"), ord("U")):
                    size = 4 if c == ord("u") else 8
                    hexbuf = bytes(nxt() for _ in range(size)).split(b"\0")[0]
                    # strtoul(hex_buf, &end, 16) must use all sz characters
                    if len(hexbuf) != size or not re.fullmatch(rb"[ \t\n\r\v\f]*[+-]?(0[xX])?[0-9a-fA-F]+", hexbuf):
                        return "BAD_VALUE", None, None
                    v = int(hexbuf.strip().replace(b"0x", b"").replace(b"0X", b"") or b"0", 16)
                    if v >= 0x110000:
                        return "UNICODE", None, None
                    out += chr(v).encode("utf-8", "surrogatepass")
                    continue
                c = table.get(c, c)
            out.append(c)

    def read_bare(c):
        out = bytearray()
        trailing = 0
        while True:
            if c in (0, 10):
                return "OK", bytes(out[: len(out) - trailing]), False
            if c == ord("#"):
                next_line()
                return "OK", bytes(out[: len(out) - trailing]), False
            out.append(c)
            trailing = trailing + 1 if c in b" \t\r" else 0
            c = nxt()

    while pos < n:
        if key_matches():
            c = consume_whitespace()
            if c == ord('"'):
                return read_string()
            if c in (0, 10):
                return "BAD_VALUE", None, None
            return read_bare(c)
    return "NOT_FOUND", None, None


USER = (
    b"# my board\n"
    b'CIRCUITPY_WIFI_SSID = "home net"\n'
    b'CIRCUITPY_WIFI_PASSWORD = "s3cr#t \\"quoted\\""  # keep me\n'
    b"CIRCUITPY_WEB_API_PORT = 8080\n"
    b"\n"
    b'ELFER_SPEED = "0"   # I like it fast\n'
)


def test_merge_keeps_every_byte_and_adds_only_missing_keys():
    merged, added = cpsettings.merge(USER, OURS)
    assert added == [
        "ELFER_BOARD",
        "ELFER_LANG",
        "ELFER_MARKS",
        "ELFER_SOUND",
        "ELFER_BRIGHTNESS",
        "ELFER_SYMBOLS",
        "ELFER_DIM",
    ]
    assert merged.startswith(USER)  # comments, order, unknown keys, the user's ELFER_SPEED: all as they were
    assert cp_getenv(merged, "CIRCUITPY_WIFI_PASSWORD") == ("OK", b's3cr#t "quoted"', True)
    assert cp_getenv(merged, "CIRCUITPY_WEB_API_PORT") == ("OK", b"8080", False)
    assert cp_getenv(merged, "ELFER_SPEED") == ("OK", b"0", True)
    assert cp_getenv(merged, "ELFER_BOARD") == ("OK", b"pybadge", True)
    assert cp_getenv(merged, "ELFER_BRIGHTNESS") == ("OK", b"4", True)
    assert cp_getenv(merged, "ELFER_SYMBOLS") == ("OK", b"1", True)
    assert cpsettings.merge(merged, OURS) == (merged, [])  # nothing missing: the same bytes


def test_merge_goes_before_a_table_header_which_ends_what_circuitpython_reads():
    user = b'CIRCUITPY_WIFI_SSID = "x"\n[extra]\nELFER_SOUND = "0"\nname = "y"\n'
    assert cp_getenv(user, "ELFER_SOUND")[0] == "NOT_FOUND"  # CircuitPython stops at "["
    merged, added = cpsettings.merge(user, OURS)
    assert "ELFER_SOUND" in added
    assert merged.endswith(b'[extra]\nELFER_SOUND = "0"\nname = "y"\n')
    for key in OUR_KEYS:
        assert cp_getenv(merged, key) == cp_getenv(OURS, key), key


def test_merge_keeps_crlf_and_a_missing_last_newline():
    user = b'CIRCUITPY_WIFI_SSID = "x"\r\nELFER_SPEED = 3'
    merged, _ = cpsettings.merge(user, OURS)
    assert merged.startswith(user + b"\r\n")
    assert b"\n" not in merged.replace(b"\r\n", b"")  # every line ends as the user's do
    assert cp_getenv(merged, "ELFER_SPEED") == ("OK", b"3", False)
    assert cp_getenv(merged, "ELFER_MARKS") == ("OK", b"1", True)


def test_a_commented_out_key_is_switched_off_not_missing():
    """settings.toml.in: put # in front of ELFER_BOARD to auto-detect; the next flash must not undo that."""
    user = b'# ELFER_BOARD = "pybadge"\nELFER_SPEED = "1"\n'
    merged, added = cpsettings.merge(user, OURS)
    assert "ELFER_BOARD" not in added and cp_getenv(merged, "ELFER_BOARD")[0] == "NOT_FOUND"


@pytest.mark.parametrize(
    "text, line",
    [
        (b'CIRCUITPY_WIFI_PASSWORD = "unterminated\nELFER_SPEED = "1"\n', "line 1"),
        (b'A = "x"\nB = "x" trailing\n', "line 2: text after the closing quote"),
        (b"A = 1\nthis is not a setting\n", "line 2 is not KEY = value"),
        (b"A = 1\nB =\n", "line 2: B has no value"),
        (b"A = hello\n", "line 1: hello is not a quoted string"),
        (b'A = "\\u12"\n', "line 1: bad \\u escape"),
        (b"A = 1\n\0\n", "NUL"),
    ],
)
def test_a_file_circuitpython_cannot_read_is_refused_naming_the_line(text, line):
    with pytest.raises(cpsettings.SettingsError, match=re.escape(line)):
        cpsettings.merge(text, OURS)


# --- the property: over random files, agreement with CircuitPython's reader -----------

LINES = st.sampled_from(
    [
        b"",
        b"# a comment",
        b"   # indented comment",
        b'CIRCUITPY_WIFI_SSID = "net"',
        b'CIRCUITPY_WIFI_PASSWORD="p=w#d" # c',
        b"CIRCUITPY_WEB_API_PORT = 80",
        b"  X_FLAG=true",
        b"RATE = 1.5e3   ",
        b"HEX = 0x1F",
        b'UNI = "\\u00e9\\U0001F600"',
        b'ELFER_SPEED = "3"',
        b"ELFER_SOUND=0",
        b'# ELFER_BOARD = "clue"',
        b'ELFER_BOARD = "clue"  # my "board"',
        b'  ELFER_BOARD="pybadge"',
        b'ELFER_BRIGHTNESS = "1"  # dim',
        b"[section]",
        b"  [other.table]",
        b'after = "x"',
        b'BAD = "open',
        b"BAD2 =",
        b"junk line",
        b"\xff\xfe = 1",
        b"ELFER_MARKS",
    ]
)


@st.composite
def settings_files(draw):
    lines = draw(st.lists(LINES, max_size=12))
    nl = draw(st.sampled_from([b"\n", b"\r\n"]))
    text = nl.join(lines)
    if lines and draw(st.booleans()):
        text += nl
    return text


@given(st.one_of(settings_files(), st.binary(max_size=200)))
@fuzz("settings_merge")
def test_merge_agrees_with_circuitpythons_reader(existing):
    try:
        merged, added = cpsettings.merge(existing, OURS)
    except cpsettings.SettingsError as e:
        assert str(e).startswith(("line ", "it contains a NUL")) and "\n" not in str(e)
        return
    keys = set(re.findall(rb"^[ \t]*([A-Za-z0-9_-]+)[ \t]*=", existing, re.M))
    for key in keys - {k.encode() for k in added}:  # what CircuitPython read before, it reads after
        assert cp_getenv(merged, key.decode()) == cp_getenv(existing, key.decode()), key
    for key in OUR_KEYS:
        if key in added:  # added only when CircuitPython did not find it, and found after
            assert cp_getenv(existing, key)[0] == "NOT_FOUND"
            assert cp_getenv(merged, key) == cp_getenv(OURS, key)
        elif not re.search(rb"^[ \t]*#[ \t]*" + key.encode() + rb"[ \t]*=", existing, re.M):
            assert cp_getenv(merged, key)[0] == "OK", key  # present and readable: not missing
    # the user's bytes are all there, in order: only whole lines of ours were inserted
    if not added:
        assert merged == existing
    else:
        ours = {line for line in OURS.split(b"\n") if line.split(b"=")[0].strip().decode() in added}
        kept, dropped = [], set()
        for line in merged.split(b"\n"):
            bare = line.rstrip(b"\r")
            if bare in ours and bare not in dropped:
                dropped.add(bare)
                continue
            kept.append(line)
        kept = b"\n".join(kept)
        nl = b"\r\n" if b"\r\n" in existing else b"\n"
        assert kept in (existing, existing + nl)  # + the newline the user's last line lacked


# --- issue 38: ELFER_BOARD kept in step with the board flashed ------------------------


def test_sync_sets_elfer_board_to_the_flashed_one_keeping_the_rest_of_the_line():
    user = b'CIRCUITPY_WIFI_SSID = "x"\r\n  ELFER_BOARD = "clue"   # my board, "CLUE"\r\nELFER_SPEED = 3\r\n'
    synced, changed = cpsettings.sync(user, OURS, ["ELFER_BOARD"])
    assert changed == [("ELFER_BOARD", '"clue"', '"pybadge"')]
    assert synced == user.replace(b'"clue"', b'"pybadge"', 1)  # the comment, spacing and CRLF kept
    assert cp_getenv(synced, "ELFER_BOARD") == ("OK", b"pybadge", True)
    assert cpsettings.sync(synced, OURS, ["ELFER_BOARD"]) == (synced, [])  # in step: the same bytes


def test_sync_leaves_a_commented_out_or_unread_elfer_board_alone():
    for user in (b'# ELFER_BOARD = "clue"\n', b'A = 1\n[table]\nELFER_BOARD = "clue"\n', b"A = 1\n"):
        assert cpsettings.sync(user, OURS, ["ELFER_BOARD"]) == (user, [])


@given(settings_files())
@fuzz("settings_sync")
def test_sync_agrees_with_circuitpythons_reader(existing):
    try:
        synced, changed = cpsettings.sync(existing, OURS, ["ELFER_BOARD"])
    except cpsettings.SettingsError:
        return
    before = cp_getenv(existing, "ELFER_BOARD")
    if before[0] == "NOT_FOUND":
        assert synced == existing and changed == []
    else:
        assert cp_getenv(synced, "ELFER_BOARD") == ("OK", b"pybadge", True)
        assert bool(changed) == (synced != existing)
    keys = set(re.findall(rb"^[ \t]*([A-Za-z0-9_-]+)[ \t]*=", existing, re.M)) - {b"ELFER_BOARD"}
    for key in keys:  # every other setting reads as before
        assert cp_getenv(synced, key.decode()) == cp_getenv(existing, key.decode()), key
