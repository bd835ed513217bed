# Two commands do all set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run console demo test quick lint typecheck unit unit-quick bench clean check-postgres

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[test,dev]"
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot

console: $(STAMP)
	$(PY) -m bot console

demo: $(STAMP)
	$(PY) -m bot demo

test: lint typecheck unit

# Everything but the tests marked slow (process tests, long runs, the PostgreSQL runs): the check while working.
quick: lint typecheck unit-quick

lint: $(STAMP)
	$(VENV)/bin/ruff check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy bot handlers storage

unit: $(STAMP)
	$(PY) -m pytest

# On QUICK_WORKERS processes (pytest-xdist; each test has its own database and temporary folder): the machines have
# two cores, and a run waits on its databases' disks as much as on the CPU.
QUICK_WORKERS ?= 2

unit-quick: $(STAMP)
	$(PY) -m pytest -m "not slow" -q -n $(QUICK_WORKERS)

# The storage and service tests run on PostgreSQL too (GUANDAN_TEST_POSTGRES, default
# postgresql://postgres@127.0.0.1:5432/postgres): fail at once, in one line, when it does not answer.
check-postgres: $(STAMP)
	$(PY) -m tests.support.postgres --check

bench: $(STAMP)
	for f in benchmarks/bench_*.py; do $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
