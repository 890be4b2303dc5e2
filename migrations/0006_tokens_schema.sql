-- transdb catalog, schema 6: the JSON schema a library's design-token file declared.
--
-- A DTCG file names the schema it follows at its root ("$schema":
-- "https://www.designtokens.org/schemas/2025.10/format.json"). Each library read from the file
-- keeps it, and `export --format dtcg` writes it back, so a token file that goes through the
-- catalog keeps its declaration. NULL when the library has none (every existing library).

ALTER TABLE library ADD COLUMN tokens_schema TEXT
    CHECK (tokens_schema IS NULL OR length(tokens_schema) BETWEEN 1 AND 2048);
