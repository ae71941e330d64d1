"""The saves' region on a MicroPython board's littlefs: one small file for each part the store
writes on its own (firmware/store.py: a slot, an error area), in a folder.

Why files this small: littlefs keeps a file of at most 512 bytes inside its directory's
metadata log (rp2 mounts with 4,096-byte blocks, 256-byte programs and a 1,024-byte cache:
inline_max = min(cache, 1,022, block / 8)). Writing one appends a commit of its bytes, rounded
up to a program, and the log's block is erased only when it fills. A 4 KiB region file
written in place (firmware/fileregion.py) is copied to a new block at every close: one block
erased and 4,096 bytes programmed a save (docs/saves.md has the measurements, made on
MicroPython's own VfsLfs2). littlefs commits a file at close, so a write is whole or not at all.

A part's file holds its bytes up to the last one written; the region reads 0xFF past a
file's end, as erased flash. A region file of the old layout (the same size) is moved into
the folder at the first boot; one of another size is kept aside with a notice.
"""

import os

from firmware.store import ERROR_AREA

_DIR = 0x4000  # os.stat's mode bit of a directory


def mode_of(path):
    """os.stat's mode of path, or -1 when nothing is there."""
    try:
        return os.stat(path)[0]
    except OSError:
        return -1


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return 0


class FolderRegion:
    """A byte region of a fixed size kept as a few files in a folder."""

    erase_unit = 1  # a write changes only its part's file (the store's halves never share one)

    def __init__(self, folder="elfer-saves", size=4096, old="elfer-saves.bin"):
        """old: the region file of the layout before (firmware/fileregion.py), moved in."""
        self.folder = folder
        self.size = size
        half = size // 2
        self.starts = (0, half - ERROR_AREA, half, size - ERROR_AREA, size)  # the parts
        self.notice = ""
        mode = mode_of(folder)
        if mode == -1 or not mode & _DIR:  # the first boot of this layout (firmware/foldermake.py)
            from engine import unload
            from firmware.foldermake import make

            self.notice = make(folder, size, self.starts, old, mode != -1)
            unload("firmware.foldermake")
            unload("firmware.fileregion")  # (set_aside, when it ran: nothing else of it runs on a board)
        self.sizes = [_size(self._path(k)) for k in range(4)]  # bytes in each part's file

    def _path(self, k):
        return "%s/%d" % (self.folder, k)

    def __len__(self):
        return self.size

    def _part(self, i):
        k = 0
        while i >= self.starts[k + 1]:
            k += 1
        return k

    def __getitem__(self, i):
        if not isinstance(i, slice):
            return self[i : i + 1][0]
        start = i.start or 0
        stop = self.size if i.stop is None else min(i.stop, self.size)
        out = bytearray(b"\xff" * max(0, stop - start))
        at = start
        while at < stop:
            k = self._part(at)
            end = min(stop, self.starts[k + 1])
            o = at - self.starts[k]
            n = min(end - at, self.sizes[k] - o)
            if n > 0:
                with open(self._path(k), "rb") as f:
                    f.seek(o)
                    out[at - start : at - start + n] = f.read(n)
            at = end
        return bytes(out)

    def __setitem__(self, i, value):
        if isinstance(i, slice):
            start = i.start or 0
        else:
            start, value = i, bytes((value,))
        if start < 0 or start + len(value) > self.size:
            raise ValueError("write of %d bytes at %d is outside the region's %d" % (len(value), start, self.size))
        done = 0
        while done < len(value):
            at = start + done
            k = self._part(at)
            n = min(len(value) - done, self.starts[k + 1] - at)
            o = at - self.starts[k]
            have = self.sizes[k]
            try:
                f = open(self._path(k), "r+b" if have else "wb")
            except OSError:  # the part's file gone since the boot: made again (what it held is lost)
                have = 0
                f = open(self._path(k), "wb")
            with f:
                if o > have:  # the bytes between read as erased flash
                    f.seek(have)
                    f.write(b"\xff" * (o - have))
                else:
                    f.seek(o)
                f.write(value[done : done + n])
            self.sizes[k] = max(have, o + n)
            done += n
