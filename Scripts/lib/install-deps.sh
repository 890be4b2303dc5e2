# Sourced by the scripts: installs the Debian packages transdb needs when they are missing.
# libsqlite3-dev: the SQLite that GRDB links against. sqlite3: the shell the tests and the
# benchmark use to make foreign and newer-schema files and to compare against. Extra arguments
# are commands installed from the Debian package of the same name when missing (chromium).
install_deps() {
    local missing=()
    dpkg -s libsqlite3-dev >/dev/null 2>&1 || missing+=(libsqlite3-dev)
    command -v sqlite3 >/dev/null 2>&1 || missing+=(sqlite3)
    for extra in "$@"; do
        command -v "$extra" >/dev/null 2>&1 || missing+=("$extra")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
    fi
    command -v swift >/dev/null 2>&1 || { echo "swift is not on PATH: install Swift 6 (https://www.swift.org/install/linux/)" >&2; return 1; }
}
