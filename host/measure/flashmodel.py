"""Flash as each board family's nvm really writes it, to cut the power at every step.

A `Flash` is a byte region the Store writes through (len, slices). Each slice
write becomes the steps the port performs (erase a unit, program a page or a
word, ...), applied at once and logged; `cut_states()` gives what the flash
holds at every cut point of one write: before each step, inside each step,
and after the last. Modelled at their worst, from the CircuitPython sources
(github:adafruit/circuitpython, ports/...; SAMD51 flash code in the asf4
submodule, github:adafruit/asf4):

samd51 (PyBadge, PyGamer): nvm is the last 8 KiB of flash
    (ports/atmel-samd/mpconfigport.h, CIRCUITPY_INTERNAL_NVM_SIZE 8192 for
    SAM_D5X_E5X, start aligned to FLASH_ERASE_SIZE). A write
    (common-hal/nvm/ByteArray.c, common_hal_nvm_bytearray_set_bytes ->
    asf4 samd51/hal/src/hal_flash.c flash_write -> samd51/hpl/nvmctrl/
    hpl_nvmctrl.c _flash_write) copies each NVMCTRL block it touches
    (NVMCTRL_BLOCK_SIZE 8192) into RAM, merges the bytes, erases the block
    (_flash_erase_block) and programs its 16 pages of 512 bytes in order
    (_flash_program, one WP command each): 1 erase + 16 programs per write.
    The whole nvm is one erase unit.
nrf52840 (CLUE): nvm is 8 KiB below the file system (ports/nordic/
    mpconfigport.h, aligned to FLASH_ERASE_SIZE). A write
    (common-hal/nvm/ByteArray.c, common_hal_nvm_bytearray_set_bytes ->
    write_page) handles each 4 KiB page it touches: copy, merge, then
    peripherals/nrf/nvm.c nrf_nvm_safe_flash_page_write erases the page
    (nrfx_nvmc_page_erase or sd_flash_page_erase) and programs it a 32-bit
    word at a time (nrfx_nvmc_bytes_write; with the SoftDevice two
    sd_flash_write halves, which a cut also leaves word by word): 1 erase +
    1024 word programs per page. Two erase units.
rp2040 (CircuitPython on RP2040): nvm is one 4 KiB sector (ports/raspberrypi/
    mpconfigport.h). common-hal/nvm/ByteArray.c
    common_hal_nvm_bytearray_set_bytes: when every target byte is still 0xFF
    it programs the 256-byte pages touched (write_page,
    flash_range_program), else erase_and_write_sector erases the sector
    (flash_range_erase) and programs its 16 pages. One erase unit.
espressif (Feather ESP32-S2/S3 TFT): nvm is an 8 KiB blob "data" in the
    IDF's NVS (ports/espressif/common-hal/nvm/ByteArray.c,
    common_hal_nvm_bytearray_set_bytes): a write reads the blob, calls
    nvs_erase_all (esp-idf nvs_storage.cpp Storage::eraseNamespace: each
    item erased in turn, the blob's index and its chunks), then
    nvs_set_blob (Storage::writeMultiPageBlob: the chunks, at most 4000
    bytes each, so 3, then the index). From the first erase until the new
    index is written the blob is missing and a read gives a fresh buffer
    (get_bytes; modelled as zeros): 4 erase + 4 write steps, every one of
    them losing the whole region. One erase unit.
littlefs (MicroPython on RP2040/ESP32, firmware/fileregion.py): littlefs
    commits a file's new blocks when the file is closed, copy-on-write, and
    falls back to the last committed state after a power loss ("All file
    operations have strong copy-on-write guarantees", littlefs README): a
    write is one step, the old bytes or the new.

Inside a step, at their worst: an interrupted erase leaves each bit either
as it was or erased (1); an interrupted program leaves the first half of the
bytes programmed, the next one partly, the rest as they were (erased: 0xFF).
"""

import random
import zlib

# family: (nvm bytes, erase unit bytes (0: the whole region), plan)
FAMILIES = {}


def _merged(data, base, n, start, value):
    """data[base:base+n] with value written at start (the port's RAM copy of the unit)."""
    image = bytearray(data[base : base + n])
    lo = max(start, base)
    hi = min(start + len(value), base + n)
    image[lo - base : hi - base] = value[lo - start : hi - start]
    return image


def _erase_then_program(data, start, value, unit, page):
    steps = []
    base = start - start % unit
    while base < start + len(value):
        image = _merged(data, base, unit, start, value)
        steps.append(("erase", base, unit))
        for p in range(0, unit, page):
            steps.append(("program", base + p, bytes(image[p : p + page])))
        base += unit
    return steps


def _plan_samd51(data, start, value):
    return _erase_then_program(data, start, value, 8192, 512)


def _plan_nrf52840(data, start, value):
    return _erase_then_program(data, start, value, 4096, 4)


def _plan_rp2040(data, start, value):
    if all(b == 0xFF for b in data[start : start + len(value)]):
        steps = []
        page = start - start % 256
        while page < start + len(value):
            steps.append(("program", page, bytes(_merged(data, page, 256, start, value))))
            page += 256
        return steps
    return _erase_then_program(data, 0, _merged(data, 0, len(data), start, value), 4096, 256)


def _plan_espressif(data, start, value):
    image = bytes(_merged(data, 0, len(data), start, value))
    return [("gone",)] * 7 + [("image", image)]


def _plan_littlefs(data, start, value):
    return [("atomic", start, bytes(value))]


FAMILIES["samd51"] = (8192, 0, _plan_samd51)
FAMILIES["nrf52840"] = (8192, 4096, _plan_nrf52840)
FAMILIES["rp2040"] = (4096, 0, _plan_rp2040)
FAMILIES["espressif"] = (8192, 0, _plan_espressif)
FAMILIES["littlefs"] = (4096, 1, _plan_littlefs)


def apply(data, step, torn=False, seed=0):
    """Do one step to data (a bytearray); torn: cut off inside it, at its worst."""
    kind = step[0]
    rng = random.Random(seed)
    if kind == "erase":
        _, at, n = step
        if torn:
            for i in range(at, at + n):
                data[i] |= rng.getrandbits(8)
        else:
            data[at : at + n] = b"\xff" * n
    elif kind == "program":
        _, at, value = step
        n = len(value) // 2 if torn else len(value)
        for i in range(n):
            data[at + i] &= value[i]
        if torn:
            data[at + n] &= value[n] | rng.getrandbits(8)
    elif kind == "gone":
        data[:] = bytes(len(data))
    elif kind == "image":
        data[:] = bytes(len(data)) if torn else step[1]
    elif kind == "atomic":
        if not torn:
            _, at, value = step
            data[at : at + len(value)] = value


class Flash:
    """An nvm region of one board family; every write's steps are kept in `steps`."""

    def __init__(self, family, data=None):
        size, unit, self.plan = FAMILIES[family]
        self.family = family
        self.data = bytearray(data if data is not None else b"\xff" * size)
        self.erase_unit = unit or len(self.data)
        self.steps = []

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return bytes(self.data[i]) if isinstance(i, slice) else self.data[i]

    def __setitem__(self, i, value):
        steps = self.plan(self.data, i.start or 0, bytes(value))
        for step in steps:
            apply(self.data, step)
        self.steps.extend(steps)


def cut_states(flash, write, *args):
    """Run write(*args); yield (step index, torn, contents) at every cut point of it: before
    each step (torn False), inside it (torn True), and after the last (index = steps)."""
    cur = bytearray(flash.data)
    mark = len(flash.steps)
    write(*args)
    steps = flash.steps[mark:]
    for k, step in enumerate(steps):
        yield k, False, bytes(cur)
        torn = bytearray(cur)
        apply(torn, step, torn=True, seed=k)
        yield k, True, bytes(torn)
        apply(cur, step)
    assert cur == flash.data, "the steps do not add up to the write"
    yield len(steps), False, bytes(cur)


# Saves of the sizes a match makes (settings and statistics, then a snapshot of 100 to
# 200 bytes; 7 bytes: no match), a shorter one after a longer one, and a repeat of a size.
SURVEY_SIZES = (40, 300, 620, 1000, 7, 620)


def survey(family, store_class, sizes=SURVEY_SIZES, errors=(1, 3, 5)):
    """Save payloads of `sizes` in turn on a fresh Flash of the family, cutting each write at
    every cut point, and a crash summary after the saves numbered in `errors`. Returns
    {"cut_points", "lost", "error_cut_points", "error_lost", "where"}: a cut point loses the
    save when the store then reads neither the previous save nor the new one (for a crash
    summary: not the last save); `where` lists (save number, step, torn) of each loss."""
    with fast_crc():
        return _survey(family, store_class, sizes, errors)


class fast_crc:
    """engine.crc.crc_update by zlib (the same CRC-32 register, a hundred times faster)
    while the surveys read thousands of cut states; the real code's CRC is checked on
    every byte offset by host_tests/test_store.py."""

    def __enter__(self):
        from engine import crc
        from firmware import storeread

        def fast(hi, lo, data, start, end):
            r = zlib.crc32(bytes(data[start:end]), (hi << 16 | lo) ^ 0xFFFFFFFF) ^ 0xFFFFFFFF
            return r >> 16, r & 0xFFFF

        sample = bytes(range(256)) * 3
        assert fast(0x1234, 0xABCD, sample, 5, 700) == crc.crc_update(0x1234, 0xABCD, sample, 5, 700)
        self.saved = crc.crc_update, getattr(storeread, "crc_update", None)
        crc.crc_update = fast
        if self.saved[1] is not None:
            storeread.crc_update = fast
        return self

    def __exit__(self, *exc):
        from engine import crc
        from firmware import storeread

        crc.crc_update = self.saved[0]
        if self.saved[1] is not None:
            storeread.crc_update = self.saved[1]


def _survey(family, store_class, sizes, errors):
    flash = Flash(family)
    st = store_class(flash)
    st.load()
    seen = {}

    def read(state):
        if state not in seen:
            seen[state] = store_class(bytearray(state)).load()
        return seen[state]

    out = {"cut_points": 0, "lost": 0, "error_cut_points": 0, "error_lost": 0, "where": []}
    prev = None
    for i, n in enumerate(sizes):
        payload = bytes((i * 37 + j) & 255 for j in range(n))
        for k, torn, state in cut_states(flash, st.save, payload):
            got = read(state)
            out["cut_points"] += 1
            if got != payload and got != prev:
                out["lost"] += 1
                out["where"].append((i, k, torn))
        assert read(bytes(flash.data)) == payload
        prev = payload
        if i in errors:
            for k, torn, state in cut_states(flash, st.write_error, "ValueError: crash %d" % i):
                out["error_cut_points"] += 1
                if read(state) != payload:
                    out["error_lost"] += 1
                    out["where"].append(("error", i, k, torn))
    return out
