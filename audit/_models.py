"""The audit tables (SQLAlchemy 2.0). Alembic migrations in `audit/migrations` create them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class AuditEventRow(Base):
    """One audit event, hash-chained per writer."""

    __tablename__ = "audit_events"

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True)
    writer: Mapped[str] = mapped_column(String(128))
    seq: Mapped[int] = mapped_column(BigInteger)
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    kind: Mapped[str] = mapped_column(String(32))
    region: Mapped[str] = mapped_column(String(64))
    node: Mapped[str] = mapped_column(String(64))
    job_id: Mapped[str | None] = mapped_column(String(64))
    decision: Mapped[str | None] = mapped_column(String(16))
    policy_digest: Mapped[str | None] = mapped_column(String(80))
    rule: Mapped[str | None] = mapped_column(String(80))
    data_class: Mapped[str | None] = mapped_column(String(32))
    target_region: Mapped[str | None] = mapped_column(String(64))
    model: Mapped[str | None] = mapped_column(String(128))
    pii_counts: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    payload_hash: Mapped[str | None] = mapped_column(String(80))
    reason: Mapped[str | None] = mapped_column(String(400))
    prev_hash: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))
    signature: Mapped[str | None] = mapped_column(String(64))

    __table_args__ = (
        UniqueConstraint("writer", "seq", name="uq_audit_events_writer_seq"),
        Index("ix_audit_events_job_time", "job_id", "time"),
        Index("ix_audit_events_region_time", "region", "time"),
        Index("ix_audit_events_kind_time", "kind", "time"),
        Index("ix_audit_events_time", "time"),
    )


class AuditHeadRow(Base):
    """The latest event of each writer, so deleting the newest events is detected too."""

    __tablename__ = "audit_heads"

    writer: Mapped[str] = mapped_column(String(128), primary_key=True)
    seq: Mapped[int] = mapped_column(BigInteger)
    hash: Mapped[str] = mapped_column(String(64))
    signature: Mapped[str | None] = mapped_column(String(64))
