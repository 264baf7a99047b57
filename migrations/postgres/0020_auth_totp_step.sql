-- The last TOTP time step (Unix time / 30) a factor accepted: a code works
-- once, never again on a later challenge within its window.
ALTER TABLE mfa_factors ADD COLUMN last_totp_step BIGINT;
