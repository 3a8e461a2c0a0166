# Ordinance Assistant. `make run` sets up, ingests and serves; `make test` sets up and tests.
VENV := .venv
BIN := $(VENV)/bin
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export ANONYMIZED_TELEMETRY := False
export GRADIO_ANALYTICS_ENABLED := False
export TOKENIZERS_PARALLELISM := false

.PHONY: setup ingest run serve test browser screenshots lint types check bench eval fmt clean

setup:
	@bash scripts/setup.sh

ingest: setup
	$(BIN)/ordinance ingest

run: ingest
	$(BIN)/ordinance serve --host 127.0.0.1 --port 7860

browser:
	@bash scripts/ensure-browser.sh

test: setup browser
	$(BIN)/python -m pytest -q

screenshots: ingest browser  ## every tab at desktop and phone width -> test-artifacts/screenshots/
	$(BIN)/python scripts/screenshots.py

lint: setup
	$(BIN)/ruff check core ingest index tools app evals tests scripts
	$(BIN)/ruff format --check core ingest index tools app evals tests scripts

types: setup
	$(BIN)/mypy

check: lint types test

fmt: setup
	$(BIN)/ruff format core ingest index tools app evals tests scripts
	$(BIN)/ruff check --fix core ingest index tools app evals tests scripts

bench: setup
	$(BIN)/python -m evals.bench $(BENCH_ARGS)

eval: ingest
	$(BIN)/ordinance eval

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
