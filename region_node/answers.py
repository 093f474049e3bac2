"""Putting an offloaded job's answer together from its chunks, as they arrive. Pure: no I/O, no clock.

Chunks come from the region the coordinator assigned (or later moved the job to, by a notice), may
arrive out of order or twice, and a node that dies mid-job makes JetStream run the job again (a new
*run*: another node or delivery, numbering its chunks from 0). Text goes through the restorer, which
turns placeholders back into the originals; a placeholder may be split across chunks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pii
from federation import subjects
from federation.messages import ResultChunk

from .errors import JobFailed, RemoteJobFailed

COORDINATOR = subjects.COORDINATOR


@dataclass(frozen=True, slots=True)
class Finished:
    """The answer is complete."""

    finish_reason: str
    prompt_tokens: int | None
    completion_tokens: int | None
    invented: int
    """Placeholders in the answer that the vault does not know (the model made them up)."""


@dataclass(frozen=True, slots=True)
class Step:
    """What one chunk gave: text to pass on, the end of the answer, or why it was dropped."""

    texts: tuple[str, ...] = ()
    finished: Finished | None = None
    rejected: str | None = None
    """A reason code when the chunk was dropped: `not_assigned`, `unexpected`, `stale_notice`."""


@dataclass
class AnswerAssembler:
    """One job's answer. `feed` each chunk; it raises `JobFailed` when the answer cannot be completed."""

    target: str
    vault: pii.Vault
    kind: str = "chat"
    engine_ttft_ms: float | None = None
    emitted: bool = False
    """Whether any text reached the client (after that, a restart cannot be hidden)."""
    targets: list[str] = field(default_factory=list)
    """Every region the job was assigned to, first to last (a moved job may still run at an earlier one)."""
    _attempt: int = 1
    _run: tuple[str, str, int] | None = None
    _expected: int = 0
    _early: dict[int, ResultChunk] = field(default_factory=dict)
    _restorer: pii.Restorer = field(init=False)

    def __post_init__(self) -> None:
        self._restorer = pii.Restorer(self.vault)
        self.targets.append(self.target)

    @property
    def next_seq(self) -> int:
        """The chunk the answer waits for next (of the run it follows)."""
        return self._expected

    def feed(self, chunk: ResultChunk) -> Step:
        if chunk.executor == COORDINATOR:
            return self._notice(chunk)
        if chunk.executor != self.target:
            return Step(rejected="not_assigned")  # a stray run of a moved job, or a region forging answers
        run = (chunk.executor, chunk.node, chunk.delivery)
        if run != self._run:
            if self._run is not None and self.emitted:
                raise JobFailed("the remote node failed mid-answer; the partial answer cannot be resumed")
            self._restart(run)
        if chunk.engine_ttft_ms is not None:
            self.engine_ttft_ms = chunk.engine_ttft_ms
        if chunk.seq >= self._expected:
            self._early.setdefault(chunk.seq, chunk)  # a duplicate changes nothing
        texts: list[str] = []
        while self._expected in self._early:
            current = self._early.pop(self._expected)
            self._expected += 1
            if current.error:
                raise remote_failure(current, self.kind)
            text = self._restorer.feed(current.delta)
            if current.done:
                text += self._restorer.flush()
                if text:
                    texts.append(text)
                reason = current.finish_reason if current.finish_reason in ("stop", "length") else "stop"
                finished = Finished(
                    reason, current.prompt_tokens, current.completion_tokens, len(self._restorer.invented)
                )
                return Step(tuple(texts), finished)
            if text:
                texts.append(text)
        self.emitted = self.emitted or bool(texts)
        return Step(tuple(texts))

    def _notice(self, chunk: ResultChunk) -> Step:
        if chunk.error:
            raise JobFailed(f"the job could not be completed: {chunk.error}")
        if chunk.reassigned_to is None:
            return Step(rejected="unexpected")  # the coordinator sends notices and failures only
        if chunk.attempt <= self._attempt:
            return Step(rejected="stale_notice")  # an older move, replayed or late
        self._attempt, self.target = chunk.attempt, chunk.reassigned_to  # where it runs now, in any case
        self.targets.append(chunk.reassigned_to)
        if self.emitted:
            raise JobFailed(
                f"the job was moved to {chunk.reassigned_to} after part of its answer was sent;"
                " the partial answer cannot be resumed"
            )
        self._restart(None)
        return Step()

    def _restart(self, run: tuple[str, str, int] | None) -> None:
        """Start over: nothing of the previous run reached the client, and none of it may leak into this one."""
        self._run, self._expected, self._early = run, 0, {}
        self._restorer = pii.Restorer(self.vault)
        self.engine_ttft_ms = None


def remote_failure(chunk: ResultChunk, kind: str) -> RemoteJobFailed:
    """The region that ran the job failed it: its reason and code, and where the prompt is, so that the
    client can get the answer it would have had had this region run the job."""
    return RemoteJobFailed(
        f"the remote region failed the job: {chunk.error}",
        region=chunk.executor,
        reason=str(chunk.error),
        code=chunk.error_code,
        param="messages" if kind == "chat" else "prompt",
    )
