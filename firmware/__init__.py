"""The on-device app: screens, input and the match loop, drawn through the board's surface (board.gfx)."""
