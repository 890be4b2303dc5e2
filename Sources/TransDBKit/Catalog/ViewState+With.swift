import TransDBCore

extension ViewState {
    /// The state with `change` applied: how generated tables write a state's less common values
    /// (`ViewState(frame: …, alpha: 1).with { $0.scaleX = 0.9 }`).
    public func with(_ change: (inout ViewState) -> Void) -> ViewState {
        var state = self
        change(&state)
        return state
    }
}
