-- The catalogue becomes the publisher's: books are created, edited and
-- archived in the back office while the server runs (internal/catalog).
--
-- Books gain a status (only published books are public), an optional stock
-- (NULL: not tracked, always available), an age band, a slug for their URL,
-- and a version that every save names (a save over a newer one is refused).
-- A draft may have no ISBN yet (a duplicate keeps none), so the ISBN is
-- unique only when given. New books take their id from a sequence.
ALTER TABLE books
    ADD COLUMN status     TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published', 'archived')),
    ADD COLUMN stock      INTEGER CHECK (stock IS NULL OR stock >= 0),
    ADD COLUMN age_band   TEXT NOT NULL DEFAULT '',
    ADD COLUMN slug       TEXT,
    ADD COLUMN version    INTEGER NOT NULL DEFAULT 1,
    ADD COLUMN updated_at TIMESTAMPTZ NOT NULL DEFAULT now();
UPDATE books SET slug = 'book-' || id;
ALTER TABLE books ALTER COLUMN slug SET NOT NULL;
ALTER TABLE books DROP CONSTRAINT books_isbn_key;
CREATE UNIQUE INDEX books_isbn ON books (isbn) WHERE isbn <> '';
CREATE UNIQUE INDEX books_slug ON books (slug);

CREATE SEQUENCE books_id_seq OWNED BY books.id;
SELECT setval('books_id_seq', (SELECT COALESCE(MAX(id), 0) + 1 FROM books), false);
ALTER TABLE books ALTER COLUMN id SET DEFAULT nextval('books_id_seq');

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
