"""Saves that survive power loss: two slots over a byte region, each in its own half.

The region is microcontroller.nvm on CircuitPython (8 KiB on SAMD51,
nRF52840 and ESP32-S2/S3, 4 KiB on RP2040), a file on MicroPython and in the
simulator (firmware/fileregion.py), or a bytearray in tests. Layout
(docs/saves.md):

    half 0: [slot 0 ...][error area 0]   half 1: [slot 1 ...][error area 1]

Flash erases whole units (a 4 KiB page on nRF52840, the whole 8 KiB block on
SAMD51), so each slot has a half of its own: where the region spans two or
more erase units, writing one slot never erases the other. A slot: 'EL',
payload length (u16), payload, sequence number (u16), CRC-32 of everything
before it. A save goes to the slot that does not hold the newest good save,
with the next sequence number; a write cut off anywhere leaves that slot
failing its CRC (or the older of the two), so the previous save is read.
Nothing is written when the payload has not changed (told by the CRC register
after the payload, which leaves out the sequence number: no copy of the last
save is kept in RAM). A crash summary goes to the error area of the half
without the newest save, and nowhere when the halves share an erase unit.
"""

from engine.crc import crc_update, put_crc

ERROR_AREA = 256  # at the end of each half
PAYLOAD = 4  # where the payload starts in Store.buf: 'E', 'L', length (2); the sequence number follows it
MAGIC0 = 0x45
MAGIC1 = 0x4C
_MIN_REGION = 1024

# Bytes one nvm write erases, by sys.platform (CircuitPython ports; docs/saves.md).
# Espressif keeps nvm as one NVS blob rewritten whole: the whole region.
_UNITS = (("MicroChip SAM", 8192), ("nRF", 4096), ("RP2", 4096), ("Atmel SAMD21", 256))


def erase_unit(region):
    """How many bytes a write to the region may erase (aligned): the region's own
    `erase_unit`, 1 for a bytearray, else the CircuitPython port's (the whole
    region when unknown)."""
    unit = getattr(region, "erase_unit", 0)
    if unit:
        return unit
    if isinstance(region, bytearray):
        return 1
    import sys

    for name, unit in _UNITS:
        if sys.platform.startswith(name):
            return unit
    return len(region)


class Store:
    def __init__(self, region, unit=0):
        size = len(region)
        if size < _MIN_REGION:
            raise ValueError("storage region of %d bytes is too small (need %d)" % (size, _MIN_REGION))
        self.region = region
        self.half = size // 2
        self.slot_size = self.half - ERROR_AREA
        # The halves lie in separate erase units: a write to one never erases the other.
        self.apart = self.half % (unit or erase_unit(region)) == 0
        self.loaded = False  # load() has looked (write_error must know where the newest save is)
        self.seq = -1  # sequence number of the newest good save, -1: none
        self.slot = 1  # the slot holding it (so the first save goes to slot 0)
        # The CRC register after the newest save's payload (-1: none): tells an unchanged save.
        # Two small ints, not a tuple: a save every turn leaves no new object in the heap.
        self.last_hi = -1
        self.last_lo = -1
        # The slot as written (header, payload, CRC): made once, at boot, big enough for
        # settings, full statistics and a match, so saves do not scatter new buffers in the heap.
        self.buf = bytearray(min(self.slot_size, 1100))
        self.payload_at = PAYLOAD
        self.writes = 0

    def capacity(self):
        return self.slot_size - PAYLOAD - 6

    def load(self):
        """The newest complete save's payload, or None (firmware/storeread.py: boot only)."""
        from firmware import storeread

        return storeread.load(self)

    def save(self, *parts):
        """Write the parts, joined, as the newest save unless that equals the last save;
        True if written."""
        n = 0
        for p in parts:
            n += len(p)
        self.room(n)
        buf = self.buf
        i = PAYLOAD
        for p in parts:
            buf[i : i + len(p)] = p
            i += len(p)
        return self.commit(n)

    def room(self, n):
        """Make sure a payload of n bytes fits the buffer; the payload goes at buf[PAYLOAD:]."""
        if n > self.capacity():
            raise ValueError("save of %d bytes does not fit a slot (%d)" % (n, self.capacity()))
        buf = self.buf
        if len(buf) < PAYLOAD + n + 6:
            buf.extend(bytes(PAYLOAD + n + 70 - len(buf)))  # keeps what is in it
        return buf

    def commit(self, n):
        """Write the n-byte payload already in buf[PAYLOAD:] as the newest save, unless it
        equals the last save; True if written. The buffer is made at boot and reused."""
        buf = self.buf
        buf[0] = MAGIC0
        buf[1] = MAGIC1
        buf[2] = n >> 8
        buf[3] = n & 255
        i = PAYLOAD + n
        hi, lo = crc_update(0xFFFF, 0xFFFF, buf, 0, i)
        if hi == self.last_hi and lo == self.last_lo:
            return False  # unchanged (a CRC collision would skip one save: 1 in 4e9)
        seq = (self.seq + 1) & 0xFFFF
        k = 1 - self.slot
        buf[i] = seq >> 8
        buf[i + 1] = seq & 255
        put_crc(buf, 0, i + 2, hi, lo, i)
        base = k * self.half
        self.region[base : base + i + 6] = memoryview(buf)[: i + 6]
        self.seq = seq
        self.slot = k
        self.last_hi = hi
        self.last_lo = lo
        self.writes += 1
        return True

    def write_error(self, text):
        """Write a crash summary where it cannot cost the newest save; False when there is
        no such place (firmware/storeread.py)."""
        from firmware import storeread

        return storeread.write_error(self, text)

    def read_error(self):
        """The last crash summary written, or ''."""
        from firmware import storeread

        return storeread.read_error(self)
