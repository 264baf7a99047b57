-- A book's formats (issue 37): each sold at its own price. print is the
-- printed book (its stock stays books.stock, and books.price_cents keeps
-- its price for the readers of the old field); interactive is the book's
-- storybook; ebook, audiobook and printable are files (book_format_files,
-- in their order: an audiobook's tracks). A format is offered only when it
-- can be delivered (a published storybook, at least one file).
CREATE TABLE book_formats (
    book_id     INTEGER NOT NULL REFERENCES books (id),
    format      TEXT NOT NULL CHECK (format IN ('print', 'interactive', 'ebook', 'audiobook', 'printable')),
    price_cents BIGINT NOT NULL CHECK (price_cents > 0),
    PRIMARY KEY (book_id, format)
);

CREATE TABLE book_format_files (
    book_id  INTEGER NOT NULL,
    format   TEXT NOT NULL,
    position INTEGER NOT NULL,
    file_id  TEXT NOT NULL REFERENCES files (id),
    PRIMARY KEY (book_id, format, position),
    FOREIGN KEY (book_id, format) REFERENCES book_formats (book_id, format) ON DELETE CASCADE
);

-- Every book today is a printed book at its price.
INSERT INTO book_formats (book_id, format, price_cents) SELECT id, 'print', price_cents FROM books;
-- Our First Adventure's interactive edition is on sale from the start
-- (its storybook ships with the shop and is loaded at start).
INSERT INTO book_formats (book_id, format, price_cents) SELECT id, 'interactive', 699 FROM books WHERE id = 3;

-- An order line is a book in a format; lines before formats were print.
ALTER TABLE order_lines ADD COLUMN format TEXT NOT NULL DEFAULT 'print';

-- What a family bought in a digital format, one row per paid order line:
-- delivered at payment (a storybook entitlement, download grants), revoked
-- by a refund of the line (kept, revoked_at set). One live row per account,
-- book and format: of two payments of one format racing, one delivers.
-- The account's deletion takes its rows (orders keep their accounting).
CREATE TABLE digital_purchases (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id   INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    book_id    INTEGER NOT NULL,
    format     TEXT NOT NULL,
    granted_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP,
    UNIQUE (order_id, position)
);
CREATE UNIQUE INDEX digital_purchases_live ON digital_purchases (user_id, book_id, format) WHERE revoked_at IS NULL;

-- A storybook bought: source 'purchase', with the order's number.
ALTER TABLE storybook_entitlements ADD COLUMN order_number TEXT;
