-- Example, not applied by docker-compose: an analyst of one care organisation who sees only the
-- rows of that organisation's users. Run it as a user with access management (e.g. `default`
-- inside the container: docker compose exec clickhouse clickhouse-client --multiquery < this file),
-- after replacing 42 (the organisation) and the user ids.
--
-- Row policies only hold for read-only users (a user who can write or copy partitions gets around
-- them): the user gets the `analyst` settings profile of users.d/sointu-users.xml (readonly, fixed
-- limits) and SELECT only. Every warehouse table has user_id. The tables are per projection
-- version (`sessions_v1`, `sessions_v2`, ...), so the policy is on the whole database: a rebuild's
-- new tables are covered as soon as they exist.

CREATE ROLE IF NOT EXISTS org_analyst_42;
GRANT SELECT ON sointu.* TO org_analyst_42;

-- Once any row policy names a table, users without a policy of their own on it see no rows of it,
-- so the app's user and the general analyst keep seeing everything through a policy that lets all.
CREATE ROW POLICY OR REPLACE org_42_users ON sointu.* USING user_id IN (42, 43, 44) TO org_analyst_42;
CREATE ROW POLICY OR REPLACE everything ON sointu.* USING 1 TO sointu, analyst;

CREATE USER IF NOT EXISTS org_analyst_42_anna IDENTIFIED WITH sha256_password BY 'change-me' SETTINGS PROFILE 'analyst';
GRANT org_analyst_42 TO org_analyst_42_anna;
ALTER USER org_analyst_42_anna DEFAULT ROLE org_analyst_42;
