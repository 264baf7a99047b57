-- Tax by destination (internal/shopsettings): each shipping zone lists its
-- countries and has its own tax rates by tax class (print books, digital
-- formats), with states or provinces at their own rates. The United States
-- keep the shop's rate of today for both classes; everywhere else is 0 %
-- until a manager sets it. The zones were always the United States first
-- and everywhere else last (the settings' validation allowed no other).
-- shop_settings.tax_rate_bp, the one rate of before, is no longer read.
UPDATE shop_settings SET shipping = (
    jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(shipping::jsonb,
        '{zones,0,countries}', '["US"]'::jsonb),
        '{zones,0,tax}', jsonb_build_object('print', ROUND(tax_rate_bp / 100.0, 2), 'digital', ROUND(tax_rate_bp / 100.0, 2))),
        '{zones,0,regions}', '[]'::jsonb),
        '{zones,1,countries}', '[]'::jsonb),
        '{zones,1,tax}', '{"print":0,"digital":0}'::jsonb),
        '{zones,1,regions}', '[]'::jsonb))::text
WHERE id = 1;

-- What an order's tax was taken at, kept so its history never changes when
-- the rates do: tax_rate_bp (0223) is the print rate; the digital formats'
-- rate beside it, and the place the rates are of ("Illinois, United
-- States"; '' for orders from before, priced at one rate everywhere).
ALTER TABLE orders ADD COLUMN digital_tax_rate_bp INTEGER NOT NULL DEFAULT 0;
UPDATE orders SET digital_tax_rate_bp = tax_rate_bp;
ALTER TABLE orders ADD COLUMN tax_place TEXT NOT NULL DEFAULT '';
