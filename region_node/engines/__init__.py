"""Inference engines behind one Protocol: vLLM (production) and the embedded transformers engine."""

from ..errors import EngineError, SequenceFailed
from .base import Delta, Engine, Load, Sampling, context_overflow, normalised

__all__ = [
    "Delta",
    "Engine",
    "EngineError",
    "Load",
    "Sampling",
    "SequenceFailed",
    "context_overflow",
    "normalised",
]
