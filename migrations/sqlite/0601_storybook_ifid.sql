-- A storybook keeps its Interactive Fiction ID, the id Twine knows the story
-- by: taken from a Twee import and written in the next export, so Twine sees
-- the export as the same story ('' until an import or an export makes one).
ALTER TABLE storybooks ADD COLUMN ifid TEXT NOT NULL DEFAULT '';
