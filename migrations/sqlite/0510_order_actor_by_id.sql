-- The order desk keeps who acted as the audit log does (0500): a member of
-- staff by user id, their address read from the account when the order is
-- shown, so a deleted account leaves none behind in the timeline or the
-- refunds. actor_email becomes actor_system, the name of what acted without
-- an account (PayPal's webhooks), empty for staff and for the shop's own
-- entries (an e-mail sent). An address whose account is already gone
-- becomes the id 'deleted', which names no account: it reads as a deleted
-- account.
ALTER TABLE order_status_history ADD COLUMN actor_id TEXT NOT NULL DEFAULT '';
ALTER TABLE order_status_history RENAME COLUMN actor_email TO actor_system;
UPDATE order_status_history
    SET actor_id = COALESCE((SELECT u.id FROM users u WHERE lower(u.email) = lower(order_status_history.actor_system)), 'deleted')
    WHERE actor_system NOT IN ('', 'PayPal');
UPDATE order_status_history SET actor_system = '' WHERE actor_id <> '';

ALTER TABLE order_refunds RENAME COLUMN actor_email TO actor_system;
UPDATE order_refunds SET actor_id = 'deleted' WHERE actor_id = '' AND actor_system NOT IN ('', 'PayPal');
UPDATE order_refunds SET actor_system = '' WHERE actor_id <> '';
