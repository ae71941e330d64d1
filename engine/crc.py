"""CRC-32 (the zlib / PNG polynomial) in 16-bit halves: no int ever reaches 2**30,
so a 32-bit board computes it without heap-allocated big ints. For saves only."""


def crc_update(hi, lo, data, start, end):
    """Run the CRC register (hi, lo) over data[start:end]; start from (0xFFFF, 0xFFFF)."""
    for i in range(start, end):
        lo ^= data[i]
        for _ in range(8):
            bit = lo & 1
            lo = (lo >> 1) | ((hi & 1) << 15)
            hi >>= 1
            if bit:
                hi ^= 0xEDB8
                lo ^= 0x8320
    return hi, lo


def crc32(data, start=0, end=-1):
    """CRC-32 of data[start:end] (end -1: to the end) as (high 16 bits, low 16 bits)."""
    if end < 0:
        end = len(data)
    hi, lo = crc_update(0xFFFF, 0xFFFF, data, start, end)
    return hi ^ 0xFFFF, lo ^ 0xFFFF


def put_crc(buf, start, end, hi=0xFFFF, lo=0xFFFF, done=-1):
    """Write the CRC-32 of buf[start:end] big-endian into buf[end:end+4]. (hi, lo): the
    register already run over buf[start:done], when a caller has it."""
    hi, lo = crc_update(hi, lo, buf, start if done < 0 else done, end)
    hi ^= 0xFFFF
    lo ^= 0xFFFF
    buf[end] = hi >> 8
    buf[end + 1] = hi & 255
    buf[end + 2] = lo >> 8
    buf[end + 3] = lo & 255


def crc_ok(buf, start, end):
    """Does buf[end:end+4] hold the CRC-32 of buf[start:end]?"""
    if end < start or end + 4 > len(buf):
        return False
    hi, lo = crc32(buf, start, end)
    return buf[end] == hi >> 8 and buf[end + 1] == hi & 255 and buf[end + 2] == lo >> 8 and buf[end + 3] == lo & 255
