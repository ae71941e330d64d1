"""A built bundle folder as the tests read it."""

import os

MARK = ".elfer-bundle"  # host/ship/bundle.py MARK: the folder's mark and manifest, not a file for the board


def files_in(folder):
    """{path with /: bytes} of every file in the bundle folder but its mark."""
    out = {}
    for base, _, names in os.walk(folder):
        for name in names:
            full = os.path.join(base, name)
            rel = os.path.relpath(full, folder).replace(os.sep, "/")
            if rel != MARK:
                with open(full, "rb") as f:
                    out[rel] = f.read()
    return out
