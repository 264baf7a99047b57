-- Games: the published configuration carries a version, so a save based on
-- an older one is refused instead of overwriting another admin's changes.
ALTER TABLE game_config ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
