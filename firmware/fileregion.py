"""A storage region in one file (the simulator, the browser page; a MicroPython board keeps its
saves as firmware/folderregion.py's small files, which cost its flash far less).

Nothing of it is kept in RAM: reads (a few slices at boot) and writes go to the file.
A file of another size is never overwritten: it is renamed aside with a notice.
"""


def set_aside(path, have, size):
    """Rename the file at path (have bytes, not the size wanted) to a free name beside it;
    the notice for the screen's line."""
    import os

    for k in range(10):
        name = "%s.old%s" % (path, k or "")
        try:
            os.stat(name)
        except OSError:
            os.rename(path, name)
            print("Save file of %d bytes (not %d) kept as %s" % (have, size, name))
            # The screen's line is short: the file's own name, the console has the path.
            return "Save file of %d bytes kept as %s" % (have, name.rsplit("/", 1)[-1])
    raise OSError("save file %s has %d bytes, not %d; no free name to keep it" % (path, have, size))


class FileRegion:
    """A byte region of a fixed size kept in a file."""

    # A write changes only the bytes it writes: littlefs (MicroPython on RP2040, ESP32)
    # commits a file's new blocks when it is closed, old bytes or new; a PC's file system too.
    erase_unit = 1

    def __init__(self, path, size=4096):
        self.path = path
        self.size = size
        self.notice = ""
        try:
            with open(path, "rb") as f:
                have = len(f.read())
        except OSError:
            have = -1
        if have != size:
            if have > 0:  # (an empty file holds no save)
                self.notice = set_aside(path, have, size)
            with open(path, "wb") as f:
                f.write(b"\xff" * size)

    def __len__(self):
        return self.size

    def __getitem__(self, i):
        if isinstance(i, slice):  # (slice.indices() is missing on some MicroPython builds)
            start = i.start or 0
            stop = self.size if i.stop is None else min(i.stop, self.size)
        else:
            start, stop = i, i + 1
        with open(self.path, "rb") as f:
            f.seek(start)
            data = f.read(max(0, stop - start))
        return data if isinstance(i, slice) else data[0]

    def __setitem__(self, i, value):
        if isinstance(i, slice):
            start = i.start or 0
        else:
            start, value = i, bytes([value])
        with open(self.path, "r+b") as f:
            f.seek(start)
            f.write(value)
