"""Audit events, hash-chained per writer, and each writer's head.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "audit_events",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True, autoincrement=True),
        sa.Column("writer", sa.String(128), nullable=False),
        sa.Column("seq", sa.BigInteger(), nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("region", sa.String(64), nullable=False),
        sa.Column("node", sa.String(64), nullable=False),
        sa.Column("job_id", sa.String(64)),
        sa.Column("decision", sa.String(16)),
        sa.Column("policy_digest", sa.String(80)),
        sa.Column("rule", sa.String(80)),
        sa.Column("data_class", sa.String(32)),
        sa.Column("target_region", sa.String(64)),
        sa.Column("model", sa.String(128)),
        sa.Column("pii_counts", sa.JSON(), nullable=False),
        sa.Column("payload_hash", sa.String(80)),
        sa.Column("reason", sa.String(400)),
        sa.Column("prev_hash", sa.String(64), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.Column("signature", sa.String(64)),
        sa.UniqueConstraint("writer", "seq", name="uq_audit_events_writer_seq"),
    )
    op.create_index("ix_audit_events_job_time", "audit_events", ["job_id", "time"])
    op.create_index("ix_audit_events_region_time", "audit_events", ["region", "time"])
    op.create_index("ix_audit_events_kind_time", "audit_events", ["kind", "time"])
    op.create_index("ix_audit_events_time", "audit_events", ["time"])
    op.create_table(
        "audit_heads",
        sa.Column("writer", sa.String(128), primary_key=True),
        sa.Column("seq", sa.BigInteger(), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.Column("signature", sa.String(64)),
    )


def downgrade() -> None:
    op.drop_table("audit_heads")
    op.drop_table("audit_events")
