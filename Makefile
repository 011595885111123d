# Beckon — the two commands a newcomer needs are `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help
PORT ?= 8080

WEB := web
NPM_STAMP := $(WEB)/node_modules/.installed

.PHONY: help run build web-dist test lint test-rust test-web test-e2e size-check bench bench-realtime clean

help:
	@echo "make run    build everything and start Beckon with a demo at http://localhost:$(PORT)/"
	@echo "make test   every test: cargo, vitest, size budget, browser (Chromium)"
	@echo "make build  build the model crate, the widget (web/widget/dist) and the console (web/console/dist)"
	@echo "make bench  size, load-time, main-thread and notification benchmarks (writes bench/results.md)"
	@echo "make bench-realtime  server memory per connection and delivery latency, 1 000 and 15 000 connections"

# npm packages, installed once per change of the lock file.
$(NPM_STAMP): $(WEB)/package-lock.json $(WEB)/package.json $(WEB)/widget/package.json $(WEB)/console/package.json $(WEB)/e2e/package.json
	cd $(WEB) && npm ci --no-audit --no-fund
	touch $@

build: $(NPM_STAMP)
	cargo build --workspace
	cd $(WEB) && npm run build -w widget && npm run build -w console

run: build
	cargo run -q -p beckon-server -- serve --seed-demo --listen 127.0.0.1:$(PORT)

test: lint test-rust test-web size-check test-e2e

# The gates every change passes before the tests: formatting, clippy, the shell scripts, and the
# web's import rules (no cycles, the loader never imports the app: web/.dependency-cruiser.cjs).
SHELL_SCRIPTS := .ci/run $(wildcard bench/*.sh) web/widget/audio/make-sounds.sh
lint: $(NPM_STAMP)
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	@command -v shellcheck >/dev/null || { echo "shellcheck is missing: apt-get install -y shellcheck"; exit 1; }
	shellcheck $(SHELL_SCRIPTS)
	cd $(WEB) && npm run lint

test-rust:
	cargo test --workspace

test-web: $(NPM_STAMP)
	cd $(WEB) && npm run typecheck -w widget && npm test -w widget
	cd $(WEB) && npm run typecheck -w console && npm test -w console

# The widget and the console, built once per make run (size-check and test-e2e both use them).
web-dist: $(NPM_STAMP)
	cd $(WEB) && npm run build -w widget && npm run build -w console

# The size check measures the hosted embed as the server sends it: the binary is the one the
# browser tests use (nothing is compiled again after test-rust).
size-check: web-dist
	cargo test --workspace --no-run
	node bench/size.mjs --check

# The server binary is built by `cargo test --no-run`, with the features the Rust tests resolve, so
# after test-rust nothing is compiled again (a plain `cargo build -p` resolves other features).
test-e2e: web-dist
	@command -v chromium >/dev/null || { echo "Chromium is missing: apt-get install -y chromium (the browser tests need /usr/bin/chromium)"; exit 1; }
	cargo test --workspace --no-run
	cd $(WEB) && npm test -w e2e

bench: build
	node bench/size.mjs
	node bench/load-time.mjs
	node bench/chat.mjs
	node bench/console.mjs
	node --experimental-websocket bench/notify.mjs

bench-realtime:
	bash bench/realtime.sh

clean:
	rm -rf target $(WEB)/widget/dist $(WEB)/console/dist
