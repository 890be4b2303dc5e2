/*
 * The C yardstick for `transdb resolve --batch`: only the SQLite index probes an answer needs,
 * each statement prepared once, in one read transaction, with the batch's page cache (16 MiB).
 *
 * Per request: the container by name when one is given, else the only container of the
 * operation's kind (read once per kind), whose delegate answers push, pop and tab; for present
 * and dismiss the presented screen's delegate (`to` for present, `from` for dismiss); both screens
 * by name (the statements of Sources/TransDB/Storage/CatalogLookupSource.swift); then the route
 * key at (from, to), (from, *), (*, to), (*, *) until one is found. It builds no answer, reads no
 * preset and caches no screen or route, so it is the cost of asking SQLite, not of answering:
 * where transdb is faster, its caches are working; where it is slower, the rest of the answer
 * costs more than the probes.
 *
 * Requests are the NDJSON lines Scripts/generate-*.py write ({"op", "from", "to"[, "container"]},
 * one library, so a qualified name is read as its bare name).
 *
 * Build: cc -O2 lookup_probes.c -o lookup_probes -lsqlite3
 * Usage: lookup_probes CATALOG < requests.ndjson   prints requests, routes found, seconds, rate.
 */
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* The string value of "key" in a flat JSON line, without its library qualifier; NULL if absent. */
static const char *field(const char *line, const char *key, char *out, size_t size) {
    const char *at = strstr(line, key);
    if (!at) return NULL;
    const char *start = strchr(at + strlen(key), '"');
    if (!start) return NULL;
    start++;
    const char *end = strchr(start, '"');
    if (!end || (size_t)(end - start) >= size) return NULL;
    const char *slash = memchr(start, '/', (size_t)(end - start));
    if (slash) start = slash + 1;
    memcpy(out, start, (size_t)(end - start));
    out[end - start] = 0;
    return out;
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql) {
    sqlite3_stmt *statement = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &statement, NULL) != SQLITE_OK) {
        fprintf(stderr, "lookup_probes: %s\n", sqlite3_errmsg(db));
        return NULL;
    }
    return statement;
}

/* Steps a by-name statement bound to `name`: the id (column 0) and delegate (column `delegate`). */
static void by_name(sqlite3_stmt *statement, const char *name, int delegate, sqlite3_int64 *id, sqlite3_int64 *owner) {
    sqlite3_bind_text(statement, 1, name, -1, SQLITE_STATIC);
    while (sqlite3_step(statement) == SQLITE_ROW) {
        *id = sqlite3_column_int64(statement, 0);
        *owner = sqlite3_column_int64(statement, delegate);
    }
    sqlite3_reset(statement);
}

int main(int argc, char **argv) {
    sqlite3 *db = NULL;
    if (argc != 2 || sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        fprintf(stderr, "usage: lookup_probes CATALOG < requests.ndjson\n");
        return 64;
    }
    sqlite3_exec(db, "PRAGMA cache_size = -16384", NULL, NULL, NULL);
    sqlite3_stmt *screen = prepare(db,
        "SELECT e.id, l.name, e.modal_style, e.presentation_style, e.delegate_id FROM screen e "
        "JOIN library l ON l.id = e.library_id WHERE e.name = ?1 LIMIT 50");
    sqlite3_stmt *container = prepare(db,
        "SELECT e.id, l.name, e.kind, e.delegate_id FROM container e "
        "JOIN library l ON l.id = e.library_id WHERE e.name = ?1 LIMIT 50");
    sqlite3_stmt *route = prepare(db,
        "SELECT id, from_screen_id, to_screen_id, preset_id, interaction_id FROM route WHERE delegate_id = ?1 "
        "AND operation = ?4 AND ifnull(from_screen_id, 0) = ?2 AND ifnull(to_screen_id, 0) = ?3");
    sqlite3_stmt *only = prepare(db, "SELECT delegate_id FROM container WHERE kind = ?1 LIMIT 2");
    if (!screen || !container || !route || !only) return 1;
    /* The only container of each kind's delegate (0 when there is none or several), once read. */
    const char *kinds[3] = {"navigation", "tab", "navigation"}, *ops[3] = {"push", "tab", "pop"};
    sqlite3_int64 only_delegate[3] = {-1, -1, -1};
    sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);

    char line[4096], op[32], from[256], to[256], name[256];
    long requests = 0, found = 0;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (fgets(line, sizeof line, stdin)) {
        if (!field(line, "\"op\"", op, sizeof op) || !field(line, "\"from\"", from, sizeof from)
            || !field(line, "\"to\"", to, sizeof to))
            continue;
        requests++;
        sqlite3_int64 from_id = 0, to_id = 0, from_owner = 0, to_owner = 0, delegate = 0, unused = 0;
        if (field(line, "\"container\"", name, sizeof name)) {
            by_name(container, name, 3, &unused, &delegate);
        } else {
            for (int kind = 0; kind < 3; kind++) {
                if (strcmp(op, ops[kind]) != 0) continue;
                if (only_delegate[kind] < 0) {
                    int rows = 0;
                    sqlite3_bind_text(only, 1, kinds[kind], -1, SQLITE_STATIC);
                    while (sqlite3_step(only) == SQLITE_ROW) {
                        rows++;
                        only_delegate[kind] = sqlite3_column_int64(only, 0);
                    }
                    sqlite3_reset(only);
                    if (rows != 1) only_delegate[kind] = 0;
                }
                delegate = only_delegate[kind];
            }
        }
        by_name(screen, from, 4, &from_id, &from_owner);
        by_name(screen, to, 4, &to_id, &to_owner);
        if (!delegate) delegate = strcmp(op, "dismiss") == 0 ? from_owner : to_owner;
        const sqlite3_int64 keys[4][2] = {{from_id, to_id}, {from_id, 0}, {0, to_id}, {0, 0}};
        for (int key = 0; key < 4; key++) {
            sqlite3_bind_int64(route, 1, delegate);
            sqlite3_bind_int64(route, 2, keys[key][0]);
            sqlite3_bind_int64(route, 3, keys[key][1]);
            sqlite3_bind_text(route, 4, op, -1, SQLITE_STATIC);
            int hit = sqlite3_step(route) == SQLITE_ROW;
            sqlite3_reset(route);
            if (hit) {
                found++;
                break;
            }
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%ld requests, %ld routes found, %.3f s, %.0f/s\n", requests, found, seconds, (double)requests / seconds);
    return 0;
}
