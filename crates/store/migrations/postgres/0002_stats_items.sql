-- Views per button and clicks per action (and the button it was on), per domain, UTC day and
-- event name. A page view is not an item and stays in stats_counts.
CREATE TABLE stats_item_counts (
    domain_id   TEXT NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
    day         TEXT NOT NULL,
    event_name  TEXT NOT NULL,
    button_id   TEXT NOT NULL,
    action_id   TEXT NOT NULL,
    count       BIGINT NOT NULL,
    PRIMARY KEY (domain_id, day, event_name, button_id, action_id)
);
