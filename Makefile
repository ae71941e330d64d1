# Everything runs from a local virtualenv made from pinned requirements.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test lint bench venv clean

venv: $(STAMP)

$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

play: $(STAMP)
	$(PY) tools/play.py $(ARGS)

test: $(STAMP)
	$(PY) -m pytest -p no:cacheprovider

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check engine tools host_tests

bench: $(STAMP)
	$(PY) tools/bench.py

clean:
	rm -rf $(VENV) build .pytest_cache .ruff_cache .hypothesis
