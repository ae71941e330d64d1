"""ESP-NOW under the link core (firmware/linkhost.py, linkclient.py): the ESP32-S2/S3 Feather TFTs
under CircuitPython (boards/feather_tft.py opens it when Host or Join a table is chosen).

    radio = EspNowRadio(buffer_size=BUFFER)
    radio.send(mac, data) -> True/False    radio.broadcast(data)    radio.recv() -> (mac, data)/None

An address is the sender's 6-byte MAC (bytes). CircuitPython's espnow (read in its source:
ports/espressif/bindings/espnow/, common-hal/espnow/; docs/link.md "ESP-NOW") sends only to a
peer it was given: a broadcast goes to the broadcast peer ff:ff:ff:ff:ff:ff, added at the
start; a unicast peer is added the first time it is sent to. ESP-IDF holds 20 peers, the
broadcast one among them: past that the peer sent to longest ago is dropped for the new one.
A frame that cannot go (over 250 bytes, an ESP-IDF error, the queue still full after espnow's
2 s wait, the radio closed) is a lost frame, as on a radio: send says False and the link
core's resends do the rest. espnow keeps what it hears in one ring buffer (BUFFER bytes; 13
bytes of each packet are its header) and drops a packet that does not fit, silently: recv()
takes one packet a call, and `dropped()` says how many the ring lost.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


MTU = const(250)  # ESP_NOW_MAX_DATA_LEN (ESP-NOW v1.0): the link core's frames are <= 200
PEERS = const(20)  # ESP_NOW_MAX_TOTAL_PEER_NUM, the broadcast peer one of them
# The receive ring: espnow's default 526 holds two packets of 250; this holds 19 of the link's
# 200-byte frames (13 + 200 each) while a slow screen step keeps the loop from reading.
BUFFER = const(4096)
BROADCAST = b"\xff\xff\xff\xff\xff\xff"


class EspNowRadio:
    mtu = MTU

    def __init__(self, buffer_size=BUFFER, espnow=None):
        """espnow: the module (a test's stand-in); CircuitPython's own by default."""
        if espnow is None:
            import espnow
        self.espnow = espnow
        e = espnow.ESPNow(buffer_size=buffer_size)  # RuntimeError "Already running" if one is open
        try:
            self.everyone = espnow.Peer(mac=BROADCAST)
            e.peers.append(self.everyone)
        except Exception:
            e.deinit()
            raise
        self.e = e
        # The unicast peers, the one sent to longest ago first, and their MACs (Peer.mac makes a
        # new bytes at each reading: the search reads these instead).
        self.peers = []
        self.macs = []
        self.sent = self.lost = 0

    def _peer(self, addr):
        macs = self.macs
        for i in range(len(macs)):
            if macs[i] == addr:
                if i != len(macs) - 1:
                    macs.append(macs.pop(i))
                    self.peers.append(self.peers.pop(i))
                return self.peers[-1]
        p = self.espnow.Peer(mac=addr)  # ValueError unless 6 bytes, TypeError unless a buffer
        if len(macs) >= PEERS - 1:
            self._drop()
        try:
            self.e.peers.append(p)
        except OSError:  # ESP-IDF's list full after all (IDFError FULL): make room, once
            if not macs:
                raise
            self._drop()
            self.e.peers.append(p)
        self.peers.append(p)
        macs.append(addr)  # bytes from recv(): the link core answers the addresses it heard
        return p

    def _drop(self):
        """The peer sent to longest ago let go."""
        p = self.peers.pop(0)
        self.macs.pop(0)
        try:
            self.e.peers.remove(p)
        except (OSError, ValueError):  # not in ESP-IDF's list (NOT_FOUND): gone already
            pass

    def send(self, addr, data):
        e = self.e
        if e is None or len(data) > MTU or not data:
            self.lost += 1
            return False
        try:
            e.send(data, self.everyone if addr == BROADCAST else self._peer(addr))
        except (OSError, ValueError, TypeError, MemoryError):
            # IDFError (an OSError): not found, channel, the queue full for 2 s; espidf.MemoryError;
            # ValueError, TypeError: an address that is not a MAC.
            self.lost += 1
            return False
        self.sent += 1
        return True

    def broadcast(self, data):
        return self.send(BROADCAST, data)

    def recv(self):
        e = self.e
        if e is None:
            return None
        try:
            p = e.read()
        except ValueError:  # "Invalid buffer": a packet the ring mangled; the next read goes on
            return None
        if p is None:
            return None
        return p.mac, p.msg

    def dropped(self):
        """Packets the receive ring had no room for (espnow's read_failure)."""
        return 0 if self.e is None else self.e.read_failure

    def close(self):
        e = self.e
        self.e = None
        self.peers = []
        self.macs = []
        if e is not None:
            try:
                e.deinit()
            except (OSError, ValueError):
                pass
