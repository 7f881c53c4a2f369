-- The user-group half of the typed-request catalogue (spec 3 section 7; issue 18 item 2).

-- set-users-instructions-user-group: the group whose instructions (its info and footer files) a
-- user is shown, when it is not their own group (spec 3 "User": instructionsUserGroupId).
ALTER TABLE users ADD COLUMN IF NOT EXISTS instructions_user_group_id integer REFERENCES user_groups(id);

-- set-user-group-recipes and set-user-group-files: the recipes and files offered to a group's
-- members. Link tables like audio_file_categories, one audit row per link added or removed;
-- copy-user-group-contents copies them with the group's categories.
CREATE TABLE IF NOT EXISTS user_group_recipes (
  user_group_id integer NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
  recipe_id integer NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
  PRIMARY KEY (user_group_id, recipe_id)
);
CREATE INDEX IF NOT EXISTS user_group_recipes_recipe_idx ON user_group_recipes (recipe_id);

CREATE TABLE IF NOT EXISTS user_group_files (
  user_group_id integer NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
  file_id integer NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  PRIMARY KEY (user_group_id, file_id)
);
CREATE INDEX IF NOT EXISTS user_group_files_file_idx ON user_group_files (file_id);
