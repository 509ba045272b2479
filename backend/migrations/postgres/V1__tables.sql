-- Step 1: the tables as first shipped, keyed by namespace and name. `IF NOT EXISTS`: a
-- database of the first version (which kept no version) holds them already.
CREATE TABLE IF NOT EXISTS transitions (
    id BIGSERIAL PRIMARY KEY, ns TEXT NOT NULL, name TEXT NOT NULL, at BIGINT NOT NULL,
    change TEXT NOT NULL, layer TEXT, old TEXT NOT NULL, new TEXT NOT NULL, title TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS transitions_vmi ON transitions (ns, name, at);
CREATE INDEX IF NOT EXISTS transitions_at ON transitions (at);
CREATE TABLE IF NOT EXISTS events (
    id BIGSERIAL PRIMARY KEY, ns TEXT NOT NULL, name TEXT NOT NULL, at BIGINT NOT NULL,
    involved_kind TEXT NOT NULL, involved_name TEXT NOT NULL, event TEXT NOT NULL,
    count BIGINT NOT NULL, type TEXT NOT NULL, reason TEXT NOT NULL, message TEXT NOT NULL,
    UNIQUE (ns, name, involved_kind, involved_name, event, count));
CREATE INDEX IF NOT EXISTS events_vmi ON events (ns, name, at);
CREATE INDEX IF NOT EXISTS events_at ON events (at);
CREATE TABLE IF NOT EXISTS migrations (
    id BIGSERIAL PRIMARY KEY, ns TEXT NOT NULL, name TEXT NOT NULL, at BIGINT NOT NULL,
    migration TEXT NOT NULL, phase TEXT NOT NULL, outcome TEXT NOT NULL, mode TEXT,
    plane TEXT, failure TEXT, duration_secs DOUBLE PRECISION, UNIQUE (ns, name, migration));
CREATE INDEX IF NOT EXISTS migrations_vmi ON migrations (ns, name, at);
CREATE INDEX IF NOT EXISTS migrations_at ON migrations (at);
CREATE TABLE IF NOT EXISTS details (
    id BIGSERIAL PRIMARY KEY, ns TEXT NOT NULL, name TEXT NOT NULL, at BIGINT NOT NULL,
    body BYTEA NOT NULL);
CREATE INDEX IF NOT EXISTS details_vmi ON details (ns, name, at);
CREATE INDEX IF NOT EXISTS details_at ON details (at);
