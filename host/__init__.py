"""The host side: everything that runs on a desktop, never on a board. By purpose:

- host/play/      the game on a desktop: sim (the firmware in a window; `make play`), terminal (the
                  terminal version), replay (checks match records), cardinput, playtexts
- host/ship/      a board's files: bundle (`make bundle`, `make package`), flash (`make flash`), importscan,
                  cpmpy (CircuitPython's .mpy), glyphpack, webbuild and web/ (the browser page, `make web`)
- host/emulate/   runtimes and hardware stand-ins: upy (the MicroPython unix port), mpvm and mpvm/ (the 32-bit
                  WebAssembly VM, node), virtual_board and vboard/ (a board on a socket), browser/ (headless
                  Chromium, node), cpgetenv and cpsettings (CircuitPython's settings.toml), stubs/
                  (CircuitPython and machine modules for MicroPython)
- host/measure/   figures: bench (`make bench`), alloc_probe (`make alloc`), flashmodel (the boards' flash),
                  fw_mem_host and fw_mem (the firmware's heap), bench_mp, match6, memmap, lfs_saves
- host/drive/     the firmware driven by buttons: simdrive, screenshots (`make screenshots`), mpshots, fbshots,
                  fb_redraw, layoutcheck, msgs, games, webreplay
- host/research/  the bots measured: tournament, arena and spielgame (OpenSpiel), oracle, worlds, onestep,
                  fitvalue, workers

CPython tools run as modules from the repository (`python -m host.ship.bundle pybadge`; the Makefile's
targets do); the scripts MicroPython runs (fw_mem, bench_mp, match6, memmap, lfs_saves, mpshots, fbshots,
fb_redraw, msgs, games, webreplay, alloc_probe) are started by path.
"""
