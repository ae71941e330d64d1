"""A Pico W's `network` (its WLAN on the cyw43 chip) for the unix port, CPython and tests.

Loaded through host/emulate/stubs/network.py when ELFER_PICO_W is set. The UDP itself is the
runtime's own sockets (127.0.0.1 on the unix port): this models only the Wi-Fi's coming up, its
failures and its addresses, as MicroPython's sources say they behave:
- extmod/network_cyw43.c: WLAN(STA_IF) / WLAN(AP_IF) are two fixed objects (network_cyw43_make_new);
  active(); connect(ssid, key=None, *, security, bssid, channel) only starts the join and raises
  OSError EPERM when the interface is not active (cyw43-driver src/cyw43_ctrl.c cyw43_wifi_join);
  status() with no argument is the link status, status("rssi") for STA, status("stations") for the
  AP (a list of 1-tuples of MACs); isconnected() is status() == UP, for the AP with a station
  associated; config() reads one parameter (ssid/essid, channel, security, mac, pm, txpower,
  hostname, antenna; others ValueError "unknown config param") or sets keywords (ssid/essid,
  key/password, security, channel, pm, txpower, hostname, antenna, trace, monitor); mixing both is
  TypeError; ifconfig() the 4-tuple.
- extmod/modnetwork.c: STAT_IDLE 0, STAT_CONNECTING 1, STAT_GOT_IP 3, STAT_CONNECT_FAIL -1,
  STAT_NO_AP_FOUND -2, STAT_WRONG_PASSWORD -3; country(), hostname() (default "PicoW",
  ports/rp2/boards/RPI_PICO_W/mpconfigboard.h).
- cyw43-driver src/cyw43.h CYW43_LINK_* (NOIP 2: joined, no address yet), CYW43_AUTH_*; src/cyw43_lwip.c
  cyw43_tcpip_link_status (an interface whose netif is up with an address is UP, so an active AP
  is UP at once); src/cyw43_config.h: the AP is 192.168.4.1/24; a STA that loses its network is
  DOWN (0) again (the join state cleared on the disassociation).

The air (environment variables, read at each connect):
- ELFER_WIFI_AIR "SSID=KEY,OTHER=" the networks in range (empty key: an open network);
- ELFER_WIFI_AIR_DIR a folder the processes share: an active AP is a file there (its SSID in
  hex, its key inside), a station joined to it a file too (what status("stations") lists);
- ELFER_WIFI_JOIN_MS (default 1500) how long a join takes to be UP or refused (BADAUTH), and
  ELFER_WIFI_NONET_MS (default 3000) until a missing network is NONET (a join scans every
  channel first). A network that disappears (its AP file gone) drops its stations to DOWN.
At its worst: an AP with a key of under 8 characters never comes up (WPA2 wants 8 to 63; what
the chip does then is not in the sources); a key given to an open network, or none to a
protected one, fails (-1). set_clock(fn) makes the model's time a test's (ms).
"""

import os

try:
    import time

    _ticks = time.ticks_ms
except AttributeError:  # CPython

    def _ticks():
        return int(time.monotonic() * 1000)


_clock = [_ticks]


def set_clock(fn):
    """The model's time (ms) from fn, e.g. a driver's made-up clock; None: the real one."""
    _clock[0] = fn or _ticks


def _now():
    return _clock[0]()


STA_IF = 0
AP_IF = 1
STAT_IDLE = 0
STAT_CONNECTING = 1
STAT_GOT_IP = 3
STAT_CONNECT_FAIL = -1
STAT_NO_AP_FOUND = -2
STAT_WRONG_PASSWORD = -3
_NOIP = 2
_EPERM = 1

# The chip's MAC ends in this (the process's id): a test with several devices in one process loads
# this module once per device and gives each its own.
IDENT = [os.getpid() if hasattr(os, "getpid") else 1]
_country = ["XX"]
_hostname = ["PicoW"]


def country(code=None):
    if code is None:
        return _country[0]
    if len(code) != 2:
        raise ValueError
    _country[0] = code


def hostname(name=None):
    if name is None:
        return _hostname[0]
    _hostname[0] = name


def _env(name, default=""):
    v = os.getenv(name)
    return default if v is None else v


def _hex(text):
    return "".join("%02x" % b for b in text.encode())


def _air_dir():
    return _env("ELFER_WIFI_AIR_DIR")


def _in_air(ssid):
    """The key of the network ssid in range ("" open), or None where there is none."""
    for item in _env("ELFER_WIFI_AIR").split(","):
        if "=" in item:
            name, key = item.split("=", 1)
            if name == ssid:
                return key
    d = _air_dir()
    if d:
        try:
            with open(d + "/" + _hex(ssid)) as f:
                return f.read()
        except OSError:
            pass
    return None


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


class WLAN:
    IF_STA = STA_IF
    IF_AP = AP_IF
    SEC_OPEN = 0
    SEC_WPA_WPA2 = 0x00400006
    SEC_WPA3 = 0x01000004
    SEC_WPA2_WPA3 = 0x01400004
    PM_NONE = 0x10
    PM_PERFORMANCE = 0xA11142
    PM_POWERSAVE = 0x11

    _made = {}

    def __new__(cls, interface=STA_IF):
        got = WLAN._made.get(interface)
        if got is None:
            got = object.__new__(cls)
            got._setup(interface)
            WLAN._made[interface] = got
        return got

    def __init__(self, interface=STA_IF):
        pass

    def _setup(self, itf):
        self.itf = itf
        self.on = False
        self.join = None  # (ssid, key, when): a join under way or done
        self.ssid = "PICOW" if itf == AP_IF else ""
        self.key = "picow123"
        self.security = 0x00400004  # CYW43_AUTH_WPA2_AES_PSK: the AP's default
        self.channel = 3
        self.pm = 0xA11142
        self.txpower = 31
        self.station_file = ""
        self.mac = bytes((0x28, 0xCD, 0xC1, 0, IDENT[0] % 256, 0x10 + itf))

    # --- both interfaces -----------------------------------------------------------------
    def active(self, *value):
        if not value:
            return self.on
        on = bool(value[0])
        if not on and self.itf == STA_IF:
            self.disconnect()
        self.on = on
        if self.itf == AP_IF:
            self._announce()

    def deinit(self):
        self.active(False)

    def status(self, param=None):
        if param is None:
            return self._link()
        if param == "rssi":
            if self.itf != STA_IF:
                raise ValueError("STA required")
            return -50
        if param == "stations":
            if self.itf != AP_IF:
                raise ValueError("AP required")
            return [(m,) for m in self._stations()]
        raise ValueError("unknown status param")

    def isconnected(self):
        up = self._link() == STAT_GOT_IP
        if up and self.itf == AP_IF:
            return len(self._stations()) > 0
        return up

    def ifconfig(self, *cfg):
        if cfg:
            return None
        if self.itf == AP_IF:
            return ("192.168.4.1", "255.255.255.0", "192.168.4.1", "8.8.8.8")
        if self._link() == STAT_GOT_IP:
            return ("127.0.0.1", "255.0.0.0", "127.0.0.1", "8.8.8.8")
        return ("0.0.0.0", "0.0.0.0", "192.168.0.1", "8.8.8.8")

    def config(self, *args, **kw):
        if not kw:
            if len(args) != 1:
                raise TypeError("must query one param")
            p = args[0]
            if p in ("ssid", "essid"):
                return self.join[0] if self.itf == STA_IF and self.join else self.ssid
            if p == "mac":
                return self.mac
            if p in ("channel", "security", "pm", "txpower"):
                return getattr(self, p)
            if p == "hostname":
                return _hostname[0]
            if p == "antenna":
                return 0
            raise ValueError("unknown config param")
        if args:
            raise TypeError("can't specify pos and kw args")
        for k, v in kw.items():
            if k in ("ssid", "essid"):
                self.ssid = str(v)
            elif k in ("key", "password"):
                self.key = str(v)
            elif k in ("security", "channel", "pm", "txpower"):
                setattr(self, k, int(v))
            elif k == "hostname":
                _hostname[0] = v
            elif k not in ("antenna", "trace", "monitor"):
                raise ValueError("unknown config param")
        if self.itf == AP_IF and self.on:
            self._announce()  # the AP cycled down and up with its new settings

    # --- a station ---------------------------------------------------------------------
    def connect(self, ssid=None, key=None, *, security=-1, bssid=None, channel=0, auth=-1):
        if ssid is None:
            raise TypeError("'ssid' argument required")
        if not self.on or self.itf != STA_IF:
            raise OSError(_EPERM)
        self.disconnect()
        self.join = (str(ssid), key or "", _now())

    def disconnect(self):
        self.join = None
        if self.station_file:
            _remove(self.station_file)
            self.station_file = ""

    def scan(self):
        """Instant here (a real scan blocks up to 10 s): (ssid, bssid, channel, rssi, security, hidden)."""
        out = []
        for item in _env("ELFER_WIFI_AIR").split(","):
            if "=" in item:
                name, key = item.split("=", 1)
                out.append((name.encode(), b"\x02\x00\x00\x00\x00\x01", 6, -55, 5 if key else 0, 1))
        return out

    def _link(self):
        if not self.on:
            return 0
        if self.itf == AP_IF:
            return STAT_GOT_IP if self._ap_ok() else 0
        if self.join is None:
            return 0
        ssid, key, at = self.join
        dt = _now() - at
        there = _in_air(ssid)
        join_ms = int(_env("ELFER_WIFI_JOIN_MS", "1500"))
        if there is None:
            if self.station_file:  # it was joined, and its network went away: down
                self.disconnect()
                return 0
            return STAT_NO_AP_FOUND if dt >= int(_env("ELFER_WIFI_NONET_MS", "3000")) else STAT_CONNECTING
        if dt < join_ms:
            return STAT_CONNECTING if dt < join_ms * 2 // 3 else _NOIP if there == key else STAT_CONNECTING
        if bool(there) != bool(key):
            return STAT_CONNECT_FAIL
        if there != key:
            return STAT_WRONG_PASSWORD
        self._station(ssid)
        return STAT_GOT_IP

    def _station(self, ssid):
        d = _air_dir()
        if d and not self.station_file:
            self.station_file = "%s/%s.sta-%s" % (d, _hex(ssid), "".join("%02x" % b for b in self.mac))
            with open(self.station_file, "w") as f:
                f.write(ssid)

    # --- the access point ----------------------------------------------------------------
    def _ap_ok(self):
        return self.security == 0 or 8 <= len(self.key) <= 63

    def _announce(self):
        d = _air_dir()
        if not d:
            return
        path = d + "/" + _hex(self.ssid)
        if self.on and self._ap_ok():
            with open(path, "w") as f:
                f.write("" if self.security == 0 else self.key)
        else:
            _remove(path)

    def _stations(self):
        d = _air_dir()
        if not d or not self.on:
            return []
        pre = _hex(self.ssid) + ".sta-"
        return [
            bytes(int(n[len(pre) + 2 * i : len(pre) + 2 * i + 2], 16) for i in range(6))
            for n in os.listdir(d)
            if n.startswith(pre)
        ]
