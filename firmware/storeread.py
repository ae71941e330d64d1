"""Reading the store (boot) and its error area (crashes): loaded only then, so a running
match does not carry this code (firmware/store.py has the layout)."""

from engine.crc import crc_ok, crc_update, put_crc
from firmware.store import _HEAD, _MAGIC0, _MAGIC1, ERROR_AREA


def _read_slot(st, k):
    """(seq, payload) of slot k, or None when it does not hold a complete save."""
    base = k * st.slot_size
    head = st.region[base : base + _HEAD]
    if head[0] != _MAGIC0 or head[1] != _MAGIC1:
        return None
    length = head[2] << 8 | head[3]
    if length > st.capacity():
        return None
    data = bytes(st.region[base : base + _HEAD + length + 6])
    if not crc_ok(data, 0, _HEAD + length + 2):
        return None
    end = _HEAD + length
    return data[end] << 8 | data[end + 1], data[_HEAD:end]


def load(st):
    """The newest complete save's payload, or None."""
    a = _read_slot(st, 0)
    b = _read_slot(st, 1)
    best = None
    if a is not None and b is not None:
        # Serial-number order on 16 bits: b is newer when it is at most 32767 ahead of a.
        best = 1 if (b[0] - a[0]) & 0xFFFF < 0x8000 and b[0] != a[0] else 0
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
    st.seq = seq
    st.slot = best
    st.last_hi, st.last_lo = crc_update(
        0xFFFF,
        0xFFFF,
        st.region[best * st.slot_size : best * st.slot_size + _HEAD + len(payload)],
        0,
        _HEAD + len(payload),
    )
    return payload


def write_error(st, text):
    data = text.encode()[: ERROR_AREA - 8]
    buf = bytearray(_HEAD + len(data) + 4)
    buf[0] = _MAGIC0
    buf[1] = 0x58  # 'X'
    buf[2] = len(data) >> 8
    buf[3] = len(data) & 255
    buf[_HEAD : _HEAD + len(data)] = data
    put_crc(buf, 0, _HEAD + len(data))
    st.region[st.error_at : st.error_at + len(buf)] = buf


def read_error(st):
    """The last crash summary written, or ''."""
    at = st.error_at
    head = st.region[at : at + _HEAD]
    if head[0] != _MAGIC0 or head[1] != 0x58:
        return ""
    length = head[2] << 8 | head[3]
    if length > ERROR_AREA - 10:
        return ""
    data = bytes(st.region[at : at + _HEAD + length + 4])
    if not crc_ok(data, 0, _HEAD + length):
        return ""
    try:
        return data[_HEAD : _HEAD + length].decode()
    except UnicodeError:
        return ""
