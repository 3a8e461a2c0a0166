# Ordinance Assistant. `make run` sets up, ingests and serves; `make test` sets up and tests.
VENV := .venv
BIN := $(VENV)/bin
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export ANONYMIZED_TELEMETRY := False
export GRADIO_ANALYTICS_ENABLED := False
export TOKENIZERS_PARALLELISM := false

.PHONY: setup ingest run serve test browser screenshots lint types check bench eval eval-llm install-llm fmt clean

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
	@bash scripts/eval-llm.sh

# The blind eval in LLM mode against a real small local model (skipped when none is installed;
# EVAL_LLM_LIMIT=40 for an even sample of 40 questions). `make install-llm` installs one (docs/llm.md).
eval-llm: ingest
	@bash scripts/eval-llm.sh

install-llm:
	@bash scripts/install-llm.sh

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
