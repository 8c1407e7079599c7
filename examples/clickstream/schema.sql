-- The click-stream example's tables (examples/clickstream/README.md).
--   seen_ids: one Bloom filter a day of the ids processed that day, and a version that every
--             write increments (a consumer compares versions to know, cheaply, that the
--             stored filter changed: no need to read or hash its bytes).
--   clicks:   what processing a click writes; its primary key is the arbiter when two
--             consumers race on one id.
CREATE TABLE IF NOT EXISTS seen_ids (
    day date PRIMARY KEY,
    f bloom NOT NULL,
    version bigint NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS clicks (
    id text PRIMARY KEY,
    day date NOT NULL DEFAULT current_date
);
