// Package migrations holds the schema, one folder of numbered SQL files per
// dialect. Files are append-only: a change to the schema is a new file.
package migrations

import "embed"

//go:embed sqlite/*.sql postgres/*.sql
var FS embed.FS
