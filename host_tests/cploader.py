"""A stand-in for CircuitPython's .mpy loader: the header check of mp_raw_code_load in
py/persistentcode.c (adafruit/circuitpython 10.3.0-alpha.4; the same check in 10.0-10.2,
without the 'M' message in 9.2.x), with the constants of py/persistentcode.h and of a
32-bit board.

    header = 4 bytes (a short file reads MP_READER_EOF, 0xff, for what is missing: py/reader.h)
    header[0] == 'M'                          -> ValueError("MicroPython .mpy file; use CircuitPython mpy-cross")
    header[0] != 'C' or header[1] != MPY_VERSION (6)
      or (arch != NONE and sub-version != MPY_SUB_VERSION (3))
      or header[3] > MP_SMALL_INT_BITS (31)   -> ValueError("incompatible .mpy file")
    arch != NONE on a board without a native emitter -> ValueError("native code in .mpy unsupported")
    MPY_FEATURE_ARCH_FLAGS (0x40) without RV32 -> ValueError("incompatible .mpy file")

arch and sub-version are both in the feature byte: MPY_FEATURE_DECODE_ARCH(f) = (f >> 2) & 0x2F,
MPY_FEATURE_DECODE_SUB_VERSION(f) = f & 3. MP_SMALL_INT_BITS is 31 with MICROPY_OBJ_REPR_A on a
32-bit MCU (py/smallint.h). The worst case is taken: the SAMD51 and nRF52840 builds set no
MICROPY_EMIT_THUMB for .mpy, so any native code is refused, and an arch flag is always refused.
"""

MPY_VERSION = 6
MPY_SUB_VERSION = 3
MP_SMALL_INT_BITS = 31
MPY_FEATURE_ARCH_FLAGS = 0x40
EOF_BYTE = 0xFF


def check(data):
    """Raise ValueError with CircuitPython's message if its loader refuses the .mpy bytes."""
    header = bytes(data[:4]) + bytes([EOF_BYTE]) * max(0, 4 - len(data))
    arch = (header[2] >> 2) & 0x2F
    if header[0] == ord("M"):
        raise ValueError("MicroPython .mpy file; use CircuitPython mpy-cross")
    if (
        header[0] != ord("C")
        or header[1] != MPY_VERSION
        or (arch != 0 and header[2] & 3 != MPY_SUB_VERSION)
        or header[3] > MP_SMALL_INT_BITS
    ):
        raise ValueError("incompatible .mpy file")
    if arch != 0:
        raise ValueError("native code in .mpy unsupported")
    if header[2] & MPY_FEATURE_ARCH_FLAGS == MPY_FEATURE_ARCH_FLAGS:
        raise ValueError("incompatible .mpy file")
