import ArgumentParser
import TransDB
import TransDBCore

// Command-line spellings of the library's enums: their raw values.
extension TransitionOperation: ExpressibleByArgument {}
extension PresetKind: ExpressibleByArgument {}
extension Direction: ExpressibleByArgument {}
extension ModalTransitionStyle: ExpressibleByArgument {}
extension ModalPresentationStyle: ExpressibleByArgument {}
extension ContainerKind: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension TimingCurve.Kind: ExpressibleByArgument {}
extension ExportFormat: ExpressibleByArgument {}
extension ImportFormat: ExpressibleByArgument {}
extension LintFormat: ExpressibleByArgument {}
extension LintSeverity: ExpressibleByArgument {}
extension ConflictPolicy: ExpressibleByArgument {}
extension ListedKind: ExpressibleByArgument {}

/// Parses a name argument, turning validation failures into usage errors that name the value.
func qualifiedName(_ text: String, field: String) throws -> QualifiedName {
    try QualifiedName(parsing: text, field: field)
}

/// Reads a number option in JSON's grammar (``JSONNumber``), quoting the text as typed when it is
/// refused: `--duration 0x10` and `--duration nan` are both usage errors (exit 64).
func number(_ text: String) throws -> Double {
    do {
        return try JSONNumber.parse(text)
    } catch let refusal as JSONNumber.Refusal {
        throw ValidationError(refusal.description)
    }
}
