-- How long a domain keeps its ended conversations (and their files), in days; a domain without a
-- row keeps them until they are erased. A background sweep removes what is older.
CREATE TABLE domain_retention (
    domain_id   TEXT PRIMARY KEY REFERENCES domains(id) ON DELETE CASCADE,
    days        INTEGER NOT NULL CHECK (days > 0)
);
-- The sweep reads ended chats by when they ended.
CREATE INDEX channels_ended_at ON channels (status, ended_at);
