-- The live channel's fan-out between app instances (infra/live/live-bus.ts) rides on NOTIFY, whose
-- payload Postgres caps at 8000 bytes. A bigger message (a video chat's SDP offer can be) is parked
-- here and the NOTIFY carries its id; rows are read within moments and deleted after a minute.
-- Unlogged: a crash loses only messages that were already stale.
CREATE UNLOGGED TABLE IF NOT EXISTS live_relay (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payload text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS live_relay_created_idx ON live_relay (created_at);
