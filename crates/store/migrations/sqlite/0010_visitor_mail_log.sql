-- Mail sent to visitors, for the bounds per conversation and per domain: a chat form on someone's
-- site must not become a way to mail strangers. Rows older than a day are removed as new ones are
-- written.
CREATE TABLE visitor_mail_log (
    domain_id   TEXT NOT NULL,
    channel_id  TEXT NOT NULL,
    sent_at     INTEGER NOT NULL
);
CREATE INDEX visitor_mail_log_domain ON visitor_mail_log (domain_id, sent_at);
CREATE INDEX visitor_mail_log_channel ON visitor_mail_log (channel_id, sent_at);
