"""What the saves cost a Pico's flash: the firmware's own saves on MicroPython's own littlefs.

    micropython host/measure/lfs_saves.py folder|file [SAVES] [CUTS]
    (cwd: the repository, or a folder with engine/, firmware/, boards/, host/drive/fbshots.py and screenwalk.py)

A block device in RAM with the rp2 port's flash geometry (4,096-byte erase blocks; ports/rp2/
modules/_boot.py mounts it as vfs.VfsLfs2(bdev, progsize=256): 32-byte reads, 256-byte programs,
a 1,024-byte cache, lookahead 32, block_cycles 100 in extmod/vfs_lfsx.c) is formatted and
mounted, filled with a bundle's worth of files (the root directory a board really has), and
the firmware plays a classic match against medium bots in it, its saves going to
firmware/folderregion.py ("folder", what a board runs) or to firmware/fileregion.py's 4 KiB
file ("file", the layout before). Every program and erase the device gets is counted while a
save is written (Store.commit). Prints key: value lines: saves, save_prog_bytes_avg,
save_erase_per_10, save_prog_bytes_max.

CUTS > 0: for each of the first CUTS saves the device's steps are logged, and the power is
cut at every one of them, before it, halfway through it (half a program's bytes landed, half
an erase done) and after the last: the image mounted again must give the save before or the
save being written, whole (Store.load), never an error; after the last step, the new one.
Prints cut_points and cut_failures (and each failure).
"""

import gc
import sys

import vfs

sys.path.insert(0, "")
sys.path.insert(0, "host/drive")

from fbshots import FbBoard, Pacer  # noqa: E402
from screenwalk import can_place  # noqa: E402

BLOCK = 4096
BLOCKS = 96  # 384 KiB: room for the files below and littlefs's copies


class Flash:
    """A NOR flash in RAM as littlefs drives it (the extended block protocol: an erase is
    ioctl 6, a program is writeblocks with an offset). log: None, or a list the steps go to."""

    def __init__(self, image=None):
        self.data = bytearray(b"\xff" * (BLOCK * BLOCKS)) if image is None else bytearray(image)
        self.progs = 0
        self.erases = 0
        self.log = None

    def readblocks(self, block, buf, off=0):
        at = block * BLOCK + off
        buf[:] = self.data[at : at + len(buf)]

    def writeblocks(self, block, buf, off=0):
        at = block * BLOCK + off
        self.progs += len(buf)
        if self.log is not None:
            self.log.append((at, bytes(buf)))
        d = self.data
        for i in range(len(buf)):  # programming clears bits, never sets them (NOR)
            d[at + i] &= buf[i]

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return BLOCKS
        if op == 5:  # block size
            return BLOCK
        if op == 6:  # erase
            self.erases += 1
            if self.log is not None:
                self.log.append((arg * BLOCK, None))
            at = arg * BLOCK
            self.data[at : at + BLOCK] = b"\xff" * BLOCK
            return 0
        return 0


def apply(data, step, part=1.0):
    """One logged step on an image (part < 1: cut off that far through it)."""
    at, buf = step
    if buf is None:
        n = int(BLOCK * part)
        data[at : at + n] = b"\xff" * n
        return
    n = int(len(buf) * part)
    for i in range(n):
        data[at + i] &= buf[i]


def mount(flash, where):
    vfs.mount(vfs.VfsLfs2(flash, readsize=32, progsize=256, lookahead=32), where)


def make_fs(flash):
    vfs.VfsLfs2.mkfs(flash, readsize=32, progsize=256, lookahead=32)
    mount(flash, "/flash")
    # What a board's root holds beside the saves: the bundle's compiled modules and its texts.
    for i in range(40):
        with open("/flash/m%d.mpy" % i, "wb") as f:
            f.write(bytes(1500 + 97 * i))
    with open("/flash/settings.toml", "w") as f:
        f.write('ELFER_BOARD = "pico_lcd_114"\n')


class LfsBoard(FbBoard):
    def __init__(self, kind):
        FbBoard.__init__(self, 240, 135, "4")
        self.kind = kind

    def storage(self):
        if self.kind == "file":
            from firmware.fileregion import FileRegion

            return FileRegion("/flash/elfer-saves.bin", 4096)
        from firmware.folderregion import FolderRegion

        return FolderRegion("/flash/elfer-saves", 4096, "/flash/elfer-saves.bin")


def loaded(flash_image, kind):
    """The save an image holds, read as the firmware reads it at boot; mounted at /cut."""
    from firmware.store import Store

    f = Flash(flash_image)
    mount(f, "/cut")
    try:
        if kind == "file":
            from firmware.fileregion import FileRegion

            region = FileRegion("/cut/elfer-saves.bin", 4096)
        else:
            from firmware.folderregion import FolderRegion

            region = FolderRegion("/cut/elfer-saves", 4096, "/cut/elfer-saves.bin")
        return Store(region).load()
    finally:
        vfs.umount("/cut")


def main(argv):
    kind = argv[1]
    want = int(argv[2]) if len(argv) > 2 else 200
    cuts = int(argv[3]) if len(argv) > 3 else 0
    flash = Flash()
    make_fs(flash)
    board = LfsBoard(kind)
    from firmware import store as store_mod
    from firmware.app import App

    app = App(board)
    app.settings.speed = 0
    costs = []  # (programmed, erased) a save
    checks = [0, 0]  # cut points, failures
    commit = store_mod.Store.commit

    def counted(st, n):
        p0, e0 = flash.progs, flash.erases
        logging = len(costs) < cuts
        if logging:
            before = bytes(flash.data)
            flash.log = []
        written = commit(st, n)
        if written:
            costs.append((flash.progs - p0, flash.erases - e0))
        if logging and written:
            check_cuts(before, flash.log, bytes(st.buf[4 : 4 + n]), checks)
        flash.log = None
        return written

    store_mod.Store.commit = counted
    previous = [None]

    def check_cuts(before, log, new, checks):
        old = previous[0]
        img = bytearray(before)
        points = []
        for i in range(len(log)):
            points.append((i, 0.0))
            points.append((i, 0.5))
        points.append((len(log), 0.0))
        for i, part in points:
            img[:] = before
            for j in range(i):
                apply(img, log[j])
            if part and i < len(log):
                apply(img, log[i], part)
            checks[0] += 1
            try:
                got = loaded(img, kind)
            except Exception as e:  # noqa: BLE001  (any error is a failure to report)
                got = "error: %r" % (e,)
            end = i == len(log)  # every step done: the new save, nothing else
            if got != new and (end or got != old):
                checks[1] += 1
                print("cut at step %d of %d (%s): %r" % (i, len(log), part, got[:40] if got else got))
        previous[0] = new
        gc.collect()

    pacer = Pacer(app, board)
    step = pacer.step
    press = pacer.press
    step()
    pacer.start_match()
    while len(costs) < want:
        m = app.match
        if m is None or m.state.is_match_over():
            break
        if pacer.between_turns(m, 200):
            continue
        if can_place(m):
            press("DOWN")
            press("A")
        else:
            press("B")
    n = len(costs)
    print("saves: %d" % n)
    print("save_prog_bytes_avg: %d" % (sum(c[0] for c in costs) // n))
    print("save_prog_bytes_max: %d" % max(c[0] for c in costs))
    print("save_erase_per_10: %.2f" % (sum(c[1] for c in costs) * 10 / n))
    if cuts:
        print("cut_points: %d" % checks[0])
        print("cut_failures: %d" % checks[1])


main(sys.argv)
