"""Board profiles: one small module per board, each exposing the same Board interface.

Boards know pins, displays, buttons, speaker and lights, never rules.
"""
