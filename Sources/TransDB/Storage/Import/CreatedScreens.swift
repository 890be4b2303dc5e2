import TransDBCore

/// The screens an import inserted into a library it created, found by name when routes name them.
///
/// A dictionary of a library's two million screen names costs about 120 MB. The names are already
/// in the bundle, in the order they were inserted, and in one transaction the row ids follow each
/// other: so this keeps the screens' positions in a table by the name's hash (4 bytes a slot, at
/// most half full) and compares names against the bundle's. A screen that breaks the pattern (a
/// row id out of sequence, a name the model wrote in another form) goes to a dictionary instead.
struct CreatedScreens {
    private let screens: [Screen]
    /// The row id of the first screen inserted: screen `p` in sequence is row `firstID + p`.
    private var firstID: Int64 = 0
    private var inserted = 0
    private var slots: [Int32]
    private let mask: Int
    private var others: [String: Int64] = [:]

    /// An empty index for the screens of a bundle, to be inserted in their order.
    init(screens: [Screen]) {
        self.screens = screens
        var capacity = 16
        while capacity < 2 * screens.count { capacity *= 2 }
        slots = Array(repeating: -1, count: capacity)
        mask = capacity - 1
    }

    /// Records that the next screen of the bundle was inserted as row `id`, named `name` (its
    /// validated name).
    mutating func insertedNext(name: String, id: Int64) {
        let position = inserted
        inserted += 1
        if position == 0 { firstID = id }
        guard position < screens.count, position <= Int32.max, id == firstID + Int64(position), screens[position].name == name else {
            others[name] = id
            return
        }
        var slot = name.hashValue & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position)
    }

    /// The row id of the screen named `name`, if this import inserted it.
    func id(of name: String) -> Int64? {
        var slot = name.hashValue & mask
        while slots[slot] >= 0 {
            let position = Int(slots[slot])
            if screens[position].name == name { return firstID + Int64(position) }
            slot = (slot + 1) & mask
        }
        return others[name]
    }
}
