-- Issue 38, item 12: a guest follows an order through a link in its
-- e-mails. Each e-mail's link is a random token, kept only as its hash,
-- that shows that one order until it expires.
CREATE TABLE order_status_links (
    token_hash TEXT PRIMARY KEY,
    order_id   INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX order_status_links_order ON order_status_links (order_id);
