-- Issue 13: every Postgres read model owns its tables. Its projector creates them itself, one set per
-- version (rm_<projection>_v<version>_<table>), behind stable views with the old names
-- (projections/engine/read-model.ts). The tables earlier migrations (004 favorites, 005 message
-- items, 006 messages) and earlier projector set-ups made under those names go, and so does the
-- favorites projector's column in the reference table users: the log holds all of it.
-- The sequences of 004 and 006 stay: commands hand out ids from them.
DROP TABLE IF EXISTS favorite_lists;
DROP TABLE IF EXISTS favorite_audio_files;
DROP TABLE IF EXISTS favorite_recipes;
DROP TABLE IF EXISTS message_items;
DROP TABLE IF EXISTS messages;
DROP TABLE IF EXISTS evaluations;
DROP TABLE IF EXISTS last_activity;
DROP TABLE IF EXISTS target_counts;
DROP TABLE IF EXISTS usage_session_state;
ALTER TABLE users DROP COLUMN IF EXISTS active_user_tag_group_id;

-- Their checkpoints go with them, so each read model projects the whole log again, from position 0,
-- into its new tables on the first start (a version with no checkpoint starts at 0). Parked events
-- stay parked. The projection tables exist only where projections ever ran (checkpoint-store.ts).
DO $$ BEGIN IF to_regclass('projection_checkpoints') IS NOT NULL THEN DELETE FROM projection_checkpoints WHERE name IN ('favorites', 'messages', 'evaluations', 'last-activity', 'target-counts', 'usage-session-state'); DELETE FROM projection_versions WHERE name IN ('favorites', 'messages', 'evaluations', 'last-activity', 'target-counts', 'usage-session-state'); END IF; END $$;
