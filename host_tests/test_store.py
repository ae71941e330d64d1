"""The save store (issue 7): two slots with sequence numbers and CRCs over a byte region.

Torn writes: a save cut off after every byte offset leaves the previous
complete save or the new one readable, never anything else. Random damage
never raises out of the loader. Unchanged saves are not written (wear).
"""

import os

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.fileregion import FileRegion
from firmware.store import ERROR_AREA, Store


class Recorder:
    """A bytearray region that remembers each slice write (start, bytes)."""

    def __init__(self, data):
        self.data = data
        self.writes = []

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, value):
        self.writes.append((i.start, bytes(value)))
        self.data[i] = value


def torn_cases(region_size, history, new):
    """Save each payload of history, then cut the save of `new` after every byte: return
    how many cut points were checked. Each must load as history[-1] (or None) or new."""
    region = bytearray(b"\xff" * region_size)
    st_ = Store(region)
    for payload in history:
        st_.save(payload)
    before = bytes(region)
    rec = Recorder(bytearray(before))
    Store(rec).load()  # a fresh boot reads the slots, then saves
    s2 = Store(rec)
    s2.load()
    assert s2.save(new)
    ((start, data),) = rec.writes
    previous = history[-1] if history else None
    checked = 0
    for cut in range(len(data) + 1):
        torn = bytearray(before)
        torn[start : start + cut] = data[:cut]
        got = Store(torn).load()
        if cut == len(data):
            assert got == new
        else:
            assert got in (previous, new), (cut, got)
        checked += 1
    return checked


def test_torn_write_at_every_byte_leaves_the_previous_or_the_new_save():
    total = 0
    payloads = [bytes([k]) * n for k, n in ((1, 40), (2, 300), (3, 7), (4, 512), (5, 600))]
    for size in (4096, 8192):
        total += torn_cases(size, [], payloads[0])  # first save ever: nothing or the new one
        for i in range(1, len(payloads)):
            total += torn_cases(size, payloads[:i], payloads[i])
        # The slot being overwritten held a longer save two saves ago (its tail stays).
        total += torn_cases(size, [payloads[4], payloads[1]], payloads[2])
    assert total == 2 * (51 + 311 + 18 + 523 + 611 + 18)  # every cut point of every write
    print("torn-write cases checked: %d" % total)


def test_torn_write_of_a_save_whose_bytes_mostly_match_the_old_slot():
    """New and old contents differ in a few bytes only: every cut still yields old or new."""
    old = bytes(range(200))
    older = bytes(range(1, 201))
    new = bytearray(old)
    new[150] ^= 0xFF
    assert torn_cases(4096, [older, old], bytes(new)) == 200 + 6 + 4 + 1


def test_sequence_numbers_wrap_and_the_newest_save_wins():
    region = bytearray(b"\xff" * 4096)
    s = Store(region)
    s.seq = 0xFFFE
    for k in range(5):
        assert s.save(bytes([k]) * 10)
        assert Store(region).load() == bytes([k]) * 10


def test_unchanged_save_is_not_written_again():
    region = Recorder(bytearray(b"\xff" * 4096))
    s = Store(region)
    assert s.load() is None
    assert s.save(b"abc") and not s.save(b"abc") and s.save(b"abd")
    assert len(region.writes) == 2
    s2 = Store(region)
    assert s2.load() == b"abd" and not s2.save(b"abd")
    assert len(region.writes) == 2


def test_error_area_keeps_the_saves():
    region = bytearray(b"\xff" * 4096)
    s = Store(region)
    s.save(b"game")
    s.write_error("ValueError: boom @ File x.py, line 3")
    assert Store(region).load() == b"game"
    assert Store(region).read_error() == "ValueError: boom @ File x.py, line 3"
    assert len(region) - ERROR_AREA >= 2 * s.slot_size


def test_too_small_region_refused_with_reason():
    import pytest

    with pytest.raises(ValueError, match="too small"):
        Store(bytearray(100))


def test_file_region_survives_a_new_process(tmp_path):
    path = str(tmp_path / "nvm.bin")
    s = Store(FileRegion(path, 4096))
    s.save(b"hello")
    s.save(b"world")
    assert Store(FileRegion(path, 4096)).load() == b"world"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4095), st.integers(0, 255)), max_size=40), st.booleans())
def test_random_damage_never_raises_and_never_yields_a_foreign_payload(damage, second):
    region = bytearray(b"\xff" * 4096)
    s = Store(region)
    saves = [b"first save" * 5, b"second save" * 7]
    s.save(saves[0])
    if second:
        s.save(saves[1])
    for i, v in damage:
        region[i] = v
    got = Store(region).load()
    assert got is None or got in saves
    Store(region).read_error()


def test_file_region_of_unexpected_size_is_kept_not_wiped(tmp_path, capsys):
    path = str(tmp_path / "elfer-saves.bin")
    s = Store(FileRegion(path, 8192))
    s.save(b"from an 8 KiB build")
    kept = open(path, "rb").read()
    r = FileRegion(path, 4096)
    assert "8192 bytes" in r.notice and path + ".old" in r.notice
    assert "kept as" in capsys.readouterr().out
    assert open(path + ".old", "rb").read() == kept
    assert os.path.getsize(path) == 4096
    open(path, "wb").write(b"short")
    r2 = FileRegion(path, 4096)
    assert r2.notice.endswith(path + ".old1")  # the first one kept is not overwritten
    assert open(path + ".old", "rb").read() == kept
