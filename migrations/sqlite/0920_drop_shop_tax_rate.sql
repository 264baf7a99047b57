-- The shop's one tax rate (0220) is no longer read since tax is by
-- destination (0680 moved it into the zones' rates): the column goes.
ALTER TABLE shop_settings DROP COLUMN tax_rate_bp;
