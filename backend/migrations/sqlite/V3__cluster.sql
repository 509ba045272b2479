-- Step 3: every row also carries the VMI key's cluster (see schema.rs). The first cluster's
-- keys name none, so the rows recorded before are the first cluster's: '' is what they were.
-- SQLite cannot change a UNIQUE constraint: events and migrations are copied into new tables.
ALTER TABLE transitions ADD COLUMN cluster TEXT NOT NULL DEFAULT '';
DROP INDEX IF EXISTS transitions_vmi;
CREATE INDEX transitions_vmi ON transitions (cluster, ns, name, uid, at);
CREATE TABLE events_v3 (
    id INTEGER PRIMARY KEY, cluster TEXT NOT NULL DEFAULT '', ns TEXT NOT NULL,
    name TEXT NOT NULL, uid TEXT NOT NULL DEFAULT '', at INTEGER NOT NULL,
    involved_kind TEXT NOT NULL, involved_name TEXT NOT NULL, event TEXT NOT NULL,
    count INTEGER NOT NULL, type TEXT NOT NULL, reason TEXT NOT NULL, message TEXT NOT NULL,
    UNIQUE (cluster, ns, name, uid, involved_kind, involved_name, event, count));
INSERT INTO events_v3 (id, ns, name, uid, at, involved_kind, involved_name, event, count, type,
    reason, message)
    SELECT id, ns, name, uid, at, involved_kind, involved_name, event, count, type, reason,
    message FROM events;
DROP TABLE events;
ALTER TABLE events_v3 RENAME TO events;
CREATE INDEX events_vmi ON events (cluster, ns, name, uid, at);
CREATE INDEX events_at ON events (at);
CREATE TABLE migrations_v3 (
    id INTEGER PRIMARY KEY, cluster TEXT NOT NULL DEFAULT '', ns TEXT NOT NULL,
    name TEXT NOT NULL, uid TEXT NOT NULL DEFAULT '', at INTEGER NOT NULL,
    migration TEXT NOT NULL, phase TEXT NOT NULL, outcome TEXT NOT NULL, mode TEXT,
    plane TEXT, failure TEXT, duration_secs REAL,
    UNIQUE (cluster, ns, name, uid, migration));
INSERT INTO migrations_v3 (id, ns, name, uid, at, migration, phase, outcome, mode, plane,
    failure, duration_secs)
    SELECT id, ns, name, uid, at, migration, phase, outcome, mode, plane, failure,
    duration_secs FROM migrations;
DROP TABLE migrations;
ALTER TABLE migrations_v3 RENAME TO migrations;
CREATE INDEX migrations_vmi ON migrations (cluster, ns, name, uid, at);
CREATE INDEX migrations_at ON migrations (at);
ALTER TABLE details ADD COLUMN cluster TEXT NOT NULL DEFAULT '';
DROP INDEX IF EXISTS details_vmi;
CREATE INDEX details_vmi ON details (cluster, ns, name, uid, at);
