-- Indexes for a year of trade (scripts/load year): 200,000 orders and
-- 50,000 customers answered without reading every row.
-- The sales dashboard's paid orders of the last 30 days (and the orders'
-- CSV by paid_at), read from the index alone.
CREATE INDEX orders_paid ON orders (paid_at, total_cents);
-- The orders waiting to ship (paid, unfulfilled): the dashboard's, and the
-- desk's filter for both statuses, newest first. Fulfilment first, so a
-- filter by payment alone keeps orders_payment_created.
CREATE INDEX orders_fulfillment_payment_created ON orders (fulfillment_status, payment_status, created_at);
-- The desk's list sorted by total.
CREATE INDEX orders_total ON orders (total_cents, id);
-- The desk's search for a whole e-mail address.
CREATE INDEX orders_email ON orders (LOWER(email));
-- No index on the refunds' status: SQLite would take it for the per-order
-- sums of the list and the CSV instead of order_refunds_order, and read
-- every refund for every order.
-- The customer list, newest first.
CREATE INDEX users_created ON users (created_at, id);
-- The dashboard's best sellers of 30 days: the lines of the paid orders
-- read from the index alone.
CREATE INDEX order_lines_sales ON order_lines (order_id, book_id, quantity, line_total_cents, title);
