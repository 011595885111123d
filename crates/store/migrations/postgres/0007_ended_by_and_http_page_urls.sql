-- Who ended a chat: the visitor's or an agent's persona (NULL for chats ended before this, or
-- reopened since). The console shows it with ended_at.
ALTER TABLE channels ADD COLUMN ended_by TEXT REFERENCES personas(id);

-- A visitor's page URL is http(s) only from now on (README, "Links and page URLs"): a stored one
-- that is not (javascript:, data:, …) is dropped rather than kept for the console to show.
UPDATE personas SET url = NULL
WHERE url IS NOT NULL AND LOWER(url) NOT LIKE 'http://%' AND LOWER(url) NOT LIKE 'https://%';
