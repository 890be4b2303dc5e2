import Testing
@testable import TransDBCore

/// The engine's timing-curve suites, grouped so that `swift test --filter Engine` selects them.
@Suite("Engine: timing curves")
enum EngineCurves {}
