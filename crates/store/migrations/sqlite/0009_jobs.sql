-- The durable queue of outbound work (e-mail, Web Push, webhooks, clean-ups): a job runs at or
-- after run_at, at least once; a worker claims it by setting locked_until (a lease: a worker that
-- dies lets it go when the lease ends), deletes it when done, or sets run_at later with the error
-- (back-off), or buries it (dead = 1) after its kind's last attempt. A key makes a job unique
-- among the waiting ones of its kind: one notification per conversation per window.
CREATE TABLE jobs (
    id              TEXT PRIMARY KEY,
    kind            TEXT NOT NULL,
    dedupe_key      TEXT,
    payload         TEXT NOT NULL,
    run_at          INTEGER NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    locked_until    INTEGER,
    last_error      TEXT,
    dead            INTEGER NOT NULL DEFAULT 0,
    created_at      INTEGER NOT NULL
);
CREATE UNIQUE INDEX jobs_waiting_key ON jobs (kind, dedupe_key) WHERE dead = 0;
CREATE INDEX jobs_due ON jobs (run_at) WHERE dead = 0;
