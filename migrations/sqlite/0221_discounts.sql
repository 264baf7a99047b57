-- Discount codes (internal/discounts): a percentage or a fixed amount off
-- the subtotal, with a minimum subtotal, a window of dates, a total use
-- limit and an optional once-per-customer rule. used_count is moved by a
-- conditional UPDATE in the transaction that records the order, so a code
-- with one use left is used once however many buyers try it at once.
CREATE TABLE discount_codes (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    code               TEXT NOT NULL,
    percent_off        INTEGER CHECK (percent_off IS NULL OR (percent_off >= 1 AND percent_off <= 100)),
    amount_off_cents   BIGINT CHECK (amount_off_cents IS NULL OR amount_off_cents >= 1),
    min_subtotal_cents BIGINT NOT NULL DEFAULT 0,
    starts_at          TIMESTAMP,
    ends_at            TIMESTAMP,
    usage_limit        INTEGER CHECK (usage_limit IS NULL OR usage_limit >= 1),
    used_count         INTEGER NOT NULL DEFAULT 0 CHECK (used_count >= 0),
    once_per_customer  BOOLEAN NOT NULL DEFAULT FALSE,
    active             BOOLEAN NOT NULL DEFAULT TRUE,
    version            INTEGER NOT NULL DEFAULT 1,
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL,
    CHECK ((percent_off IS NULL) <> (amount_off_cents IS NULL))
);
CREATE UNIQUE INDEX discount_codes_code ON discount_codes (code);

-- One row per order that used a code. once_user and once_email are the
-- buyer's account and e-mail when the code is once per customer (NULL
-- otherwise), so the unique indexes refuse a second use by one customer
-- even from two requests at once.
CREATE TABLE discount_redemptions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    discount_id INTEGER NOT NULL REFERENCES discount_codes (id),
    order_id    INTEGER NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
    once_user   TEXT,
    once_email  TEXT,
    created_at  TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX discount_redemptions_user ON discount_redemptions (discount_id, once_user);
CREATE UNIQUE INDEX discount_redemptions_email ON discount_redemptions (discount_id, once_email);
