-- transdb catalog, schema 10: the lookup stamp covers presets too.
--
-- The lookup store beside a catalog (`<catalog>-lookup`) now keeps each preset as the lookup
-- reads it (its row, with the names of its curves, durations and related presets joined in, and
-- its views' rows), so a change to any of those must draw a new stamp as schema 9's changes do.

CREATE TRIGGER preset_insert_stamp AFTER INSERT ON preset BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER preset_update_stamp AFTER UPDATE ON preset BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER preset_delete_stamp AFTER DELETE ON preset BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;

CREATE TRIGGER preset_view_insert_stamp AFTER INSERT ON preset_view BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER preset_view_update_stamp AFTER UPDATE ON preset_view BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER preset_view_delete_stamp AFTER DELETE ON preset_view BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;

CREATE TRIGGER curve_insert_stamp AFTER INSERT ON curve BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER curve_update_stamp AFTER UPDATE ON curve BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER curve_delete_stamp AFTER DELETE ON curve BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;

CREATE TRIGGER duration_insert_stamp AFTER INSERT ON duration BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER duration_update_stamp AFTER UPDATE ON duration BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER duration_delete_stamp AFTER DELETE ON duration BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
