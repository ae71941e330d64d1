"""The save store (issues 7 and 11): two slots with sequence numbers and CRCs over a byte
region, each in its own half.

Torn writes: a save cut off after every byte offset leaves the previous
complete save or the new one readable, never anything else. On each board
family's flash (host/measure/flashmodel.py: erase units and write order from
the ports' sources) power is cut at every erase and program step: nothing is
lost where the nvm spans two erase units, the loss on one-unit nvm is the
figure docs/saves.md gives, a crash summary never costs the save. Random
damage and random cuts never raise out of the loader. Unchanged saves are
not written (wear).
"""

import os
import sys

import pytest
from fuzzing import fuzz
from hypothesis import given
from hypothesis import strategies as st

from firmware import store as store_module
from firmware.fileregion import FileRegion
from firmware.store import ERROR_AREA, Store
from host.measure import flashmodel


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


@given(st.lists(st.tuples(st.integers(0, 4095), st.integers(0, 255)), max_size=40), st.booleans())
@fuzz("store")
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


# --- the boards' flash (host/measure/flashmodel.py) --------------------------------------

# Lost saves / cut points of flashmodel.survey() per family: docs/saves.md quotes them.
ONE_UNIT = {"samd51": (14, 210), "rp2040": (16, 148), "espressif": (75, 102)}


@pytest.mark.parametrize("family", ["nrf52840", "littlefs"])
def test_save_cut_at_every_flash_step_loses_nothing_where_the_nvm_spans_two_erase_units(family):
    r = flashmodel.survey(family, Store)
    print("store_lost_saves_%s: %d of %d cut points" % (family, r["lost"], r["cut_points"]))
    assert r["lost"] == 0, r["where"][:10]
    assert r["cut_points"] > 6


def test_nrf52840_slots_lie_in_separate_pages():
    s = Store(flashmodel.Flash("nrf52840"))
    assert s.apart and s.half == 4096 and s.slot_size + ERROR_AREA == 4096


@pytest.mark.parametrize("family", sorted(ONE_UNIT))
def test_save_cut_on_one_erase_unit_loses_only_the_documented_window(family):
    """One unit erased by every write: a cut between its erase and the programming of the
    first complete slot loses both saves; the count is the one docs/saves.md gives."""
    r = flashmodel.survey(family, Store)
    print("store_lost_saves_%s: %d of %d cut points" % (family, r["lost"], r["cut_points"]))
    assert (r["lost"], r["cut_points"]) == ONE_UNIT[family]
    if family == "samd51":  # inside or after the erase, or before slot 0's 2 pages are done
        assert all(w[1] <= 2 for w in r["where"] if w[0] != "error")


@pytest.mark.parametrize("family", sorted(flashmodel.FAMILIES))
def test_crash_summary_cut_at_every_flash_step_never_costs_the_save(family):
    r = flashmodel.survey(family, Store)
    print("store_error_lost_saves_%s: %d of %d cut points" % (family, r["error_lost"], r["error_cut_points"]))
    assert r["error_lost"] == 0, [w for w in r["where"] if w[0] == "error"][:10]


def test_crash_summary_kept_where_the_halves_are_apart_and_skipped_where_they_share_a_unit():
    clue = Store(flashmodel.Flash("nrf52840"))
    clue.save(b"game")
    assert clue.write_error("ValueError: boom")
    assert Store(clue.region).read_error() == "ValueError: boom"
    badge = Store(flashmodel.Flash("samd51"))
    badge.save(b"game")
    assert not badge.write_error("ValueError: boom") and not badge.region.steps[17:]
    assert Store(badge.region).read_error() == ""


def test_newest_crash_summary_is_read_back():
    region = bytearray(b"\xff" * 8192)
    s = Store(region)
    for k in range(4):
        s.save(bytes([k]) * 30)
        assert s.write_error("error %d" % k)
        assert Store(region).read_error() == "error %d" % k
        assert Store(region).load() == bytes([k]) * 30


@pytest.mark.parametrize(
    "platform, unit", [("MicroChip SAMD51", 8192), ("nRF52840", 4096), ("RP2040", 4096), ("Espressif", 8192)]
)
def test_erase_unit_of_each_circuitpython_port(monkeypatch, platform, unit):
    class Nvm:
        def __len__(self):
            return 8192

    monkeypatch.setattr(sys, "platform", platform)
    assert store_module.erase_unit(Nvm()) == unit
    assert Store(Nvm()).apart == (unit <= 4096)


@pytest.mark.parametrize("n", [5, 118, 119, 200, 600])
def test_saves_of_the_previous_layout_are_read_and_the_next_save_keeps_them(n):
    """Issue 7's store put slot 1 right after slot 0, at (size - 256) // 2. A save there of 119
    bytes or more (a real one: settings, statistics and a match are hundreds) covers the byte
    where the new slot 1 begins: it is still read, not the older save in slot 0."""
    for size in (4096, 8192):
        region = bytearray(b"\xff" * size)
        old = Store(region)
        older, newer = b"A" * n, b"B" * n
        old.save(older)
        old.save(newer)  # slot 1 of the new layout
        at = old.half
        slot = bytes(region[at : at + 4 + n + 6])
        region[at : at + len(slot)] = b"\xff" * len(slot)
        legacy = (size - ERROR_AREA) // 2
        if legacy + len(slot) > size:
            continue  # did not fit the old layout's slot 1
        region[legacy : legacy + len(slot)] = slot
        s = Store(region)
        assert s.load() == newer
        assert not s.write_error("x")  # would cross the legacy slot
        s.save(b"newest")
        assert Store(region).load() == b"newest"
        s.save(b"and on")  # the new slot 1 written over the legacy one
        assert Store(region).load() == b"and on"


def test_crash_summary_on_a_store_never_loaded_does_not_cost_the_newest_save():
    """write_error goes to the half without the newest save: a store not yet loaded reads first
    where that is (the firmware always loads first; the API is safe without)."""
    for newest in (0, 1):
        region = bytearray(b"\xff" * 8192)
        s = Store(region, unit=4096)
        s.save(b"first")
        if newest:
            s.save(b"second")
        want = Store(region, unit=4096).load()
        fresh = Store(region, unit=4096)  # never loaded
        assert fresh.write_error("boom")
        assert Store(region, unit=4096).load() == want
        half = 1 - newest  # the summary is in the other half's error area
        assert region[(half + 1) * 4096 - ERROR_AREA] == 0x45
        assert Store(region, unit=4096).read_error() == "boom"


@given(
    st.sampled_from(sorted(flashmodel.FAMILIES)),
    st.lists(st.integers(0, 1500), min_size=1, max_size=4),
    st.integers(0, 10**6),
    st.lists(st.tuples(st.integers(0, 8191), st.integers(0, 255)), max_size=8),
)
@fuzz("store")
def test_random_cut_and_damage_then_the_next_boot_reads_and_saves(family, sizes, cut, damage):
    """Saves of random sizes, the last one cut at a random step of the flash model, then
    random damage: the next boot never raises, reads a save made or none (only the previous
    or the new one where the nvm spans two units), and its next save reads back."""
    flash = flashmodel.Flash(family)
    s = Store(flash)
    payloads = [bytes([i + 1]) * n for i, n in enumerate(sizes)]
    for p in payloads[:-1]:
        s.save(p)
    with flashmodel.fast_crc():
        states = list(flashmodel.cut_states(flash, s.save, payloads[-1]))
        state = bytearray(states[cut % len(states)][2])
        got = Store(bytearray(state)).load()
        if flash.erase_unit < len(flash):
            assert got in (payloads[-1], payloads[-2] if len(payloads) > 1 else None)
        for i, v in damage:
            state[i % len(state)] = v
        after = flashmodel.Flash(family, state)
        s2 = Store(after)
        got = s2.load()
        assert got is None or got in payloads
        s2.read_error()
        assert s2.save(b"after the cut") or got == b"after the cut"
        assert Store(bytearray(after.data)).load() == b"after the cut"


def test_file_region_of_unexpected_size_is_kept_not_wiped(tmp_path, capsys):
    path = str(tmp_path / "elfer-saves.bin")
    s = Store(FileRegion(path, 8192))
    s.save(b"from an 8 KiB build")
    kept = open(path, "rb").read()
    r = FileRegion(path, 4096)
    assert "8192 bytes" in r.notice and r.notice.endswith("kept as elfer-saves.bin.old")
    assert "kept as %s.old" % path in capsys.readouterr().out
    assert open(path + ".old", "rb").read() == kept
    assert os.path.getsize(path) == 4096
    open(path, "wb").write(b"short")
    r2 = FileRegion(path, 4096)
    assert r2.notice.endswith("elfer-saves.bin.old1")  # the first one kept is not overwritten
    assert open(path + ".old", "rb").read() == kept
