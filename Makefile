# Two commands for a fresh machine: `make run` starts the shop, `make test`
# runs every test. Both install what they need first.

SHELL := /bin/bash
BIN := bin/bookshop
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo dev)
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: run build test deps web-deps go-deps system-deps web go-test web-check e2e bench clean load lighthouse

run: build
	./$(BIN) serve --dev

build: web $(BIN)

$(BIN): go-deps web FORCE
	go build -trimpath -ldflags "-s -w -X main.version=$(VERSION)" -o $(BIN) ./cmd/bookshop

FORCE:

# The app, and the server's bundle, which renders its pages at run time
# (web/vite.server.config.ts, internal/render).
web: web-deps
	cd web && npx tsc -b && npx vite build && npx vite build -c vite.server.config.ts --logLevel warn
	touch internal/webapp/dist/.keep

web-deps: web/node_modules/.package-lock.json

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

go-deps:
	go mod download

# Chromium (end-to-end tests) and PostgreSQL (store tests) from Debian, when missing.
system-deps:
	@scripts/apt-need.sh chromium:chromium 'postgresql:/usr/lib/postgresql/*/bin/initdb'

# The Go and the web checks run side by side: go test leaves a core idle
# while its last packages run alone, and ESLint uses one. Each prints its
# output whole when it ends. The journeys come last, on a quiet machine,
# with three workers: they wait on the browser and the shop in turn, and
# two kept a third of the cores busy. Run beside the others (make -j3, the
# rest under nice) a fresh clone took 19.7 min and 1,100 s of CPU against
# 14.9 min and 700 s this way (docs/performance.md, "Test suite").
test: system-deps build
	$(MAKE) --no-print-directory -j2 --output-sync=target go-test web-check
	E2E_WORKERS=$${E2E_WORKERS:-3} scripts/e2e.sh

# go vet runs every analyzer go test would run again (-vet=off). A test
# binary may take 20 minutes, not 10: orders took 8-10 at a load of 28.
go-test:
	go vet ./...
	scripts/with-postgres.sh go test -count=1 -vet=off -timeout 20m ./...

web-check: web-deps
	cd web && npx tsc -b && npx eslint . --max-warnings 0 && npx vitest run

e2e: build
	scripts/e2e.sh

bench: build
	go test -run '^$$' -bench . -benchmem ./...

# Speed (issue #13): reproducible figures, never part of `make test`. They
# load the machine; run them on a quiet one.
load: build
	@scripts/apt-need.sh wrk:wrk nginx:nginx
	scripts/load.sh

lighthouse: build
	@scripts/apt-need.sh chromium:chromium
	scripts/lighthouse.sh

clean:
	rm -rf bin internal/webapp/dist/assets internal/webapp/dist/*.html internal/render/dist/server.js
