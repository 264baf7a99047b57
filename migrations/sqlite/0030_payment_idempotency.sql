-- The checkout's Idempotency-Key of the payment call that created an order:
-- a replay with the same key answers that order instead of making another.
ALTER TABLE orders ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX orders_idempotency_key ON orders (idempotency_key) WHERE idempotency_key IS NOT NULL;
