"""Inference engines behind one Protocol: vLLM (production) and the embedded transformers engine."""

from .base import Delta, Engine, EngineError, Load, Sampling, SequenceFailed, context_overflow, normalised

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
