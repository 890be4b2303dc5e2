-- transdb catalog, schema 3: route ids are never reused.
--
-- A route is addressed by its id (`transdb show route 16`, `rm route 16`), so a script holding an
-- id must never reach another route with it: after routes #16 and #17 are removed, the next route
-- is #18, not #16 again. SQLite gives an INTEGER PRIMARY KEY the largest id plus one, which reuses
-- the ids of the last rows removed; AUTOINCREMENT keeps the largest id ever used in
-- `sqlite_sequence` instead. SQLite cannot add AUTOINCREMENT to a table, so the table is made
-- again with the same columns, constraints, rows and indexes (nothing refers to a route, so no
-- foreign key is affected). Ids removed before this migration are not known and stay reusable
-- only above the largest id kept here.

CREATE TABLE route_autoincrement (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    delegate_id    INTEGER NOT NULL REFERENCES delegate (id) ON DELETE CASCADE,
    operation      TEXT NOT NULL CHECK (operation IN ('present', 'dismiss', 'push', 'pop', 'tab')),
    from_screen_id INTEGER REFERENCES screen (id) ON DELETE CASCADE,
    to_screen_id   INTEGER REFERENCES screen (id) ON DELETE CASCADE,
    preset_id      INTEGER REFERENCES preset (id) ON DELETE RESTRICT,
    interaction_id INTEGER REFERENCES preset (id) ON DELETE RESTRICT,
    CHECK (preset_id IS NOT NULL OR interaction_id IS NULL),
    CHECK (operation <> 'dismiss' OR to_screen_id IS NULL)
) STRICT;

INSERT INTO route_autoincrement (id, delegate_id, operation, from_screen_id, to_screen_id, preset_id, interaction_id)
SELECT id, delegate_id, operation, from_screen_id, to_screen_id, preset_id, interaction_id FROM route ORDER BY id;

DROP TABLE route;
ALTER TABLE route_autoincrement RENAME TO route;

CREATE UNIQUE INDEX route_key ON route (delegate_id, operation, ifnull(from_screen_id, 0), ifnull(to_screen_id, 0));
CREATE INDEX route_key_by_destination ON route (delegate_id, operation, ifnull(to_screen_id, 0), ifnull(from_screen_id, 0));
CREATE INDEX route_from_screen ON route (from_screen_id) WHERE from_screen_id IS NOT NULL;
CREATE INDEX route_to_screen ON route (to_screen_id) WHERE to_screen_id IS NOT NULL;
CREATE INDEX route_preset ON route (preset_id) WHERE preset_id IS NOT NULL;
CREATE INDEX route_interaction ON route (interaction_id) WHERE interaction_id IS NOT NULL;
