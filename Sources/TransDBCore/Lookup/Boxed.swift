/// An optional value kept behind a reference, for the large values of a struct that is copied
/// often (a preset is 1,128 bytes): copying the struct copies a pointer instead of the value. A
/// resolution holds up to four presets; `resolve --batch` makes, returns and writes one per
/// request, and copying them inline cost about a tenth of its instructions.
///
/// The box is never changed, only replaced, so values stay values: a copy never sees a later
/// assignment to the original.
@propertyWrapper
public struct Boxed<Wrapped: Hashable & Sendable>: Hashable, Sendable {
    private final class Box: Sendable {
        /// Declared first, so that it shares a line of memory with the box's reference count,
        /// which every answer that holds the box writes anyway.
        let record: [UInt8]?
        let value: Wrapped
        init(_ value: Wrapped, record: [UInt8]? = nil) {
            self.record = record
            self.value = value
        }
    }

    private var box: Box?

    public init(wrappedValue: Wrapped?) {
        box = wrappedValue.map { Box($0) }
    }

    /// A box holding `record` beside the value: what ``ResolutionWriter`` writes for it, made
    /// once where the value is read (`resolve --batch` reads a preset once for all its answers).
    package init(wrappedValue: Wrapped, record: [UInt8]) {
        box = Box(wrappedValue, record: record)
    }

    /// The record the box was made with, if any.
    package var record: [UInt8]? { box?.record }

    public var wrappedValue: Wrapped? {
        get { box?.value }
        set { box = newValue.map { Box($0) } }
    }

    /// The box itself: assigning it to another `@Boxed` property shares the value, copying a
    /// pointer (`resolution.$animator = preset`).
    public var projectedValue: Boxed<Wrapped> {
        get { self }
        set { self = newValue }
    }

    /// Whether there is no value, found without copying one out.
    public var isNil: Bool { box == nil }

    /// The box's identity: the same for every copy of this box, and, while one of them is held,
    /// for no other box.
    var identity: ObjectIdentifier? { box.map(ObjectIdentifier.init) }

    /// `transform` of the value, which it reads in place (`wrappedValue` would copy it out).
    public func map<T>(_ transform: (Wrapped) throws -> T) rethrows -> T? {
        guard let box else { return nil }
        return try transform(box.value)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.box === b.box || a.wrappedValue == b.wrappedValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(wrappedValue)
    }
}
