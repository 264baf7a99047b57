-- A book's rating becomes optional (issue 38): NULL is "not rated", shown
-- without stars. Books made in the back office got 0 when nobody typed a
-- rating; those whose rating was never set become NULL. "Never set": 0 now,
-- not one of the ten seeded books (ids 1-10, migration 0004), and no entry
-- of the audit log ever showed the book with another rating (someone who
-- moved a rating to 0 chose it).
--
-- SQLite cannot drop a column's NOT NULL, so the table is rebuilt. Other
-- tables refer to books (storybooks), so their foreign keys are checked at
-- commit, by which time every book is back under the same id.
PRAGMA defer_foreign_keys = ON;
CREATE TABLE books_old AS SELECT * FROM books;
DROP TABLE books;
CREATE TABLE books (
    id               INTEGER PRIMARY KEY,
    title            TEXT NOT NULL,
    author           TEXT NOT NULL,
    description      TEXT NOT NULL,
    cover_image      TEXT NOT NULL,
    price_cents      INTEGER NOT NULL CHECK (price_cents > 0),
    rating           DOUBLE PRECISION CHECK (rating IS NULL OR (rating >= 0 AND rating <= 5)),
    is_new_release   BOOLEAN NOT NULL,
    category_id      TEXT NOT NULL REFERENCES categories (id),
    pages            INTEGER NOT NULL,
    isbn             TEXT NOT NULL,
    publication_date TEXT NOT NULL,
    status           TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published', 'archived')),
    stock            INTEGER CHECK (stock IS NULL OR stock >= 0),
    age_band         TEXT NOT NULL DEFAULT '',
    slug             TEXT NOT NULL,
    version          INTEGER NOT NULL DEFAULT 1,
    updated_at       TIMESTAMP NOT NULL
);
INSERT INTO books (id, title, author, description, cover_image, price_cents, rating, is_new_release, category_id,
    pages, isbn, publication_date, status, stock, age_band, slug, version, updated_at)
SELECT id, title, author, description, cover_image, price_cents, rating, is_new_release, category_id,
    pages, isbn, publication_date, status, stock, age_band, slug, version, updated_at FROM books_old;
DROP TABLE books_old;
CREATE INDEX books_category ON books (category_id);
CREATE UNIQUE INDEX books_isbn ON books (isbn) WHERE isbn <> '';
CREATE UNIQUE INDEX books_slug ON books (slug);

UPDATE books SET rating = NULL
WHERE rating = 0 AND id > 10 AND NOT EXISTS (
    SELECT 1 FROM audit_log a
    WHERE a.entity = 'book' AND a.entity_id = CAST(books.id AS TEXT)
      AND ((json_valid(a.before_json) AND COALESCE(json_extract(a.before_json, '$.rating'), 0) <> 0)
        OR (json_valid(a.after_json) AND COALESCE(json_extract(a.after_json, '$.rating'), 0) <> 0)));
