-- Step 3: every row also carries the VMI key's cluster (see schema.rs). The first cluster's
-- keys name none, so the rows recorded before are the first cluster's: '' is what they were.
ALTER TABLE transitions ADD COLUMN cluster TEXT NOT NULL DEFAULT '';
DROP INDEX IF EXISTS transitions_vmi;
CREATE INDEX transitions_vmi ON transitions (cluster, ns, name, uid, at);
ALTER TABLE events ADD COLUMN cluster TEXT NOT NULL DEFAULT '';
ALTER TABLE migrations ADD COLUMN cluster TEXT NOT NULL DEFAULT '';
-- The constraints are looked up, as in step 2 (a database adopted from an earlier Strata
-- may name them otherwise).
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
    UNIQUE (cluster, ns, name, uid, involved_kind, involved_name, event, count);
DROP INDEX IF EXISTS events_vmi;
CREATE INDEX events_vmi ON events (cluster, ns, name, uid, at);
ALTER TABLE migrations ADD CONSTRAINT migrations_once
    UNIQUE (cluster, ns, name, uid, migration);
DROP INDEX IF EXISTS migrations_vmi;
CREATE INDEX migrations_vmi ON migrations (cluster, ns, name, uid, at);
ALTER TABLE details ADD COLUMN cluster TEXT NOT NULL DEFAULT '';
DROP INDEX IF EXISTS details_vmi;
CREATE INDEX details_vmi ON details (cluster, ns, name, uid, at);
