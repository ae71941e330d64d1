"""The firmware driven by buttons: the simulator driver, screenshots, layout checks."""
