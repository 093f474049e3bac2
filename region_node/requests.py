"""A request as a region carries it: built once from the HTTP body (`Ask`), taken on with a job id
and data class (`Outbound`, when it may leave), and its sampling turned into the wire's parameters
and back in one place. No layer copies its fields into another shape."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from federation.messages import GenerationParams, JobRequest

from .engines import Prompt, Sampling
from .openai_types import FedinferOptions


@dataclass(frozen=True, slots=True)
class Ask:
    """One request, independent of its HTTP shape."""

    kind: str  # chat | completion
    model: str
    messages: Sequence[tuple[str, str]]
    prompt: str | None
    sampling: Sampling
    options: FedinferOptions
    tenant: str
    budget_given: bool = True
    """The client named `max_tokens` (or `max_completion_tokens`); otherwise the default budget is cut
    to what the context leaves, as OpenAI does."""
    stream: bool = True
    """The client reads the answer as it is generated."""

    @property
    def texts(self) -> list[str]:
        """What the user wrote: every message's content, or the prompt."""
        return [content for _, content in self.messages] if self.kind == "chat" else [self.prompt or ""]

    def engine_prompt(self) -> Prompt:
        """What this engine is asked, when it serves the request here."""
        return Prompt.of(self.kind, self.messages, self.prompt, budget_given=self.budget_given, streamed=self.stream)


@dataclass(frozen=True, slots=True)
class Outbound:
    """A request this region has taken on and may send away: its job id and the data class it was
    decided under, with the request itself, untransformed."""

    job_id: str
    data_class: str
    ask: Ask


def wire_params(sampling: Sampling, *, budget_given: bool) -> GenerationParams:
    """The sampling as a job carries it to another region."""
    return GenerationParams(
        max_tokens=sampling.max_tokens,
        temperature=sampling.temperature,
        top_p=sampling.top_p,
        stop=list(sampling.stop),
        seed=sampling.seed,
        max_tokens_given=budget_given,
    )


def sampling_of(params: GenerationParams) -> Sampling:
    """A job's parameters as this region's engine takes them."""
    return Sampling(
        max_tokens=params.max_tokens,
        temperature=params.temperature,
        top_p=params.top_p,
        stop=tuple(params.stop),
        seed=params.seed,
    )


def prompt_of(job: JobRequest) -> Prompt:
    """A job's request as this region's engine takes it."""
    messages = [(m.role, m.content) for m in job.messages]
    return Prompt.of(job.kind, messages, job.prompt, budget_given=job.params.max_tokens_given)
