#!/usr/bin/env bash
# Installs what the tests need on Debian, then builds and runs every test (unit and end-to-end).
set -euo pipefail
cd "$(dirname "$0")/.."

source Scripts/lib/install-deps.sh
# chromium: the preview tests load the generated pages in headless Chromium; here a missing
# browser fails those tests instead of skipping them.
install_deps chromium
export TRANSDB_REQUIRE_CHROMIUM=1

swift build --build-tests
swift test --skip-build
