#!/usr/bin/env bash
# Installs what the tests need on Debian, then builds and runs every test (unit and end-to-end).
set -euo pipefail
cd "$(dirname "$0")/.."

source Scripts/lib/install-deps.sh
# chromium: the preview tests load the generated pages in headless Chromium; here a missing
# browser fails those tests instead of skipping them.
install_deps chromium
export TRANSDB_REQUIRE_CHROMIUM=1
# python3-jsonschema: the lint tests validate `transdb lint --format sarif` against the SARIF 2.1.0
# schema (Tests/TransDBCLITests/Fixtures) with the python3 on the tests' minimal PATH (the system
# one, not a pyenv or virtualenv's); a missing validator fails those tests.
if ! env -i PATH=/usr/local/bin:/usr/bin:/bin python3 -c 'import jsonschema' >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-jsonschema
fi

swift build --build-tests
swift test --skip-build
