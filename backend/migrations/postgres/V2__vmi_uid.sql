-- Step 2: every row also carries the VMI's UID; recorded pages are dropped (see schema.rs).
-- The UNIQUE constraints of step 1 carry names PostgreSQL chose: they are looked up.
ALTER TABLE transitions ADD COLUMN uid TEXT NOT NULL DEFAULT '';
DROP INDEX IF EXISTS transitions_vmi;
CREATE INDEX transitions_vmi ON transitions (ns, name, uid, at);
ALTER TABLE events ADD COLUMN uid TEXT NOT NULL DEFAULT '';
ALTER TABLE migrations ADD COLUMN uid TEXT NOT NULL DEFAULT '';
DO $$
DECLARE t text; c text;
BEGIN
  FOREACH t IN ARRAY ARRAY['events', 'migrations'] LOOP
    FOR c IN SELECT conname FROM pg_constraint
             WHERE conrelid = t::regclass AND contype = 'u' LOOP
      EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t, c);
    END LOOP;
  END LOOP;
END $$;
ALTER TABLE events ADD CONSTRAINT events_once
    UNIQUE (ns, name, uid, involved_kind, involved_name, event, count);
DROP INDEX IF EXISTS events_vmi;
CREATE INDEX events_vmi ON events (ns, name, uid, at);
ALTER TABLE migrations ADD CONSTRAINT migrations_once UNIQUE (ns, name, uid, migration);
DROP INDEX IF EXISTS migrations_vmi;
CREATE INDEX migrations_vmi ON migrations (ns, name, uid, at);
DELETE FROM details;
ALTER TABLE details ADD COLUMN uid TEXT NOT NULL DEFAULT '';
DROP INDEX IF EXISTS details_vmi;
CREATE INDEX details_vmi ON details (ns, name, uid, at);
