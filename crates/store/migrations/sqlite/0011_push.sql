-- Web Push: each agent's browsers (PushSubscription.toJSON(): the push service's endpoint and the
-- browser's keys), several per account; removed with the account, or when the push service says
-- the subscription is gone (404/410).
CREATE TABLE push_subscriptions (
    endpoint    TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    p256dh      TEXT NOT NULL,
    auth        TEXT NOT NULL,
    created_at  INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
-- Keys the server makes once and every instance shares (the VAPID key pair that signs Web Push).
CREATE TABLE server_keys (
    name        TEXT PRIMARY KEY,
    value       TEXT NOT NULL,
    created_at  INTEGER NOT NULL
);
