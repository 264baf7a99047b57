-- Searching by words (issue 40): the desk finds an order by the start of
-- any word of its number, its e-mail address or the buyer's name, and the
-- customer search a person by the words of their address or of their name,
-- from FTS5 indexes instead of reading every row (internal/db/search.go).
-- Triggers keep them; secure-delete takes a deleted person's words out of
-- the index at once, not at its next merge.
-- An order's words, by the order's id (its rowid, which VACUUM keeps).
CREATE VIRTUAL TABLE orders_search USING fts5(words, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0');
INSERT INTO orders_search (orders_search, rank) VALUES ('secure-delete', 1);
INSERT INTO orders_search (rowid, words) SELECT id, orders.number || ' ' || orders.email || ' ' || COALESCE(CASE WHEN json_valid(orders.shipping_info) THEN json_extract(orders.shipping_info, '$.fullName') END, '') FROM orders;
CREATE TRIGGER orders_search_insert AFTER INSERT ON orders BEGIN
    INSERT INTO orders_search (rowid, words) VALUES (new.id, new.number || ' ' || new.email || ' ' || COALESCE(CASE WHEN json_valid(new.shipping_info) THEN json_extract(new.shipping_info, '$.fullName') END, ''));
END;
CREATE TRIGGER orders_search_update AFTER UPDATE OF number, email, shipping_info ON orders BEGIN
    DELETE FROM orders_search WHERE rowid = old.id;
    INSERT INTO orders_search (rowid, words) VALUES (new.id, new.number || ' ' || new.email || ' ' || COALESCE(CASE WHEN json_valid(new.shipping_info) THEN json_extract(new.shipping_info, '$.fullName') END, ''));
END;
CREATE TRIGGER orders_search_delete AFTER DELETE ON orders BEGIN
    DELETE FROM orders_search WHERE rowid = old.id;
END;
-- A person's address and name, by their id: users and profiles have no
-- rowid that VACUUM keeps, so the id is a column, found by its words.
CREATE VIRTUAL TABLE users_search USING fts5(user_id, words, tokenize='unicode61 remove_diacritics 0');
INSERT INTO users_search (users_search, rank) VALUES ('secure-delete', 1);
INSERT INTO users_search (user_id, words) SELECT id, email FROM users;
CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
    INSERT INTO users_search (user_id, words) VALUES (new.id, new.email);
END;
CREATE TRIGGER users_search_update AFTER UPDATE OF email ON users BEGIN
    DELETE FROM users_search WHERE rowid IN (SELECT rowid FROM users_search WHERE users_search MATCH '{user_id} : "' || replace(old.id, '"', '""') || '"' AND user_id = old.id);
    INSERT INTO users_search (user_id, words) VALUES (new.id, new.email);
END;
CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
    DELETE FROM users_search WHERE rowid IN (SELECT rowid FROM users_search WHERE users_search MATCH '{user_id} : "' || replace(old.id, '"', '""') || '"' AND user_id = old.id);
END;
CREATE VIRTUAL TABLE profiles_search USING fts5(user_id, words, tokenize='unicode61 remove_diacritics 0');
INSERT INTO profiles_search (profiles_search, rank) VALUES ('secure-delete', 1);
INSERT INTO profiles_search (user_id, words) SELECT id, first_name || ' ' || last_name FROM profiles;
CREATE TRIGGER profiles_search_insert AFTER INSERT ON profiles BEGIN
    INSERT INTO profiles_search (user_id, words) VALUES (new.id, new.first_name || ' ' || new.last_name);
END;
CREATE TRIGGER profiles_search_update AFTER UPDATE OF first_name, last_name ON profiles BEGIN
    DELETE FROM profiles_search WHERE rowid IN (SELECT rowid FROM profiles_search WHERE profiles_search MATCH '{user_id} : "' || replace(old.id, '"', '""') || '"' AND user_id = old.id);
    INSERT INTO profiles_search (user_id, words) VALUES (new.id, new.first_name || ' ' || new.last_name);
END;
CREATE TRIGGER profiles_search_delete AFTER DELETE ON profiles BEGIN
    DELETE FROM profiles_search WHERE rowid IN (SELECT rowid FROM profiles_search WHERE profiles_search MATCH '{user_id} : "' || replace(old.id, '"', '""') || '"' AND user_id = old.id);
END;
