"""The on-device app: screens, input and the match loop, on displayio (CircuitPython or Blinka)."""
