-- transdb catalog, schema 1.
--
-- Every table is STRICT and every value that has a closed set of spellings is checked here, so a
-- catalog edited by hand with the sqlite3 shell cannot hold what transdb would refuse. Names are
-- validated (NFC, no control characters, no '/') by transdb before they reach SQL; the CHECKs
-- below repeat the parts SQL can express.

-- A library is a namespace: `material/fadeThrough`, `checkout/cardZoom`.
CREATE TABLE library (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 128 AND instr(name, '/') = 0),
    version     TEXT NOT NULL DEFAULT '1.0.0' CHECK (length(version) BETWEEN 1 AND 64),
    description TEXT NOT NULL DEFAULT ''
) STRICT;

-- A named timing curve. `expression` is the canonical curve expression (the one syntax used on
-- the command line, in bundles and in output); `kind` is derived from it for filtering.
CREATE TABLE curve (
    id          INTEGER PRIMARY KEY,
    library_id  INTEGER NOT NULL REFERENCES library (id) ON DELETE CASCADE,
    name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 128 AND instr(name, '/') = 0
                                    AND instr(name, '(') = 0),
    kind        TEXT NOT NULL CHECK (kind IN ('linear', 'cubic-bezier', 'steps', 'piecewise-linear', 'spring')),
    expression  TEXT NOT NULL CHECK (length(expression) > 0),
    description TEXT NOT NULL DEFAULT '',
    UNIQUE (library_id, name)
) STRICT;

-- An animator preset. The curve is either a named curve (curve_id) or an inline expression,
-- never both. The kind is expanded into explicit per-view tracks (preset_view) when the preset
-- is written, so the engine has one generic path for every kind.
CREATE TABLE preset (
    id                     INTEGER PRIMARY KEY,
    library_id             INTEGER NOT NULL REFERENCES library (id) ON DELETE CASCADE,
    name                   TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 128 AND instr(name, '/') = 0),
    kind                   TEXT NOT NULL CHECK (kind IN ('none', 'fade', 'push', 'pull', 'cover', 'uncover',
                                                          'slide', 'zoom', 'flip', 'sheet', 'custom')),
    direction              TEXT CHECK (direction IN ('left', 'right', 'up', 'down')),
    duration               REAL NOT NULL,
    delay                  REAL NOT NULL DEFAULT 0 CHECK (delay >= 0 AND delay <= 60),
    curve_id               INTEGER REFERENCES curve (id) ON DELETE RESTRICT,
    curve_expression       TEXT CHECK (length(curve_expression) > 0),
    on_top                 TEXT NOT NULL DEFAULT 'to' CHECK (on_top IN ('from', 'to')),
    -- Percent-driven interaction settings; all NULL when the preset is not interactive.
    completion_speed       REAL CHECK (completion_speed > 0 AND completion_speed <= 100),
    completion_curve_id    INTEGER REFERENCES curve (id) ON DELETE RESTRICT,
    completion_curve_expression TEXT CHECK (length(completion_curve_expression) > 0),
    finish_threshold       REAL CHECK (finish_threshold >= 0 AND finish_threshold <= 1),
    reverse_id             INTEGER REFERENCES preset (id) ON DELETE RESTRICT,
    description            TEXT NOT NULL DEFAULT '',
    UNIQUE (library_id, name),
    CHECK ((curve_id IS NULL) <> (curve_expression IS NULL)),
    CHECK ((kind = 'none' AND duration = 0) OR (kind <> 'none' AND duration > 0 AND duration <= 60)),
    CHECK (kind IN ('push', 'pull', 'cover', 'uncover', 'slide', 'flip') OR direction IS NULL),
    CHECK (kind NOT IN ('push', 'pull', 'cover', 'uncover', 'slide', 'flip') OR direction IS NOT NULL),
    CHECK (kind <> 'flip' OR direction IN ('left', 'right')),
    CHECK ((completion_speed IS NULL) = (finish_threshold IS NULL)),
    CHECK ((completion_speed IS NULL) = (completion_curve_id IS NULL AND completion_curve_expression IS NULL)),
    CHECK (completion_curve_id IS NULL OR completion_curve_expression IS NULL),
    CHECK (reverse_id IS NULL OR reverse_id <> id)
) STRICT;

CREATE INDEX preset_curve ON preset (curve_id) WHERE curve_id IS NOT NULL;
CREATE INDEX preset_completion_curve ON preset (completion_curve_id) WHERE completion_curve_id IS NOT NULL;
CREATE INDEX preset_reverse ON preset (reverse_id) WHERE reverse_id IS NOT NULL;

-- The start and end state of one of the two views of a preset. Frames are in units of their
-- reference rect: the container, or the origin rect a zoom grows from (a thumbnail's frame).
CREATE TABLE preset_view (
    preset_id            INTEGER NOT NULL REFERENCES preset (id) ON DELETE CASCADE,
    view                 TEXT NOT NULL CHECK (view IN ('from', 'to')),
    phase                TEXT NOT NULL CHECK (phase IN ('start', 'end')),
    frame_reference      TEXT NOT NULL CHECK (frame_reference IN ('container', 'origin')),
    frame_x              REAL NOT NULL CHECK (abs(frame_x) <= 100),
    frame_y              REAL NOT NULL CHECK (abs(frame_y) <= 100),
    frame_width          REAL NOT NULL CHECK (frame_width >= 0 AND frame_width <= 100),
    frame_height         REAL NOT NULL CHECK (frame_height >= 0 AND frame_height <= 100),
    alpha                REAL NOT NULL CHECK (alpha >= 0 AND alpha <= 1),
    scale_x              REAL NOT NULL CHECK (abs(scale_x) <= 100),
    scale_y              REAL NOT NULL CHECK (abs(scale_y) <= 100),
    rotation             REAL NOT NULL CHECK (abs(rotation) <= 3600),
    rotation_y           REAL NOT NULL CHECK (abs(rotation_y) <= 3600),
    corner_radius        REAL NOT NULL CHECK (corner_radius >= 0 AND corner_radius <= 10000),
    PRIMARY KEY (preset_id, view, phase)
) STRICT, WITHOUT ROWID;

-- A delegate object (transitioningDelegate, UINavigationControllerDelegate,
-- UITabBarControllerDelegate). `released` models a weak reference whose object is gone.
CREATE TABLE delegate (
    id          INTEGER PRIMARY KEY,
    library_id  INTEGER NOT NULL REFERENCES library (id) ON DELETE CASCADE,
    name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 128 AND instr(name, '/') = 0),
    released    INTEGER NOT NULL DEFAULT 0 CHECK (released IN (0, 1)),
    description TEXT NOT NULL DEFAULT '',
    UNIQUE (library_id, name)
) STRICT;

-- A view controller.
CREATE TABLE screen (
    id                 INTEGER PRIMARY KEY,
    library_id         INTEGER NOT NULL REFERENCES library (id) ON DELETE CASCADE,
    name               TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 128 AND instr(name, '/') = 0
                                           AND name <> '*'),
    delegate_id        INTEGER REFERENCES delegate (id) ON DELETE SET NULL,
    modal_style        TEXT NOT NULL DEFAULT 'coverVertical'
                       CHECK (modal_style IN ('coverVertical', 'flipHorizontal', 'crossDissolve', 'partialCurl')),
    presentation_style TEXT NOT NULL DEFAULT 'automatic'
                       CHECK (presentation_style IN ('automatic', 'fullScreen', 'pageSheet', 'formSheet',
                                                     'currentContext', 'custom', 'overFullScreen',
                                                     'overCurrentContext', 'popover')),
    description        TEXT NOT NULL DEFAULT '',
    UNIQUE (library_id, name),
    -- UIKit raises NSInvalidArgumentException for a partial curl that is not full screen.
    CHECK (modal_style <> 'partialCurl' OR presentation_style = 'fullScreen')
) STRICT;

CREATE INDEX screen_delegate ON screen (delegate_id) WHERE delegate_id IS NOT NULL;

-- A navigation or tab bar controller.
CREATE TABLE container (
    id          INTEGER PRIMARY KEY,
    library_id  INTEGER NOT NULL REFERENCES library (id) ON DELETE CASCADE,
    name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 128 AND instr(name, '/') = 0),
    kind        TEXT NOT NULL CHECK (kind IN ('navigation', 'tab')),
    delegate_id INTEGER REFERENCES delegate (id) ON DELETE SET NULL,
    description TEXT NOT NULL DEFAULT '',
    UNIQUE (library_id, name)
) STRICT;

CREATE INDEX container_delegate ON container (delegate_id) WHERE delegate_id IS NOT NULL;

-- What a delegate's method returns for a route. A NULL screen is the wildcard `*`. A NULL
-- preset is an explicit `nil` (the system default); the interaction preset is only consulted
-- when an animator is returned, so it requires one. For dismiss, UIKit shows the delegate only
-- the dismissed controller, so the destination must be the wildcard.
CREATE TABLE route (
    id             INTEGER PRIMARY KEY,
    delegate_id    INTEGER NOT NULL REFERENCES delegate (id) ON DELETE CASCADE,
    operation      TEXT NOT NULL CHECK (operation IN ('present', 'dismiss', 'push', 'pop', 'tab')),
    from_screen_id INTEGER REFERENCES screen (id) ON DELETE CASCADE,
    to_screen_id   INTEGER REFERENCES screen (id) ON DELETE CASCADE,
    preset_id      INTEGER REFERENCES preset (id) ON DELETE RESTRICT,
    interaction_id INTEGER REFERENCES preset (id) ON DELETE RESTRICT,
    CHECK (preset_id IS NOT NULL OR interaction_id IS NULL),
    CHECK (operation <> 'dismiss' OR to_screen_id IS NULL)
) STRICT;

-- The resolver's lookup: one index probe per candidate (exact, from-wildcard, to-wildcard, both).
CREATE UNIQUE INDEX route_key ON route (delegate_id, operation, ifnull(from_screen_id, 0), ifnull(to_screen_id, 0));
-- The same key led by the destination: finding a `* → B` mapping that a new `A → *` would tie with.
CREATE INDEX route_key_by_destination ON route (delegate_id, operation, ifnull(to_screen_id, 0), ifnull(from_screen_id, 0));
CREATE INDEX route_from_screen ON route (from_screen_id) WHERE from_screen_id IS NOT NULL;
CREATE INDEX route_to_screen ON route (to_screen_id) WHERE to_screen_id IS NOT NULL;
CREATE INDEX route_preset ON route (preset_id) WHERE preset_id IS NOT NULL;
CREATE INDEX route_interaction ON route (interaction_id) WHERE interaction_id IS NOT NULL;

-- Bare names (`fadeThrough` rather than `material/fadeThrough`) are looked up across libraries.
CREATE INDEX curve_name ON curve (name);
CREATE INDEX preset_name ON preset (name);
CREATE INDEX delegate_name ON delegate (name);
CREATE INDEX screen_name ON screen (name);
CREATE INDEX container_name ON container (name);
