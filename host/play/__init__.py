"""The game on a desktop: the firmware in a window, the terminal version, record replay."""
