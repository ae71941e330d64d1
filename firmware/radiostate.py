"""What a link screen says while the radio is not up (a Pico W's Wi-Fi, boards/network.py): one
line from the radio's state, ssid and why. Imported only by the screens that draw it, where the
radio has a state: the host's Lobby (firmware/hosting.py), a joiner's TablesMenu (joining.py)."""

from firmware.lang import t


def line(radio):
    """The radio's state in words; "" where it has no state (UDP, ESP-NOW, BLE) or is up."""
    st = getattr(radio, "state", 3)  # boards/network.py: OFF 0, CONNECTING 1, UP 3, FAILED -1 ..
    if st == 1:
        key = b"lk_wifi_ap" if getattr(radio, "ap", False) else b"lk_wifi_joining"
    elif st == -1:
        key = b"lk_wifi_failed"
    elif st == -2:
        key = b"lk_wifi_no_net"
    elif st == -3:
        key = b"lk_wifi_bad_key"
    elif st == -4:  # ERROR: a setting that cannot work, or a WLAN call that raised
        return t(b"lk_wifi_error") % (radio.why,)
    else:  # OFF (not started, one pass at most) and UP
        return ""
    return t(key) % (radio.ssid,)
