"""Inference engines behind one Protocol: vLLM (production), the embedded transformers engine, and the
region's own OpenAI-compatible servers."""

from ..errors import EngineError, SequenceFailed
from .base import Delta, Engine, Load, Prompt, Sampling, close_quietly, context_overflow, normalised

__all__ = [
    "Delta",
    "Engine",
    "EngineError",
    "Load",
    "Prompt",
    "Sampling",
    "SequenceFailed",
    "close_quietly",
    "context_overflow",
    "normalised",
]
