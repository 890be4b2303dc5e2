import GRDB
import TransDBCore

/// Named curves and presets read through a connection already inside a read, for work done
/// within that read (GRDB's reads do not nest): the Reduce Motion step of `resolve` and
/// `resolve --batch`. Valid only for the duration of the read that gave it `db`.
struct ConnectionPresetSource: PresetSource, @unchecked Sendable {
    let db: Database

    func timingCurve(_ reference: CurveReference) throws -> TimingCurve {
        switch reference {
        case let .inline(curve): curve
        case let .named(name): try CatalogReader(db: db).curve(id: CatalogLookup.id(.curve, name, db)).curve
        }
    }

    func preset(named name: QualifiedName) throws -> Preset {
        try CatalogReader(db: db).preset(id: CatalogLookup.id(.preset, name, db))
    }
}
