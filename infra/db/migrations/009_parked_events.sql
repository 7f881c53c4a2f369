-- Events an operator parked for one projection version (issue 12, deliverable 3): the runner
-- skips exactly these for that (name, version), in live projection and in rebuilds of the same
-- version; a new version (new code) does not see them, so it projects them again. The runner
-- creates the same table if missing (projections/engine/checkpoint-store.ts), since the CLI and
-- tests run projections on databases without the app's migrations.
CREATE TABLE IF NOT EXISTS parked_events (
  projection_name text NOT NULL,
  projection_version int NOT NULL,
  event_id uuid NOT NULL,
  position_tx bigint NOT NULL,
  position_seq bigint NOT NULL,
  event_type text NOT NULL,
  error text NOT NULL,
  parked_by int NOT NULL,
  parked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (projection_name, projection_version, event_id)
);
