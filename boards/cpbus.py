"""A panel on a Raspberry Pi Pico's SPI under CircuitPython: busio.SPI, fourwire.FourWire and
busdisplay.BusDisplay (CircuitPython 9's names; displayio draws into it in C), built from code as
the badges' board.c builds board.DISPLAY (ports/atmel-samd/boards/pybadge/board.c)."""

import board
import busdisplay
import busio
import displayio
import fourwire
import keypad

from boards.base import Board
from boards.gfx_displayio import GFX


def gp(n):
    return getattr(board, "GP%d" % n)


def spi_display(init, width, height, colstart, rowstart, hz, sck, mosi, cs, dc, rst, bl):
    """A BusDisplay of width x height at (colstart, rowstart) of the controller's memory, rotation 0
    (the init sequence's MADCTL turns the glass), auto_refresh off: the firmware refreshes."""
    displayio.release_displays()
    spi = busio.SPI(clock=gp(sck), MOSI=gp(mosi))
    bus = fourwire.FourWire(spi, command=gp(dc), chip_select=gp(cs), reset=gp(rst), baudrate=hz)
    return busdisplay.BusDisplay(
        bus,
        init,
        width=width,
        height=height,
        colstart=colstart,
        rowstart=rowstart,
        rotation=0,
        backlight_pin=gp(bl),
        auto_refresh=False,
    )


class PanelBoard(Board):
    """A Pico with a displayio panel and buttons from pins to GND (the internal pull-ups)."""

    gfx = GFX
    has_backlight = True

    def __init__(self, display, key_pins):
        Board.__init__(self)
        self.display = display
        self.keys = keypad.Keys(tuple(gp(n) for n in key_pins), value_when_pressed=False, pull=True)
        self.event = keypad.Event()
