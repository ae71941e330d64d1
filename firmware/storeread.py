"""Reading the store (boot) and its error areas (crashes): loaded only then, so a running
match does not carry this code (firmware/store.py has the layout)."""

from engine.crc import crc_ok, crc_update, put_crc
from firmware.store import ERROR_AREA, MAGIC0, MAGIC1
from firmware.store import PAYLOAD as _HEAD  # a record's head: magic (2), length (2)

_ERR1 = 0x78  # 'x': error record 'Ex' | length u16 | number u16 | UTF-8 text | CRC-32


def _read_slot(st, base, size):
    """(seq, payload) of the slot at base, or None when it does not hold a complete save."""
    head = st.region[base : base + _HEAD]
    if head[0] != MAGIC0 or head[1] != MAGIC1:
        return None
    length = head[2] << 8 | head[3]
    if length > size - _HEAD - 6:
        return None
    data = bytes(st.region[base : base + _HEAD + length + 6])
    if not crc_ok(data, 0, _HEAD + length + 2):
        return None
    end = _HEAD + length
    return data[end] << 8 | data[end + 1], data[_HEAD:end]


def _newer(a, b):
    """Serial-number order on 16 bits: b is newer when it is at most 32767 ahead of a."""
    return (b - a) & 0xFFFF < 0x8000 and b != a


def load(st):
    """The newest complete save's payload, or None."""
    half = st.half
    a = _read_slot(st, 0, st.slot_size)
    b = _read_slot(st, half, st.slot_size)
    base = half
    st.loaded = True
    if b is None:
        # Saves from before the halves (issue 7's store): slot 1 started at (size - 256) // 2,
        # and one of 119 bytes or more reaches past the new slot 1's first byte. Read while the
        # new slot 1 holds no save: once it is written, the old one fails its CRC (and a cut
        # write leaves the old one older than slot 0's, by its number).
        old = (2 * half - ERROR_AREA) // 2
        b = _read_slot(st, old, old)
        base = old
        if b is not None:
            st.apart = False  # it crosses an error area: no crash summary this boot
    best = None
    if a is not None and b is not None:
        best = 1 if _newer(a[0], b[0]) else 0
    elif a is not None:
        best = 0
    elif b is not None:
        best = 1
    if best is None:
        st.seq = -1
        st.slot = 1
        st.last_hi = st.last_lo = -1
        return None
    seq, payload = (a, b)[best]
    base = base if best else 0
    st.seq = seq
    st.slot = best
    st.last_hi, st.last_lo = crc_update(
        0xFFFF, 0xFFFF, st.region[base : base + _HEAD + len(payload)], 0, _HEAD + len(payload)
    )
    return payload


def _read_record(st, k):
    """(number, text) of half k's error area, or None."""
    at = (k + 1) * st.half - ERROR_AREA
    head = st.region[at : at + _HEAD + 2]
    if head[0] != MAGIC0 or head[1] != _ERR1:
        return None
    length = head[2] << 8 | head[3]
    if length > ERROR_AREA - 10:
        return None
    data = bytes(st.region[at : at + _HEAD + 2 + length + 4])
    if not crc_ok(data, 0, _HEAD + 2 + length):
        return None
    try:
        return head[4] << 8 | head[5], data[_HEAD + 2 : _HEAD + 2 + length].decode()
    except UnicodeError:
        return None


def write_error(st, text):
    """Into the half without the newest save (the write may erase that half's whole unit);
    not at all when both halves share one erase unit: False then."""
    if not st.loaded:
        load(st)  # where the newest save is, before writing beside it
    if not st.apart:
        return False
    k = 1 - st.slot if st.seq >= 0 else 1
    number = 0
    for rec in (_read_record(st, 0), _read_record(st, 1)):
        if rec is not None and not _newer(rec[0], number):
            number = (rec[0] + 1) & 0xFFFF
    data = text.encode()[: ERROR_AREA - 10]
    n = _HEAD + 2 + len(data)
    buf = bytearray(n + 4)
    buf[0] = MAGIC0
    buf[1] = _ERR1
    buf[2] = len(data) >> 8
    buf[3] = len(data) & 255
    buf[4] = number >> 8
    buf[5] = number & 255
    buf[_HEAD + 2 : n] = data
    put_crc(buf, 0, n)
    at = (k + 1) * st.half - ERROR_AREA
    st.region[at : at + len(buf)] = buf
    return True


def read_error(st):
    """The last crash summary written, or ''."""
    a = _read_record(st, 0)
    b = _read_record(st, 1)
    if a is None or b is None:
        rec = a or b
    else:
        rec = b if _newer(a[0], b[0]) else a
    return rec[1] if rec else ""
