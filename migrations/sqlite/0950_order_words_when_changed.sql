-- The order's words are written again only when they change. Paying an
-- order sets its e-mail and shipping_info to the same values, and an
-- UPDATE OF trigger fires whenever a named column is set: every payment
-- deleted and inserted the order's row of orders_search (a new FTS5
-- segment, then its merges) inside the writer's transaction.
DROP TRIGGER orders_search_update;
CREATE TRIGGER orders_search_update AFTER UPDATE OF number, email, shipping_info ON orders
WHEN old.number IS NOT new.number OR old.email IS NOT new.email OR old.shipping_info IS NOT new.shipping_info BEGIN
    DELETE FROM orders_search WHERE rowid = old.id;
    INSERT INTO orders_search (rowid, words) VALUES (new.id, new.number || ' ' || new.email || ' ' || COALESCE(CASE WHEN json_valid(new.shipping_info) THEN json_extract(new.shipping_info, '$.fullName') END, ''));
END;
