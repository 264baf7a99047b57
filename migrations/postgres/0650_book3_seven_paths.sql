-- The description of book 3 promised eight story paths; its interactive
-- edition (the shipped storybook) has seven, from the start to its six
-- endings. Only the description as shipped is changed: one an editor wrote
-- stays. (No apostrophe in these comments: the PostgreSQL placeholder
-- rebinding counts quotes, and the text below has a question mark.)
UPDATE books SET description = 'A magical journey where you choose what happens next! Siso, Nainni, Lizzie and FeeFee set off to find the Rainbow Lake, and at every turn the reader decides: the dark forest or the singing river? Seven different story paths and six happy endings mean the adventure is new every night.'
WHERE id = 3 AND description = 'A magical journey where you choose what happens next! Siso, Nainni, Lizzie and FeeFee set off to find the Rainbow Lake, and at every turn the reader decides: the dark forest or the singing river? Eight different story paths mean the adventure is new every night.';
