-- What agents see beside a conversation about its visitor (docs/console.md): the browser, country,
-- referrer and time zone when the chat began, whether the visitor has left, and the pages they
-- saw during the conversation (the latest 50).
CREATE TABLE visitor_context (
    channel_id  TEXT PRIMARY KEY REFERENCES channels(id) ON DELETE CASCADE,
    user_agent  TEXT,
    country     TEXT,
    referrer    TEXT,
    time_zone   TEXT,
    left_at     INTEGER
);
CREATE TABLE visitor_pages (
    channel_id  TEXT NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    url         TEXT NOT NULL,
    title       TEXT,
    seen_at     INTEGER NOT NULL
);
CREATE INDEX visitor_pages_channel ON visitor_pages (channel_id, seen_at);
