-- When the account was invited through the admin API (POST /invite, or an
-- invite link from generate_link), as GoTrue's users.invited_at.
ALTER TABLE users ADD COLUMN invited_at TIMESTAMP;
