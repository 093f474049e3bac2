"""Models the tests build: a tiny random-weight Llama with SmolLM2's real tokenizer and chat template."""

from __future__ import annotations

from pathlib import Path

TINY_NAME = "tiny-llama"


def build_tiny_llama(target: Path, *, layers: int = 2, hidden: int = 64, heads: int = 2, seed: int = 0) -> Path:
    """Save a tiny Llama (head size 32, which vLLM's CPU attention accepts) with SmolLM2's tokenizer."""
    import torch
    from transformers import AutoTokenizer, LlamaConfig, LlamaForCausalLM

    from region_node.engines.model_files import packaged_smollm2

    gguf = packaged_smollm2()
    tokenizer = AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
    config = LlamaConfig(
        vocab_size=len(tokenizer),
        hidden_size=hidden,
        intermediate_size=hidden * 2,
        num_hidden_layers=layers,
        num_attention_heads=heads,
        num_key_value_heads=heads,
        head_dim=hidden // heads,
        max_position_embeddings=1024,
        bos_token_id=tokenizer.bos_token_id,
        eos_token_id=tokenizer.eos_token_id,
        tie_word_embeddings=True,
    )
    torch.manual_seed(seed)
    model = LlamaForCausalLM(config)  # type: ignore[no-untyped-call, unused-ignore]  # typed in some releases
    target.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(target, safe_serialization=True)
    tokenizer.save_pretrained(target)
    return target
