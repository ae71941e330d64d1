"""The link's constants by name, for host tools and tests: the frames' fields and kinds
(firmware/linkframe.py), a joiner's states (firmware/linkclient.py) and a host's seat states and
timings (firmware/linkhost.py), with linkframe's functions.

On a board these are private consts (`_NAME = const(n)`): MicroPython inlines them and interns no
name, and a joiner's names are close to the six qstr pools' 1,260, past which a seventh pool takes
~9 KiB at once (docs/memory.md, "A joiner's heap"). Here they are plain numbers, so
that MicroPython's unix-port seats can read them too; host_tests/test_micropython.py checks each
against the const its comment names.
"""

from firmware.linkframe import Keyed, parse_head, plain, table_key  # noqa: F401 - the frames' functions

HEAD = 12  # firmware/linkframe.py _HEAD
MAX = 200  # firmware/linkframe.py _MAX
HOST = 254  # firmware/linkframe.py _HOST
NEW = 255  # firmware/linkframe.py _NEW

BEACON = 1  # firmware/linkframe.py _BEACON
NOKEY = 2  # firmware/linkframe.py _NOKEY
WELCOME = 10  # firmware/linkframe.py _WELCOME
SEATS = 11  # firmware/linkframe.py _SEATS
ROUND = 12  # firmware/linkframe.py _ROUND
VIEW = 13  # firmware/linkframe.py _VIEW
HIST = 14  # firmware/linkframe.py _HIST
REVEAL = 15  # firmware/linkframe.py _REVEAL
LEFT = 16  # firmware/linkframe.py _LEFT
REFUSE = 17  # firmware/linkframe.py _REFUSE
CHALLENGE = 19  # firmware/linkframe.py _CHALLENGE
HELLO = 30  # firmware/linkframe.py _HELLO
MOVE = 31  # firmware/linkframe.py _MOVE
RESYNC = 32  # firmware/linkframe.py _RESYNC
PING = 33  # firmware/linkframe.py _PING

# a joiner's c.status
JOINING = 1  # firmware/linkclient.py _JOINING
LOBBY = 2  # firmware/linkclient.py _LOBBY
PLAYING = 3  # firmware/linkclient.py _PLAYING
WRONG_CODE = 4  # firmware/linkclient.py _WRONG_CODE
FULL = 5  # firmware/linkclient.py _FULL
LOST = 6  # firmware/linkclient.py _LOST
CLIENT_PING_MS = 1000  # firmware/linkclient.py _PING_MS

# a host's h.seat_state(p)
S_OPEN = 0  # firmware/linkhost.py _S_OPEN
S_HOST = 1  # firmware/linkhost.py _S_HOST
S_PERSON = 2  # firmware/linkhost.py _S_PERSON
S_BOT = 3  # firmware/linkhost.py _S_BOT
S_REMOTE = 4  # firmware/linkhost.py _S_REMOTE
S_AWAY = 5  # firmware/linkhost.py _S_AWAY
AWAY_MS = 5000  # firmware/linkhost.py _AWAY_MS
TAKEOVER_MS = 10000  # firmware/linkhost.py _TAKEOVER_MS
