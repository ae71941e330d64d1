"""A storage region in a file (the simulator, MicroPython boards without microcontroller.nvm).

Nothing of it is kept in RAM: reads (a few slices at boot) and writes go to the file.
"""


class FileRegion:
    """A byte region of a fixed size kept in a file."""

    def __init__(self, path, size=4096):
        self.path = path
        self.size = size
        try:
            with open(path, "rb") as f:
                have = len(f.read())
        except OSError:
            have = -1
        if have != size:
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
