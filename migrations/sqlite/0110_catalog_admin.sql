-- The catalogue becomes the publisher's: books are created, edited and
-- archived in the back office while the server runs (internal/catalog).
--
-- Books gain a status (only published books are public), an optional stock
-- (NULL: not tracked, always available), an age band, a slug for their URL,
-- and a version that every save names (a save over a newer one is refused).
-- A draft may have no ISBN yet (a duplicate keeps none), so the ISBN is
-- unique only when given: SQLite cannot drop a column's UNIQUE, so the
-- table is rebuilt (no table refers to books by a foreign key).
CREATE TABLE books_new (
    id               INTEGER PRIMARY KEY,
    title            TEXT NOT NULL,
    author           TEXT NOT NULL,
    description      TEXT NOT NULL,
    cover_image      TEXT NOT NULL,
    price_cents      INTEGER NOT NULL CHECK (price_cents > 0),
    rating           DOUBLE PRECISION NOT NULL CHECK (rating >= 0 AND rating <= 5),
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
INSERT INTO books_new (id, title, author, description, cover_image, price_cents, rating, is_new_release, category_id,
    pages, isbn, publication_date, slug, updated_at)
SELECT id, title, author, description, cover_image, price_cents, rating, is_new_release, category_id,
    pages, isbn, publication_date, 'book-' || id, CURRENT_TIMESTAMP FROM books;
DROP TABLE books;
ALTER TABLE books_new RENAME TO books;
CREATE INDEX books_category ON books (category_id);
CREATE UNIQUE INDEX books_isbn ON books (isbn) WHERE isbn <> '';
CREATE UNIQUE INDEX books_slug ON books (slug);

ALTER TABLE categories ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

-- The seeded books: untracked stock (always available), an age band, and a
-- slug made from the title.
UPDATE books SET slug = 'siso-and-the-stripe-that-got-away', age_band = '4–6' WHERE id = 1;
UPDATE books SET slug = 'nainni-counts-the-carrots', age_band = '4–6' WHERE id = 2;
UPDATE books SET slug = 'our-first-adventure', age_band = '6–8' WHERE id = 3;
UPDATE books SET slug = 'lizzie-and-the-case-of-the-missing-sun-hat', age_band = '6–8' WHERE id = 4;
UPDATE books SET slug = 'feefee-is-brave-enough', age_band = '4–6' WHERE id = 5;
UPDATE books SET slug = 'the-night-the-stars-fell-into-the-pond', age_band = '4–6' WHERE id = 6;
UPDATE books SET slug = 'kind-words-warm-hearts', age_band = '4–6' WHERE id = 7;
UPDATE books SET slug = 'where-do-elephants-sleep', age_band = '6–8' WHERE id = 8;
UPDATE books SET slug = 'the-mystery-of-the-whispering-library', age_band = '8–10' WHERE id = 9;
UPDATE books SET slug = 'nainnis-garden-party', age_band = '0–3' WHERE id = 10;

-- Bumped by every transaction that changes the catalogue (a book, a
-- category, the stock an order takes). Each instance polls it and reloads
-- its in-memory catalogue when it moves (internal/catalog, Live).
CREATE TABLE catalog_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO catalog_version (id, version) VALUES (1, 1);
