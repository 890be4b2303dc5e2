#!/usr/bin/env bash
# Installs what the tests need on Debian, then builds and runs every test (unit and end-to-end).
set -euo pipefail
cd "$(dirname "$0")/.."

source Scripts/lib/install-deps.sh
install_deps

swift build --build-tests
swift test --skip-build
