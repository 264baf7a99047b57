-- Tax by destination (internal/shopsettings): each shipping zone lists its
-- countries and has its own tax rates by tax class (print books, digital
-- formats), with states or provinces at their own rates. The United States
-- keep the shop's rate of today for both classes; everywhere else is 0 %
-- until a manager sets it. The zones were always the United States first
-- and everywhere else last (the settings' validation allowed no other).
-- shop_settings.tax_rate_bp, the one rate of before, is no longer read.
UPDATE shop_settings SET shipping = json_set(shipping,
    '$.zones[0].countries', json('["US"]'),
    '$.zones[0].tax', json_object('print', tax_rate_bp / 100.0, 'digital', tax_rate_bp / 100.0),
    '$.zones[0].regions', json('[]'),
    '$.zones[1].countries', json('[]'),
    '$.zones[1].tax', json('{"print":0,"digital":0}'),
    '$.zones[1].regions', json('[]'))
WHERE id = 1;

-- What an order's tax was taken at, kept so its history never changes when
-- the rates do: tax_rate_bp (0223) is the print rate; the digital formats'
-- rate beside it, and the place the rates are of ("Illinois, United
-- States"; '' for orders from before, priced at one rate everywhere).
ALTER TABLE orders ADD COLUMN digital_tax_rate_bp INTEGER NOT NULL DEFAULT 0;
UPDATE orders SET digital_tax_rate_bp = tax_rate_bp;
ALTER TABLE orders ADD COLUMN tax_place TEXT NOT NULL DEFAULT '';
