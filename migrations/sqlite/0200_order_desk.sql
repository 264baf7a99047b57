-- The order desk (issue 28): states after paid (fulfilled, delivered,
-- cancelled, partially_refunded, refunded), fulfilment, refunds, the
-- timeline and PayPal's webhook events. Every move is a conditional UPDATE
-- on orders.status (internal/orders/desk.go).

-- Fulfilment: the parcel's carrier and tracking, and when it left and arrived.
ALTER TABLE orders ADD COLUMN carrier TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN tracking_number TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN tracking_url TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN fulfilled_at TIMESTAMP;
ALTER TABLE orders ADD COLUMN delivered_at TIMESTAMP;
ALTER TABLE orders ADD COLUMN cancelled_at TIMESTAMP;
-- What was refunded so far, counting a refund under way at PayPal: a new
-- refund reserves its amount here with a conditional UPDATE, so two staff
-- at once can never refund more than the total.
ALTER TABLE orders ADD COLUMN refunded_cents BIGINT NOT NULL DEFAULT 0;
-- Bumped by every move of the order desk: an action sent with the version
-- the staff member saw is refused once someone else moved the order.
ALTER TABLE orders ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
CREATE INDEX orders_status_created ON orders (status, created_at);
CREATE INDEX orders_created ON orders (created_at);
CREATE INDEX orders_capture ON orders (capture_id);

-- Copies of a line refunded (given back to stock when it never shipped).
ALTER TABLE order_lines ADD COLUMN refunded_quantity INTEGER NOT NULL DEFAULT 0;

-- The timeline: the status history grows e-mails, refunds, fulfilments,
-- PayPal's events and staff notes (kind), with who did it.
ALTER TABLE order_status_history ADD COLUMN kind TEXT NOT NULL DEFAULT 'status';
ALTER TABLE order_status_history ADD COLUMN actor_email TEXT NOT NULL DEFAULT '';

-- Refunds: by staff (with the Idempotency-Key of their click), by a
-- cancellation, or made in PayPal's dashboard (from a webhook). pending
-- while PayPal is asked; its PayPal-Request-Id is "bookshop-refund-<id>".
CREATE TABLE order_refunds (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id         INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    amount_cents     BIGINT NOT NULL,
    reason           TEXT NOT NULL DEFAULT '',
    lines            TEXT NOT NULL DEFAULT '[]',
    source           TEXT NOT NULL,
    status           TEXT NOT NULL,
    paypal_refund_id TEXT UNIQUE,
    idempotency_key  TEXT UNIQUE,
    actor_id         TEXT NOT NULL DEFAULT '',
    actor_email      TEXT NOT NULL DEFAULT '',
    failure          TEXT NOT NULL DEFAULT '',
    created_at       TIMESTAMP NOT NULL,
    completed_at     TIMESTAMP
);
CREATE INDEX order_refunds_order ON order_refunds (order_id, id);

-- PayPal's webhook events, each applied once by its id.
CREATE TABLE paypal_webhook_events (
    event_id    TEXT PRIMARY KEY,
    event_type  TEXT NOT NULL,
    resource_id TEXT NOT NULL DEFAULT '',
    order_id    INTEGER,
    outcome     TEXT NOT NULL DEFAULT '',
    received_at TIMESTAMP NOT NULL
);
