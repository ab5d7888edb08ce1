#!/usr/bin/env bash
# The one command that runs every test (README quick start, and .ci/run). It installs what it
# needs by itself: npm packages, Debian Chromium and a CJK font.
set -euo pipefail
cd "$(dirname "$0")/.."

node scripts/ensure-deps.mjs
echo "== browser"
bash scripts/ensure-browser.sh

echo "== generated files"
npx tsx scripts/gen/index.ts --check
echo "== type-check"
npx tsc -p tsconfig.json --noEmit
echo "== unit and server integration tests (PGlite, and PostgreSQL when reachable)"
npx vitest run
echo "== build"
npx vite build --logLevel warn
echo "== end-to-end tests (Chromium)"
npx playwright test
