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
        self.out = None  # the PWMOut sounding, or the DAC's AudioOut once made; else None
        self.wave = None  # the DAC's looped sample while it plays
        if enable is not None:
            import digitalio

            self.enable = digitalio.DigitalInOut(enable)
            self.enable.switch_to_output(value=False)

    def start(self, freq, loud=True):
        """Sound freq Hz until stop(): loud at half duty (half the DAC's range), quiet at a
        sixteenth of that (a quarter of the swing)."""
        self.stop()
        if self.enable is not None:
            self.enable.value = True
        try:
            if self.dac:
                import array

                import audiocore

                if self.out is None:  # made once: AudioOut ramps the DAC for ~33 ms when made and let go
                    import audioio

                    self.out = audioio.AudioOut(self.pin)
                n = max(2, 8000 // freq)  # a period at 8 kHz
                lo, hi = (0x4000, 0xC000) if loud else (0x7000, 0x9000)
                wave = array.array("H", [lo] * (n // 2) + [hi] * (n - n // 2))
                self.wave = audiocore.RawSample(wave, sample_rate=8000)
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
        try:
            if self.dac:
                if self.wave is not None:
                    out.stop()  # the loop ends; the AudioOut stays for the next tone
            elif out is not None:
                self.out = None
                out.deinit()
        except Exception as e:
            print("tone failed:", e)
        self.wave = None
        if self.enable is not None:
            self.enable.value = False
