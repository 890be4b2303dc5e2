/// References as written inside a library and as the catalog resolves them: a bundle writes a
/// reference to an entry of its own library bare (`fade`) and one to another library's entry
/// qualified (`uikit/fade`); a bare reference read in a library belongs, first, to that library.
/// Every reader and writer of references makes them local or qualified through these.
extension QualifiedName {
    /// The reference as written inside `library`: without its library when it is `library`.
    public func local(in library: String) -> QualifiedName {
        self.library == library ? QualifiedName(library: nil, name: name) : self
    }

    /// The reference with a library: `library` when it names none.
    public func qualified(in library: String) -> QualifiedName {
        self.library == nil ? QualifiedName(library: library, name: name) : self
    }
}

extension CurveReference {
    /// The reference as written inside `library`. A curve named `linear` keeps its library:
    /// `linear` alone reads as the expression (see ``init(parsing:field:)``).
    public func local(in library: String) -> CurveReference {
        guard case let .named(reference) = self, reference.name != "linear" else { return self }
        return .named(reference.local(in: library))
    }

    /// The reference with a library: `library` for a bare curve name; an expression as it is.
    public func qualified(in library: String) -> CurveReference {
        guard case let .named(reference) = self else { return self }
        return .named(reference.qualified(in: library))
    }
}

extension ScreenPattern {
    /// The side as written inside `library` (`*` as it is).
    public func local(in library: String) -> ScreenPattern {
        guard case let .screen(reference) = self else { return self }
        return .screen(reference.local(in: library))
    }
}
