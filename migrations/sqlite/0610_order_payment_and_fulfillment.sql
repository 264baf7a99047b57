-- One order state machine (issue 36, internal/orders/state.go): the order's
-- one status becomes two, side by side, as Shopify and Medusa show them.
-- payment_status: pending_payment, payment_failed, paid, partially_refunded,
-- refunded, expired (the refund states derived from the completed refunds
-- against the total). fulfillment_status: unfulfilled, shipped, delivered,
-- cancelled (before, whether a partly refunded order had shipped hid in
-- fulfilled_at and delivered_at).
ALTER TABLE orders ADD COLUMN payment_status TEXT NOT NULL DEFAULT 'pending_payment';
ALTER TABLE orders ADD COLUMN fulfillment_status TEXT NOT NULL DEFAULT 'unfulfilled';

-- A cancelled order without a cancellation's refund was cancelled by PayPal's
-- denial of its capture: nothing was taken, so its payment failed.
UPDATE orders SET
    payment_status = CASE
        WHEN status IN ('pending_payment', 'payment_failed', 'expired') THEN status
        WHEN status = 'cancelled' AND NOT EXISTS (SELECT 1 FROM order_refunds r WHERE r.order_id = orders.id AND r.source = 'cancel') THEN 'payment_failed'
        WHEN (SELECT COALESCE(SUM(r.amount_cents), 0) FROM order_refunds r WHERE r.order_id = orders.id AND r.status = 'completed') >= total_cents THEN 'refunded'
        WHEN (SELECT COALESCE(SUM(r.amount_cents), 0) FROM order_refunds r WHERE r.order_id = orders.id AND r.status = 'completed') > 0 THEN 'partially_refunded'
        ELSE 'paid'
    END,
    fulfillment_status = CASE
        WHEN status = 'cancelled' THEN 'cancelled'
        WHEN delivered_at IS NOT NULL THEN 'delivered'
        WHEN fulfilled_at IS NOT NULL THEN 'shipped'
        ELSE 'unfulfilled'
    END;

-- status stays, for the API's and the CSV's readers, as a column the
-- database computes from the two (nothing can write it): the one status the
-- shop showed before. state.go's legacyStatus says the same in Go, and a
-- test holds them together.
DROP INDEX orders_awaiting_payment;
DROP INDEX orders_status_created;
ALTER TABLE orders DROP COLUMN status;
ALTER TABLE orders ADD COLUMN status TEXT GENERATED ALWAYS AS (CASE
    WHEN fulfillment_status = 'cancelled' THEN 'cancelled'
    WHEN payment_status IN ('pending_payment', 'payment_failed', 'expired', 'partially_refunded', 'refunded') THEN payment_status
    WHEN fulfillment_status = 'delivered' THEN 'delivered'
    WHEN fulfillment_status = 'shipped' THEN 'fulfilled'
    ELSE 'paid'
END) VIRTUAL;

CREATE INDEX orders_awaiting_payment ON orders (created_at) WHERE payment_status = 'pending_payment';
CREATE INDEX orders_payment_created ON orders (payment_status, created_at);
CREATE INDEX orders_fulfillment_created ON orders (fulfillment_status, created_at);
