# Everything runs from a local virtualenv made from pinned requirements.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The 32-bit MicroPython VM (npm) used to measure allocation per turn.
MPVM_STAMP := host/emulate/mpvm/node_modules/.package-lock.json

.PHONY: play test soak lint bench venv mpvm rp2040 picocheck alloc clean tournament screenshots bundle flash package web web-serve web-screenshot browser arena

venv: $(STAMP)

# uv installs the same pinned wheels as pip, downloading them side by side: a fresh venv in
# 25 s instead of 48 (both without a cache, bytecode compiled as pip does; 2026-12-02).
UV := uv==0.13.9
# The project itself goes in editable (pyproject.toml): host/, engine/, firmware/, boards/ from this checkout.
$(STAMP): requirements.txt pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check $(UV)
	$(VENV)/bin/uv pip install -q --compile-bytecode --python $(PY) -r requirements.txt -e .
	touch $(STAMP)

$(MPVM_STAMP): host/emulate/mpvm/package.json host/emulate/mpvm/package-lock.json
	cd host/emulate/mpvm && npm ci --no-audit --no-fund
	touch $(MPVM_STAMP)

mpvm: $(MPVM_STAMP)

# A real headless Chromium for the browser page's test, benchmark and screenshot (npm:
# puppeteer-core and @sparticuz/chromium, which ships its own Chromium build).
BROWSER_STAMP := host/emulate/browser/node_modules/.package-lock.json
$(BROWSER_STAMP): host/emulate/browser/package.json host/emulate/browser/package-lock.json
	cd host/emulate/browser && npm ci --no-audit --no-fund
	touch $(BROWSER_STAMP)

browser: $(BROWSER_STAMP)

# rp2040js (npm), which runs a real Pico firmware image instruction by instruction (host/emulate/rp2040/).
RP2040_STAMP := host/emulate/rp2040/node_modules/.package-lock.json
$(RP2040_STAMP): host/emulate/rp2040/package.json host/emulate/rp2040/package-lock.json
	cd host/emulate/rp2040 && npm ci --no-audit --no-fund
	touch $(RP2040_STAMP)

rp2040: $(RP2040_STAMP)

# The stock-firmware check (docs/firmware-emulation.md): one button tape on the firmware image in
# build/firmware/ and on the simulator, frames compared. PROFILE=pico_st7735r, pico_lcd_114_cp, pico_lcd_114.
PROFILE ?= pico_st7735r
picocheck: $(STAMP) $(RP2040_STAMP)
	$(PY) -m host.drive.picocheck $(PROFILE) $(ARGS)

alloc: $(STAMP) $(MPVM_STAMP)
	node host/emulate/mpvm/run.mjs host/measure/alloc_probe.py $(ARGS)

# The browser page in build/web/ (static files: the firmware on MicroPython's WebAssembly port),
# and a local server for it (WEB_PORT=8000): open http://localhost:8000/
web: $(STAMP) $(MPVM_STAMP)
	$(PY) -m host.ship.webbuild

# The README's pictures of the page, taken in the real headless Chromium.
web-screenshot: $(STAMP) $(MPVM_STAMP) $(BROWSER_STAMP)
	$(PY) -m host.ship.webbuild --screenshots docs/screenshots/web

WEB_PORT ?= 8000
web-serve: web
	@echo "Elfer Raus in the browser: http://localhost:$(WEB_PORT)/"
	$(PY) -m http.server $(WEB_PORT) --bind 127.0.0.1 --directory build/web

# The firmware in a desktop window (terminal version when there is no display).
play: $(STAMP)
	$(PY) -m host.play.sim $(ARGS)

# Three workers a core: many tests wait on a subprocess (the MicroPython VM, mpremote, a serial
# timeout) rather than compute, and worksteal lets an idle worker take a busy one's tests
# (a fresh clone on 2 cores: 389 s with one worker a core and whole files per worker, 300 s
# with two a core, 264 s with three). The text-only firmware tests draw lazily and
# host_tests/conftest.py freezes the imports for gc: 723 CPU-s -> 383, 249 s on a fresh
# clone while the host stole half the cores (2026-12-01). Starting the longest tests first
# (tried 2026-12-02) put them all on the cores at once: the end-to-end test's round then took
# over its 120 s. Compiled modules are cached for the run even where the environment says
# PYTHONDONTWRITEBYTECODE (the build machine's does): the workers, and the tools the tests start, then compile
# each module and rewrite each test's asserts once, not once a process (406 CPU-s instead of
# 427, 232 s, 2026-12-02).
TEST_JOBS ?= $(shell echo $$(( $$(nproc) * 3 )))
test: $(STAMP) $(MPVM_STAMP) $(BROWSER_STAMP) $(RP2040_STAMP)
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest -p no:cacheprovider -n $(TEST_JOBS) --dist worksteal $(ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check engine host host_tests firmware boards

# The fuzz tests of every surface a user or a file reaches, 10,000 cases each (SOAK=N for more
# or fewer); prints fuzz_cases_<surface> and fuzz_failures_<surface>.
SOAK ?= 10000
soak: $(STAMP) $(MPVM_STAMP)
	ELFER_SOAK=$(SOAK) $(PY) -m pytest -p no:cacheprovider -n auto $(ARGS)

# The figures as 'key: value' lines on stdout; on stderr the plan and its estimate, each step with
# the time left, and where the figures went. ARGS=--write also writes them into
# docs/measurements.md's block (nothing tracked changes without it). Then the rp2040_* figures of the
# firmware images in build/firmware/ (rp2040_bench: the local game; rp2040_link: a joiner at a
# linked table, about 2 min a profile), the link_* figures
# (host/measure/link_bench.py: 200 linked rounds through the seeded UDP relay, a CPython host and
# MicroPython unix-port seats, and the fairness check's 100 + 100 tables; about 20 min on 2 cores),
# the ESP-NOW radio's heap (host/measure/radio_mem.py, the 32-bit VM; a second) and the ble_*
# and bt_* figures (host/measure/ble_mem.py: the CLUE's and a Pico W joiner's BLE radio's heap, seconds).
bench: $(STAMP) $(MPVM_STAMP) $(BROWSER_STAMP) $(RP2040_STAMP)
	$(PY) -m host.measure.bench $(ARGS)
	$(PY) -m host.measure.rp2040_bench
	$(PY) -m host.measure.rp2040_link
	$(PY) -m host.measure.link_bench
	$(PY) -m host.measure.radio_mem
	$(PY) -m host.measure.ble_mem

# The bot ladder: each level in one seat against three of the level below, duplicated deals,
# in each game. ARGS adds to it or replaces its parts: --seats/--ladder replace the ladder,
# --rounds/--matches the 2,000 rounds, --preset the three games
# (e.g. make tournament ARGS="--seats expert,medium,medium,medium --matches 50 --preset classic").
TOURNEY_PRESETS := $(if $(filter --preset%,$(ARGS)),,classic cinquillo bastard)
TOURNEY_LINEUP := $(if $(filter --seats% --ladder%,$(ARGS)),,--option players=4 --ladder random,easy,medium,expert,master)
TOURNEY_COUNT := $(if $(filter --rounds% --matches%,$(ARGS)),,--rounds 2000)
tournament: $(STAMP)
	@echo "make tournament: $(if $(TOURNEY_PRESETS),$(TOURNEY_PRESETS) one after the other,one run)$(if $(ARGS),, (the ladder random < easy < medium < expert < master, 2000 duplicated rounds a rung: about 17 min on 2 cores, the classic master rung most of it)); each run says its estimate and the time left, then its table and files (build/tournament/ unless --out)" >&2
	$(if $(TOURNEY_PRESETS),$(foreach p,$(TOURNEY_PRESETS),$(PY) -m host.research.tournament --preset $(p) $(TOURNEY_LINEUP) $(TOURNEY_COUNT) $(ARGS) &&) true,$(PY) -m host.research.tournament $(TOURNEY_LINEUP) $(TOURNEY_COUNT) $(ARGS))

# Our bots against OpenSpiel's ISMCTS on duplicate deals (host/research/arena.py): the expert against
# ISMCTS(1000) in classic with 2 players, and in Cinquillo and Bastard with 4 (two seats each),
# and the master in classic with 2, 200 deals each, into build/arena/. Each run is
# level:preset:players:uct_c, ISMCTS's exploration constant as tuned for that game (classic:
# 0.5, the strongest ISMCTS measured; in Cinquillo and Bastard no value was stronger than 2.0).
# Hours on 2 cores; ARGS replaces the line-up's parts (e.g. make arena ARGS="--sims 200 --deals 20").
ARENA_RUNS := expert:classic:2:0.5 expert:cinquillo:4:2.0 expert:bastard:4:2.0 master:classic:2:2.0
arena_part = $(word $(1),$(subst :, ,$(2)))
arena: $(STAMP)
	@echo "make arena: $(words $(ARENA_RUNS)) runs one after the other ($(ARENA_RUNS): level:game:players:uct_c)$(if $(ARGS),, against ISMCTS(1000), 200 deals each: about 4 h on 2 cores); each says its estimate, a line a deal with the time left, and where its files went (build/arena/)" >&2
	$(foreach r,$(ARENA_RUNS),$(PY) -m host.research.arena --level $(call arena_part,1,$(r)) --preset $(call arena_part,2,$(r)) --players $(call arena_part,3,$(r)) --uct-c $(call arena_part,4,$(r)) --sims 1000 --deals 200 --out build/arena $(ARGS) &&) true

# The files for a board in build/device/ (BOARD=pybadge|pygamer|clue|feather_tft|micropython,
# or a MicroPython handheld: pico_lcd_114|pico_display|pico_lcd_13|oled128x64, as .mpy).
BOARD ?= pybadge
bundle: $(STAMP)
	$(PY) -m host.ship.bundle $(BOARD)

# mip/<profile>/package.json of every MicroPython handheld, from its bundle (a test holds them to it).
package: $(STAMP)
	$(PY) -m host.ship.bundle --package-json

# Copy to a board: the CIRCUITPY drive (found, or DRIVE=...) or serial (PORT=...; MicroPython: mpremote).
# Without BOARD on the command line, the drive's boot_out.txt names the board (not the default above).
flash: $(STAMP)
	$(PY) -m host.ship.flash $(if $(filter file,$(origin BOARD)),,$(BOARD)) $(if $(PORT),--port $(PORT)) $(if $(DRIVE),--drive $(DRIVE)) $(ARGS)

# Every firmware screen, headless, on every board with its own buttons into docs/screenshots/<board>/
# (and the table in every language on the PyBadge); host_tests/test_screenshots.py holds them to the code.
screenshots: $(STAMP)
	$(PY) -m host.drive.screenshots
	$(PY) -m host.drive.linkshots

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache .hypothesis host/emulate/mpvm/node_modules *.egg-info
