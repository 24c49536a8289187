#!/usr/bin/env bash
# The one test command (README): format, lint, typecheck, unit, integration and browser tests.
# Uses the local PostgreSQL and Redis (TEST_DATABASE_URL / TEST_REDIS_URL override them) and
# installs Debian's chromium for the browser tests when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ ! -x "$CHROMIUM_PATH" ]; then
  echo "== installing Debian's chromium for the browser tests"
  if [ "$(id -u)" = "0" ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || echo "chromium could not be installed"
  else
    (sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || echo "chromium could not be installed"
  fi
fi

echo "== format";    npx prettier --check . --log-level warn
echo "== lint";      npx eslint . --max-warnings 0
echo "== boundaries"; npm run -s boundaries
echo "== typecheck"; npm run -s typecheck
echo "== unit";      npx vitest run --project unit
echo "== int";       npx vitest run --project int
# The embedded default (PGlite) is what a new user runs: the tests that read through the database port
# (inbox, invitations, accounts, repeated requests) run on it too.
echo "== int on PGlite"
TEST_DB=pglite npx vitest run --project int \
  apps/server/src/accounts/organizations.int.spec.ts apps/server/src/accounts/accounts.int.spec.ts \
  apps/server/src/infra/http/idempotent-responses.int.spec.ts
echo "== build client"; npm run -s build -w @okul/client
echo "== e2e";       npx vitest run --project e2e
