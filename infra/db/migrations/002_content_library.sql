-- The content library (spec 1 section 3; spec 3 audio-files2, categories2, artists, recipes2,
-- recipe-items2, files2): reference data edited by administrators, every change audited in
-- `logging`. Plays, favorites and evaluations of these rows are events, not columns here.

-- Stored objects (audio, images, videos). The bytes live in the file store under DATA_DIR/files
-- by object_key; has_object is false for metadata-only rows (e.g. a video hosted on Vimeo).
CREATE TABLE IF NOT EXISTS files (
  id serial PRIMARY KEY,
  user_id integer REFERENCES users(id),
  user_group_id integer REFERENCES user_groups(id),
  name text NOT NULL,
  description text,
  content_type text NOT NULL,
  object_key text NOT NULL UNIQUE,
  size bigint NOT NULL DEFAULT 0 CHECK (size >= 0),
  time timestamptz NOT NULL DEFAULT now(),
  has_object boolean NOT NULL DEFAULT true,
  vimeo_link text,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE IF NOT EXISTS artists (
  id serial PRIMARY KEY,
  name text NOT NULL,
  first_name text,
  last_name text,
  "group" boolean NOT NULL DEFAULT false,   -- a band, choir or ensemble rather than a person
  info text,
  active boolean NOT NULL DEFAULT true
);

-- Content types keep the canonical spelling; 'Sing Along' and 'Audio Book' are display labels
-- merged by the usage rules (DOMAIN.md section 3), so they are accepted too.
CREATE TABLE IF NOT EXISTS categories (
  id serial PRIMARY KEY,
  name text NOT NULL,
  type text NOT NULL DEFAULT 'Music' CHECK (type IN ('Music', 'Program', 'Video')),
  description text,
  content_type text CHECK (content_type IN ('Game', 'Music', 'SingAlong', 'Sing Along', 'Exercise', 'Theme', 'AudioBook', 'Audio Book', 'Spiritual', 'News', 'Story', 'BodyAndMind', 'Video')),
  content_type_priority integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  usage_report text CHECK (usage_report IN ('targetable', 'report'))
);

CREATE TABLE IF NOT EXISTS audio_files (
  id serial PRIMARY KEY,
  type text NOT NULL DEFAULT 'MusicPiece' CHECK (type IN ('MusicPiece', 'AudioProgram')),
  name text NOT NULL,
  stage_title text,
  composer text,
  artist text,                               -- the display credit; artist rows link through audio_file_artists
  description text,                          -- HTML
  stage_description text,
  track integer,
  album text,
  file_id integer REFERENCES files(id),
  image_id integer REFERENCES files(id),
  original_file_id integer REFERENCES files(id),
  disc_code text,
  length integer NOT NULL DEFAULT 0 CHECK (length >= 0),  -- seconds
  file_time timestamptz,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz NOT NULL DEFAULT now()  -- sort 'modified-desc'
);
CREATE INDEX IF NOT EXISTS audio_files_name_idx ON audio_files (lower(name));
CREATE INDEX IF NOT EXISTS audio_files_file_idx ON audio_files (file_id);

CREATE TABLE IF NOT EXISTS audio_file_categories (
  audio_file_id integer NOT NULL REFERENCES audio_files(id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  priority integer NOT NULL DEFAULT 0,       -- the highest one is the file's main category for reports
  PRIMARY KEY (audio_file_id, category_id)
);
CREATE INDEX IF NOT EXISTS audio_file_categories_category_idx ON audio_file_categories (category_id);

CREATE TABLE IF NOT EXISTS audio_file_artists (
  audio_file_id integer NOT NULL REFERENCES audio_files(id) ON DELETE CASCADE,
  artist_id integer NOT NULL REFERENCES artists(id) ON DELETE CASCADE,
  PRIMARY KEY (audio_file_id, artist_id)
);
CREATE INDEX IF NOT EXISTS audio_file_artists_artist_idx ON audio_file_artists (artist_id);

-- Videos and other files shown in categories (files2 categories).
CREATE TABLE IF NOT EXISTS file_categories (
  file_id integer NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  PRIMARY KEY (file_id, category_id)
);

CREATE TABLE IF NOT EXISTS recipes (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text,
  author text,
  search_priority integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  insertion_time timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS recipe_items (
  id serial PRIMARY KEY,
  recipe_id integer NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('Music', 'News', 'Spiritual', 'Story', 'Game', 'Exercise', 'Radio')),
  "order" integer NOT NULL DEFAULT 0,
  audio_file_id integer REFERENCES audio_files(id),
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX IF NOT EXISTS recipe_items_recipe_idx ON recipe_items (recipe_id, "order");
