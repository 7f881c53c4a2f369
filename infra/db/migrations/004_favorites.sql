-- Favorites read model (projections/postgres/favorites.ts). The event log is the source of truth
-- (DOMAIN.md section 1): these tables are projected from the favorite-list-{id} and
-- favorites-{userId} streams and can be dropped and rebuilt from position 0. They live in a
-- migration, not in the projector's set-up, because the library queries (get-audio-files with
-- userTagGroupIds) join them from the first request on.

-- Ids of made lists (id 0 is every user's default list, which has no row here).
CREATE SEQUENCE IF NOT EXISTS favorite_list_ids;

CREATE TABLE IF NOT EXISTS favorite_lists (
  id integer PRIMARY KEY CHECK (id > 0),
  user_id integer NOT NULL,                  -- the maker: the only one who may change it
  user_group_id integer,                     -- shared read-only with this group's members
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  copied_from_list_id integer,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS favorite_lists_user_idx ON favorite_lists (user_id);
CREATE INDEX IF NOT EXISTS favorite_lists_group_idx ON favorite_lists (user_group_id);

-- One row per audio file in a list. list_id 0 rows are user_id's default list, so a filter by list
-- is `list_id = ANY(ids) AND (list_id <> 0 OR user_id = caller)`. Removed lists have no rows.
CREATE TABLE IF NOT EXISTS favorite_audio_files (
  list_id integer NOT NULL,
  user_id integer NOT NULL,                  -- the list's maker (the owner of list 0)
  audio_file_id integer NOT NULL,
  "order" integer NOT NULL,                  -- ascending list order; new files get max + 1
  insertion_time timestamptz NOT NULL,
  admin boolean NOT NULL DEFAULT false,      -- added in an admin-password session
  PRIMARY KEY (list_id, user_id, audio_file_id)
);
CREATE INDEX IF NOT EXISTS favorite_audio_files_audio_file_idx ON favorite_audio_files (audio_file_id);

CREATE TABLE IF NOT EXISTS favorite_recipes (
  list_id integer NOT NULL,
  user_id integer NOT NULL,
  recipe_id integer NOT NULL,
  insertion_time timestamptz NOT NULL,
  admin boolean NOT NULL DEFAULT false,
  PRIMARY KEY (list_id, user_id, recipe_id)
);
