"""Link play over Wi-Fi on a Pico W or Pico 2 W (MicroPython): the WLAN brought up, UDP on it.

    radio = make()          # boards/mpboard.py radio(): Host a table / Join a table
    radio.hosting = True    # firmware/remotehost.py host(), before the radio's first use
    radio.recv()            # None until the Wi-Fi is up, then boards/radio_udp.py's UdpRadio's
    radio.state, radio.ssid, radio.why   # what the lobby says while it is not up

Named after MicroPython's module it drives (imported as `from boards import network`): the one
name a plain Pico interns at boot for this is "network" itself (docs/link.md, Wi-Fi (Pico W)).

Where the network comes from (settings.toml, as every ELFER_* setting):
- ELFER_WIFI_SSID / ELFER_WIFI_PASSWORD: every device joins that network (a home network).
- Without ELFER_WIFI_SSID the table brings its own: the host opens an access point
  ELFER_WIFI_AP (default "ElferRaus", WPA2 key ELFER_WIFI_AP_PASSWORD, default "elferraus"; "":
  open) at 192.168.4.1, and a joiner joins it and asks 192.168.4.1 for its beacons directly. The
  name is fixed, not the table's: a joiner would have to scan for it, and network.WLAN.scan()
  blocks up to 10 s (extmod/network_cyw43.c network_cyw43_scan), a frozen screen.
- ELFER_LINK_PORT (default 47111): the UDP port every device binds and the beacons go to;
  ELFER_LINK_HOST "IP" or "IP:PORT": a host to ask directly (where broadcasts do not pass).

Nothing here waits. WLAN.connect() only starts the join (cyw43_wifi_join runs in the
background); recv() polls status() and answers None while it is not up, send() says False (a
lost frame: the link core sends again). A join that fails (no such network, a wrong password,
a failure, or still joining after JOIN_MS) is said in `state` and tried again after RETRY_MS: a
joiner switched on before the host's access point finds it when it comes up. A setting that
cannot work (a key of under 8 characters) or a WLAN call that raises is ERROR with `why`.

MicroPython's sources (v1.29, read with the link core's needs in mind):
- extmod/modnetwork.c: STAT_IDLE 0, STAT_CONNECTING 1, STAT_GOT_IP 3, STAT_CONNECT_FAIL -1,
  STAT_NO_AP_FOUND -2, STAT_WRONG_PASSWORD -3 (cyw43's CYW43_LINK_*; NOIP 2 between).
- extmod/network_cyw43.c: WLAN(STA_IF) and WLAN(AP_IF) are two fixed objects; connect() on an
  inactive interface raises OSError EPERM (cyw43_ctrl.c cyw43_wifi_join); config(ssid=, key=,
  security=) for the access point cycles it if active; an AP's status() is the netif's (UP
  once active, cyw43_lwip.c cyw43_tcpip_link_status).
- cyw43-driver cyw43_config.h: the AP is 192.168.4.1/24; shared/netutils/dhcpserver.h gives
  stations 8 addresses (192.168.4.16-23); how many stations the chip takes is its firmware's
  "maxassoc" (cyw43_ll.c), not in the sources: host/ship/radiocheck/wifi.py counts them.
- extmod/modlwip.c: sendto never waits on UDP (a full lwIP heap is OSError ENOMEM at once);
  SO_BROADCAST is accepted and lwIP's IP_SOF_BROADCAST is off, so 255.255.255.255 goes out of
  the default netif (the last one brought up: cyw43_lwip.c); each socket queues at most 4
  datagrams (LWIP_INCOMING_PACKET_QUEUE_LEN), a fifth is dropped: the link core polls every
  pass and resends what was lost.
"""

OFF = 0  # not started yet (nothing asked of the radio)
CONNECTING = 1
UP = 3
FAILED = -1
NO_NET = -2
BAD_KEY = -3
ERROR = -4  # a setting that cannot work, or a WLAN call raised: `why` says

JOIN_MS = 20000  # a join still not up after this is a failure, tried again
RETRY_MS = 5000
POLL_MS = 100  # status() asked at most this often
PORT = 47111
AP_SSID = "ElferRaus"
AP_KEY = "elferraus"
AP_IP = "192.168.4.1"


def _ms():
    import time

    return time.ticks_ms()


def _diff(a, b):
    import time

    return time.ticks_diff(a, b)


def _setting(getenv, name, default):
    v = getenv(name)
    return default if v is None else v


def make(getenv=None):
    """A WifiRadio from settings.toml (boards/mpboard.py settings_getenv), not yet brought up."""
    if getenv is None:
        from boards.mpboard import settings_getenv

        getenv = settings_getenv()
    return WifiRadio(getenv)


def _addr(text, port):
    """("IP", port) from "IP" or "IP:PORT" (ELFER_LINK_HOST)."""
    host, _, p = text.partition(":")
    return (host, int(p) if p else port)


class WifiRadio:
    mtu = 250  # boards/radio_udp.py MTU

    def __init__(self, getenv):
        self.hosting = False
        self.state = OFF
        self.why = ""
        self.udp = None
        self.wlan = None
        self.ap = False  # this device runs the table's access point
        self.at = 0  # when the join started, or failed
        self.polled = 0
        try:
            self.port = int(_setting(getenv, "ELFER_LINK_PORT", PORT))
            self.ssid = _setting(getenv, "ELFER_WIFI_SSID", "")
            self.key = _setting(getenv, "ELFER_WIFI_PASSWORD", "")
            self.ap_ssid = _setting(getenv, "ELFER_WIFI_AP", AP_SSID)
            self.ap_key = _setting(getenv, "ELFER_WIFI_AP_PASSWORD", AP_KEY)
            host = getenv("ELFER_LINK_HOST")
            self.ask = _addr(host, self.port) if host else None
        except (ValueError, TypeError) as e:  # a setting unreadable or not a number
            self._error("settings.toml: %s" % (e,))
            self.ssid = ""
            return
        if not self.ssid and self.ap_key and not 8 <= len(self.ap_key) <= 63:
            self._error("settings.toml: ELFER_WIFI_AP_PASSWORD needs 8 to 63 characters")

    def _error(self, why):
        self.state = ERROR
        self.why = why
        print("wifi: " + why)

    # --- bringing the Wi-Fi up -------------------------------------------------------
    def _start(self):
        import network

        self.at = _ms()
        if not self.ssid and self.hosting:  # the table's own network: this device is its AP
            self.ap = True
            self.ssid = self.ap_ssid
            w = self.wlan = network.WLAN(network.AP_IF)
            if self.ap_key:
                w.config(ssid=self.ssid, key=self.ap_key)
            else:
                w.config(ssid=self.ssid, security=0)  # CYW43_AUTH_OPEN
            w.active(True)
            self.state = CONNECTING
            return
        if not self.ssid:  # a joiner of the table's own network: the host is at its address
            self.ssid = self.ap_ssid
            self.key = self.ap_key
            if self.ask is None:
                self.ask = (AP_IP, self.port)
        w = self.wlan = network.WLAN(network.STA_IF)
        w.active(True)
        self._join()

    def _join(self):
        self.at = _ms()
        self.state = CONNECTING
        self.wlan.connect(self.ssid, self.key or None)

    def _ready(self):
        """True once the Wi-Fi is up (the UDP socket then made)."""
        if self.state == UP:
            if self.ap:
                return True
            now = _ms()
            if _diff(now, self.polled) < POLL_MS:
                return True
            self.polled = now
            if self.wlan.status() == UP:
                return True
            self.state = CONNECTING  # the network went away: joined again by the driver or below
            self.at = now
        if self.state == ERROR:
            return False
        now = _ms()
        if self.state != OFF and _diff(now, self.polled) < POLL_MS:
            return False
        self.polled = now
        try:
            if self.state == OFF:
                self._start()
            st = self.wlan.status()
            if st == UP:
                self._up()
                return True
            if st < 0 or st == 0 and not self.ap:  # failed (or left: STAT_IDLE)
                if self.state == CONNECTING:
                    self.state = st if st < 0 else FAILED
                    self.at = now
                    print("wifi: %s: status %d" % (self.ssid, st))
            elif self.state == CONNECTING and _diff(now, self.at) > JOIN_MS:
                self.state = FAILED
                self.at = now
            if self.state < 0 and not self.ap and _diff(now, self.at) >= RETRY_MS:
                self.wlan.disconnect()
                self._join()
        except OSError as e:
            self._error("%s: %s" % (self.ssid, e))
        return False

    def _up(self):
        from boards.radio_udp import UdpRadio

        if self.udp is None:
            self.udp = UdpRadio(port=self.port, host="0.0.0.0", broadcast_port=self.port, ask=self.ask)
        self.state = UP

    def address(self):
        """This device's IP on the Wi-Fi, or None while it is not up."""
        return self.wlan.ifconfig()[0] if self.state == UP else None

    # --- the radio -------------------------------------------------------------------
    def send(self, addr, data):
        return self._ready() and self.udp.send(addr, data)

    def broadcast(self, data):
        return self._ready() and self.udp.broadcast(data)

    def recv(self):
        if not self._ready():
            return None
        return self.udp.recv()

    def close(self):
        """The socket closed and the Wi-Fi switched off (the access point gone with it)."""
        if self.udp is not None:
            self.udp.close()
            self.udp = None
        if self.wlan is not None:
            try:
                if not self.ap:
                    self.wlan.disconnect()
                self.wlan.active(False)
            except OSError as e:
                print("wifi: close: %s" % (e,))
        self.state = OFF
