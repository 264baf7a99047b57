package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"bookshop/internal/audit"
	"bookshop/internal/backup"
	"bookshop/internal/config"
	"bookshop/internal/db"
)

// keeperOf is the backups' keeper the configuration describes, its folder
// dir unless empty.
func keeperOf(cfg config.Config, dir string) (*backup.Keeper, error) {
	if dir == "" {
		dir = cfg.BackupDir
	}
	if dir == "" {
		return nil, errors.New("no folder for the archives: set BACKUP_DIR or give --to DIR")
	}
	return backup.NewKeeper(backupSettings(cfg, dir))
}

// backupSettings are the configuration's backup settings, the folder dir.
func backupSettings(cfg config.Config, dir string) backup.Settings {
	s := backup.Settings{DatabaseURL: cfg.DatabaseURL, Dir: dir, Keep: cfg.BackupKeep, AppVersion: version,
		S3URL: cfg.BackupS3URL, AgeRecipient: cfg.BackupAgeRecipient, AgeIdentity: cfg.BackupAgeIdentity,
		FilesDir: cfg.FilesDir, FilesS3URL: cfg.FilesS3URL}
	return s
}

// backupCmd writes one archive of the shop and prints its path last, for
// scripts (`bookshop backup | tail -n 1`).
func backupCmd(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	to := fs.String("to", "", "the folder to write the archive to (default BACKUP_DIR)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return errors.New("usage: bookshop backup [--to DIR]")
	}
	cfg, err := config.Load(os.LookupEnv)
	if err != nil {
		return fmt.Errorf("configuration:\n%w", err)
	}
	k, err := keeperOf(cfg, *to)
	if err != nil {
		return err
	}
	start := time.Now()
	a, err := k.Backup(ctx)
	if a.Path != "" {
		fmt.Fprintf(stdout, "backup of %s: %d bytes in %s\n", cfg.DatabaseURL, a.Size, time.Since(start).Round(time.Millisecond))
		if k.Bucket != nil && err == nil {
			fmt.Fprintf(stdout, "copied to %s\n", k.Bucket)
		}
		fmt.Fprintln(stdout, a.Path)
	}
	return err
}

// restoreCmd replaces the shop's database with an archive's, the shop
// stopped, then applies this release's migrations.
func restoreCmd(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	identity := fs.String("identity", "", "the age identity file that decrypts an encrypted archive")
	// Flags may follow the file: bookshop restore FILE --identity KEY.
	var file string
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		file, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if file == "" && fs.NArg() == 1 {
		file = fs.Arg(0)
	} else if file == "" || fs.NArg() > 0 {
		return errors.New("usage: bookshop restore FILE [--identity KEYFILE] (stop the shop first)")
	}
	cfg, err := config.Load(os.LookupEnv)
	if err != nil {
		return fmt.Errorf("configuration:\n%w", err)
	}
	k, err := keeperOf(cfg, "")
	if err != nil {
		return err
	}
	if *identity != "" {
		if k.Identities, err = backup.ReadIdentities(*identity); err != nil {
			return err
		}
	}
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	start := time.Now()
	got, err := k.Restore(ctx, f)
	if got.PreRestore != nil {
		fmt.Fprintf(stdout, "the database it replaced is kept in %s\n", got.PreRestore.Path)
	}
	if err != nil {
		return err
	}
	if err := migrateAfterRestore(ctx, cfg, filepath.Base(file)); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "restored the backup of %s (schema %s, made by bookshop %s) in %s: %d tables, %d rows, as the manifest says\n",
		got.Manifest.CreatedAt.Format(time.RFC3339), got.Manifest.Schema, got.Manifest.AppVersion,
		time.Since(start).Round(time.Millisecond), len(got.Manifest.Rows), totalRows(got.Manifest.Rows))
	return nil
}

// migrateAfterRestore brings an older archive's schema to this release's,
// frees the schedule's lease the archive may hold, and records the restore
// in the restored audit log.
func migrateAfterRestore(ctx context.Context, cfg config.Config, archive string) error {
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer d.Close()
	if _, err := d.Migrate(ctx); err != nil {
		return fmt.Errorf("migrate the restored database: %w", err)
	}
	if err := backup.AfterRestore(ctx, d); err != nil {
		return err
	}
	return d.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		return audit.Record(ctx, tx, audit.Entry{System: "command line (bookshop restore)", Action: "backup.restore", Entity: "backup", EntityID: archive})
	})
}

func totalRows(rows map[string]int64) int64 {
	keys := make([]string, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var n int64
	for _, k := range keys {
		n += rows[k]
	}
	return n
}
