"""Runtimes and hardware stand-ins: the MicroPython unix port, the 32-bit VM, the virtual board, Chromium."""
