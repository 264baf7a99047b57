// The SQL of MFA factors, their challenges and recovery codes.

package gotrue

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"bookshop/internal/db"
)

func factorsOf(ctx context.Context, q db.Querier, userID string) ([]factor, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at
		FROM mfa_factors WHERE user_id = ? ORDER BY created_at`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []factor
	for rows.Next() {
		var f factor
		if err := rows.Scan(&f.ID, &f.UserID, &f.FriendlyName, &f.Type, &f.Status, &f.Secret, &f.CreatedAt, &f.UpdatedAt); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

func factorOf(ctx context.Context, q db.Querier, userID, factorID string) (*factor, error) {
	fs, err := factorsOf(ctx, q, userID)
	if err != nil {
		return nil, err
	}
	for _, f := range fs {
		if f.ID == factorID {
			return &f, nil
		}
	}
	return nil, errFactorNotFound
}

// useRecoveryCode marks a matching unused code as used; each works once.
func useRecoveryCode(ctx context.Context, tx db.Querier, userID, code string, now time.Time) (bool, error) {
	res, err := tx.ExecContext(ctx, `UPDATE mfa_recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL`,
		now, userID, hashToken(normalizeRecoveryCode(code)))
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

func insertFactor(ctx context.Context, q db.Querier, f *factor) error {
	_, err := q.ExecContext(ctx, `INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, f.ID, f.UserID, f.FriendlyName, f.Type, f.Status, f.Secret, f.CreatedAt, f.UpdatedAt)
	return err
}

// deleteUnverifiedFactors drops abandoned enrolments.
func deleteUnverifiedFactors(ctx context.Context, q db.Querier, userID string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM mfa_factors WHERE user_id = ? AND status = ?`, userID, factorUnverified)
	return err
}

func setFactorStatus(ctx context.Context, q db.Querier, factorID, status string, now time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE mfa_factors SET status = ?, updated_at = ? WHERE id = ?`, status, now, factorID)
	return err
}

func deleteFactor(ctx context.Context, q db.Querier, factorID string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM mfa_factors WHERE id = ?`, factorID)
	return err
}

func insertChallenge(ctx context.Context, q db.Querier, id, factorID string, now time.Time) error {
	_, err := q.ExecContext(ctx, `INSERT INTO mfa_challenges (id, factor_id, created_at) VALUES (?, ?, ?)`, id, factorID, now)
	return err
}

var errNoChallenge = errors.New("auth: no such challenge")

// takeChallenge marks an unused challenge of the factor used and returns
// when it was created; unknown and used challenges are errNoChallenge.
func takeChallenge(ctx context.Context, q db.Querier, factorID, challengeID string, now time.Time) (time.Time, error) {
	var created time.Time
	var verified sql.NullTime
	err := q.QueryRowContext(ctx, `SELECT created_at, verified_at FROM mfa_challenges WHERE id = ? AND factor_id = ?`, challengeID, factorID).Scan(&created, &verified)
	if db.IsNoRows(err) || (err == nil && verified.Valid) {
		return created, errNoChallenge
	}
	if err != nil {
		return created, err
	}
	_, err = q.ExecContext(ctx, `UPDATE mfa_challenges SET verified_at = ? WHERE id = ?`, now, challengeID)
	return created, err
}

func deleteRecoveryCodes(ctx context.Context, q db.Querier, userID string) error {
	_, err := q.ExecContext(ctx, `DELETE FROM mfa_recovery_codes WHERE user_id = ?`, userID)
	return err
}

func insertRecoveryCode(ctx context.Context, q db.Querier, userID, codeHash string, now time.Time) error {
	_, err := q.ExecContext(ctx, `INSERT INTO mfa_recovery_codes (user_id, code_hash, created_at) VALUES (?, ?, ?)`, userID, codeHash, now)
	return err
}

// useTOTPStep records that the factor accepted the code of a time step; it
// reports false when that step (or a later one) was used already.
func useTOTPStep(ctx context.Context, q db.Querier, factorID string, step int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE mfa_factors SET last_totp_step = ? WHERE id = ? AND (last_totp_step IS NULL OR last_totp_step < ?)`,
		step, factorID, step)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}
