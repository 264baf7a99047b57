-- The foundation owns only the bookkeeping table of migrations itself
-- (created by the migrator); this file marks the schema's first version.
CREATE TABLE app_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
INSERT INTO app_meta (key, value) VALUES ('schema_origin', 'bookshop');
