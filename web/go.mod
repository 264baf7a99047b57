// This file only keeps the Go tool out of web/: npm packages sometimes ship
// .go files (node_modules/flatted does), which `go vet ./...` would trip on.
// The built app is embedded from internal/webapp/dist.
module bookshop/web

go 1.26
