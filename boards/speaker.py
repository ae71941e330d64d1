"""The speaker of the boards that have one (PyBadge, PyGamer, CLUE): a tone that never waits.

Imported by those boards' modules only (boards/pybadge.py, clue.py): a board without a speaker
does not hold its code. The app starts a tone (Board.tone) and its loop stops it at its time
(Board.hush, firmware/app.py App.step).
"""


class Speaker:
    """simpleio-like tone that never waits: PWM on the CLUE's piezo pin, a square wave looped
    through the DAC on the badges' A0 (dac: no PWM there); start() returns at once and stop()
    silences it. The amplifier (enable) is on only while a tone sounds. A tone that fails stays
    silent: sound must never stop the game."""

    def __init__(self, pin, enable=None, dac=False):
        self.pin = pin
        self.dac = dac
        self.enable = None
        self.out = None  # the PWMOut or AudioOut sounding, or None
        self.wave = None  # the DAC's looped sample while it plays
        if enable is not None:
            import digitalio

            self.enable = digitalio.DigitalInOut(enable)
            self.enable.switch_to_output(value=False)

    def start(self, freq, loud=True):
        """Sound freq Hz until stop(): loud at half duty (full swing on the DAC), else a sixteenth."""
        self.stop()
        if self.enable is not None:
            self.enable.value = True
        try:
            if self.dac:
                import array

                import audiocore
                import audioio

                n = max(2, 8000 // freq)  # a period at 8 kHz
                lo, hi = (0x4000, 0xC000) if loud else (0x7000, 0x9000)
                self.wave = audiocore.RawSample(
                    array.array("H", [lo] * (n // 2) + [hi] * (n - n // 2)), sample_rate=8000
                )
                self.out = audioio.AudioOut(self.pin)
                self.out.play(self.wave, loop=True)
            else:
                import pwmio

                duty = 0x8000 if loud else 0x0800
                self.out = pwmio.PWMOut(self.pin, frequency=freq, variable_frequency=False, duty_cycle=duty)
        except Exception as e:  # a missing audio module or a busy pin: no beep, no crash
            print("tone failed:", e)
            self.stop()

    def stop(self):
        out = self.out
        self.out = None
        self.wave = None
        try:
            if out is not None:
                if self.dac:
                    out.stop()  # the AudioOut's loop ends
                out.deinit()
        except Exception as e:
            print("tone failed:", e)
        if self.enable is not None:
            self.enable.value = False
