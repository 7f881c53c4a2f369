-- Recipe timings (spec 2 section 3 "Calendar timing entities"; spec 3's admin definitions
-- ug-recipe-timings and ug-recurring-recipe-timings): reference data edited by administrators,
-- every change audited in `logging` like the rest of the content library (DOMAIN.md section 1).
-- The matching rules (which timing is a day's recipe, which days are special) are in
-- domain/recipes/recipe-timing-rules.ts.

-- A recipe on one calendar day of a user group (UgRecipeTiming: id, userGroupId, recipeId, day).
CREATE TABLE IF NOT EXISTS ug_recipe_timings (
  id serial PRIMARY KEY,
  user_group_id integer NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
  recipe_id integer NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
  day date NOT NULL
);
CREATE INDEX IF NOT EXISTS ug_recipe_timings_group_day_idx ON ug_recipe_timings (user_group_id, day);

-- A recipe that comes back every year (UgRecurringRecipeTiming: id, recipeId, userGroupId, month,
-- day, week, special). Either a date (month 1-12 and day 1-31, no week: "add-ug-recurring-recipe-
-- timings") or an ISO week (week 1-53, no month: "add-ug-recurring-recipe-timings-week"), where
-- day, if given, is the ISO weekday 1 (Monday) to 7 (Sunday) within that week. special marks the
-- day as a special day (shown in orange in the calendar).
CREATE TABLE IF NOT EXISTS ug_recurring_recipe_timings (
  id serial PRIMARY KEY,
  recipe_id integer NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
  user_group_id integer NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
  month integer CHECK (month BETWEEN 1 AND 12),
  day integer CHECK (day BETWEEN 1 AND 31),
  week integer CHECK (week BETWEEN 1 AND 53),
  special boolean NOT NULL DEFAULT false,
  CHECK ((week IS NULL AND month IS NOT NULL AND day IS NOT NULL) OR (week IS NOT NULL AND month IS NULL AND (day IS NULL OR day BETWEEN 1 AND 7)))
);
CREATE INDEX IF NOT EXISTS ug_recurring_recipe_timings_group_idx ON ug_recurring_recipe_timings (user_group_id);

-- timingsUserGroupId (spec 3 users): the group whose timings a user sees; null: their own group.
ALTER TABLE users ADD COLUMN IF NOT EXISTS timings_user_group_id integer REFERENCES user_groups(id);
