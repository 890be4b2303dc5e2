extension ViewTrack {
    /// The track `progress` of the way from its start to its end, in points in `context`, as the
    /// engine samples it (with the track's geometry): what an app's animator sets a view to at the
    /// start (0), at the end (1) and at each of a curve's stops (TransDBKit).
    public func sample(progress: Double, in context: TransitionContext, zIndex: Int) -> ViewSample {
        ViewSample(from: start, to: end, progress: progress, context: context, zIndex: zIndex, geometry: geometry)
    }

    /// The state the completion leaves the view in, in points, as the engine samples it once
    /// the transition has completed.
    public func completedSample(in context: TransitionContext, zIndex: Int) -> ViewSample {
        ViewSample(from: start, to: final, progress: 1, context: context, zIndex: zIndex, geometry: geometry)
    }
}
