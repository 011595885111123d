-- The language the visitor's widget spoke when the chat began (a language tag, e.g. "fr" or
-- "pt-BR"): the mails to the visitor are written in it (docs/notifications.md).
ALTER TABLE visitor_context ADD COLUMN language TEXT;
