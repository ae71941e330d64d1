"""Sound that never blocks (issue 49): a tone starts and the loop goes on; the loop stops it at its
time; the amplifier is on only while it sounds; quiet plays at a lower duty; the CLUE's table is
one its piezo can play.

The speaker is boards/speaker.py's Speaker on stand-ins of CircuitPython's pwmio and digitalio that
behave as the port's: PWMOut starts its output in the constructor and stops in deinit()
(shared-bindings/pwmio/PWMOut.c: common_hal_pwmio_pwmout_construct, _deinit); DigitalInOut's
value drives the pin at once. time.sleep fails the test: nothing may wait for a sound.
"""

import sys
import time
import types

import pytest

from boards.base import Board
from boards.speaker import Speaker
from host.drive import simdrive


class FakePWM:
    live = []

    def __init__(self, pin, frequency=500, variable_frequency=False, duty_cycle=0):
        self.pin = pin
        self.frequency = frequency
        self.duty_cycle = duty_cycle
        FakePWM.live.append(self)

    def deinit(self):
        FakePWM.live.remove(self)


class FakePin:
    def __init__(self, pin):
        self.value = False

    def switch_to_output(self, value=False):
        self.value = value


@pytest.fixture
def speaker_board(monkeypatch):
    """A PyBadge-sized simulator whose tone() is the boards' own, on a Speaker with an amplifier."""
    monkeypatch.setitem(sys.modules, "pwmio", types.SimpleNamespace(PWMOut=FakePWM))
    monkeypatch.setitem(sys.modules, "digitalio", types.SimpleNamespace(DigitalInOut=FakePin))
    FakePWM.live = []

    def no_sleep(s):
        raise AssertionError("slept %r s for a sound" % s)

    d = simdrive.Driver("pybadge", keyboard=False, lazy=True)
    board = d.board
    board.speaker = Speaker("A0", "SPEAKER_ENABLE")
    board.tone = types.MethodType(Board.tone, board)
    board.hush = types.MethodType(Board.hush, board)
    monkeypatch.setattr(time, "sleep", no_sleep)
    return d


def test_sound_a_tone_starts_and_returns_and_the_loop_stops_it_at_its_time(speaker_board):
    d = speaker_board
    app = d.app
    amp = app.board.speaker.enable
    t0 = app.now
    app.sound("lost")  # 220 Hz for 250 ms: it was 250 ms of nothing, buttons unread
    assert [p.frequency for p in FakePWM.live] == [220] and amp.value is True
    app.step(t0 + 240)
    assert FakePWM.live and amp.value is True  # still sounding
    app.step(t0 + 250)
    assert FakePWM.live == [] and amp.value is False  # stopped by the loop, the amplifier off


def test_sound_a_match_with_sound_on_never_waits(speaker_board):
    d = speaker_board
    d.app.settings.speed = 0
    d.setup_match("elfer", players=3)
    started = []
    start = Speaker.start

    def counted(self, freq, loud=True):
        started.append(freq)
        start(self, freq, loud)

    Speaker.start = counted
    try:
        for _ in range(20):
            if d.app.match.state.is_round_over():
                break
            d.play_turn()
            d.between_turns(d.app.match)
    finally:
        Speaker.start = start
    assert started, "no sound in 20 turns"
    d.step(300)
    assert FakePWM.live == [] and d.app.board.speaker.enable.value is False


def test_sound_quiet_plays_softer_and_off_plays_nothing(speaker_board):
    d = speaker_board
    app = d.app
    for level, duty in ((1, 0x8000), (2, 0x0800), (0, None)):
        app.settings.set("sound", level)
        app.apply_settings()
        app.sound("play")
        assert [p.duty_cycle for p in FakePWM.live] == ([duty] if duty else [])
        app.step(app.now + 30)
        assert FakePWM.live == []


def test_sound_the_settings_menu_offers_off_quiet_on_and_settings_toml_takes_2():
    from firmware import menus
    from firmware.choices import value_of
    from firmware.settings import Settings

    s = Settings()
    assert s.load_defaults({"ELFER_SOUND": "2"}.get) == "" and s.sound == 2
    d = simdrive.Driver("pybadge", keyboard=False, lazy=True)
    d.app.settings.set("sound", 2)
    it = [it for it in menus.SettingsMenu(d.app).items if it[1] == "sound"][0]
    assert [key for key, _ in it[2]] == [b"c_off", b"c_quiet", b"c_on"] and value_of(it) == 2


def test_sound_the_clue_plays_only_what_its_piezo_is_heard_at():
    from firmware.app import SOUNDS

    pytest.importorskip("board")
    clue = pytest.importorskip("boards.clue")
    table = clue.Clue.sounds
    assert sorted(table) == sorted(SOUNDS)
    assert all(hz >= 2000 for hz in table.values())
    assert len(set(table.values())) == len(table)  # each kind its own pitch


def test_sound_the_browser_page_is_told_quiet_and_plays_for_the_tones_time(tmp_path):
    """boards/web.py hands the page a tone as freq * 10000 + ms, negative when quiet (elfer.js beep
    plays it at a quarter of the gain, for its ms; the firmware never waits)."""
    import os
    import subprocess

    from host.emulate import upy

    if upy.micropython() is None:
        pytest.skip("micropython not installed")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    script = (
        "import sys\nsys.path.insert(0, %r)\nfrom boards.web import Host\nh = Host('badge')\napp = h.runner.app\n"
        "for level in (1, 2):\n    app.settings.set('sound', level)\n    app.apply_settings()\n"
        "    app.sound('play')\n    print(h.take_tone())\n" % root
    )
    r = subprocess.run(
        [upy.micropython(), "-X", "heapsize=8M", "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split() == ["8800025", "-8800025"]


class FakeAudioOut:
    live = []
    made = 0

    def __init__(self, pin):
        self.playing = None
        FakeAudioOut.made += 1

    def play(self, sample, loop=False):
        assert loop, "a tone's one period, looped"
        self.playing = sample

    def stop(self):
        self.playing = None

    def deinit(self):
        raise AssertionError("let go: its DAC ramps for ~33 ms (ports/atmel-samd/common-hal/audioio)")


def test_sound_the_badges_dac_loops_a_period_and_stops_at_its_time(speaker_board, monkeypatch):
    """The PyBadge's and PyGamer's A0 has no PWM: a period of the square wave looped by audioio
    (shared-bindings/audioio/AudioOut.c play(loop=True)) and stopped by the loop; the AudioOut is
    made once (making and letting one go ramps the DAC for ~33 ms each on the SAMD51)."""
    import array

    monkeypatch.setitem(sys.modules, "audioio", types.SimpleNamespace(AudioOut=FakeAudioOut))
    monkeypatch.setitem(
        sys.modules, "audiocore", types.SimpleNamespace(RawSample=lambda a, sample_rate: (a, sample_rate))
    )
    FakeAudioOut.made = 0
    d = speaker_board
    app = d.app
    app.board.speaker = Speaker("A0", None, True)
    for _ in range(3):
        t0 = app.now
        app.sound("draw")  # 440 Hz, 40 ms
        out = app.board.speaker.out
        wave, rate = out.playing
        assert isinstance(wave, array.array) and rate == 8000 and len(wave) == 8000 // 440
        app.step(t0 + 40)
        assert out.playing is None
    assert FakeAudioOut.made == 1


def test_sound_a_boards_own_pitches_replace_the_apps_and_keep_its_lengths():
    from firmware.app import SOUNDS

    d = simdrive.Driver("pybadge", keyboard=False, lazy=True)
    d.board.sounds = {"play": 2637, "draw": 2349, "refuse": 2000, "won": 3520, "lost": 2217}
    d.app.sound("won")
    assert d.board.tones[-1] == (3520, SOUNDS["won"][1])
    d.board.sounds = None
    d.app.sound("won")
    assert d.board.tones[-1] == SOUNDS["won"]


def test_sound_a_crash_in_the_pass_that_started_a_tone_silences_it(monkeypatch):
    """The error screen runs no loop of the app's: firmware/runner.py's fail() hushes the board."""
    monkeypatch.setitem(sys.modules, "pwmio", types.SimpleNamespace(PWMOut=FakePWM))
    monkeypatch.setitem(sys.modules, "digitalio", types.SimpleNamespace(DigitalInOut=FakePin))
    FakePWM.live = []
    d = simdrive.Driver("pybadge", keyboard=False, lazy=True, runner=True)
    board = d.board
    board.speaker = Speaker("A0", "SPEAKER_ENABLE")
    board.tone = types.MethodType(Board.tone, board)
    board.hush = types.MethodType(Board.hush, board)

    def crash(*_):
        d.app.sound("lost")
        raise MemoryError("memory allocation failed, allocating 1024 bytes")

    monkeypatch.setattr(d.app.screen, "tick", crash)
    d.step(20)
    assert d.runner.error is not None  # the error screen
    assert FakePWM.live == [] and board.speaker.enable.value is False
