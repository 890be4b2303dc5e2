-- transdb catalog, schema 8: how a released gesture decides, per interaction.
--
-- An interactive preset's gesture finishes when its progress at release is above the finish
-- threshold, else cancels. Gesture-driven libraries also finish a flick: a release faster than a
-- velocity (progress per second), whatever the progress; transdb applied one such velocity, 1, to
-- every interaction. Not every app does: seed 000's pan finishes on position alone. The velocity
-- is now the preset's own; NULL on an interactive preset means the release decides by position
-- alone. Every interactive preset already stored keeps the velocity it played with until now.

ALTER TABLE preset ADD COLUMN flick_velocity REAL
    CHECK (flick_velocity IS NULL OR (flick_velocity > 0 AND flick_velocity <= 1000 AND completion_speed IS NOT NULL));

UPDATE preset SET flick_velocity = 1 WHERE completion_speed IS NOT NULL;
