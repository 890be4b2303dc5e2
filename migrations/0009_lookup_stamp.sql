-- transdb catalog, schema 9: a stamp that changes with every change the lookup can see.
--
-- `resolve --batch` answers from a compact file beside the catalog (`<catalog>-lookup`) when that
-- file was built from the catalog as it is now: the file records the stamp it was built at, and
-- any insert, update or delete of a library, screen, container, delegate or route draws a new
-- random stamp, in the same transaction (a rolled-back change keeps the old one). A writer that
-- is not transdb (the sqlite3 shell) changes the stamp too. Presets are not stamped: the file
-- holds only their ids, which a route's foreign key keeps alive.

CREATE TABLE lookup_stamp (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    stamp INTEGER NOT NULL
) STRICT;

INSERT INTO lookup_stamp (id, stamp) VALUES (1, random());

CREATE TRIGGER library_insert_stamp AFTER INSERT ON library BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER library_update_stamp AFTER UPDATE ON library BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER library_delete_stamp AFTER DELETE ON library BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;

CREATE TRIGGER screen_insert_stamp AFTER INSERT ON screen BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER screen_update_stamp AFTER UPDATE ON screen BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER screen_delete_stamp AFTER DELETE ON screen BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;

CREATE TRIGGER container_insert_stamp AFTER INSERT ON container BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER container_update_stamp AFTER UPDATE ON container BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER container_delete_stamp AFTER DELETE ON container BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;

CREATE TRIGGER delegate_insert_stamp AFTER INSERT ON delegate BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER delegate_update_stamp AFTER UPDATE ON delegate BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER delegate_delete_stamp AFTER DELETE ON delegate BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;

CREATE TRIGGER route_insert_stamp AFTER INSERT ON route BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER route_update_stamp AFTER UPDATE ON route BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
CREATE TRIGGER route_delete_stamp AFTER DELETE ON route BEGIN UPDATE lookup_stamp SET stamp = random() WHERE id = 1; END;
