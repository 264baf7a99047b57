-- A book's rating becomes optional (issue 38): NULL is "not rated", shown
-- without stars. Books made in the back office got 0 when nobody typed a
-- rating; those whose rating was never set become NULL. "Never set": 0 now,
-- not one of the ten seeded books (ids 1-10, migration 0004), and no entry
-- of the audit log ever showed the book with another rating (someone who
-- moved a rating to 0 chose it).
ALTER TABLE books ALTER COLUMN rating DROP NOT NULL;

UPDATE books SET rating = NULL
WHERE rating = 0 AND id > 10 AND NOT EXISTS (
    SELECT 1 FROM audit_log a
    WHERE a.entity = 'book' AND a.entity_id = books.id::text
      AND (COALESCE((a.before_json::jsonb ->> 'rating')::double precision, 0) <> 0
        OR COALESCE((a.after_json::jsonb ->> 'rating')::double precision, 0) <> 0));
