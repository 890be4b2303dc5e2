-- transdb catalog, schema 7: the same CHECK constraints, checked at a fraction of the cost.
--
-- SQLite checks `x IN ('a', 'b', 'c')` in a CHECK constraint by building a temporary b-tree of
-- the list for every row it writes: inserting a screen cost three times what the row itself
-- costs (200,000 screens: 40.9 billion instructions before, 21.8 after; shape b's import of two
-- million screens 25.8 s before, 20.1 s after). `x = 'a' OR x = 'b' OR x = 'c'` is the same
-- constraint, compared in place. Only the text of the constraints changes, not what they allow
-- nor anything stored, so the tables are not rebuilt (a rebuild would cascade through the
-- foreign keys): their definitions are edited in sqlite_schema, SQLite's documented procedure
-- for changing CHECK constraints (https://sqlite.org/lang_altertable.html#otheralter). The
-- migrator increments the schema version afterwards, so that every connection reads them again.

PRAGMA writable_schema = ON;

UPDATE sqlite_schema SET sql = replace(sql,
    'kind IN (''linear'', ''cubic-bezier'', ''steps'', ''piecewise-linear'', ''spring'')',
    '(kind = ''linear'' OR kind = ''cubic-bezier'' OR kind = ''steps'' OR kind = ''piecewise-linear'' OR kind = ''spring'')')
WHERE type = 'table' AND name = 'curve';

UPDATE sqlite_schema SET sql = replace(replace(replace(replace(replace(replace(sql,
    'kind IN (''none'', ''fade'', ''push'', ''pull'', ''cover'', ''uncover'',
                                                          ''slide'', ''zoom'', ''flip'', ''sheet'', ''custom'')',
    '(kind = ''none'' OR kind = ''fade'' OR kind = ''push'' OR kind = ''pull'' OR kind = ''cover'' OR kind = ''uncover'' OR kind = ''slide'' OR kind = ''zoom'' OR kind = ''flip'' OR kind = ''sheet'' OR kind = ''custom'')'),
    'direction IN (''left'', ''right'', ''up'', ''down'')',
    '(direction = ''left'' OR direction = ''right'' OR direction = ''up'' OR direction = ''down'')'),
    'on_top IN (''from'', ''to'')',
    '(on_top = ''from'' OR on_top = ''to'')'),
    'kind IN (''push'', ''pull'', ''cover'', ''uncover'', ''slide'', ''flip'')',
    '(kind = ''push'' OR kind = ''pull'' OR kind = ''cover'' OR kind = ''uncover'' OR kind = ''slide'' OR kind = ''flip'')'),
    'kind NOT IN (''push'', ''pull'', ''cover'', ''uncover'', ''slide'', ''flip'')',
    '(kind <> ''push'' AND kind <> ''pull'' AND kind <> ''cover'' AND kind <> ''uncover'' AND kind <> ''slide'' AND kind <> ''flip'')'),
    'direction IN (''left'', ''right'')',
    '(direction = ''left'' OR direction = ''right'')')
WHERE type = 'table' AND name = 'preset';

UPDATE sqlite_schema SET sql = replace(replace(sql,
    'modal_style IN (''coverVertical'', ''flipHorizontal'', ''crossDissolve'', ''partialCurl'')',
    '(modal_style = ''coverVertical'' OR modal_style = ''flipHorizontal'' OR modal_style = ''crossDissolve'' OR modal_style = ''partialCurl'')'),
    'presentation_style IN (''automatic'', ''fullScreen'', ''pageSheet'', ''formSheet'',
                                                     ''currentContext'', ''custom'', ''overFullScreen'',
                                                     ''overCurrentContext'', ''popover'')',
    '(presentation_style = ''automatic'' OR presentation_style = ''fullScreen'' OR presentation_style = ''pageSheet'' OR presentation_style = ''formSheet'' OR presentation_style = ''currentContext'' OR presentation_style = ''custom'' OR presentation_style = ''overFullScreen'' OR presentation_style = ''overCurrentContext'' OR presentation_style = ''popover'')')
WHERE type = 'table' AND name = 'screen';

UPDATE sqlite_schema SET sql = replace(sql,
    'kind IN (''navigation'', ''tab'')',
    '(kind = ''navigation'' OR kind = ''tab'')')
WHERE type = 'table' AND name = 'container';

UPDATE sqlite_schema SET sql = replace(replace(replace(replace(sql,
    'view IN (''from'', ''to'', ''shared'')',
    '(view = ''from'' OR view = ''to'' OR view = ''shared'')'),
    'phase IN (''start'', ''end'', ''after'')',
    '(phase = ''start'' OR phase = ''end'' OR phase = ''after'')'),
    'frame_reference IN (''container'', ''origin'', ''target'')',
    '(frame_reference = ''container'' OR frame_reference = ''origin'' OR frame_reference = ''target'')'),
    'geometry IN (''frame'', ''transform'')',
    '(geometry = ''frame'' OR geometry = ''transform'')')
WHERE type = 'table' AND name = 'preset_view';

UPDATE sqlite_schema SET sql = replace(sql,
    'operation IN (''present'', ''dismiss'', ''push'', ''pop'', ''tab'')',
    '(operation = ''present'' OR operation = ''dismiss'' OR operation = ''push'' OR operation = ''pop'' OR operation = ''tab'')')
WHERE type = 'table' AND name = 'route';

PRAGMA writable_schema = OFF;
