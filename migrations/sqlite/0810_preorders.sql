-- Issue 39: pre-orders. A published book whose publication date is still to
-- come takes orders when its pre-orders are on (books.preorders). Its order
-- is paid now and waits, fulfillment_status 'awaiting_release', until the
-- release job moves it on that day. Each line keeps the date it waits for
-- (release_date, '' for a book that was out), which a change of the book's
-- date moves with it. preorder_releases is one run of the release job per
-- book and day: of two instances, the one whose INSERT wins releases it.
ALTER TABLE books ADD COLUMN preorders BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE orders ADD COLUMN preorder BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE order_lines ADD COLUMN release_date TEXT NOT NULL DEFAULT '';
CREATE TABLE preorder_releases (
    book_id      INTEGER NOT NULL,
    release_date TEXT NOT NULL,
    released_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (book_id, release_date)
);
CREATE INDEX orders_awaiting_release ON orders (created_at) WHERE fulfillment_status = 'awaiting_release';
CREATE INDEX order_lines_release ON order_lines (book_id, release_date) WHERE release_date <> '';
