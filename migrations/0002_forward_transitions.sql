-- transdb catalog, schema 2: every route plays the preset it names, forward in time.
--
-- Until schema 1 the engine played a dismiss or pop route's preset through its `reverse` preset,
-- or, without one, backwards in time with the two views swapped. UIKit never plays an animation
-- backwards (an animator with a `presenting` flag runs its dismiss forward, from where the present
-- ended to where it began), so from schema 2 a route names what plays. This migration keeps what
-- each existing route meant:
--   * a dismiss or pop route whose preset names a reverse now names that reverse (exactly what
--     was played);
--   * one whose preset names none now names a new preset `NAME~mirror` in the same library: the
--     preset with start and end states swapped and the from/to roles swapped, played forward on
--     the same curve (what the backwards playback showed, up to the curve's direction; the same
--     rule as `ViewTracks.mirrored`, written here in SQL because a migration never depends on
--     app types). The pair is recorded as each other's reverse.
-- It also lets a preset be the mirror of another (`mirror_of_id`: its kind, duration, curve and
-- tracks are kept equal to the other's mirrored by transdb), have a shared element (view
-- `shared`), completion values (phase `after`), frames relative to the shared element's target
-- rect (`target`), a view whose frame animates as a scale transform (`geometry`), and the source
-- element hidden during the transition (`hides_source`).

ALTER TABLE preset ADD COLUMN mirror_of_id INTEGER REFERENCES preset (id) ON DELETE RESTRICT
    CHECK (mirror_of_id IS NULL OR mirror_of_id <> id);
CREATE INDEX preset_mirror_of ON preset (mirror_of_id) WHERE mirror_of_id IS NOT NULL;
-- Whether the source element (the thumbnail at the origin rect) is hidden during the transition.
ALTER TABLE preset ADD COLUMN hides_source INTEGER NOT NULL DEFAULT 0 CHECK (hides_source IN (0, 1));

CREATE TABLE preset_view_2 (
    preset_id            INTEGER NOT NULL REFERENCES preset (id) ON DELETE CASCADE,
    view                 TEXT NOT NULL CHECK (view IN ('from', 'to', 'shared')),
    phase                TEXT NOT NULL CHECK (phase IN ('start', 'end', 'after')),
    frame_reference      TEXT NOT NULL CHECK (frame_reference IN ('container', 'origin', 'target')),
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
    -- How the view's frame animates: as a frame, or as a scale transform about its centre. The
    -- same in every row of one view.
    geometry             TEXT NOT NULL DEFAULT 'frame' CHECK (geometry IN ('frame', 'transform')),
    PRIMARY KEY (preset_id, view, phase)
) STRICT, WITHOUT ROWID;

INSERT INTO preset_view_2 SELECT *, 'frame' FROM preset_view;
DROP TABLE preset_view;
ALTER TABLE preset_view_2 RENAME TO preset_view;

-- The presets dismiss and pop routes name that have no reverse get a mirror, paired with them.
CREATE TEMP TABLE mirror_source AS
SELECT p.id AS source_id, p.library_id, substr(p.name, 1, 121) || '~mirror' AS mirror_name
FROM preset p
WHERE p.reverse_id IS NULL
  AND p.id IN (SELECT preset_id FROM route WHERE operation IN ('dismiss', 'pop') AND preset_id IS NOT NULL);

INSERT INTO preset (library_id, name, kind, direction, duration, delay, curve_id, curve_expression, on_top,
    completion_speed, completion_curve_id, completion_curve_expression, finish_threshold, reverse_id, mirror_of_id,
    description)
SELECT p.library_id, s.mirror_name, CASE p.kind WHEN 'none' THEN 'none' ELSE 'custom' END, NULL,
    p.duration, p.delay, p.curve_id, p.curve_expression, CASE p.on_top WHEN 'to' THEN 'from' ELSE 'to' END,
    p.completion_speed, p.completion_curve_id, p.completion_curve_expression, p.finish_threshold, p.id, p.id,
    'The mirror of ' || p.name || ' for its dismiss and pop routes (migration 0002): start and end swapped, from and to swapped, played forward'
FROM mirror_source s JOIN preset p ON p.id = s.source_id;

INSERT INTO preset_view (preset_id, view, phase, frame_reference, frame_x, frame_y, frame_width, frame_height, alpha,
    scale_x, scale_y, rotation, rotation_y, corner_radius)
SELECT m.id, CASE v.view WHEN 'from' THEN 'to' ELSE 'from' END, CASE v.phase WHEN 'start' THEN 'end' ELSE 'start' END,
    v.frame_reference, v.frame_x, v.frame_y, v.frame_width, v.frame_height, v.alpha, v.scale_x, v.scale_y, v.rotation,
    v.rotation_y, v.corner_radius
FROM mirror_source s
JOIN preset m ON m.library_id = s.library_id AND m.name = s.mirror_name
JOIN preset_view v ON v.preset_id = s.source_id;

UPDATE preset SET reverse_id = (SELECT m.id FROM mirror_source s JOIN preset m ON m.library_id = s.library_id AND m.name = s.mirror_name
                                WHERE s.source_id = preset.id)
WHERE id IN (SELECT source_id FROM mirror_source);

DROP TABLE mirror_source;

-- Every dismiss and pop route now names what it played: its preset's reverse.
UPDATE route SET preset_id = (SELECT p.reverse_id FROM preset p WHERE p.id = route.preset_id)
WHERE operation IN ('dismiss', 'pop') AND preset_id IS NOT NULL;
