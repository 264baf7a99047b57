-- The international zone's expedited and express methods were seeded with
-- prices and delivery times nobody set, switched off. The shop's policy
-- names only international standard (7-21 business days, from $12.99), so
-- they become unpriced: no delivery time, no price, not offered until a
-- manager gives both in /admin/settings. Only the seeded values, still
-- switched off, are replaced; a method a manager turned on or changed is
-- theirs and stays as it is.
UPDATE shop_settings SET
    shipping = REPLACE(REPLACE(shipping,
        '{"id":"expedited","name":"International Expedited","deliveryTime":"5-10 business days","priceCents":2499,"freeOverCents":null,"enabled":false}',
        '{"id":"expedited","name":"International Expedited","deliveryTime":"","priceCents":null,"freeOverCents":null,"enabled":false}'),
        '{"id":"express","name":"International Express","deliveryTime":"3-5 business days","priceCents":3999,"freeOverCents":null,"enabled":false}',
        '{"id":"express","name":"International Express","deliveryTime":"","priceCents":null,"freeOverCents":null,"enabled":false}')
WHERE id = 1
  AND (shipping LIKE '%"name":"International Expedited","deliveryTime":"5-10 business days","priceCents":2499,"freeOverCents":null,"enabled":false}%'
    OR shipping LIKE '%"name":"International Express","deliveryTime":"3-5 business days","priceCents":3999,"freeOverCents":null,"enabled":false}%');
