-- Several app instances on one Postgres (issue 20): each projection (name, version) runs on the one
-- instance that holds its lease. The holder renews it well before `expires_at`; when an instance
-- dies its leases run out and another instance takes them over (projections/engine/leases.ts).
-- Times are the database's clock, so instances with skewed clocks still agree on who holds what.
CREATE TABLE IF NOT EXISTS projection_leases (
  name text NOT NULL,
  version int NOT NULL,
  holder text NOT NULL,
  acquired_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (name, version)
);
