"""A board's files: the bundle, flashing, the browser page."""
