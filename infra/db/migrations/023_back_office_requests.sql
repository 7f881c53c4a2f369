-- Similar artists and similar audio files, set by the back office (spec 3 section 7:
-- add-/remove-similar-artists, add-/remove-similar-audio-files) and read by the music channel's
-- similarity pick (queries/library/audio-files-filter.ts). Similarity is symmetric: each pair is
-- stored both ways, so a lookup reads one column and needs no OR.
CREATE TABLE IF NOT EXISTS similar_artists (
  artist_id integer NOT NULL REFERENCES artists(id) ON DELETE CASCADE,
  similar_artist_id integer NOT NULL REFERENCES artists(id) ON DELETE CASCADE,
  PRIMARY KEY (artist_id, similar_artist_id),
  CHECK (artist_id <> similar_artist_id)
);
CREATE TABLE IF NOT EXISTS similar_audio_files (
  audio_file_id integer NOT NULL REFERENCES audio_files(id) ON DELETE CASCADE,
  similar_audio_file_id integer NOT NULL REFERENCES audio_files(id) ON DELETE CASCADE,
  PRIMARY KEY (audio_file_id, similar_audio_file_id),
  CHECK (audio_file_id <> similar_audio_file_id)
);

-- The operator console's own state (set-admin-ui-state / get-admin-ui-state: open tabs, filters,
-- column choices), per operator. Not users.ui_state, which is the state an administrator sets for
-- a user's app (delivered by GET /api/ping).
ALTER TABLE users ADD COLUMN IF NOT EXISTS admin_ui_state jsonb;
