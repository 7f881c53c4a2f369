-- Message items (spec 2 section 3 "Message item"): the messaging read model the usage reports
-- need to count message item clicks by content type (DOMAIN.md section 3, messageItemClicks).
-- Message items are event-sourced (MessageItemAdded/Updated/Removed/Reordered on `message-{id}`
-- streams), so this is a projection's table, rebuildable from the log: no foreign keys to rows a
-- rebuild could not recreate in order. The display fields spec 2 derives from other tables
-- (fileName, fileContentType, filePath, audioFileName, audioFileType, recipeName,
-- userTagGroupName) are joined at read time, not copied.

CREATE TABLE IF NOT EXISTS message_items (
  id integer PRIMARY KEY,                    -- the item id of MessageItemAdded (clicks name it)
  message_id integer NOT NULL,
  "order" integer NOT NULL DEFAULT 0,
  type text NOT NULL,                        -- MediaFile, AudioFile, InlineHTML, InlineHTMLTrack, IFrame, FavoriteList, Recipe, Image, Link, Question
  content_type text,                         -- Game, Music, SingAlong, Exercise, Theme, Audio Book, AudioBook, Spiritual, News, Story, BodyAndMind
  custom_content_type text,
  track_clicks boolean NOT NULL DEFAULT false,
  stage_only boolean NOT NULL DEFAULT false,
  file_id integer,
  audio_file_id integer,
  recipe_id integer,
  user_tag_group_id integer,                 -- a favorite list id (event-sourced too)
  width text,                                -- 25%, 50%, 75%, 100%
  vimeo_link text,
  html text,
  url text,
  iframe_height integer,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS message_items_message_idx ON message_items (message_id, "order");
