import Foundation
import TransDBCore

/// A transition as a row of still frames in one SVG image: the views in the container at chosen
/// times (evenly spaced by default), with the time under each frame. Deterministic (numbers
/// rounded to 3 decimals), and plain SVG 1.1 without scripts or external references, so it renders
/// in a browser and in a code host's README. `transdb eval --format svg` writes it.
///
/// Each view is a `<rect data-view="NAME" data-time="SECONDS" x y width height>` in points of the
/// container (its frame before scale and rotation, which are a `transform` about its centre);
/// `opacity` is its alpha. A rotation about the vertical axis is drawn as a horizontal scale by its
/// cosine (an orthographic projection) and a view turned past 90° is not drawn, as in the preview page.
public struct Filmstrip: Sendable {
    /// The timeline.
    public var timeline: Timeline
    /// The frames' times in seconds, one frame each, drawn left to right.
    public var times: [Double]
    /// Each frame's width in pixels; the height follows the container's aspect ratio.
    public var frameWidth: Double

    /// The default number of frames.
    public static let defaultFrames = 8

    /// A filmstrip of `frames` frames (at least 1) of `timeline`, at evenly spaced times from
    /// the start to the end (one frame: the start).
    public init(_ timeline: Timeline, frames: Int = Filmstrip.defaultFrames, frameWidth: Double = 96) {
        let frames = max(1, frames)
        let times = frames > 1 ? (0..<frames).map { timeline.duration * Double($0) / Double(frames - 1) } : [0]
        self.init(timeline, times: times, frameWidth: frameWidth)
    }

    /// A filmstrip of `timeline` with a frame at each of `times` (no times: one frame at the start).
    public init(_ timeline: Timeline, times: [Double], frameWidth: Double = 96) {
        self.timeline = timeline
        self.times = times.isEmpty ? [0] : times
        self.frameWidth = frameWidth
    }

    /// How many frames.
    public var frames: Int { times.count }

    /// The image.
    public var svg: String {
        let container = timeline.context.container
        let scale = frameWidth / container.width
        let frameHeight = container.height * scale
        let gap = 12.0
        let label = 18.0
        let width = Double(frames) * frameWidth + Double(frames - 1) * gap
        let height = frameHeight + label
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" \
            font-family="sans-serif" font-size="11">
            <defs><clipPath id="frame"><rect width="\(n(container.width))" height="\(n(container.height))"/></clipPath></defs>

            """
        for (index, time) in times.enumerated() {
            let sample = timeline.sample(at: time)
            let left = Double(index) * (frameWidth + gap)
            out += "<g transform=\"translate(\(n(left)) 0)\">\n"
            out += "<g transform=\"scale(\(n(scale)))\" clip-path=\"url(#frame)\">\n"
            out += "<rect width=\"\(n(container.width))\" height=\"\(n(container.height))\" fill=\"#e9ebef\"/>\n"
            // Lower views first; the dimming overlay lies above the view at z 0.
            // A shared element is a third view (`eval`'s `shared`), drawn like the others.
            let views = ([("from", sample.from), ("to", sample.to)] + (sample.shared.map { [("shared", $0)] } ?? []))
                .sorted { $0.1.zIndex < $1.1.zIndex }
            for (name, view) in views {
                if view.zIndex > 0 && sample.dimming > 0 {
                    out +=
                        "<rect width=\"\(n(container.width))\" height=\"\(n(container.height))\" fill=\"#000\" opacity=\"\(n(sample.dimming))\"/>\n"
                }
                out += rect(name, view, time: time)
            }
            out += "</g>\n"
            out += "<rect width=\"\(n(frameWidth))\" height=\"\(n(frameHeight))\" fill=\"none\" stroke=\"#3a3d45\" stroke-width=\"1\"/>\n"
            out +=
                "<text x=\"\(n(frameWidth / 2))\" y=\"\(n(frameHeight + 13))\" text-anchor=\"middle\" fill=\"#5d6370\">\(time.formatted(digits: 3)) s</text>\n"
            out += "</g>\n"
        }
        return out + "</svg>\n"
    }

    private func rect(_ name: String, _ view: ViewSample, time: Double) -> String {
        let turn = cos(view.rotationY * .pi / 180)
        guard turn > 1e-9 else { return "" }  // edge-on or facing away
        let cx = view.x + view.width / 2
        let cy = view.y + view.height / 2
        var transform = ""
        if view.rotation != 0 || view.scaleX != 1 || view.scaleY != 1 || turn < 1 {
            transform =
                " transform=\"translate(\(n(cx)) \(n(cy))) rotate(\(n(view.rotation))) scale(\(n(view.scaleX * turn)) \(n(view.scaleY))) translate(\(n(-cx)) \(n(-cy)))\""
        }
        let fill = name == "from" ? "#2563eb" : name == "to" ? "#ea580c" : "#059669"
        return """
            <rect data-view="\(name)" data-time="\(n(time))" x="\(n(view.x))" y="\(n(view.y))" width="\(n(view.width))" \
            height="\(n(view.height))" rx="\(n(view.cornerRadius))" fill="\(fill)" opacity="\(n(view.alpha))"\(transform)/>
            <text x="\(n(view.x + 16))" y="\(n(view.y + 48))" font-size="40" fill="#fff" opacity="\(n(view.alpha))"\(transform)>\(name)</text>

            """
    }

    /// A number rounded to 3 decimals, as the image writes it.
    private func n(_ value: Double) -> String { value.formatted(digits: 3) }
}
