/// The inline style and scripts of a preview page (``PreviewPage``).
///
/// The script reads the page's data and draws from it alone; it interpolates linearly between the
/// engine's samples and never evaluates a curve. It offers `window.transdbPreview` to other
/// scripts (tests, CI screenshots): `seek(seconds)` (a promise, resolved once the frame is drawn),
/// `play()`, `pause()`, `time()`, `duration()` (the clip's end: its last sample, one past eval's
/// `duration` when the completion changes a view). Each view is an element `[data-view=NAME]` inside
/// an element marked `[data-container]`. When it has drawn the page it sets
/// `data-transdb-ready="true"` on `<html>`; an error sets `data-transdb-errors` and shows the
/// message in `#transdb-errors`.
enum PreviewAssets {
    /// The page's style: readable at phone width, light and dark. Views hide their back
    /// (`backface-visibility`), as the layers of UIKit's flip transitions do: a view turned past 90°
    /// about the vertical axis is not seen.
    static let style = #"""
        :root{color-scheme:light dark;--bg:#f7f7f8;--fg:#16181d;--muted:#5d6370;--panel:#fff;--line:#d9dbe0;--accent:#2563eb;
        font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
        @media (prefers-color-scheme:dark){:root{--bg:#121317;--fg:#e8e9ec;--muted:#9aa0ab;--panel:#1b1d22;--line:#30333a;--accent:#6ea1ff}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--fg)}
        header.top{padding:12px 16px;border-bottom:1px solid var(--line)}
        header.top h1{font-size:18px;margin:0;word-break:break-word}
        .sub{margin:0;color:var(--muted);font-size:12px}
        main{padding:12px 16px;display:flex;flex-direction:column;gap:16px}
        .note{padding:8px 16px 24px;color:var(--muted);font-size:12px}
        .row{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
        .panel{background:var(--panel);border:1px solid var(--line);border-radius:10px;padding:12px;min-width:0}
        .panel h2{font-size:14px;margin:0 0 8px}
        .panel h3{font-size:13px;margin:8px 0 4px}
        .grow{flex:1 1 320px}
        .col{display:flex;flex-direction:column;gap:16px}
        .panel.player{flex:none;max-width:100%}
        .device{position:relative;border-radius:18px;border:3px solid #3a3d45;background:#0b0c0f;overflow:hidden;flex:none}
        .screen{position:absolute;left:0;top:0;transform-origin:0 0;overflow:hidden;background:#e9ebef}
        .view{position:absolute;transform-origin:50% 50%;overflow:hidden;backface-visibility:hidden;color:#fff;font-weight:600;border:1px solid rgba(0,0,0,.25);
        box-shadow:0 1px 6px rgba(0,0,0,.25)}
        .view .label{position:absolute;left:12px;top:14px;font-size:28px;text-shadow:0 1px 2px rgba(0,0,0,.4)}
        .view .lines{position:absolute;left:12px;right:12px;top:64px}
        .view .lines i{display:block;height:18px;margin:0 0 14px;border-radius:6px;background:rgba(255,255,255,.28)}
        .dim{position:absolute;left:0;top:0;right:0;bottom:0;background:#000;z-index:2;pointer-events:none}
        .finger{position:absolute;width:44px;height:44px;margin:-22px 0 0 -22px;border-radius:50%;background:rgba(255,255,255,.55);
        border:3px solid rgba(20,20,20,.7);z-index:1000;pointer-events:none}
        .controls{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin-top:10px}
        .controls button{font:inherit;padding:4px 10px;border-radius:6px;border:1px solid var(--line);background:var(--panel);color:var(--fg);cursor:pointer}
        .controls button[aria-pressed=true]{background:var(--accent);color:#fff;border-color:var(--accent)}
        .controls input[type=range]{flex:1 1 200px;min-width:140px}
        .readout{font-variant-numeric:tabular-nums;min-width:9em}
        .plot{width:100%;height:auto;display:block;color:var(--fg);max-width:640px}
        .plot .axis{stroke:var(--line);stroke-width:1}
        .plot .curve{fill:none;stroke:var(--accent);stroke-width:2;vector-effect:non-scaling-stroke}
        .plot .playhead{stroke:#e11d48;stroke-width:1.5;vector-effect:non-scaling-stroke}
        .plot .release{stroke:var(--muted);stroke-dasharray:4 3;vector-effect:non-scaling-stroke}
        .plot text{font-size:10px;fill:var(--muted)}
        .plots{display:grid;grid-template-columns:repeat(auto-fill,minmax(170px,1fr));gap:8px}
        .plots figure{margin:0}.plots figcaption{font-size:12px;color:var(--muted)}
        dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0}
        dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;word-break:break-word}
        code{font:12px ui-monospace,SFMono-Regular,Menlo,monospace}
        ol.steps{margin:4px 0;padding-left:22px}ol.steps li{margin:2px 0;overflow-wrap:anywhere}
        .legend{display:flex;gap:10px;flex-wrap:wrap;font-size:12px}.legend span::before{content:"";display:inline-block;width:10px;height:10px;
        border-radius:2px;margin-right:4px;background:var(--c)}
        .cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:12px}
        .card{background:var(--panel);border:1px solid var(--line);border-radius:10px;padding:8px;display:flex;flex-direction:column;align-items:center;gap:6px;cursor:pointer}
        .card:focus-visible,.card:hover{outline:2px solid var(--accent)}
        .card .name{font-size:12px;font-weight:600;text-align:center;word-break:break-word}
        .badge{font-size:11px;padding:1px 6px;border-radius:9px;background:var(--line);color:var(--fg)}
        table{border-collapse:collapse;width:100%;font-size:12px}th,td{border-bottom:1px solid var(--line);padding:4px 6px;text-align:left;vertical-align:top}
        .tablewrap{overflow-x:auto}
        button.link{font:inherit;border:none;background:none;padding:0;color:var(--accent);text-decoration:underline;cursor:pointer}
        .change-added{color:#16a34a}.change-removed{color:#dc2626}.change-changed{color:#d97706}
        .pair{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
        .side{display:flex;flex-direction:column;align-items:center;gap:4px}
        .absent{display:flex;align-items:center;justify-content:center;color:var(--muted);border:2px dashed var(--line);border-radius:18px}
        #transdb-errors{margin:12px 16px;padding:8px;border:2px solid #dc2626;color:#dc2626;white-space:pre-wrap}
        @media (max-width:520px){main{padding:8px}.panel{padding:8px}}
        """#

    /// Records every script error in the page, before the main script runs, so that a test (or a
    /// person) sees it.
    static let errorTrap = #"""
        (function(){var n=0;function show(text){n+=1;document.documentElement.setAttribute('data-transdb-errors',String(n));
        var box=document.getElementById('transdb-errors');if(box){box.hidden=false;box.textContent+=text+'\n';}else{
        document.addEventListener('DOMContentLoaded',function(){show(text);n-=1;});}}
        window.onerror=function(message,source,line,column){show('script error: '+message+' (line '+line+':'+column+')');};
        window.addEventListener('unhandledrejection',function(event){show('unhandled rejection: '+event.reason);});})();
        """#

    /// The player, plots, index and diff views.
    static let script = #"""
        (function () {
        'use strict';
        var data = JSON.parse(document.getElementById('transdb-data').textContent);
        var app = document.getElementById('app');
        var reducedMotion = !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
        var COLORS = { from: '#2563eb', to: '#ea580c', shared: '#059669' };
        var EXTRA = ['#7c3aed', '#db2777', '#0891b2', '#65a30d'];
        var SPEEDS = [0.1, 0.25, 0.5, 1];
        var FPS = data.sampling.fps;

        function el(tag, attrs, children) {
          var node = document.createElement(tag);
          Object.keys(attrs || {}).forEach(function (key) {
            var value = attrs[key];
            if (value === null || value === undefined || value === false) return;
            if (key === 'text') node.textContent = value;
            else if (key === 'html') node.innerHTML = value;
            else if (key === 'style') node.style.cssText = value;
            else if (key.slice(0, 2) === 'on') node.addEventListener(key.slice(2), value);
            else node.setAttribute(key, value === true ? '' : String(value));
          });
          (children || []).forEach(function (child) {
            if (child !== null && child !== undefined) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
          });
          return node;
        }
        function esc(text) {
          return String(text).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; });
        }
        function num(value, digits) {
          if (value === null || value === undefined) return '–';
          var d = digits === undefined ? 4 : digits;
          return String(Math.round(value * Math.pow(10, d)) / Math.pow(10, d));
        }
        function colorFor(name, index) { return COLORS[name] || EXTRA[index % EXTRA.length]; }

        // Clips: the engine's samples in columns; linear interpolation between two samples only.
        function Clip(raw) {
          this.raw = raw;
          this.t = raw.timeline;
          this.times = raw.timeline.time;
          this.duration = raw.timeline.duration;
          // Where the clip ends: its last sample, one sample past the duration when the completion
          // changes a view (eval's state after the end), else the duration.
          this.end = this.times[this.times.length - 1];
          this.width = raw.screen.width;
          this.height = raw.screen.height;
          this.labels = raw.labels || {};
        }
        Clip.prototype.locate = function (time) {
          var times = this.times, last = times.length - 1;
          if (!(time > times[0])) return { i: 0, f: 0 };
          // After the end the views are as the completion left them: a step at the end, as eval has it.
          if (time >= times[last] || time > this.duration) return { i: last, f: 0 };
          var lo = 0, hi = last;
          while (hi - lo > 1) { var mid = (lo + hi) >> 1; if (times[mid] <= time) lo = mid; else hi = mid; }
          return { i: lo, f: (time - times[lo]) / (times[hi] - times[lo]) };
        };
        function lerp(track, at) {
          var a = track[at.i];
          if (at.f === 0 || at.i + 1 >= track.length) return a;
          return a + (track[at.i + 1] - a) * at.f;
        }
        Clip.prototype.sample = function (time) {
          var at = this.locate(time);
          var views = this.t.views.map(function (view) {
            var state = { name: view.name };
            Object.keys(view.tracks).forEach(function (key) {
              var track = view.tracks[key];
              // z-order is a step: it changes at a sample, never between two.
              state[key] = key === 'zIndex' ? track[at.i] : lerp(track, at);
            });
            return state;
          });
          var percent = this.raw.gesture ? this.raw.gesture.percent[at.i] : null;
          return { progress: lerp(this.t.progress, at), dimming: lerp(this.t.dimming, at), views: views, percent: percent, index: at.i };
        };
        Clip.prototype.gestureAxis = function () {
          // The finger follows the view that moves most, along its path.
          var best = null;
          this.t.views.forEach(function (view) {
            var x = view.tracks.x, y = view.tracks.y, w = view.tracks.width, h = view.tracks.height, n = x.length - 1;
            var dx = (x[n] + w[n] / 2) - (x[0] + w[0] / 2), dy = (y[n] + h[n] / 2) - (y[0] + h[0] / 2);
            var length = Math.abs(dx) + Math.abs(dy);
            if (!best || length > best.length) best = { dx: dx, dy: dy, length: length };
          });
          if (!best || best.length < 1) best = { dx: 0, dy: -this.height / 2, length: 1 };
          return best;
        };

        // A stage: the device-shaped container with one card per view.
        function Stage(clip, maxWidth, maxHeight) {
          this.clip = clip;
          var scale = Math.min(maxWidth / clip.width, maxHeight / clip.height);
          this.scale = scale;
          this.node = el('div', { class: 'device', style: 'width:' + (clip.width * scale + 6) + 'px;height:' + (clip.height * scale + 6) + 'px' });
          this.screen = el('div', {
            class: 'screen', 'data-container': '', role: 'img',
            'aria-label': 'transition ' + clip.raw.title + ' in a ' + clip.width + ' by ' + clip.height + ' point container',
            style: 'width:' + clip.width + 'px;height:' + clip.height + 'px;transform:scale(' + scale + ')'
          });
          this.node.appendChild(this.screen);
          var self = this;
          this.cards = clip.t.views.map(function (view, index) {
            var label = clip.labels[view.name] ? view.name + ' · ' + clip.labels[view.name] : view.name;
            var card = el('div', { class: 'view', 'data-view': view.name, style: 'background:' + colorFor(view.name, index) }, [
              el('span', { class: 'label', text: label }),
              el('div', { class: 'lines', html: '<i style="width:70%"></i><i></i><i style="width:85%"></i><i style="width:60%"></i><i></i>' })
            ]);
            self.screen.appendChild(card);
            return card;
          });
          this.dim = el('div', { class: 'dim', 'data-dimming': '', style: 'opacity:0' });
          this.screen.appendChild(this.dim);
          if (clip.raw.gesture) {
            this.finger = el('div', { class: 'finger', 'data-finger': '', hidden: true });
            this.screen.appendChild(this.finger);
            this.axis = clip.gestureAxis();
          }
        }
        Stage.prototype.draw = function (time) {
          var state = this.clip.sample(time);
          var self = this;
          state.views.forEach(function (view, index) {
            var card = self.cards[index], s = card.style;
            s.left = view.x + 'px'; s.top = view.y + 'px'; s.width = view.width + 'px'; s.height = view.height + 'px';
            s.opacity = String(view.alpha);
            s.borderRadius = view.cornerRadius + 'px';
            s.zIndex = String(2 * view.zIndex + 1);
            s.transform = 'perspective(1000px) rotate(' + view.rotation + 'deg) rotateY(' + view.rotationY + 'deg) scale(' + view.scaleX + ',' + view.scaleY + ')';
          });
          this.dim.style.opacity = String(state.dimming);
          if (this.finger) {
            var g = this.clip.raw.gesture;
            var down = time <= g.endTime && g.updates.length > 0 && time >= g.updates[0].time;
            this.finger.hidden = !down;
            if (down) {
              var p = state.percent - 0.5;
              this.finger.style.left = (this.clip.width / 2 + this.axis.dx * p) + 'px';
              this.finger.style.top = (this.clip.height / 2 + this.axis.dy * p) + 'px';
            }
          }
          return state;
        };

        // An SVG plot of values over time, with a playhead.
        function Plot(times, values, options) {
          var W = options.width || 320, H = options.height || 120, pad = 4;
          var lo = Math.min.apply(null, values), hi = Math.max.apply(null, values);
          if (options.unit) { lo = Math.min(lo, 0); hi = Math.max(hi, 1); }
          if (hi - lo < 1e-9) { hi = lo + 1; }
          var end = times[times.length - 1] || 1;
          this.x = function (t) { return pad + (W - 2 * pad) * (t / end); };
          var y = function (v) { return H - pad - (H - 2 * pad) * ((v - lo) / (hi - lo)); };
          var step = Math.max(1, Math.floor(values.length / 600));
          var points = [];
          for (var i = 0; i < values.length; i += step) points.push(this.x(times[i]).toFixed(2) + ',' + y(values[i]).toFixed(2));
          var lastIndex = values.length - 1;
          points.push(this.x(times[lastIndex]).toFixed(2) + ',' + y(values[lastIndex]).toFixed(2));
          var svg = '<svg class="plot" viewBox="0 0 ' + W + ' ' + H + '" role="img" aria-label="' + esc(options.label) + '">';
          svg += '<line class="axis" x1="0" x2="' + W + '" y1="' + y(lo).toFixed(2) + '" y2="' + y(lo).toFixed(2) + '"/>';
          if (options.unit) {
            [0, 1].forEach(function (v) {
              svg += '<line class="axis" x1="0" x2="' + W + '" y1="' + y(v).toFixed(2) + '" y2="' + y(v).toFixed(2) + '"/>';
              svg += '<text x="2" y="' + (v === 1 ? y(v) + 11 : y(v) - 3).toFixed(2) + '">' + v + '</text>';
            });
          } else {
            svg += '<text x="2" y="10">' + esc(num(hi, 2)) + '</text><text x="2" y="' + (H - 6) + '">' + esc(num(lo, 2)) + '</text>';
          }
          if (options.release !== undefined) {
            var rx = this.x(options.release).toFixed(2);
            svg += '<line class="release" x1="' + rx + '" x2="' + rx + '" y1="0" y2="' + H + '"/>';
          }
          svg += '<polyline class="curve" points="' + points.join(' ') + '"/>';
          svg += '<line class="playhead" x1="0" x2="0" y1="0" y2="' + H + '"/></svg>';
          this.node = el('div', { html: svg });
          this.playhead = this.node.querySelector('.playhead');
        }
        Plot.prototype.draw = function (time) {
          var x = this.x(time).toFixed(2);
          this.playhead.setAttribute('x1', x);
          this.playhead.setAttribute('x2', x);
        };

        // A player: one clock for any number of stages and plots (a diff plays its sides in sync).
        function Player(duration) {
          this.duration = duration;
          this.time = 0;
          this.playing = false;
          this.loop = true;
          this.speed = 1;
          this.drawers = [];
          this.last = null;
          this.pending = [];
          var self = this;
          this.frame = function (now) {
            if (self.playing) {
              if (self.last !== null) {
                self.time += (now - self.last) / 1000 * self.speed;
                if (self.time >= self.duration) {
                  if (self.loop && self.duration > 0) self.time = self.time % self.duration;
                  else { self.time = self.duration; self.setPlaying(false); }
                }
              }
              self.last = now;
            }
            self.draw();
            var waiting = self.pending; self.pending = [];
            waiting.forEach(function (resolve) { resolve(self.time); });
            if (self.playing) self.schedule();
          };
        }
        // One animation frame at a time: a seek while playing must not start a second clock.
        Player.prototype.schedule = function () {
          if (this.scheduled) return;
          this.scheduled = true;
          var self = this;
          window.requestAnimationFrame(function (now) { self.scheduled = false; self.frame(now); });
        };
        Player.prototype.add = function (drawer) { this.drawers.push(drawer); drawer(this.time); };
        Player.prototype.draw = function () { var t = this.time; this.drawers.forEach(function (d) { d(t); }); };
        Player.prototype.setPlaying = function (playing) {
          var was = this.playing;
          this.playing = playing;
          this.last = null;
          if (playing && this.time >= this.duration) this.time = 0;
          if (playing && !was) this.schedule();
          if (this.onstate) this.onstate();
        };
        Player.prototype.seek = function (time) {
          this.time = Math.max(0, Math.min(this.duration, time));
          this.draw();
          var self = this;
          return new Promise(function (resolve) {
            self.pending.push(resolve);
            self.schedule();
          });
        };
        Player.prototype.step = function (seconds) { this.setPlaying(false); this.seek(this.time + seconds); };

        function controls(player, label) {
          var play = el('button', { type: 'button', 'aria-label': 'play or pause ' + label, text: 'Play' });
          var loop = el('button', { type: 'button', 'aria-pressed': 'true', 'aria-label': 'loop', text: 'Loop' });
          var scrub = el('input', {
            type: 'range', min: '0', max: String(player.duration), step: 'any', value: '0', 'aria-label': 'time in seconds', 'data-scrubber': ''
          });
          var readout = el('span', { class: 'readout', 'aria-live': 'off' });
          var speeds = SPEEDS.map(function (speed) {
            return el('button', {
              type: 'button', 'aria-pressed': String(speed === player.speed), 'data-speed': String(speed), text: speed + '×',
              'aria-label': 'speed ' + speed + ' times', onclick: function () {
                player.speed = speed;
                speeds.forEach(function (b) { b.setAttribute('aria-pressed', String(Number(b.getAttribute('data-speed')) === speed)); });
              }
            });
          });
          play.addEventListener('click', function () { player.setPlaying(!player.playing); });
          loop.addEventListener('click', function () { player.loop = !player.loop; loop.setAttribute('aria-pressed', String(player.loop)); });
          scrub.addEventListener('input', function () { player.setPlaying(false); player.seek(Number(scrub.value)); });
          player.onstate = function () { play.textContent = player.playing ? 'Pause' : 'Play'; };
          player.add(function (t) {
            if (document.activeElement !== scrub) scrub.value = String(t);
            readout.textContent = num(t, 3) + ' / ' + num(player.duration, 3) + ' s';
          });
          return el('div', { class: 'controls' }, [play, loop].concat(speeds).concat([scrub, readout]));
        }

        // Keys: space plays or pauses; ← → step one display frame (1/60 s), with Shift one engine sample.
        var activePlayer = null;
        document.addEventListener('keydown', function (event) {
          if (!activePlayer) return;
          var tag = event.target && event.target.tagName;
          if (tag === 'SELECT' || (tag === 'INPUT' && event.target.type !== 'range')) return;
          if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
            var step = event.shiftKey ? 1 / FPS : 1 / 60;
            activePlayer.step(event.key === 'ArrowRight' ? step : -step);
            event.preventDefault();
          } else if (event.key === ' ' && tag !== 'BUTTON') {
            activePlayer.setPlaying(!activePlayer.playing);
            event.preventDefault();
          }
        });

        function legend(clip) {
          return el('div', { class: 'legend' }, clip.t.views.map(function (view, index) {
            return el('span', { style: '--c:' + colorFor(view.name, index), text: view.name + (clip.labels[view.name] ? ' (' + clip.labels[view.name] + ')' : '') });
          }).concat(clip.t.dimming.some(function (v) { return v > 0; }) ? [el('span', { style: '--c:#000', text: 'dimming overlay' })] : []));
        }

        function facts(clip) {
          var f = clip.raw.facts, t = clip.t, rows = [];
          function row(name, value) { rows.push(el('dt', { text: name }), el('dd', {}, [value])); }
          row('animator', t.animator || 'nil: system default ' + (t.systemDefault || ''));
          if (t.played && t.played !== t.animator) row('plays', t.played);
          row('operation', t.operation);
          row('kind', clip.raw.kind);
          // The timeline's length: past the preset's own duration when a spring runs until it settles.
          var parts = [];
          if (f.delay > 0) parts.push('delay ' + num(f.delay, 4) + ' s');
          if (!t.outcome && Math.abs(f.duration - f.delay - f.animationDuration) > 1e-9) parts.push('preset ' + num(f.animationDuration, 4) + ' s');
          row('duration', num(f.duration, 4) + ' s' + (parts.length ? ' (' + parts.join(', ') + ')' : ''));
          row('curve', el('code', { text: (f.curve ? f.curve + ' = ' : '') + f.curveExpression }));
          if (f.dampingRatio !== undefined) {
            row('damping ratio', num(f.dampingRatio, 4));
            row('spring settles in', f.settlingDuration === null ? 'never (undamped)' : num(f.settlingDuration, 4) + ' s (within 0.1%)');
          }
          row('overshoot', num(f.overshoot * 100, 2) + ' %');
          if (t.outcome) {
            row('gesture', t.outcome + ' at ' + num(t.releaseTime, 4) + ' s, completion ' + num(t.completionDuration, 4) + ' s');
          }
          row('samples', t.time.length + ' at ' + t.fps + ' per second, linearly interpolated');
          var list = el('dl', { class: 'facts' }, rows);
          var notes = t.notes.length ? el('ul', {}, t.notes.map(function (n) { return el('li', { text: n }); })) : null;
          return el('section', { class: 'panel', 'aria-label': 'facts' }, [el('h2', { text: 'Facts' }), list, notes]);
        }

        function curvePanel(clip, player) {
          var t = clip.t;
          var curve = new Plot(t.time, t.progress, { label: 'progress over time', unit: true, height: 140, release: t.releaseTime });
          player.add(function (time) { curve.draw(time); });
          return el('section', { class: 'panel', 'aria-label': 'curve' }, [
            el('h2', { text: 'Curve: progress over ' + num(t.duration, 4) + ' s' }), curve.node,
            el('p', { class: 'sub', text: 'The red line is the playhead' + (t.releaseTime !== undefined ? '; the dashed line the release.' : '.') })
          ]);
        }

        function plots(clip, player) {
          var t = clip.t, release = t.releaseTime;
          var small = [];
          t.views.forEach(function (view) {
            Object.keys(view.tracks).forEach(function (key) {
              var track = view.tracks[key];
              var lo = Math.min.apply(null, track), hi = Math.max.apply(null, track);
              if (hi - lo < 1e-9) return;
              var plot = new Plot(t.time, track, { label: view.name + '.' + key + ' over time', width: 200, height: 70, release: release });
              player.add(function (time) { plot.draw(time); });
              var first = track[0], last = track[track.length - 1];
              var range = (lo < Math.min(first, last) || hi > Math.max(first, last)) ? ' (' + num(lo, 2) + ' … ' + num(hi, 2) + ')' : '';
              small.push(el('figure', {}, [plot.node, el('figcaption', { text: view.name + '.' + key + '  ' + num(first, 2) + ' → ' + num(last, 2) + range })]));
            });
          });
          if (t.dimming.some(function (v) { return v > 0; })) {
            var dim = new Plot(t.time, t.dimming, { label: 'dimming over time', width: 200, height: 70, release: release });
            player.add(function (time) { dim.draw(time); });
            small.push(el('figure', {}, [dim.node, el('figcaption', { text: 'dimming' })]));
          }
          return el('section', { class: 'panel', 'aria-label': 'plots' }, [
            el('h2', { text: 'Properties that change' }),
            small.length ? el('div', { class: 'plots' }, small) : el('p', { text: 'No property changes.' })
          ]);
        }

        function resolutionPanel(resolution) {
          var rows = [];
          function row(name, value) { rows.push(el('dt', { text: name }), el('dd', { text: value })); }
          row('route', resolution.operation + ' ' + resolution.from + ' → ' + resolution.to);
          if (resolution.container) row('container', resolution.container);
          row('delegate', resolution.delegate || 'nil');
          row('mapping', resolution.mapping ? '#' + resolution.mapping.id + ' ' + resolution.mapping.operation + ' ' + resolution.mapping.from + ' → ' + resolution.mapping.to : '–');
          if (resolution.animator) {
            row('animator', resolution.animator.library + '/' + resolution.animator.name + ' (' + resolution.animator.kind + ', ' + resolution.animator.duration + ' s)');
            row('interaction', resolution.interaction ? resolution.interaction.library + '/' + resolution.interaction.name : 'nil');
          } else {
            row('animator', 'nil → system default ' + resolution.systemDefault);
          }
          if (resolution.unknown.length) row('not in catalog', resolution.unknown.join(', '));
          return el('section', { class: 'panel', 'aria-label': 'resolution', 'data-resolution': '' }, [
            el('h2', { text: 'Resolution' }), el('dl', { class: 'facts' }, rows),
            el('h3', { text: 'How UIKit got there' }),
            el('ol', { class: 'steps' }, (resolution.explanation || []).map(function (step) { return el('li', { text: step }); }))
          ]);
        }

        function gesturePanel(clip, player) {
          var g = clip.raw.gesture;
          var bar = new Plot(clip.t.time, g.percent, { label: 'percentComplete during the gesture', unit: true, height: 60, release: g.endTime });
          player.add(function (time) { bar.draw(time); });
          var text = 'update(' + g.updates.map(function (u) { return u.percent + ' @ ' + u.time + ' s'; }).join('), update(') + ')';
          return el('section', { class: 'panel', 'aria-label': 'gesture' }, [
            el('h2', { text: 'Gesture' }),
            el('p', { text: (g.updates.length ? text + ', then ' : '') + g.ending + ' at ' + g.endTime + ' s → ' + (g.outcome || '') +
              ' (percentComplete ' + num(g.releasePercent, 3) + ')' }),
            bar.node, el('p', { class: 'sub', text: 'The finger marker shows the gesture until its release; the dashed line marks the release.' })
          ]);
        }

        function stageHeight() { return Math.max(260, Math.min(560, window.innerHeight - 220)); }
        function stageWidth() { return Math.max(160, Math.min(420, window.innerWidth - 60)); }

        // One clip with its stage, controls, facts, plots, and resolution or gesture.
        function mountSingle(target, raw) {
          var clip = new Clip(raw);
          var player = new Player(clip.end);
          var stage = new Stage(clip, stageWidth(), stageHeight());
          player.add(function (t) { stage.draw(t); });
          var left = el('section', { class: 'panel player', 'aria-label': 'player' }, [el('h2', { text: raw.title }), stage.node, legend(clip), controls(player, raw.title)]);
          left.style.width = Math.max(300, clip.width * stage.scale + 32) + 'px';
          var side = [];
          if (raw.resolution) side.push(resolutionPanel(raw.resolution));
          if (raw.gesture) side.push(gesturePanel(clip, player));
          side.push(facts(clip));
          side.push(curvePanel(clip, player));
          target.appendChild(el('div', { class: 'row' }, [left, el('div', { class: 'grow col' }, side)]));
          target.appendChild(plots(clip, player));
          return player;
        }

        function mountIndex() {
          var index = data.index;
          var detail = el('div', { 'data-detail': '' });
          var players = [];
          function show(i, route) {
            detail.textContent = '';
            players.forEach(function (p) { p.setPlaying(false); });
            var raw = data.clips[i];
            if (route) {
              // A route's clip is shared by every route with the same answer: show this route's request and resolution.
              var q = route.request;
              raw = Object.assign({}, raw, { title: q.op + ' ' + q.from + ' → ' + q.to + (q.container ? ' in ' + q.container : ''),
                resolution: route.resolution, labels: { from: q.from, to: q.to } });
            }
            activePlayer = raw ? mountSingle(detail, raw) : null;
            players = activePlayer ? [activePlayer] : [];
            api.player = activePlayer;
          }
          var presets = data.clips.slice(0, index.cards);
          var kinds = [], libraries = [];
          presets.forEach(function (c) {
            if (kinds.indexOf(c.kind) < 0) kinds.push(c.kind);
            if (libraries.indexOf(c.library) < 0) libraries.push(c.library);
          });
          kinds.sort();
          var kindFilter = el('select', { 'aria-label': 'filter by kind', 'data-filter': 'kind' },
            [el('option', { value: '', text: 'every kind' })].concat(kinds.map(function (k) { return el('option', { value: k, text: k }); })));
          var libraryFilter = el('select', { 'aria-label': 'filter by library', 'data-filter': 'library' },
            [el('option', { value: '', text: 'every library' })].concat(libraries.map(function (l) { return el('option', { value: l, text: l }); })));
          var cards = presets.map(function (raw, i) {
            var clip = new Clip(raw);
            var stage = new Stage(clip, 120, 150);
            var loop = new Player(clip.end);
            loop.add(function (t) { stage.draw(t); });
            // At rest a card shows the frame at 40% of its duration, where most transitions are distinguishable.
            var rest = clip.duration * 0.4;
            loop.seek(rest);
            var card = el('div', { class: 'card', tabindex: '0', role: 'button', 'data-card': raw.title, 'data-kind': raw.kind, 'data-library': raw.library,
              'aria-label': raw.title + ', ' + raw.kind + ': open' }, [stage.node, el('span', { class: 'name', text: raw.title }), el('span', { class: 'badge', text: raw.kind })]);
            function start() { loop.loop = true; loop.seek(0); loop.setPlaying(true); }
            function stop() { loop.setPlaying(false); loop.seek(rest); }
            card.addEventListener('mouseenter', start);
            card.addEventListener('mouseleave', stop);
            card.addEventListener('focus', start);
            card.addEventListener('blur', stop);
            card.addEventListener('click', function () { show(i); detail.scrollIntoView({ block: 'nearest' }); });
            card.addEventListener('keydown', function (e) { if (e.key === 'Enter') show(i); });
            return card;
          });
          function filter() {
            cards.forEach(function (card) {
              card.hidden = (kindFilter.value && card.getAttribute('data-kind') !== kindFilter.value) ||
                (libraryFilter.value && card.getAttribute('data-library') !== libraryFilter.value);
            });
          }
          kindFilter.addEventListener('change', filter);
          libraryFilter.addEventListener('change', filter);
          app.appendChild(el('section', { class: 'panel', 'aria-label': 'presets' }, [
            el('h2', { text: presets.length + ' presets (hover or focus a card to play it; click or Enter opens it below)' }),
            el('div', { class: 'controls' }, [kindFilter, libraries.length > 1 ? libraryFilter : null]),
            el('div', { class: 'cards' }, cards)
          ]));
          app.appendChild(detail);
          app.appendChild(routeTable(index.routes, function (route) {
            return function () { show(route.clip, route); detail.scrollIntoView({ block: 'nearest' }); };
          }));
          // #route=ID opens what UIKit plays for the route mapping ID; otherwise the first preset is open.
          var wanted = /(?:^#|&)route=([0-9]+)/.exec(window.location.hash);
          var routeRow = wanted ? index.routes.filter(function (r) { return String(r.mapping.id) === wanted[1] && r.clip !== null; })[0] : null;
          if (routeRow) show(routeRow.clip, routeRow);
          else if (presets.length) show(0);
        }

        // `opener(route)` gives a function that plays what UIKit plays for the route, with its resolution.
        function routeTable(routes, opener) {
          var head = el('tr', {}, ['delegate', 'route', 'returns', 'request', 'UIKit plays', 'why'].map(function (h) { return el('th', { text: h }); }));
          var rows = routes.map(function (row) {
            var m = row.mapping, r = row.resolution;
            var answer = r ? (r.animator ? r.animator.library + '/' + r.animator.name : 'nil → ' + r.systemDefault) : '–';
            var open = r && row.clip !== null ? opener(row) : null;
            var answerCell = open ? el('td', {}, [el('button', { type: 'button', class: 'link', onclick: open, 'aria-label': 'play ' + answer, text: answer })]) : el('td', { text: answer });
            var request = row.request ? row.request.op + ' ' + row.request.from + ' → ' + row.request.to + (row.request.container ? ' in ' + row.request.container : '') : '–';
            var why = el('details', {}, [el('summary', { text: row.note || 'explanation' }),
              r ? el('ol', { class: 'steps' }, r.explanation.map(function (s) { return el('li', { text: s }); })) : null]);
            return el('tr', { 'data-route': String(m.id) }, [
              el('td', { text: m.delegate }), el('td', { text: m.operation + ' ' + m.from + ' → ' + m.to }),
              el('td', { text: m.preset === null ? 'nil' : m.preset }), el('td', { text: request }), answerCell, el('td', {}, [why])
            ]);
          });
          return el('section', { class: 'panel', 'aria-label': 'routes' }, [
            el('h2', { text: routes.length + ' routes, each resolved' }),
            routes.length ? el('div', { class: 'tablewrap' }, [el('table', {}, [el('thead', {}, [head]), el('tbody', {}, rows)])]) : el('p', { text: 'No routes.' })
          ]);
        }

        function mountDiff() {
          var diff = data.diff;
          var clips = data.clips.map(function (raw) { return new Clip(raw); });
          var longest = clips.reduce(function (m, c) { return Math.max(m, c.end); }, 0);
          var player = new Player(longest);
          activePlayer = player;
          api.player = player;
          app.appendChild(el('section', { class: 'panel', 'aria-label': 'summary' }, [
            el('h2', { text: diff.summary }),
            el('p', { text: 'base ' + diff.base + ' → head ' + diff.head + '. Both sides of every preset play on one clock.' }),
            controls(player, 'every preset')
          ]));
          diff.presets.forEach(function (pair) {
            function side(index, name) {
              if (index === null) return el('div', { class: 'side' }, [el('div', { class: 'absent', style: 'width:160px;height:300px', text: 'absent' }), el('span', { text: name })]);
              var stage = new Stage(clips[index], 180, 340);
              player.add(function (t) { stage.draw(t); });
              return el('div', { class: 'side', 'data-side': name }, [stage.node, el('span', { text: name + ' · ' + num(clips[index].duration, 3) + ' s' })]);
            }
            var fields = pair.fields.map(function (f) {
              return el('li', {}, [el('code', { text: f.field }), ': ', el('code', { text: JSON.stringify(f.old) }), ' → ', el('code', { text: JSON.stringify(f.new) })]);
            });
            app.appendChild(el('section', { class: 'panel', 'data-preset': pair.name, 'aria-label': pair.change + ' preset ' + pair.name }, [
              el('h2', { class: 'change-' + pair.change, text: { added: '+', removed: '-', changed: '~' }[pair.change] + ' preset ' + pair.name }),
              el('div', { class: 'pair' }, [side(pair.before, 'base'), side(pair.after, 'head'),
                fields.length ? el('div', { class: 'grow' }, [el('h3', { text: 'Changed fields' }), el('ul', {}, fields)]) : null])
            ]));
          });
          if (!diff.presets.length) app.appendChild(el('p', { text: 'No preset differs.' }));
          if (diff.others.length) {
            app.appendChild(el('section', { class: 'panel', 'aria-label': 'other changes' }, [
              el('h2', { text: 'Other entries that differ' }),
              el('ul', {}, diff.others.map(function (o) {
                return el('li', { class: 'change-' + o.change, text: { added: '+', removed: '-', changed: '~' }[o.change] + ' ' + o.kind + ' ' + o.name +
                  (o.fields.length ? ': ' + o.fields.map(function (f) { return f.field; }).join(', ') : '') });
              }))
            ]));
          }
        }

        var api = {
          version: data.transdb,
          data: data,
          player: null,
          seek: function (seconds) { return api.player ? api.player.seek(Number(seconds)) : Promise.resolve(0); },
          play: function () { if (api.player) api.player.setPlaying(true); },
          pause: function () { if (api.player) api.player.setPlaying(false); },
          time: function () { return api.player ? api.player.time : 0; },
          duration: function () { return api.player ? api.player.duration : 0; }
        };
        window.transdbPreview = api;

        if (data.page === 'single') { activePlayer = mountSingle(app, data.clips[0]); api.player = activePlayer; }
        else if (data.page === 'index') mountIndex();
        else if (data.page === 'diff') mountDiff();

        // #t=SECONDS opens the page paused at that time; otherwise it plays, unless the reader prefers reduced motion.
        var match = /(?:^#|&)t=([0-9.]+)/.exec(window.location.hash);
        if (match) api.seek(Number(match[1]));
        else if (!reducedMotion && data.page !== 'index') api.play();
        // Milliseconds from navigation to a drawn page, for whoever measures load times.
        document.documentElement.setAttribute('data-transdb-ready-ms', String(Math.round(performance.now())));
        document.documentElement.setAttribute('data-transdb-ready', 'true');
        })();
        """#
}
