#!/usr/bin/env python3
"""Expected frames of the `samples` presets, computed from the seed documents' own code.

Each function below follows one animator's animateTransition(using:) line by line (the seed
files are in ../shared/seeds): which view moves, its start and end frame, transform, centre and
alpha, the duration and the timing (UIView.animate's default easeInOut curve, or
usingSpringWithDamping). It shares no code with transdb: the spring is UIKit's documented
duration/damping-ratio form with the inferred mapping of uikit-semantics.md (mass 1, envelope
0.001 at the duration, closed form for initial velocity 0), the curve is solved by bisection.

    Scripts/seed-reference.py > Tests/TransDBTests/Fixtures/seeds/samples-reference.json

The output lists, for each preset, the views at 0, 25, 50, 75 and 100 % of the duration and
0.1 s after the end (after the completion block ran), on a 375×667 screen.
"""
import json
import math

W, H = 375.0, 667.0
ORIGIN = (24.0, 140.0, 120.0, 90.0)   # originFrame / presentFrameRect / dismissToRect
TARGET = (0.0, 64.0, 375.0, 280.0)    # presentToRect / dismissFrameRect
FULL = (0.0, 0.0, W, H)               # finalFrame(for:) and the screen's bounds


def ease_in_out(f):
    """UIView.animate's default curve, cubic-bezier(0.42, 0, 0.58, 1), solved by bisection."""
    if f <= 0:
        return 0.0
    if f >= 1:
        return 1.0
    def bez(t, p1, p2):
        return 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t ** 2 * p2 + t ** 3
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if bez(mid, 0.42, 0.58) < f:
            lo = mid
        else:
            hi = mid
    t = (lo + hi) / 2
    return bez(t, 0.0, 1.0)


def uikit_spring(duration, ratio):
    """usingSpringWithDamping: ratio, initialSpringVelocity: 0 over `duration` seconds."""
    omega = math.log(ratio / (0.001 * math.sqrt(1 - ratio * ratio))) / (ratio * duration)
    wd = omega * math.sqrt(1 - ratio * ratio)
    def position(t):
        if t >= duration:
            return 1.0  # the completion leaves the model values
        if t <= 0:
            return 0.0
        return 1 - math.exp(-ratio * omega * t) * (math.cos(wd * t) + ratio * omega / wd * math.sin(wd * t))
    return position


def view(frame, alpha=1.0, scale=None):
    x, y, w, h = frame
    result = {"x": x, "y": y, "width": w, "height": h, "alpha": min(1.0, max(0.0, alpha))}
    if scale is not None:
        result["scaleX"], result["scaleY"] = scale
    return result


def mix_frame(a, b, p):
    return tuple(a[i] + (b[i] - a[i]) * p for i in range(4))


def untransformed(bounds, centre):
    """The frame of a view with `bounds` around `centre`, before its transform."""
    return (centre[0] - bounds[2] / 2, centre[1] - bounds[3] / 2, bounds[2], bounds[3])


def mid(r):
    return (r[0] + r[2] / 2, r[1] + r[3] / 2)


def hs_left(is_present):
    # transView = isPresent ? toView : fromView; frame (isPresent ? width : 0, 0) → (isPresent ? 0 : width, 0)
    def at(t, done):
        p = ease_in_out(t / 1.0)
        start = (W if is_present else 0.0, 0.0, W, H)
        end = (0.0 if is_present else W, 0.0, W, H)
        moving = view(mix_frame(start, end, p))
        still = view(FULL)
        return (still, moving, None) if is_present else (moving, still, None)
    return 1.0, at


def custom_transition():
    # anoVC.view.frame = CGRectOffset(finalbounds, 0, screenHeight) → finalbounds; 0.8 s, damping 0.6
    spring = uikit_spring(0.8, 0.6)
    def at(t, done):
        return view(FULL), view(mix_frame((0.0, H, W, H), FULL, spring(t))), None
    return 0.8, at


def pop_animator(presenting):
    spring = uikit_spring(1.0, 0.4)
    initial = ORIGIN if presenting else FULL
    final = FULL if presenting else ORIGIN
    xs = initial[2] / final[2] if presenting else final[2] / initial[2]
    ys = initial[3] / final[3] if presenting else final[3] / initial[3]
    def at(t, done):
        p = spring(t)
        # presenting: transform = scale, centre = initial's → identity, final's centre.
        # dismissing: transform identity → scale, centre → final's centre.
        s0, s1 = ((xs, ys), (1.0, 1.0)) if presenting else ((1.0, 1.0), (xs, ys))
        scale = (s0[0] + (s1[0] - s0[0]) * p, s0[1] + (s1[1] - s0[1]) * p)
        c0, c1 = mid(initial), mid(final)
        centre = (c0[0] + (c1[0] - c0[0]) * p, c0[1] + (c1[1] - c0[1]) * p)
        # herbView keeps its bounds (the final frame, or its own full frame when dismissing).
        herb = view(untransformed(FULL, centre), scale=scale)
        return (view(FULL), herb, None) if presenting else (herb, view(FULL), None)
    return 1.0, at


def custom_animated_transitioning():
    spring = uikit_spring(1.0, 0.5)
    def at(t, done):
        p = spring(t)
        from_alpha = 1.0 if done else 1 + (0.5 - 1) * p  # completion: fromViewController.view.alpha = 1.0
        return view(FULL, from_alpha), view(mix_frame((0.0, -H, W, H), FULL, p)), None
    return 1.0, at


def sz_animator(is_present):
    def at(t, done):
        p = ease_in_out(t / 2.0)
        start, end = (ORIGIN, TARGET) if is_present else (TARGET, ORIGIN)
        moving = view(mix_frame(start, end, p), 0.0 if done else 1.0)  # removed from its superview at the end
        if is_present:
            return view(FULL), view(FULL, p), moving
        return view(FULL, 1 - p), view(FULL), moving
    return 2.0, at


PRESETS = [
    ("samples/hsLeftPresent", "present", hs_left(True)),
    ("samples/hsLeftDismiss", "dismiss", hs_left(False)),
    ("samples/customTransition", "present", custom_transition()),
    ("samples/popAnimator", "present", pop_animator(True)),
    ("samples/popAnimatorDismiss", "dismiss", pop_animator(False)),
    ("samples/customAnimatedTransitioning", "present", custom_animated_transitioning()),
    ("samples/szPresent", "present", sz_animator(True)),
    ("samples/szDismiss", "dismiss", sz_animator(False)),
]

cases = []
for name, operation, (duration, at) in PRESETS:
    for label, t, done in [("0%", 0.0, False), ("25%", duration * 0.25, False), ("50%", duration * 0.5, False),
                           ("75%", duration * 0.75, False), ("100%", duration, False), ("after", duration + 0.1, True)]:
        from_view, to_view, shared = at(t, done)
        cases.append({"preset": name, "operation": operation, "at": label, "time": t,
                      "from": from_view, "to": to_view, "shared": shared})

print(json.dumps({"screen": [W, H], "origin": list(ORIGIN), "target": list(TARGET), "cases": cases}, indent=1))
