-- Canned replies: an organisation's ready-made answers, each under a shortcut the console's
-- reply box finds them by ("/thanks"); one shortcut per organisation.
CREATE TABLE canned_replies (
    id          TEXT PRIMARY KEY,
    org_id      TEXT NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
    shortcut    TEXT NOT NULL,
    text        TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    UNIQUE (org_id, shortcut)
);
-- Who may edit them: owners always; agents when the owner allows it (1). An organisation
-- without a row has the default: owners only.
CREATE TABLE canned_reply_settings (
    org_id          TEXT PRIMARY KEY REFERENCES organisations(id) ON DELETE CASCADE,
    agents_may_edit INTEGER NOT NULL DEFAULT 0
);
