"""Attention for the embedded engine: `transformers`' SDPA, with grouped-query attention kept
grouped when a padding mask is present.

`transformers` repeats the key/value heads of a GQA model (Llama, SmolLM2) whenever it passes an
attention mask to SDPA, which on the CPU turns a ~0.1 ms kernel into ~2 ms per layer. A batch that
a request joined mid-flight is left-padded, so it always has a mask: that copy made every decode
step of such a batch ~15% slower. PyTorch's SDPA takes the mask and `enable_gqa` together, so here
it gets both. Everything else (no mask, no groups, position biases, paged caches) goes to
`transformers`' own SDPA unchanged.
"""

from __future__ import annotations

from typing import Any

NAME = "fedinfer_sdpa"
"""The `attn_implementation` to load a model with, once `register()` ran."""


def attention(
    module: Any,
    query: Any,
    key: Any,
    value: Any,
    attention_mask: Any,
    dropout: float = 0.0,
    scaling: float | None = None,
    is_causal: bool | None = None,
    **kwargs: Any,
) -> tuple[Any, None]:
    import torch
    from transformers.integrations.sdpa_attention import sdpa_attention_forward

    grouped = getattr(module, "num_key_value_groups", 1) > 1
    plain = kwargs.get("position_bias") is None and kwargs.get("cache") is None
    if attention_mask is None or not grouped or not plain or key.shape[-1] != value.shape[-1]:
        return sdpa_attention_forward(module, query, key, value, attention_mask, dropout, scaling, is_causal, **kwargs)
    output = torch.nn.functional.scaled_dot_product_attention(
        query, key, value, attn_mask=attention_mask, dropout_p=dropout, scale=scaling, enable_gqa=True
    )
    return output.transpose(1, 2).contiguous(), None


def register() -> str:
    """Make `NAME` a known attention implementation (idempotent); return it."""
    from transformers import AttentionInterface, AttentionMaskInterface
    from transformers.masking_utils import sdpa_mask

    AttentionInterface.register(NAME, attention)
    AttentionMaskInterface.register(NAME, sdpa_mask)
    return NAME
