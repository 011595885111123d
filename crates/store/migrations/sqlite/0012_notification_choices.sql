-- What each account wants to be told about (docs/notifications.md): e-mail on or off, and which
-- conversations (every one, only unassigned ones, only their own) for e-mail and Web Push alike.
-- An account without a row gets the defaults: e-mail on, every conversation.
CREATE TABLE notification_choices (
    user_id     TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    email       INTEGER NOT NULL DEFAULT 1,
    about       TEXT NOT NULL DEFAULT 'all' CHECK (about IN ('all', 'unassigned', 'mine'))
);
