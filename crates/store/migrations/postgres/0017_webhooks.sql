-- Webhooks (docs/webhooks.md): an organisation's endpoints, each told about the events it chose
-- (a JSON array of event types), optionally only for one of its domains, signed with its secret
-- (Standard Webhooks: "whsec_" + base64; kept as is, since signing needs it).
CREATE TABLE webhooks (
    id          TEXT PRIMARY KEY,
    org_id      TEXT NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
    domain_id   TEXT REFERENCES domains(id) ON DELETE CASCADE,
    url         TEXT NOT NULL,
    events      TEXT NOT NULL,
    secret      TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX webhooks_org ON webhooks (org_id);
-- One event for one webhook: its id is the webhook-id header of every attempt, its body the
-- bytes signed and sent each time. status: pending, succeeded or failed. A job of kind
-- "webhook" (the jobs table) delivers it; retried until retry_until. The log is bounded: the
-- newest deliveries of each webhook are kept (store/webhooks.rs, KEPT_DELIVERIES). A delivery
-- about a conversation (channel_id; none for a test event) goes with it when the conversation is
-- removed (retention, a visitor's erasure): its body holds what the visitor wrote.
CREATE TABLE webhook_deliveries (
    id              TEXT PRIMARY KEY,
    webhook_id      TEXT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
    channel_id      TEXT REFERENCES channels(id) ON DELETE CASCADE,
    event_type      TEXT NOT NULL,
    body            TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending',
    attempts        BIGINT NOT NULL DEFAULT 0,
    response_code   BIGINT,
    last_error      TEXT,
    last_attempt_at BIGINT,
    next_attempt_at BIGINT,
    retry_until     BIGINT NOT NULL,
    created_at      BIGINT NOT NULL
);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, created_at);
CREATE INDEX webhook_deliveries_channel ON webhook_deliveries (channel_id);
