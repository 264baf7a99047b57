-- Orders of every payment method. Money is integer cents. An order's lines
-- are snapshots of the book at the time of purchase; its status history
-- records every transition of the status machine
-- (pending_payment -> paid | payment_failed, payment_failed -> pending_payment on retry).
CREATE TABLE orders (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    number             TEXT NOT NULL UNIQUE,
    user_id            TEXT,
    email              TEXT NOT NULL DEFAULT '',
    provider           TEXT NOT NULL,
    provider_order_id  TEXT UNIQUE,
    status             TEXT NOT NULL,
    currency           TEXT NOT NULL,
    subtotal_cents     BIGINT NOT NULL,
    tax_cents          BIGINT NOT NULL,
    shipping_cents     BIGINT NOT NULL,
    total_cents        BIGINT NOT NULL,
    shipping_info      TEXT NOT NULL DEFAULT '{}',
    capture_id         TEXT,
    -- Bumped after a definitive capture failure so the next try gets a new
    -- PayPal-Request-Id; kept after an unknown outcome so the retry replays.
    capture_attempt    INTEGER NOT NULL DEFAULT 0,
    -- Unix milliseconds until which one request owns the capture: the
    -- database-level guard against concurrent captures across instances.
    capture_lock_until BIGINT,
    failure_reason     TEXT NOT NULL DEFAULT '',
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL,
    paid_at            TIMESTAMP
);
CREATE INDEX orders_user ON orders (user_id, created_at);

CREATE TABLE order_lines (
    order_id         INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position         INTEGER NOT NULL,
    book_id          INTEGER NOT NULL,
    title            TEXT NOT NULL,
    unit_price_cents BIGINT NOT NULL,
    quantity         INTEGER NOT NULL,
    line_total_cents BIGINT NOT NULL,
    PRIMARY KEY (order_id, position)
);

CREATE TABLE order_status_history (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id    INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    from_status TEXT NOT NULL DEFAULT '',
    to_status   TEXT NOT NULL,
    note        TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX order_status_history_order ON order_status_history (order_id, id);
