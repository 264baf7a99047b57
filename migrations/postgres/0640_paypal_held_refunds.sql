-- Issue 38, item 18: a PAYMENT.CAPTURE.REFUNDED (or REVERSED) event about a
-- capture the shop has not recorded yet (the buyer's capture answer was
-- lost) is kept here, and applied once the capture is known.
CREATE TABLE paypal_held_refunds (
    event_id    TEXT PRIMARY KEY,
    event_type  TEXT NOT NULL,
    capture_id  TEXT NOT NULL,
    resource    TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX paypal_held_refunds_capture ON paypal_held_refunds (capture_id);
