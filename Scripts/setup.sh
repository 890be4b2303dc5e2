#!/usr/bin/env bash
# Installs what transdb needs on Debian, builds the release binary, and runs the main job:
# a fresh catalog with the embedded default library, listed and queried.
set -euo pipefail
cd "$(dirname "$0")/.."

source Scripts/lib/install-deps.sh
source Scripts/lib/release-build.sh
install_deps

"${release_build[@]}"
bin=.build/release/transdb
db=$(mktemp -d)/transdb.sqlite

echo "== transdb init --db $db"
"$bin" init --db "$db"
echo
echo "== transdb list presets --library uikit"
"$bin" list presets --library uikit --db "$db"
echo
echo "== transdb resolve --op present --from Feed --to Detail --explain"
"$bin" resolve --op present --from Feed --to Detail --explain --db "$db"
echo
echo "== transdb resolve --op pop --from Detail --to Feed --container MainNav --format json"
"$bin" resolve --op pop --from Detail --to Feed --container MainNav --format json --db "$db"
echo
echo "== transdb lint --fail-on warning (the default library has nothing at warning or above)"
"$bin" lint --fail-on warning --db "$db"
echo
echo "The binary is $bin; copy it anywhere on your PATH (it carries its schema and default library)."
