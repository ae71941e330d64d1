"""The browser page's session again on the MicroPython unix port: the same board, the same steps.

    micropython host/drive/webreplay.py SKIN LOG.json     (cwd: the page's working folder as a
    test made it: settings.toml and elfer-saves.bin; MICROPYPATH: the repository)

LOG.json is what the page recorded with ?record (host/ship/web/elfer.js): one entry per step of the
firmware, either the step's time in ms or [time, key code, ...] for the key events the page
queued before that step (code = key number * 2 + 1 pressed, * 2 released). Each step is
replayed in order on boards/web.py's Host, so the frame (elfer-frame.raw) and the saves
(elfer-saves.bin) come out as the page's; prints the screen's texts after the last step.
One run is one page load: a reload is a second run in the same folder.
"""

import json
import sys

sys.path.insert(0, "")

from boards.web import Host  # noqa: E402


def main(argv):
    with open(argv[2]) as f:
        log = json.load(f)
    host = Host(argv[1])
    board = host.board
    for entry in log:
        if isinstance(entry, int):
            host.step(entry)
            continue
        for code in entry[1:]:
            board.key(code >> 1, code & 1)
        host.step(entry[0])
    print(host.texts())


main(sys.argv)
