"""The running batch of the embedded engine on the model side: its rows' KV cache, attention mask,
positions and next tokens, and the three ways the engine reshapes it (cut back, take some rows, merge
a joining batch in). Tensor work only: no scheduling, no requests."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .embedded import _Sequence


@dataclass
class Batch:
    """The running sequences and their shared state on the model side."""

    states: list[_Sequence]
    past: Any
    attention: Any  # [rows, cached tokens] 1 for a real token, 0 for left padding
    positions: Any  # [rows, 1] the position of each row's next token
    next_ids: Any  # [rows] the token each row feeds next


def truncate(past: Any, length: int) -> None:
    """Cut every cache layer back to `length` positions."""
    for layer in past.layers:
        if layer.keys is not None and layer.keys.shape[2] > length:
            layer.keys, layer.values = layer.keys[:, :, :length], layer.values[:, :, :length]


def rows(batch: Batch, rows: list[int]) -> Batch:
    """A batch of some of `batch`'s rows, with a cache of its own (the original is left as it was)."""
    import torch

    index = torch.tensor(rows)
    past = copy.copy(batch.past)
    past.layers = [copy.copy(layer) for layer in batch.past.layers]
    for layer in past.layers:
        layer.keys, layer.values = layer.keys[index], layer.values[index]
    return Batch(
        states=[batch.states[r] for r in rows],
        past=past,
        attention=batch.attention[index],
        positions=batch.positions[index],
        next_ids=batch.next_ids[index],
    )


def merge(running: Batch, joined: Batch) -> Batch:
    """One batch from two: left-pad the shorter KV cache and mask to the longer one's length."""
    import torch

    width = max(running.attention.shape[1], joined.attention.shape[1])

    def pad(tensor: Any, dim: int) -> Any:
        missing = width - tensor.shape[dim]
        if missing == 0:
            return tensor
        shape = list(tensor.shape)
        shape[dim] = missing
        return torch.cat([torch.zeros(shape, dtype=tensor.dtype), tensor], dim=dim)

    for mine, theirs in zip(running.past.layers, joined.past.layers, strict=True):
        mine.keys = torch.cat([pad(mine.keys, 2), pad(theirs.keys, 2)], dim=0)
        mine.values = torch.cat([pad(mine.values, 2), pad(theirs.values, 2)], dim=0)
    return Batch(
        states=running.states + joined.states,
        past=running.past,
        attention=torch.cat([pad(running.attention, 1), pad(joined.attention, 1)], dim=0),
        positions=torch.cat([running.positions, joined.positions], dim=0),
        next_ids=torch.cat([running.next_ids, joined.next_ids], dim=0),
    )
