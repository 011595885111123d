-- Beckon schema (PostgreSQL). Times are Unix milliseconds (BIGINT); JSON is stored as TEXT so the
-- published config keeps its key order byte for byte.

CREATE TABLE organisations (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);

-- Chat identities: visitors (ChatClient), agents (ChatAgentPersona), a domain's own voice
-- (ChatOrganizationDomainPersona), an organisation (OrganizationPersona).
CREATE TABLE personas (
    id                      TEXT PRIMARY KEY,
    type                    TEXT NOT NULL,
    name                    TEXT NOT NULL,
    email                   TEXT,
    ip                      TEXT,
    url                     TEXT,
    legal_notice_accepted   BIGINT NOT NULL DEFAULT 0,
    avatar_url              TEXT,
    created_at              BIGINT NOT NULL
);

CREATE TABLE users (
    id              TEXT PRIMARY KEY,
    org_id          TEXT NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
    email           TEXT NOT NULL UNIQUE,
    name            TEXT NOT NULL,
    password_hash   TEXT NOT NULL,
    role            TEXT NOT NULL CHECK (role IN ('owner', 'agent')),
    persona_id      TEXT REFERENCES personas(id),
    created_at      BIGINT NOT NULL
);
CREATE INDEX users_org ON users(org_id);

CREATE TABLE sessions (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at      BIGINT NOT NULL,
    expires_at      BIGINT NOT NULL,
    last_seen_at    BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE domains (
    id          TEXT PRIMARY KEY,
    org_id      TEXT NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    aliases     TEXT NOT NULL DEFAULT '[]',
    type        TEXT NOT NULL DEFAULT 'FREE',
    properties  TEXT NOT NULL DEFAULT '{}',
    timezone    TEXT,
    created_at  BIGINT NOT NULL
);
CREATE INDEX domains_org ON domains(org_id);

CREATE TABLE config_published (
    domain_id       TEXT PRIMARY KEY REFERENCES domains(id) ON DELETE CASCADE,
    config_json     TEXT NOT NULL,
    version         BIGINT NOT NULL,
    etag            TEXT NOT NULL,
    published_at    BIGINT NOT NULL
);

CREATE TABLE config_drafts (
    domain_id   TEXT PRIMARY KEY REFERENCES domains(id) ON DELETE CASCADE,
    config_json TEXT NOT NULL,
    updated_at  BIGINT NOT NULL
);

CREATE TABLE channels (
    id                  TEXT PRIMARY KEY,
    domain_id           TEXT NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
    visitor_persona_id  TEXT NOT NULL REFERENCES personas(id),
    status              TEXT NOT NULL CHECK (status IN ('open', 'ended')),
    created_at          BIGINT NOT NULL,
    ended_at            BIGINT,
    last_activity_at    BIGINT NOT NULL,
    assigned_agent_id   TEXT REFERENCES users(id) ON DELETE SET NULL,
    last_seq            BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX channels_domain_activity ON channels(domain_id, status, last_activity_at);

CREATE TABLE messages (
    id                  TEXT PRIMARY KEY,
    channel_id          TEXT NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    seq                 BIGINT NOT NULL,
    client_id           TEXT NOT NULL,
    sender_persona_id   TEXT NOT NULL REFERENCES personas(id),
    text                TEXT NOT NULL,
    attachments         TEXT NOT NULL DEFAULT '[]',
    created_at          BIGINT NOT NULL,
    UNIQUE (channel_id, seq),
    UNIQUE (channel_id, client_id)
);

CREATE TABLE read_markers (
    channel_id  TEXT NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    persona_id  TEXT NOT NULL REFERENCES personas(id),
    seq         BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (channel_id, persona_id)
);

CREATE TABLE stats_counts (
    domain_id   TEXT NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
    day         TEXT NOT NULL,
    event_name  TEXT NOT NULL,
    count       BIGINT NOT NULL,
    PRIMARY KEY (domain_id, day, event_name)
);
