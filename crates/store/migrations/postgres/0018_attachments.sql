-- Files sent in chats (docs/attachments.md): one row per upload, its bytes in the file store
-- under {domain_id}/{channel_id}/{id}. A message names its files by the url issued here; the
-- row goes with its chat (and so the file is no longer served).
CREATE TABLE attachments (
    id            TEXT PRIMARY KEY,
    channel_id    TEXT NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    domain_id     TEXT NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    content_type  TEXT NOT NULL,
    size          BIGINT NOT NULL,
    url           TEXT NOT NULL,
    -- 'visitor' or 'agent'.
    uploader      TEXT NOT NULL,
    created_at    BIGINT NOT NULL
);
CREATE INDEX attachments_channel ON attachments (channel_id);

-- What a domain's chats accept (none: the defaults, 10 MB and docs/attachments.md's types).
CREATE TABLE attachment_limits (
    domain_id  TEXT PRIMARY KEY REFERENCES domains(id) ON DELETE CASCADE,
    max_bytes  BIGINT NOT NULL,
    -- A JSON array of media types.
    types      TEXT NOT NULL
);
