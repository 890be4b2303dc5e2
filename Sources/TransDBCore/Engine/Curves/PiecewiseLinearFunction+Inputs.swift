extension PiecewiseLinearFunction {
    /// Each stop's input after the CSS completion rules, as a fraction (0.25 for 25%): where an
    /// app's keyframes for this curve fall (TransDBKit), computed by the same rules as the curve.
    public var completedInputs: [Double] { inputs }
}
