extension ViewState {
    /// The state in points in `context`, as the engine samples it: what an app's animator sets
    /// a view to at the start of a track, at its end, or after the completion (TransDBKit).
    ///
    /// - Parameter zIndex: 1 for the view on top, 0 for the other, 2 for a shared element.
    public func sample(in context: TransitionContext, zIndex: Int) -> ViewSample {
        ViewSample(from: self, to: self, progress: 0, context: context, zIndex: zIndex)
    }
}

extension ViewTrack {
    /// The track `progress` of the way from its start to its end, in points in `context`, as
    /// the engine samples it: what an app's keyframes set at each of a curve's stops (TransDBKit).
    public func sample(progress: Double, in context: TransitionContext, zIndex: Int) -> ViewSample {
        ViewSample(from: start, to: end, progress: progress, context: context, zIndex: zIndex)
    }
}
