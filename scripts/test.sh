#!/usr/bin/env bash
# The one command that runs every test (README quick start, and .ci/run). It installs what it
# needs by itself. (Spine step 2: adds the server integration suite on PGlite and PostgreSQL.)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "== npm ci"
  npm ci --no-audit --no-fund
fi
echo "== generated files"
npx tsx scripts/gen/index.ts --check
echo "== type-check"
npx tsc -p tsconfig.json --noEmit
echo "== unit and server integration tests"
npx vitest run
