-- Satisfaction: the visitor's rating of a conversation (1-5, an optional comment), one per chat
-- (a later rating replaces it). Credited to the chat's domain and to the agent it was assigned to
-- when rated (NULL: nobody; the account removed since), for the owner's statistics.
CREATE TABLE ratings (
    channel_id  TEXT PRIMARY KEY REFERENCES channels(id) ON DELETE CASCADE,
    domain_id   TEXT NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
    agent_id    TEXT REFERENCES users(id) ON DELETE SET NULL,
    score       INTEGER NOT NULL CHECK (score BETWEEN 1 AND 5),
    comment     TEXT,
    created_at  INTEGER NOT NULL
);
-- The statistics read a domain's ratings of a period.
CREATE INDEX ratings_domain_created ON ratings (domain_id, created_at);
