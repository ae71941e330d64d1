"""Elfer Raus / Cinquillo rules engine: pure Python for CPython, MicroPython and CircuitPython."""
