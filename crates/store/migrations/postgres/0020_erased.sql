-- What an erasure leaves (docs/privacy.md): the SHA-256 of each erased conversation's id and of
-- its visitor persona's id, never the data. A browser still holding those ids (the widget's
-- storage) is refused instead of bringing the visitor back as a new conversation. The ids are
-- random, so their hashes say nothing about anyone.
CREATE TABLE erased_ids (
    id_hash     TEXT PRIMARY KEY
);
