"""CircuitPython entry point: the bundle copies this file to the board's root as code.py."""

from firmware.app import main

main()
