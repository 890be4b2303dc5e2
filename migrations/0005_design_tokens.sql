-- transdb catalog, schema 5: what design-token files hold besides curves and transitions.
--
-- Named durations:
-- Design systems name their durations (Material's short1 … extraLong4, Primer's timing scale) and
-- their transitions refer to them. A `duration` is such a name with its seconds; a preset may use
-- one (`add preset … --duration motion/medium2`, bundle "duration": "medium2"). The preset keeps
-- the reference by id, so a rename follows it and it cannot be removed while a preset uses it
-- (RESTRICT); its own `duration` column keeps the seconds, equal to the named duration's (transdb
-- writes both, and `set duration` changes every preset using it), so every reader of a preset's
-- duration reads one column, as before. SQLite adds a column with a REFERENCES clause and a CHECK
-- only when its default is NULL, which it is: every existing preset keeps its own number.

CREATE TABLE duration (
    id          INTEGER PRIMARY KEY,
    library_id  INTEGER NOT NULL REFERENCES library (id) ON DELETE CASCADE,
    name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 128 AND instr(name, '/') = 0),
    seconds     REAL NOT NULL CHECK (seconds >= 0 AND seconds <= 60),
    description TEXT NOT NULL DEFAULT '',
    UNIQUE (library_id, name)
) STRICT;

CREATE INDEX duration_name ON duration (name);

ALTER TABLE preset ADD COLUMN duration_id INTEGER REFERENCES duration (id) ON DELETE RESTRICT;

CREATE INDEX preset_duration ON preset (duration_id) WHERE duration_id IS NOT NULL;

-- Deprecation (DTCG `$deprecated`): NULL when the entry is not deprecated, '' when it is without a
-- reason, else the reason ("Use the standard easing"). Kept on curves, presets and named durations,
-- shown by `show` and `list`, written to bundles and DTCG files.
ALTER TABLE curve ADD COLUMN deprecated TEXT CHECK (length(deprecated) <= 4096);
ALTER TABLE preset ADD COLUMN deprecated TEXT CHECK (length(deprecated) <= 4096);
ALTER TABLE duration ADD COLUMN deprecated TEXT CHECK (length(deprecated) <= 4096);

-- Curve aliases (a DTCG curve token whose value is `{group.token}`): a curve may name the curve it
-- stands for. Its `expression` and `kind` are kept equal to that curve's (transdb writes them, and
-- `set curve` on the target changes its aliases), so every reader of a curve reads one column, as
-- before. The target is kept by id: a rename follows it, and it cannot be removed while a curve
-- names it (RESTRICT).
ALTER TABLE curve ADD COLUMN alias_of_id INTEGER REFERENCES curve (id) ON DELETE RESTRICT
    CHECK (alias_of_id IS NULL OR alias_of_id <> id);

CREATE INDEX curve_alias_of ON curve (alias_of_id) WHERE alias_of_id IS NOT NULL;
