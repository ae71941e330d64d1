"""Stand-in for CircuitPython's espidf module: only its two exceptions, which espnow raises.

ports/espressif/bindings/espidf/__init__.c: IDFError subclasses OSError, MemoryError subclasses
MemoryError. ports/espressif/common-hal/espidf/__init__.c raise_esp_error: an ESP-NOW error code
(ESP_ERR_ESPNOW_BASE 0x3064 and up) becomes IDFError("ESP-NOW error 0x3069"), its only argument
the text (no errno); ESP_ERR_NO_MEM (0x101) becomes espidf.MemoryError.
"""


class IDFError(OSError):
    pass


class MemoryError(MemoryError):  # noqa: A001 (the module's own name for it)
    pass


def esp_error(code):
    """The exception raise_esp_error makes of an ESP-NOW error code."""
    return IDFError("ESP-NOW error 0x%x" % code)
