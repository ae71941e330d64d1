"""MicroPython's `network` as a Pico W has it, only where the run poses as one: ELFER_PICO_W set.

Without it this module raises ImportError, as `import network` does on a plain Pico (its
firmware has no network module: ports/rp2/boards/RPI_PICO has no MICROPY_PY_NETWORK), so a run
with host/emulate/stubs on its path is a plain Pico unless it says otherwise (the 32-bit VM has
no os.getenv: always a plain Pico). This file is kept small: a module's names are interned when
it loads, before it raises, and a plain Pico's heap figures (host_tests/test_firmware_memory.py)
should not carry the model's. The model is host/emulate/stubs/network_cyw43.py.
"""

import os

if not getattr(os, "getenv", lambda k: None)("ELFER_PICO_W"):
    raise ImportError("no module named 'network'")

from network_cyw43 import *  # noqa: E402, F403
