"""A littlefs image of a folder, as MicroPython's rp2 port mounts it (run by the unix port).

    micropython host/emulate/pico/lfsimage.py FOLDER OUT BLOCKS

ports/rp2/modules/_boot.py mounts rp2.Flash() as vfs.VfsLfs2(bdev, progsize=256) (readsize 32,
lookahead 32: extmod/vfs_lfsx.c's defaults); the image is formatted the same way with MicroPython's
own littlefs, so the firmware mounts it as its own.
"""

import os
import sys

import vfs

BLOCK = 4096


class RamFlash:
    def __init__(self, blocks):
        self.data = bytearray(b"\xff" * (BLOCK * blocks))
        self.blocks = blocks

    def readblocks(self, n, buf, off=0):
        at = n * BLOCK + off
        buf[:] = self.data[at : at + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            self.ioctl(6, n)
            off = 0
        at = n * BLOCK + off
        self.data[at : at + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return BLOCK
        if op == 6:
            self.data[arg * BLOCK : (arg + 1) * BLOCK] = b"\xff" * BLOCK
            return 0
        return 0


def copy(src, dst):
    for name in os.listdir(src):
        s = src + "/" + name
        d = dst + "/" + name
        if os.stat(s)[0] & 0x4000:
            os.mkdir(d)
            copy(s, d)
        else:
            with open(s, "rb") as f, open(d, "wb") as g:
                g.write(f.read())


def main():
    folder, out, blocks = sys.argv[1], sys.argv[2], int(sys.argv[3])
    bdev = RamFlash(blocks)
    vfs.VfsLfs2.mkfs(bdev, progsize=256)
    fs = vfs.VfsLfs2(bdev, progsize=256)
    vfs.mount(fs, "/lfs")
    copy(folder, "/lfs")
    vfs.umount("/lfs")
    with open(out, "wb") as f:
        f.write(bdev.data)


main()
