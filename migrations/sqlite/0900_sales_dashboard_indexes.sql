-- The sales dashboard read from indexes alone (issue 40, a year of trade):
-- the paid orders of its thirty days with every amount it sums, the lines
-- of those orders with what the best sellers count, and the orders waiting
-- to ship in the order they are listed. Replaces 0661's narrower two.
DROP INDEX orders_paid;
CREATE INDEX orders_paid ON orders (paid_at, fulfillment_status, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, id);
DROP INDEX order_lines_sales;
CREATE INDEX order_lines_sales ON order_lines (order_id, book_id, quantity, refunded_quantity, unit_price_cents, title);
-- Only the paid orders not shipped: a few dozen rows, oldest paid first.
CREATE INDEX orders_waiting ON orders (paid_at, id) WHERE payment_status = 'paid' AND fulfillment_status = 'unfulfilled';
-- The refunds completed in the dashboard's days.
CREATE INDEX order_refunds_completed ON order_refunds (completed_at);
