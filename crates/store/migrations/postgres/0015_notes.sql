-- Private notes: what agents write on a chat for each other. A table of its own, not rows of
-- messages: every read a visitor's path makes (history, socket catch-up, transcripts, mails,
-- unread counts) selects from messages, so none of them can ever select a note.
-- The author's name is kept as it was when written (the account may be renamed or removed).
CREATE TABLE notes (
    id          TEXT PRIMARY KEY,
    channel_id  TEXT NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    author_id   TEXT REFERENCES users(id) ON DELETE SET NULL,
    author_name TEXT NOT NULL,
    text        TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
-- A chat's notes in the order they were written.
CREATE INDEX notes_channel_created ON notes (channel_id, created_at);
