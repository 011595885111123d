-- Every published version of a domain's config, with who published it and when: the console's
-- history, from which any version can be viewed or restored as the draft. The publisher's name
-- is kept as it was (the account may be renamed or removed later); NULL for versions published
-- by the CLI (seed-demo) or before this migration.
CREATE TABLE config_versions (
    domain_id           TEXT NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
    version             INTEGER NOT NULL,
    config_json         TEXT NOT NULL,
    etag                TEXT NOT NULL,
    published_at        INTEGER NOT NULL,
    published_by        TEXT REFERENCES users(id) ON DELETE SET NULL,
    published_by_name   TEXT,
    PRIMARY KEY (domain_id, version)
);
-- Versions published before this were not kept: the one published now starts the history.
INSERT INTO config_versions (domain_id, version, config_json, etag, published_at)
SELECT domain_id, version, config_json, etag, published_at FROM config_published;

-- The installation check: per domain and page host, the last page that loaded the domain's
-- hosted embed (or sent its statistics), and when. Hosts that are not the domain's name or an
-- alias are a typo in the domain name or a copied snippet; the console warns about them. At most
-- a few hosts are kept per domain (the store drops the oldest).
CREATE TABLE embed_sightings (
    domain_id   TEXT NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
    host        TEXT NOT NULL,
    url         TEXT NOT NULL,
    seen_at     INTEGER NOT NULL,
    PRIMARY KEY (domain_id, host)
);
