-- The tax rate an order was priced at, in basis points (1000 = 10 %): the
-- rate is a setting (0220), so the confirmation e-mail, sent again later
-- perhaps, names the order's own rate rather than today's. Orders from
-- before were priced at the spec's 10 % unless a manager changed the rate
-- meanwhile, which the shop cannot tell now: 10 % is their best label.
ALTER TABLE orders ADD COLUMN tax_rate_bp INTEGER NOT NULL DEFAULT 1000;
