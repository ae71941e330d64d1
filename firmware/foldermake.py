"""The saves' folder made at the first boot of firmware/folderregion.py's layout (loaded then only)."""

import os

from firmware.folderregion import mode_of


def make(folder, size, starts, old, taken):
    """Make the folder with what the old region file held, its parts at starts; taken: a file
    of the person's own has the folder's name. Made under another name and renamed (littlefs
    renames atomically): a power cut leaves no half-made folder behind. The notice for the
    screen's line ('' when there is nothing to say)."""
    notes = []
    if taken:
        from firmware.fileregion import set_aside

        with open(folder, "rb") as f:
            notes.append(set_aside(folder, len(f.read()), size))
    tmp = folder + ".new"
    if mode_of(tmp) != -1:
        for name in os.listdir(tmp):
            os.remove(tmp + "/" + name)
        os.rmdir(tmp)
    os.mkdir(tmp)
    have = -1
    if mode_of(old) != -1:
        with open(old, "rb") as f:
            data = f.read()
        have = len(data)
    if have == size:
        for k in range(len(starts) - 1):
            part = data[starts[k] : starts[k + 1]]
            n = len(part)
            while n and part[n - 1] == 0xFF:
                n -= 1
            if n:
                with open("%s/%d" % (tmp, k), "wb") as f:
                    f.write(part[:n])
    os.rename(tmp, folder)
    if have == size:
        os.remove(old)
    elif have > 0:  # (an empty file holds no save)
        from firmware.fileregion import set_aside

        notes.append(set_aside(old, have, size))
    return "\n".join(notes)
