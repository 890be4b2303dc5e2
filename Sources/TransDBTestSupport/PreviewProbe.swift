import Foundation

/// Scripts that drive a preview page through `window.transdbPreview` and its controls, and
/// measure what the browser drew, for ``ChromiumSession/evaluate(_:)``.
///
/// Every measurement is of the layout the browser computed, not of the values the page's script
/// wrote: each view's `getBoundingClientRect()` relative to its container's, divided by the
/// container's scale (points, as `eval` prints them), its computed opacity, the dimming overlay's
/// computed opacity, and which view the browser hit-tests at each view's centre (the z-order as
/// drawn).
public enum PreviewProbe {
    /// The function `measure(selector)`: the container matched by `selector`, its views and overlay.
    ///
    /// `container`: its size in points (`width`, `height`: its layout box), its scale on the page
    /// (`scaleX`, `scaleY`: its drawn box over its layout box), and `inset`: its drawn box against
    /// the device element's inner box (`x`, `y`, `width`, `height` in pixels; `0, 0` and the same
    /// size when the whole container is shown). `views[NAME]`: `x`, `y`, `width`, `height` of the
    /// view's drawn bounding box in points, `opacity`, and `hit`, the name of the view the browser
    /// finds at the box's centre (`null` when none of the container's views). `dimming`: the
    /// overlay's computed opacity. `finger`: whether the gesture's finger marker is shown (`null`
    /// without one).
    static let measure = #"""
        function measure(selector) {
          var container = document.querySelector(selector);
          if (!container) throw new Error('no element ' + selector);
          var box = container.getBoundingClientRect();
          var device = container.parentElement, deviceBox = device.getBoundingClientRect();
          var scaleX = box.width / container.offsetWidth, scaleY = box.height / container.offsetHeight;
          var views = {};
          container.querySelectorAll('[data-view]').forEach(function (node) {
            var r = node.getBoundingClientRect();
            var hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
            var hitView = hit && hit.closest('[data-view]');
            views[node.getAttribute('data-view')] = {
              x: (r.left - box.left) / scaleX, y: (r.top - box.top) / scaleY, width: r.width / scaleX, height: r.height / scaleY,
              opacity: Number(getComputedStyle(node).opacity),
              hit: hitView && container.contains(hitView) ? hitView.getAttribute('data-view') : null
            };
          });
          var dim = container.querySelector('[data-dimming]');
          var finger = container.querySelector('[data-finger]');
          return {
            container: {
              width: container.offsetWidth, height: container.offsetHeight, scaleX: scaleX, scaleY: scaleY,
              left: box.left, top: box.top, right: box.right, bottom: box.bottom,
              inset: { x: box.left - deviceBox.left - device.clientLeft, y: box.top - deviceBox.top - device.clientTop,
                width: box.width - device.clientWidth, height: box.height - device.clientHeight }
            },
            views: views,
            dimming: dim ? Number(getComputedStyle(dim).opacity) : null,
            finger: finger ? !finger.hidden && getComputedStyle(finger).display !== 'none' : null
          };
        }
        function nextFrame() { return new Promise(function (resolve) { requestAnimationFrame(function () { resolve(); }); }); }
        """#

    /// Pauses the page, then for each time awaits `seek(time)` and measures: `frames[i]` is
    /// `{requested, resolved (what the promise gave), isPromise, time (time() after it), …measure}`.
    /// Also `duration` (`duration()`), `resources` (`performance` resource entries: requests the
    /// page made after its document), `errors` (the page's own count, `data-transdb-errors`) and
    /// `ready` (`data-transdb-ready`).
    public static func frames(container selector: String, times: [Double]) -> String {
        """
        (async function () {
        \(measure)
        var api = window.transdbPreview, frames = [];
        api.pause();
        // On an index the player is below the cards: the browser hit-tests and draws only what is in view.
        document.querySelector(\(json(selector))).scrollIntoView({ block: 'nearest' });
        for (var t of \(json(times))) {
          var promise = api.seek(t);
          var isPromise = promise instanceof Promise;
          var resolved = await promise;
          frames.push(Object.assign({ requested: t, resolved: resolved, isPromise: isPromise, time: api.time() }, measure(\(json(selector)))));
        }
        return { frames: frames, duration: api.duration(), resources: performance.getEntriesByType('resource').length,
          errors: document.documentElement.getAttribute('data-transdb-errors'),
          ready: document.documentElement.getAttribute('data-transdb-ready') };
        })()
        """
    }

    /// Drives the controls of the player around `selector`'s container, as a reader does.
    ///
    /// - `playing`: `play()` then two animation frames: `{before, after}` times (it moved).
    /// - `scrub`: the scrubber set to `to` and an `input` event sent while playing:
    ///   `{time, playing, value, max}` right after, and `measure` one frame later.
    /// - `keys`: keydown events on the page: `right`, `shiftRight`, `left` (the time each one moved
    ///   it), `prevented` (each was handled), then `measure` one frame later; `space` and
    ///   `spaceAgain`: whether it plays after one and two presses of space.
    /// - `seekPast`: `seek(duration() + 5)`'s promise result and `time()`; `paused`: the times two
    ///   frames apart after `pause()` (equal).
    public static func controls(container selector: String, scrubTo time: Double) -> String {
        """
        (async function () {
        \(measure)
        var api = window.transdbPreview, out = {};
        var container = document.querySelector(\(json(selector)));
        var panel = container.closest('.panel');
        var scrubber = panel.querySelector('[data-scrubber]');
        api.pause();
        container.scrollIntoView({ block: 'nearest' });
        await api.seek(0);
        var before = api.time();
        api.play();
        await nextFrame(); await nextFrame(); await nextFrame();
        out.playing = { before: before, after: api.time(), playing: api.player.playing };

        scrubber.value = String(\(json(time)));
        scrubber.dispatchEvent(new Event('input', { bubbles: true }));
        out.scrub = { time: api.time(), playing: api.player.playing, value: Number(scrubber.value), max: Number(scrubber.max) };
        await nextFrame();
        out.scrub.measure = measure(\(json(selector)));

        function key(name, shift) {
          var t = api.time();
          var handled = !document.body.dispatchEvent(new KeyboardEvent('keydown', { key: name, shiftKey: !!shift, bubbles: true, cancelable: true }));
          return { moved: api.time() - t, prevented: handled };
        }
        var right = key('ArrowRight'), shiftRight = key('ArrowRight', true), left = key('ArrowLeft');
        out.keys = { right: right.moved, shiftRight: shiftRight.moved, left: left.moved,
          prevented: right.prevented && shiftRight.prevented && left.prevented, time: api.time(), playing: api.player.playing };
        await nextFrame();
        out.keys.measure = measure(\(json(selector)));
        key(' ');
        out.keys.space = api.player.playing;
        key(' ');
        out.keys.spaceAgain = api.player.playing;

        var past = await api.seek(api.duration() + 5);
        out.seekPast = { resolved: past, time: api.time(), duration: api.duration() };
        api.play();
        await nextFrame(); await nextFrame();
        api.pause();
        var stopped = api.time();
        await nextFrame(); await nextFrame();
        out.paused = { at: stopped, later: api.time() };
        return out;
        })()
        """
    }

    /// `value` as a JavaScript literal.
    static func json(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
