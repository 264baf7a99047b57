-- The reconciler's pass (internal/orders/reconcile.go) looks only at orders
-- still awaiting payment: a checkout whose capture died, or one abandoned.
CREATE INDEX orders_awaiting_payment ON orders (created_at) WHERE status = 'pending_payment';
