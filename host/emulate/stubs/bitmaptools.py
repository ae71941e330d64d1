"""Stand-in bitmaptools: blit copies pixel by pixel (slow, but only memory is measured)."""


def blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None, skip_dest_index=None):
    x2 = source.width if x2 is None else x2
    y2 = source.height if y2 is None else y2
    for yy in range(y1, y2):
        for xx in range(x1, x2):
            v = source[xx, yy]
            if v != skip_source_index and 0 <= x + xx - x1 < dest.width and 0 <= y + yy - y1 < dest.height:
                dest[x + xx - x1, y + yy - y1] = v


def fill_region(dest, x1, y1, x2, y2, value):
    for yy in range(y1, y2):
        for xx in range(x1, x2):
            dest[xx, yy] = value
