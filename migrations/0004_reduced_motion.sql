-- transdb catalog, schema 4: Reduce Motion alternatives.
--
-- A preset may name the preset played instead of it when Reduce Motion is on
-- (`add preset … --reduced-motion P`, bundle "reducedMotion"). NULL means none is named: transdb
-- derives one (a cross-fade of the same views, springs without bounce). The alternative is kept by
-- id, so a rename follows it, and it cannot be removed while a preset names it (RESTRICT).
-- SQLite adds a column with a REFERENCES clause and a CHECK only when its default is NULL, which
-- it is: every existing preset keeps deriving its alternative.

ALTER TABLE preset ADD COLUMN reduced_motion_id INTEGER REFERENCES preset (id) ON DELETE RESTRICT
    CHECK (reduced_motion_id IS NULL OR reduced_motion_id <> id);

CREATE INDEX preset_reduced_motion ON preset (reduced_motion_id) WHERE reduced_motion_id IS NOT NULL;
