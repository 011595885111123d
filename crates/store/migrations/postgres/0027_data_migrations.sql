-- Data migrations: changes to stored data made by the server's code, once per database, after
-- the schema's (store::migrate_data), each recorded here by name when it ran, so it never runs
-- again. The first, "forget-english-defaults", takes the builder's old English defaults out of
-- every draft and published config (config_defaults.rs).
CREATE TABLE data_migrations (
    name    TEXT PRIMARY KEY,
    ran_at  BIGINT NOT NULL
);
