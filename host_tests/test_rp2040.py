"""The emulated Pico (host/emulate/rp2040/, host/emulate/pico.py, host/drive/picodrive.py).

The harness's parts are checked on rp2040js itself with no firmware image (selftest.mjs): our
ROM's tables and functions called through the emulated core, the panel decoder, the SPI byte
timing, the UF2 loader, the USB read hold. The smoke tests run the stock firmware images, which
the repository cannot carry (docs/firmware-emulation.md): they run where build/firmware/ has them
(or ELFER_FW_MICROPYTHON / ELFER_FW_CIRCUITPYTHON name them) and say how to get them otherwise.
"""

import json
import os
import subprocess

import pytest

from host.emulate import pico as emu

SELFTEST = os.path.join(emu.HERE, "selftest.mjs")
CHECKS = (
    "rom_header_B2",
    "rom_func_lookup_and_bit_ops",
    "rom_float_table",
    "rom_double_table",
    "rom_flash_erase_program_as_nor",
    "reset_enters_the_image_vector_table",
    "panel_decodes_window_and_pixels",
    "spi_byte_takes_its_bit_times",
    "uf2_loader",
    "usb_read_waits_for_bytes",
    "usb_host_bytes_wait_not_dropped",
)
_results = {}


def selftest():
    if not _results:
        r = subprocess.run(["node", SELFTEST], capture_output=True, text=True, timeout=120, cwd=emu.HERE)
        assert r.returncode == 0, r.stderr
        _results.update(json.loads(r.stdout))
    return _results


@pytest.mark.parametrize("check", CHECKS)
def test_harness_part(check):
    assert emu.node_ready(), "make rp2040 installs rp2040js"
    got = selftest()
    assert check in got, "selftest.mjs has no check %s (it has %s)" % (check, sorted(got))
    assert got[check] is None, got[check]


def test_every_selftest_check_is_asserted():
    assert sorted(selftest()) == sorted(CHECKS)


def smoke(profile, tmp_path):
    from host.drive import picocheck

    runtime = emu.RUNTIME[profile]
    if emu.firmware_image(runtime) is None:
        pytest.skip(
            "no %s image: put the stock one at build/firmware/%s or name it in %s (docs/firmware-emulation.md)"
            % (runtime, emu.NAMES[runtime], emu.ENV[runtime])
        )
    assert picocheck.main([profile, "--out", str(tmp_path)]) == 0


def test_circuitpython_pico_st7735r_title_match_moves_same_pixels_as_simulator(tmp_path):
    smoke("pico_st7735r", tmp_path)


def test_micropython_pico_lcd_114_title_match_moves_same_pixels_as_simulator(tmp_path):
    smoke("pico_lcd_114", tmp_path)


def test_flash_takes_a_cp_pico_profile_for_a_raspberry_pi_pico_drive(tmp_path):
    from host.ship import flash

    (tmp_path / "boot_out.txt").write_text(
        "Adafruit CircuitPython 9.2.9 on 2025-09-07; Raspberry Pi Pico with rp2040\nBoard ID:raspberry_pi_pico\n"
    )
    quiet = [].append
    assert flash.board_for_drive("pico_st7735r", str(tmp_path), False, quiet) == "pico_st7735r"
    assert flash.board_for_drive("pico_lcd_114_cp", str(tmp_path), False, quiet) == "pico_lcd_114_cp"
    with pytest.raises(flash.FlashError, match="not a pybadge"):
        flash.board_for_drive("pybadge", str(tmp_path), False, quiet)


def test_cp_pico_profiles_bundle_name_their_profile(tmp_path):
    from host.ship import bundle

    for profile in ("pico_st7735r", "pico_lcd_114_cp"):
        out = tmp_path / profile
        bundle.build(profile, str(out))
        assert 'ELFER_BOARD = "%s"' % profile in (out / "settings.toml").read_text()
        assert (out / "boards" / (profile + ".mpy")).is_file()
        assert (out / "boards" / "cpbus.mpy").is_file()


def joins_and_plays(profile, most_kib):
    """The joiner's firmware on a stock image: it hears a CPython LinkHost's table over its
    console (host/measure/rp2040_link.py), types the code, plays its seat through a round and
    shows the round's pages once the host's reveal is in and checked (an unfair deal would put
    its own page first); its heap stays well inside what the firmware leaves."""
    from host.measure import rp2040_link

    runtime = emu.RUNTIME[profile]
    if emu.firmware_image(runtime) is None:
        pytest.skip("no %s image (docs/firmware-emulation.md)" % runtime)
    lines = []
    heaps, screen = rp2040_link.measure(profile, out=lines.append)
    assert screen[0] == "Pager" and screen[1][0] == "Round 1 over", screen
    assert heaps["table"] > heaps["title"] and max(heaps.values()) < most_kib * 1024, heaps
    turns = [ln for ln in lines if ln.startswith("rp2040_link_turns_")]
    assert turns and int(turns[0].split(": ")[1]) >= 5, lines


def test_micropython_pico_lcd_114_joins_a_linked_table_on_the_firmware_and_plays_its_round():
    joins_and_plays("pico_lcd_114", 200)  # of 240 KiB


def test_circuitpython_pico_st7735r_joins_a_linked_table_on_the_firmware_and_plays_its_round():
    """On CircuitPython 9.2.9, whose hashlib has no sha256 (engine/hashing.py falls back)."""
    joins_and_plays("pico_st7735r", 145)  # of the ~165 KiB code.py gets
