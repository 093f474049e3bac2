"""Checking hash chains: pure functions over the links of one writer's chain and its head.

A chain is checked in two parts: whether each event still hashes to its stored hash (`rehashed`, the
seqs of the edited ones), and whether the links (seq, hash, prev_hash, signature) follow each other
and the head (`verify_chain`).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

import msgspec

from ._events import CHAINED_FIELDS, GENESIS, canonical_row
from ._models import AuditHeadRow
from ._witness import WitnessedHead

EVENT_COLUMNS = ("id", *CHAINED_FIELDS, "hash", "signature")


_CHAINED = len(CHAINED_FIELDS)


Link = tuple[int, str, str, str | None]
"""What chains an event to the one before it: (seq, hash, prev_hash, signature). A plain tuple: a chain
of a million events is a million of them."""


class EventRow(Protocol):
    """A stored event as `rehashed` reads it: the chained fields in `CHAINED_FIELDS` order (`audit._store.
    _chain_select`), then `hash` and `signature`."""

    def __getitem__(self, index: Any) -> Any: ...


def rehashed(rows: Iterable[EventRow]) -> set[int]:
    """The seqs of the rows whose chained fields no longer hash to their stored hash (the reference)."""
    seq = CHAINED_FIELDS.index("seq")
    return {row[seq] for row in rows if _rehash(row) != row[_CHAINED]}


def _rehash(row: EventRow) -> str | None:
    try:
        return hashlib.sha256(canonical_row(list(row[:_CHAINED]))).hexdigest()
    except msgspec.DecodeError:  # counts that are not a JSON object of counts were not written by us
        return None


ProblemKind = Literal["edited", "deleted", "inserted", "reordered", "bad-signature", "missing", "rolled-back"]


@dataclass(frozen=True, slots=True)
class Problem:
    writer: str
    seq: int
    kind: ProblemKind
    message: str


@dataclass(frozen=True, slots=True)
class ChainReport:
    """One writer's chain: how many events it holds and what is wrong with it."""

    writer: str
    events: int
    signatures_checked: bool
    """False without a key: a chain rewritten whole, with its head, would still look intact."""
    problems: list[Problem] = field(default_factory=list)
    witnessed: WitnessedHead | None = None
    """The newest head the coordinator recorded for this writer, when its store was given."""

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True, slots=True)
class VerifyReport:
    chains: list[ChainReport]
    signatures_checked: bool
    witnessed: bool = False
    """Whether the chains were checked against the heads the coordinator witnessed (completeness)."""

    @property
    def writers(self) -> int:
        return len(self.chains)

    @property
    def events(self) -> int:
        return sum(chain.events for chain in self.chains)

    @property
    def problems(self) -> list[Problem]:
        return [problem for chain in self.chains for problem in chain.problems]

    @property
    def ok(self) -> bool:
        return not self.problems


def verify_chain(
    writer: str, links: Sequence[Link], head: AuditHeadRow | None, key: bytes | None, edited: Collection[int]
) -> ChainReport:
    """Check one writer's links (ordered by seq) against each other, its head and, with a key, its
    signatures; `edited`: the seqs whose events no longer hash to their stored hash."""
    problems = _chain_problems(writer, links, head, edited)
    if key is not None:
        problems += _signature_problems(writer, links, head, key)
    return ChainReport(writer, len(links), key is not None, sorted(problems, key=lambda p: p.seq))


def _signed(key: bytes, digest: str) -> str:
    """`_events.sign`, one-shot (hmac.digest runs in C without building an HMAC object)."""
    return hmac.digest(key, digest.encode("ascii"), "sha256").hex()


def witness_problems(writer: str, hashes: Mapping[int, str], witnessed: WitnessedHead) -> list[Problem]:
    """What a writer's chain (`hashes`: seq -> hash, as stored) lacks against the head the coordinator
    witnessed: the chain gone, cut before it, or holding another event there (rewritten, or an older
    copy of the store put back and written on)."""
    head, when = witnessed.head, witnessed.time.isoformat(timespec="seconds")
    if not hashes:
        message = f"the whole chain is missing; the coordinator witnessed it at event {head.seq} on {when}"
        return [Problem(writer, 0, "missing", message)]
    newest = max(hashes)
    if newest < head.seq:
        message = (
            f"the chain ends at event {newest}, but the coordinator witnessed event {head.seq} on {when}:"
            " its tail was cut or an older copy of the store was restored"
        )
        return [Problem(writer, newest + 1, "rolled-back", message)]
    if hashes.get(head.seq) != head.hash:
        message = f"event {head.seq} is not the one the coordinator witnessed on {when}: the chain was rewritten"
        return [Problem(writer, head.seq, "rolled-back", message)]
    return []


def _signature_problems(writer: str, rows: Sequence[Link], head: AuditHeadRow | None, key: bytes) -> list[Problem]:
    bad = [seq for seq, digest, _, signature in rows if _signed(key, digest) != signature]
    head_bad = head is not None and head.seq >= 0 and _signed(key, head.hash) != head.signature
    if rows and len(bad) == len(rows) and (head is None or head_bad):
        # Not one signature matches: the wrong key for this writer, or a chain rewritten without it.
        message = f"none of its {len(rows)} events is signed with this key: a wrong --key-file, or a forged chain"
        return [Problem(writer, rows[0][0], "bad-signature", message)]
    problems = [Problem(writer, seq, "bad-signature", f"event {seq} is not signed by the writer's key") for seq in bad]
    if head_bad and head is not None:
        problems.append(
            Problem(writer, head.seq, "bad-signature", "the writer's head record is not signed by the writer's key")
        )
    return problems


def _chain_problems(
    writer: str, rows: Sequence[Link], head: AuditHeadRow | None, edited: Collection[int]
) -> list[Problem]:
    problems: list[Problem] = []
    seq_of: dict[str, int] | None = None  # hash -> seq, built only for a chain whose links break
    previous_hash, previous_seq = GENESIS, -1
    for seq, digest, prev_hash, _ in rows:
        if seq in edited:
            problems.append(Problem(writer, seq, "edited", f"event {seq} was changed after it was written"))
        if seq > previous_seq + 1:
            missing = f"{previous_seq + 1}" if seq == previous_seq + 2 else f"{previous_seq + 1}-{seq - 1}"
            problems.append(Problem(writer, previous_seq + 1, "deleted", f"event(s) {missing} are missing"))
        elif prev_hash != previous_hash:
            seq_of = seq_of if seq_of is not None else {link[1]: link[0] for link in rows}
            if prev_hash in seq_of and seq_of[prev_hash] != previous_seq:
                message = f"event {seq} follows event {seq_of[prev_hash]} in the chain"
                problems.append(Problem(writer, seq, "reordered", message))
            elif seq == previous_seq + 1 and problems[-1:] and problems[-1].seq == previous_seq:
                pass  # the previous event was edited; already reported
            else:
                problems.append(Problem(writer, seq, "inserted", f"event {seq} does not continue the chain"))
        previous_hash, previous_seq = digest, seq
    if head is None:
        if rows:
            problems.append(Problem(writer, previous_seq, "deleted", "the writer's head record is missing"))
    elif head.seq > previous_seq:
        problems.append(
            Problem(
                writer, previous_seq + 1, "deleted", f"events {previous_seq + 1}-{head.seq} (the newest) are missing"
            )
        )
    elif head.seq < previous_seq:
        problems.append(
            Problem(writer, head.seq + 1, "inserted", f"events after {head.seq}, the writer's last, were added")
        )
    elif head.hash != previous_hash:
        problems.append(Problem(writer, head.seq, "edited", "the writer's head record does not match its newest event"))
    return problems
