# Traveller: `make demo` to try it, `make test` to check it. Both set up everything first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
CHROMIUM := /usr/bin/chromium
ARGS ?=

.PHONY: setup demo test unit integration browser js check docs bench screenshots clean

setup: $(VENV)/.stamp terminal/node_modules/.stamp chromium

$(VENV)/.stamp: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,docs]'
	touch $@

terminal/node_modules/.stamp: terminal/package.json terminal/package-lock.json
	cd terminal && npm ci --no-audit --no-fund
	touch $@

# Browser tests drive Debian's Chromium; never a browser downloaded by a test tool.
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y chromium; \
	  else echo "Chromium is missing: run 'sudo apt-get install chromium' (browser tests need it)"; exit 1; fi; \
	fi

# The demo needs no browser on this machine: phones and laptops on the network are the terminals.
demo: $(VENV)/.stamp terminal/node_modules/.stamp
	$(BIN)/traveller demo $(ARGS)

# Two test processes (the machines here have two cores); a module's tests stay together, so
# a module's server and browser are started once.
test: setup check js docs
	$(BIN)/pytest -q -n 2 --dist loadfile

unit: setup
	$(BIN)/pytest -q tests/unit

integration: setup
	$(BIN)/pytest -q tests/integration

browser: setup
	$(BIN)/pytest -q tests/browser

# The screenshots of the README and the manual: the browser tests marked `screenshots` write them
# into docs/screenshots/ (the terminal at 360 x 640 and 390 x 844 in English, Indonesian and
# Polish, and the console).
screenshots: setup
	TRAVELLER_README_SHOTS=$(CURDIR)/docs/screenshots $(BIN)/pytest -q -m screenshots tests/browser

js: terminal/node_modules/.stamp
	node --test terminal/tests/

# Imports point one way (pure core <- store <- use cases <- realtime/web <- app <- cli) and form no
# circle: the contracts in pyproject.toml, checked by import-linter.
check: $(VENV)/.stamp
	$(BIN)/ruff check server printer tests
	$(BIN)/mypy
	$(BIN)/lint-imports

# The manual (docs/): Sphinx with MyST Markdown, the command line read from `traveller`'s own
# parser; every warning is an error. Open docs/_build/html/index.html.
docs: $(VENV)/.stamp
	$(BIN)/sphinx-build -W --keep-going -n -q -b html docs docs/_build/html

# The peer program the scoring bench compares against (npm bridge-scorer, bench only).
tests/bench/peer/node_modules/.stamp: tests/bench/peer/package.json tests/bench/peer/package-lock.json
	cd tests/bench/peer && npm ci --no-audit --no-fund
	touch $@

bench: setup tests/bench/peer/node_modules/.stamp
	$(BIN)/python tests/bench/run.py

clean:
	rm -rf $(VENV) terminal/node_modules tests/bench/peer/node_modules demo .pytest_cache .mypy_cache .hypothesis docs/_build
