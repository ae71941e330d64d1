"""Stand-in for CircuitPython's microcontroller module: only `nvm`, the save region.

On a board nvm is native flash, not heap; here it is a file (nvm.bin in the
working folder, 8 KiB as on a SAMD51), so the memory probe's heap holds what
a board's heap would hold.
"""


class _Nvm:
    SIZE = 8192
    PATH = "nvm.bin"
    erase_unit = 8192  # a SAMD51 write erases the whole nvm (host/measure/flashmodel.py)

    def __init__(self):
        with open(self.PATH, "wb") as f:
            f.write(b"\xff" * self.SIZE)

    def __len__(self):
        return self.SIZE

    def __getitem__(self, i):
        if isinstance(i, slice):
            start = i.start or 0
            stop = self.SIZE if i.stop is None else i.stop
        else:
            start, stop = i, i + 1
        with open(self.PATH, "rb") as f:
            f.seek(start)
            data = f.read(stop - start)
        return data if isinstance(i, slice) else data[0]

    def __setitem__(self, i, value):
        with open(self.PATH, "r+b") as f:
            f.seek(i.start or 0)
            f.write(value)


nvm = _Nvm()
