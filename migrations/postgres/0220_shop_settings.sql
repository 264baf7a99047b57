-- The shop's pricing settings, edited in the back office (/admin/settings,
-- internal/shopsettings): the tax rate, in basis points of the subtotal
-- (1000 = 10 %, the spec's rule), and the shipping zones with their
-- methods, as one JSON document saved whole over the version it was read at.
-- The defaults are what the shop said before: US standard shipping free on
-- web orders, expedited $8.99, express $14.99, international from $12.99.
CREATE TABLE shop_settings (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    tax_rate_bp INTEGER NOT NULL CHECK (tax_rate_bp >= 0 AND tax_rate_bp <= 10000),
    shipping    TEXT NOT NULL,
    version     BIGINT NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
INSERT INTO shop_settings (id, tax_rate_bp, shipping, version, updated_at) VALUES (1, 1000,
'{"zones":[{"id":"us","name":"United States","methods":[{"id":"standard","name":"Standard","deliveryTime":"3-7 business days","priceCents":0,"freeOverCents":null,"enabled":true},{"id":"expedited","name":"Expedited","deliveryTime":"2-3 business days","priceCents":899,"freeOverCents":null,"enabled":true},{"id":"express","name":"Express","deliveryTime":"1-2 business days","priceCents":1499,"freeOverCents":null,"enabled":true}]},{"id":"intl","name":"Everywhere else","methods":[{"id":"standard","name":"International Standard","deliveryTime":"7-21 business days","priceCents":1299,"freeOverCents":null,"enabled":true},{"id":"expedited","name":"International Expedited","deliveryTime":"5-10 business days","priceCents":2499,"freeOverCents":null,"enabled":false},{"id":"express","name":"International Express","deliveryTime":"3-5 business days","priceCents":3999,"freeOverCents":null,"enabled":false}]}]}',
1, CURRENT_TIMESTAMP);

-- What an order was priced with beyond its books: the shipping method
-- chosen, and the discount code and amount taken off the subtotal.
ALTER TABLE orders ADD COLUMN shipping_method TEXT NOT NULL DEFAULT 'standard';
ALTER TABLE orders ADD COLUMN discount_code TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN discount_cents BIGINT NOT NULL DEFAULT 0;
