-- Book 3 said 'Twelve different endings' where every page says 4-8 story
-- paths per book (spec 02 §9); the catalogue now says the same.
UPDATE books SET description = 'A magical journey where you choose what happens next! Siso, Nainni, Lizzie and FeeFee set off to find the Rainbow Lake, and at every turn the reader decides: the dark forest or the singing river? Eight different story paths mean the adventure is new every night.'
WHERE id = 3;
