package account

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"bookshop/internal/db"
	"bookshop/internal/httpx"
)

// The account area's SQL: free functions over db.Querier, so each runs alone
// or inside a caller's transaction.

// errAccountGone is the response to a write for a user whose account was deleted while
// the request ran: the row's foreign key to users refused it, so nothing
// was left behind.
var errAccountGone = httpx.Errorf(httpx.CodeUnauthorized, "No user logged in")

// writeError turns a foreign-key failure into errAccountGone and wraps
// other errors with what was being done.
func writeError(what string, err error) error {
	if db.IsForeignKeyViolation(err) {
		return errAccountGone
	}
	return fmt.Errorf("%s: %w", what, err)
}

const kidColumns = `id, name, birth_month, updated_at`

func scanKid(row interface{ Scan(...any) error }) (Kid, error) {
	var k Kid
	err := row.Scan(&k.ID, &k.Name, &k.BirthMonth, &k.UpdatedAt)
	return k, err
}

// listKids returns the user's children, oldest entry first.
func listKids(ctx context.Context, q db.Querier, userID string) ([]Kid, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+kidColumns+` FROM kids WHERE user_id = ? ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("list kids: %w", err)
	}
	defer rows.Close()
	kids := []Kid{}
	for rows.Next() {
		k, err := scanKid(rows)
		if err != nil {
			return nil, err
		}
		kids = append(kids, k)
	}
	return kids, rows.Err()
}

// kidOf returns one of the user's children, or ErrKidNotFound.
func kidOf(ctx context.Context, q db.Querier, userID, kidID string) (Kid, error) {
	if _, err := uuid.Parse(kidID); err != nil {
		return Kid{}, ErrKidNotFound
	}
	k, err := scanKid(q.QueryRowContext(ctx, `SELECT `+kidColumns+` FROM kids WHERE id = ? AND user_id = ?`, kidID, userID))
	if db.IsNoRows(err) {
		return Kid{}, ErrKidNotFound
	}
	if err != nil {
		return Kid{}, fmt.Errorf("read kid: %w", err)
	}
	return k, nil
}

// kidAddedAt is when the child was added.
func kidAddedAt(ctx context.Context, q db.Querier, userID, kidID string) (time.Time, error) {
	var at time.Time
	err := q.QueryRowContext(ctx, `SELECT created_at FROM kids WHERE id = ? AND user_id = ?`, kidID, userID).Scan(&at)
	if db.IsNoRows(err) {
		return time.Time{}, ErrKidNotFound
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("read kid: %w", err)
	}
	return at.UTC(), nil
}

func insertKid(ctx context.Context, q db.Querier, userID string, k Kid) error {
	_, err := q.ExecContext(ctx, `INSERT INTO kids (id, user_id, name, birth_month, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?)`, k.ID, userID, k.Name, k.BirthMonth, k.UpdatedAt, k.UpdatedAt)
	if err != nil {
		return writeError("add kid", err)
	}
	return nil
}

// updateKid stores k's name and birth month; another user's child, or one
// gone meanwhile, is ErrKidNotFound.
func updateKid(ctx context.Context, q db.Querier, userID string, k Kid) error {
	res, err := q.ExecContext(ctx, `UPDATE kids SET name = ?, birth_month = ?, updated_at = ? WHERE id = ? AND user_id = ?`,
		k.Name, k.BirthMonth, k.UpdatedAt, k.ID, userID)
	if err != nil {
		return fmt.Errorf("update kid: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrKidNotFound
	}
	return nil
}

func deleteKid(ctx context.Context, q db.Querier, userID, kidID string) error {
	if _, err := uuid.Parse(kidID); err != nil {
		return ErrKidNotFound
	}
	res, err := q.ExecContext(ctx, `DELETE FROM kids WHERE id = ? AND user_id = ?`, kidID, userID)
	if err != nil {
		return fmt.Errorf("remove kid: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrKidNotFound
	}
	return nil
}

// upsertDevice records d for the user in one statement on the uniqueness key
// (spec 02 §3), so concurrent sign-ins from the same kind of device never
// race into a duplicate row; d.ID becomes the row's id. It returns a row,
// so it runs in a transaction.
func upsertDevice(ctx context.Context, tx *db.Tx, userID string, d *Device) error {
	err := tx.QueryRowContext(ctx, `INSERT INTO user_devices (id, user_id, device_type, device_model, operating_system, os_version,
			browser_info, screen_resolution, platform_architecture, user_agent, login_timestamp)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id, device_type, device_model, operating_system, os_version) DO UPDATE SET
			browser_info = excluded.browser_info, screen_resolution = excluded.screen_resolution,
			platform_architecture = excluded.platform_architecture, user_agent = excluded.user_agent,
			login_timestamp = excluded.login_timestamp
		RETURNING id`, uuid.NewString(), userID, d.DeviceType, d.DeviceModel, d.OperatingSystem, d.OSVersion,
		d.BrowserInfo, d.ScreenResolution, d.PlatformArchitecture, d.UserAgent, d.LoginTimestamp).Scan(&d.ID)
	if err != nil {
		return writeError("track device", err)
	}
	return nil
}

// listDevices returns the user's devices, newest sign-in first.
func listDevices(ctx context.Context, q db.Querier, userID string) ([]Device, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, device_type, device_model, operating_system, os_version, browser_info,
		screen_resolution, platform_architecture, user_agent, login_timestamp
		FROM user_devices WHERE user_id = ? ORDER BY login_timestamp DESC, id`, userID)
	if err != nil {
		return nil, fmt.Errorf("list devices: %w", err)
	}
	defer rows.Close()
	devices := []Device{}
	for rows.Next() {
		var d Device
		if err := rows.Scan(&d.ID, &d.DeviceType, &d.DeviceModel, &d.OperatingSystem, &d.OSVersion, &d.BrowserInfo,
			&d.ScreenResolution, &d.PlatformArchitecture, &d.UserAgent, &d.LoginTimestamp); err != nil {
			return nil, err
		}
		devices = append(devices, d)
	}
	return devices, rows.Err()
}

// upsertCommunications records the parent's last choice of the
// Communications switch; what the switch shows is the newsletter's state.
func upsertCommunications(ctx context.Context, q db.Querier, userID string, subscribed bool, at time.Time) error {
	_, err := q.ExecContext(ctx, `INSERT INTO user_communications (user_id, subscribed, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET subscribed = excluded.subscribed, updated_at = excluded.updated_at`,
		userID, subscribed, at)
	if err != nil {
		return writeError("save communications", err)
	}
	return nil
}
