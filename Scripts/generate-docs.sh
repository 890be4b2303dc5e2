#!/usr/bin/env bash
# Regenerates the images under docs/ that the README shows: the filmstrips of the seed
# documents' animators (docs/filmstrips/*.svg). A test (FilmstripTests) fails when they are out
# of date; this records them through that test.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
TRANSDB_RECORD_DOCS=1 swift test --skip-build --filter FilmstripTests
git status --short docs/
