"""What the link puts on BLE's air, the same from the CLUE's _bleio (boards/radio_ble.py) and a
Pico W's bluetooth (boards/radio_bt.py), so the two sit at one table (docs/link.md "BLE"): the
host's beacon as a legacy advertisement, and frames in packets behind a length byte each.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_ROOM = const(21)  # payload bytes a beacon keeps in 31: flags 3, AD head 5, table 2


def advert(frame):
    """The advertisement of a beacon frame (a plain BEACON, docs/link.md "Frames"): flags, then
    manufacturer data with the magic, the table id and the payload; the fixed header bytes are
    left out, and the payload's end (the host's name past 10 bytes) is cut to fit 31 bytes, at
    a character's start. None for any other frame."""
    if (
        len(frame) < 12
        or frame[0] != 0xE5
        or frame[1] != 1
        or frame[4:11] != b"\x00\x00\xfe\x00\x00\x00\x00"  # a plain frame's epoch, sender (host), seq, ack
        or frame[11] != len(frame) - 12
    ):
        return None
    body = frame[12:]
    if len(body) > _ROOM:
        n = _ROOM
        while n > 11 and body[n] & 0xC0 == 0x80:
            n -= 1
        body = body[:n]
    # flags (LE general discoverable, no BR/EDR); manufacturer data: company 0xFFFF (none), the magic
    return b"\x02\x01\x06" + bytes((len(body) + 6,)) + b"\xff\xff\xff\xe5" + frame[2:4] + body


def beacon(ad):
    """The beacon frame back from an advertisement's bytes, or None."""
    i = 0
    while i + 1 < len(ad):
        n = ad[i]
        if n == 0:
            return None
        if n >= 7 and ad[i + 1 : i + 5] == b"\xff\xff\xff\xe5" and i + 1 + n <= len(ad):
            body = ad[i + 7 : i + 1 + n]
            return b"\xe5\x01" + ad[i + 5 : i + 7] + b"\x00\x00\xfe\x00\x00\x00\x00" + bytes((len(body),)) + body
        i += n + 1
    return None


def split(buf, n, addr, inbox):
    """The frames of a packet (buf's first n bytes, each frame behind its length byte) onto
    inbox as (addr, frame); a packet that is not ours, or its cut end, is left out."""
    i = 0
    while i < n:
        size = buf[i]
        if size == 0 or i + 1 + size > n:
            return
        if len(inbox) < 32:
            inbox.append((addr, bytes(buf[i + 1 : i + 1 + size])))
        i += 1 + size
