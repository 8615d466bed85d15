//! A small dependency-free SVG chart writer for the training and arena reports.
//!
//! Each function returns a complete standalone SVG 1.1 document (about 720×420 px, white
//! background, sans-serif text) that browsers and Markdown viewers show directly: line charts
//! of training curves, dot-and-whisker charts of ratings with 95% intervals, Elo per
//! generation with baselines as reference lines, and bar charts of shares. Axes use "nice"
//! ticks (1, 2, 5 × 10^k); all text is XML-escaped; non-finite values are skipped, so the
//! output never contains "NaN" or "inf"; the output depends only on the input.

use std::fmt::Write as _;

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 420.0;
/// Okabe–Ito colour-blind-safe palette (without the yellow, which is too light on white).
const PALETTE: [&str; 7] = [
    "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000",
];
const START: &str = r#"text-anchor="start""#;
const MIDDLE: &str = r#"text-anchor="middle""#;
const END: &str = r#"text-anchor="end""#;
const SMALL: &str = r#"text-anchor="middle" font-size="10""#;
const TITLE: &str = r#"text-anchor="middle" font-size="16" font-weight="bold""#;
const NO_DATA: &str = r##"text-anchor="middle" fill="#777" font-size="14""##;
const GRID: &str = r##"stroke="#e4e4e4""##;
const DARK: &str = r##"stroke="#333""##;
const ZERO_LINE: &str = r##"stroke="#777" stroke-dasharray="4 3""##;

/// One series of a line chart.
#[derive(Debug, Clone)]
pub struct Series<'a> {
    pub name: &'a str,
    pub points: Vec<(f64, f64)>,
}

/// One row of an interval chart.
#[derive(Debug, Clone, Copy)]
pub struct Interval<'a> {
    pub label: &'a str,
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

/// A point of an interval line chart: `y` with the interval `low..high`.
#[derive(Debug, Clone, Copy)]
pub struct IntervalPoint {
    pub x: f64,
    pub y: f64,
    pub low: f64,
    pub high: f64,
}

/// A line chart with markers: x and y axes with "nice" ticks (1, 2, 5 × 10^k), axis labels,
/// a title, a legend with one colour per series (a fixed colour-blind-safe palette), points
/// joined by lines. Non-finite points are skipped (a gap in the line). Empty input draws the
/// axes and "no data". Markers are left out for series of more than 200 points.
pub fn line_chart(title: &str, x_label: &str, y_label: &str, series: &[Series<'_>]) -> String {
    let ok = |&&(x, y): &&(f64, f64)| x.is_finite() && y.is_finite();
    let all = series.iter().flat_map(|s| &s.points).filter(ok);
    let right = if series.is_empty() { 20.0 } else { 160.0 };
    let f = frame(70.0, WIDTH - right, 40.0, HEIGHT - 55.0);
    let x = Axis::new(all.clone().map(|p| p.0), f.x0, f.x1);
    let y = Axis::new(all.clone().map(|p| p.1), f.y1, f.y0);
    let mut svg = Svg::new(title, HEIGHT);
    svg.axes(&f, Some(&x), Some(&y), x_label, y_label);
    if all.clone().next().is_none() {
        svg.no_data(&f);
    }
    for (i, s) in series.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let dash = ["none", "6 3", "2 2"][i / PALETTE.len() % 3];
        let style = format!(r#"stroke="{colour}" stroke-width="2" stroke-dasharray="{dash}""#);
        let map = |p: &(f64, f64)| ok(&p).then(|| (x.map(p.0), y.map(p.1)));
        let pts: Vec<_> = s.points.iter().map(map).collect();
        svg.polyline(&pts, &style);
        if s.points.len() <= 200 {
            for &p in pts.iter().flatten() {
                svg.circle(p, 3.0, colour);
            }
        }
        let ly = f.y0 + 8.0 + 18.0 * i as f64;
        svg.line([f.x1 + 12.0, ly, f.x1 + 36.0, ly], &style);
        svg.circle((f.x1 + 24.0, ly), 3.0, colour);
        svg.text((f.x1 + 42.0, ly + 4.0), START, &clip(s.name, 17));
    }
    svg.finish()
}

/// A horizontal dot-and-whisker chart (ratings with 95% intervals): one row per entry in the
/// given order, label on the left, value printed at the right, a vertical line at x = 0.
/// The chart grows taller than 420 px when there are many rows.
pub fn interval_chart(title: &str, x_label: &str, rows: &[Interval<'_>]) -> String {
    let height = HEIGHT.max(95.0 + 22.0 * rows.len() as f64);
    let f = frame(160.0, WIDTH - 80.0, 40.0, height - 55.0);
    let xs = rows.iter().flat_map(|r| [r.value, r.low, r.high]);
    let x = Axis::new(xs.chain([0.0]), f.x0, f.x1);
    let mut svg = Svg::new(title, height);
    svg.axes(&f, Some(&x), None, x_label, "");
    let zero = x.map(0.0);
    svg.line([zero, f.y0, zero, f.y1], ZERO_LINE);
    if rows.is_empty() {
        svg.no_data(&f);
    }
    let row_h = (f.y1 - f.y0) / rows.len().max(1) as f64;
    let style = format!(r#"stroke="{}" stroke-width="1.5""#, PALETTE[0]);
    for (i, r) in rows.iter().enumerate() {
        let y = f.y0 + (i as f64 + 0.5) * row_h;
        svg.text((f.x0 - 8.0, y + 4.0), END, &clip(r.label, 22));
        svg.text((f.x1 + 8.0, y + 4.0), START, &fmt_value(r.value));
        if r.low.is_finite() && r.high.is_finite() {
            let (a, b) = (x.map(r.low), x.map(r.high));
            svg.line([a, y, b, y], &style);
            svg.line([a, y - 4.0, a, y + 4.0], &style);
            svg.line([b, y - 4.0, b, y + 4.0], &style);
        }
        if r.value.is_finite() {
            svg.circle((x.map(r.value), y), 4.0, PALETTE[0]);
        }
    }
    svg.finish()
}

/// A line chart where each point also has an interval (drawn as a vertical whisker): used for
/// "Elo of each generation with 95% intervals". `bands` are horizontal reference lines
/// (label, y), e.g. the baselines' ratings, drawn dashed with their label at the right.
pub fn interval_line_chart(
    title: &str,
    x_label: &str,
    y_label: &str,
    points: &[IntervalPoint],
    bands: &[(&str, f64)],
) -> String {
    let ok = |p: &&IntervalPoint| p.x.is_finite() && p.y.is_finite();
    let f = frame(70.0, WIDTH - 110.0, 40.0, HEIGHT - 55.0);
    let x = Axis::new(points.iter().filter(ok).map(|p| p.x), f.x0, f.x1);
    let with_x = points.iter().filter(|p| p.x.is_finite());
    let ys = with_x.flat_map(|p| [p.y, p.low, p.high]);
    let y = Axis::new(ys.chain(bands.iter().map(|b| b.1)), f.y1, f.y0);
    let mut svg = Svg::new(title, HEIGHT);
    svg.axes(&f, Some(&x), Some(&y), x_label, y_label);
    if !points.iter().any(|p| ok(&p)) {
        svg.no_data(&f);
    }
    for (i, &(label, v)) in bands.iter().filter(|b| b.1.is_finite()).enumerate() {
        let (py, colour) = (y.map(v), PALETTE[1 + i % (PALETTE.len() - 1)]);
        let style = format!(r#"stroke="{colour}" stroke-width="1.5" stroke-dasharray="6 4""#);
        svg.line([f.x0, py, f.x1, py], &style);
        let attrs = format!(r#"{START} fill="{colour}""#);
        svg.text((f.x1 + 6.0, py + 4.0), &attrs, &clip(label, 14));
    }
    let colour = PALETTE[0];
    let whisker = format!(r#"stroke="{colour}" stroke-width="1.2""#);
    let whiskered = |p: &&IntervalPoint| [p.x, p.low, p.high].iter().all(|v| v.is_finite());
    for p in points.iter().filter(whiskered) {
        let (px, a, b) = (x.map(p.x), y.map(p.low), y.map(p.high));
        svg.line([px, a, px, b], &whisker);
        svg.line([px - 3.0, a, px + 3.0, a], &whisker);
        svg.line([px - 3.0, b, px + 3.0, b], &whisker);
    }
    let map = |p: &IntervalPoint| ok(&p).then(|| (x.map(p.x), y.map(p.y)));
    let pts: Vec<_> = points.iter().map(map).collect();
    svg.polyline(&pts, &format!(r#"stroke="{colour}" stroke-width="2""#));
    for &p in pts.iter().flatten() {
        svg.circle(p, 3.5, colour);
    }
    svg.finish()
}

/// A bar chart (categories with values), e.g. shares of first moves. Bars start at 0; a
/// non-finite value gives no bar and "n/a"; labels are slanted when there are many bars.
pub fn bar_chart(title: &str, y_label: &str, bars: &[(&str, f64)]) -> String {
    let slant = bars.len() > 10;
    let bottom = if slant { 90.0 } else { 45.0 };
    let f = frame(70.0, WIDTH - 20.0, 50.0, HEIGHT - bottom);
    let y = Axis::new(bars.iter().map(|b| b.1).chain([0.0]), f.y1, f.y0);
    let mut svg = Svg::new(title, HEIGHT);
    svg.axes(&f, None, Some(&y), "", y_label);
    if bars.is_empty() {
        svg.no_data(&f);
    }
    let slot = (f.x1 - f.x0) / bars.len().max(1) as f64;
    let (zero, ly) = (y.map(0.0), f.y1 + 16.0);
    for (i, &(label, v)) in bars.iter().enumerate() {
        let cx = f.x0 + (i as f64 + 0.5) * slot;
        let vy = if v.is_finite() { y.map(v) } else { zero };
        if v.is_finite() {
            let (top, h) = (vy.min(zero), (vy - zero).abs());
            svg.rect([cx - slot * 0.35, top, slot * 0.7, h]);
        }
        let value_y = if v < 0.0 { vy + 14.0 } else { vy - 4.0 };
        svg.text((cx, value_y), SMALL, &fmt_value(v));
        if slant {
            let attrs = format!(r#"{END} transform="rotate(-40 {} {})""#, num(cx), num(ly));
            svg.text((cx, ly), &attrs, &clip(label, 14));
        } else {
            let max = (slot / 7.0).max(3.0) as usize;
            svg.text((cx, ly), MIDDLE, &clip(label, max));
        }
    }
    svg.line([f.x0, zero, f.x1, zero], DARK);
    svg.finish()
}

/// One bar of [`bar_score_chart`]: a count, and a share in 0..=1 with its interval.
#[derive(Debug, Clone, Copy)]
pub struct ScoredBar<'a> {
    pub label: &'a str,
    pub count: f64,
    pub share: f64,
    pub low: f64,
    pub high: f64,
}

/// A bar chart of counts on the left axis, with a share per bar drawn as a dot and whisker
/// on a second axis from 0 to 100% at the right (e.g. games per first move with the first
/// player's score and its 95% interval), and a dashed line at 50%. Non-finite values are
/// left out; labels are slanted when there are many bars.
pub fn bar_score_chart(
    title: &str,
    count_label: &str,
    share_label: &str,
    bars: &[ScoredBar<'_>],
) -> String {
    let slant = bars.len() > 10;
    let bottom = if slant { 90.0 } else { 45.0 };
    let f = frame(70.0, WIDTH - 70.0, 50.0, HEIGHT - bottom);
    let y = Axis::new(bars.iter().map(|b| b.count).chain([0.0]), f.y1, f.y0);
    let pct = Axis::new([0.0, 100.0].into_iter(), f.y1, f.y0);
    let mut svg = Svg::new(title, HEIGHT);
    svg.axes(&f, None, Some(&y), "", count_label);
    right_axis(&mut svg, &f, &pct, share_label);
    let legend = format!("bars: {count_label} (left); dots: {share_label} (right)");
    svg.text((WIDTH / 2.0, 42.0), SMALL, &legend);
    let half = pct.map(50.0);
    svg.line([f.x0, half, f.x1, half], ZERO_LINE);
    if bars.is_empty() {
        svg.no_data(&f);
    }
    let slot = (f.x1 - f.x0) / bars.len().max(1) as f64;
    let (zero, ly) = (y.map(0.0), f.y1 + 16.0);
    let colour = PALETTE[1];
    let whisker = format!(r#"stroke="{colour}" stroke-width="1.5""#);
    for (i, b) in bars.iter().enumerate() {
        let cx = f.x0 + (i as f64 + 0.5) * slot;
        if b.count.is_finite() {
            let vy = y.map(b.count);
            svg.rect([
                cx - slot * 0.35,
                vy.min(zero),
                slot * 0.7,
                (vy - zero).abs(),
            ]);
            svg.text(
                (cx - slot * 0.35 + 2.0, vy - 4.0),
                START,
                &fmt_value(b.count),
            );
        }
        if b.low.is_finite() && b.high.is_finite() {
            let (a, c) = (pct.map(100.0 * b.low), pct.map(100.0 * b.high));
            svg.line([cx, a, cx, c], &whisker);
            svg.line([cx - 4.0, a, cx + 4.0, a], &whisker);
            svg.line([cx - 4.0, c, cx + 4.0, c], &whisker);
        }
        if b.share.is_finite() {
            svg.circle((cx, pct.map(100.0 * b.share)), 4.5, colour);
        }
        if slant {
            let attrs = format!(r#"{END} transform="rotate(-40 {} {})""#, num(cx), num(ly));
            svg.text((cx, ly), &attrs, &clip(b.label, 14));
        } else {
            let max = (slot / 7.0).max(3.0) as usize;
            svg.text((cx, ly), MIDDLE, &clip(b.label, max));
        }
    }
    svg.line([f.x0, zero, f.x1, zero], DARK);
    svg.finish()
}

/// A second y axis at the right edge of the frame: its line, ticks, labels and title.
fn right_axis(svg: &mut Svg, f: &Frame, ax: &Axis, label: &str) {
    svg.line([f.x1, f.y0, f.x1, f.y1], DARK);
    for &v in &ax.ticks {
        let py = ax.map(v);
        svg.line([f.x1, py, f.x1 + 5.0, py], DARK);
        svg.text((f.x1 + 8.0, py + 4.0), START, &fixed(v, ax.dp));
    }
    let (x, my) = (WIDTH - 14.0, (f.y0 + f.y1) / 2.0);
    let rotate = format!(r#"{MIDDLE} transform="rotate(90 {} {})""#, num(x), num(my));
    svg.text((x, my), &rotate, label);
}

/// The plot area in pixels: `x0..x1` left to right, `y0..y1` top to bottom.
struct Frame {
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
}

fn frame(x0: f64, x1: f64, y0: f64, y1: f64) -> Frame {
    Frame { x0, x1, y0, y1 }
}

/// An axis: tick values (at least two, increasing), the decimal places their labels need,
/// and the pixels `a` and `b` that the first and the last tick map to.
struct Axis {
    ticks: Vec<f64>,
    dp: usize,
    a: f64,
    b: f64,
}

impl Axis {
    /// Nice ticks over the finite values of `vs` (0..1 when there are none).
    fn new(vs: impl Iterator<Item = f64>, a: f64, b: f64) -> Axis {
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for v in vs.filter(|v| v.is_finite()) {
            (lo, hi) = (lo.min(v), hi.max(v));
        }
        let (ticks, dp) = nice_ticks(lo, hi);
        Axis { ticks, dp, a, b }
    }

    fn map(&self, v: f64) -> f64 {
        let (lo, hi) = (self.ticks[0], self.ticks[self.ticks.len() - 1]);
        let t = (v - lo) / (hi - lo);
        let t = if t.is_finite() { t } else { 0.5 };
        self.a + t * (self.b - self.a)
    }
}

/// Ticks at multiples of 1, 2 or 5 × 10^k from at or below `lo` to at or above `hi`, about 3
/// to 6 intervals, and the decimals they need. Equal ends are widened by 10% of the value
/// (±1 around 0); non-finite or reversed ends give 0..1.
fn nice_ticks(lo: f64, hi: f64) -> (Vec<f64>, usize) {
    let ok = lo <= hi && hi - lo < f64::INFINITY;
    let (mut lo, mut hi) = if ok { (lo, hi) } else { (0.0, 1.0) };
    if hi - lo <= lo.abs().max(hi.abs()) * 1e-12 {
        let d = if lo == 0.0 { 1.0 } else { lo.abs() * 0.1 };
        (lo, hi) = (lo - d, hi + d);
    }
    let raw = (hi - lo) / 5.0;
    if !raw.is_normal() {
        return (vec![lo, hi], 0); // subnormal or infinite span
    }
    let k = raw.log10().floor() as i32;
    let f = raw / 10f64.powi(k);
    let nice = [1.0, 2.0, 5.0].into_iter().find(|&n| f <= n * (1.0 + 1e-9));
    let nice = nice.unwrap_or(10.0);
    // i × nice / 10^-k rather than i × (nice × 10^k), so that 3 × 0.2 gives exactly 0.6.
    let scale = 10f64.powi(k.abs());
    let (mul, div) = if k < 0 { (1.0, scale) } else { (scale, 1.0) };
    let tick = |i: f64| i * nice * mul / div;
    let first = (lo / tick(1.0) + 1e-9).floor();
    let n = ((hi / tick(1.0) - 1e-9).ceil() - first).clamp(0.0, 50.0) as usize;
    let ticks: Vec<f64> = (0..=n).map(|j| tick(first + j as f64)).collect();
    if ticks.len() < 2 || !ticks.windows(2).all(|w| w[0] < w[1]) {
        return (vec![lo, hi], 0); // overflow or lost precision: just the ends
    }
    (ticks, (-k).max(0) as usize)
}

/// The document being written.
struct Svg(String);

impl Svg {
    /// The `<svg>` element, the white background and the title.
    fn new(title: &str, height: f64) -> Svg {
        let (w, h) = (num(WIDTH), num(height));
        let mut svg = Svg(format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">\n\
             <rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
        ));
        svg.text((WIDTH / 2.0, 24.0), TITLE, title);
        svg
    }

    /// `attrs` are written as they are; `s` is escaped.
    fn text(&mut self, (x, y): (f64, f64), attrs: &str, s: &str) {
        let (x, y, s) = (num(x), num(y), escape(s));
        self.el(format!(r#"<text x="{x}" y="{y}" {attrs}>{s}</text>"#));
    }

    fn line(&mut self, [x1, y1, x2, y2]: [f64; 4], style: &str) {
        let (x1, y1, x2, y2) = (num(x1), num(y1), num(x2), num(y2));
        self.el(format!(
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {style}/>"#
        ));
    }

    fn circle(&mut self, (x, y): (f64, f64), r: f64, fill: &str) {
        let (x, y, r) = (num(x), num(y), num(r));
        self.el(format!(
            r#"<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}"/>"#
        ));
    }

    fn rect(&mut self, [x, y, w, h]: [f64; 4]) {
        let (x, y, w, h, fill) = (num(x), num(y), num(w), num(h), PALETTE[0]);
        self.el(format!(
            r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}"/>"#
        ));
    }

    fn el(&mut self, element: String) {
        self.0 += &element;
        self.0.push('\n');
    }

    /// A path through the points; `None` lifts the pen (a gap).
    fn polyline(&mut self, pts: &[Option<(f64, f64)>], style: &str) {
        let (mut d, mut down) = (String::new(), false);
        for p in pts {
            if let Some((x, y)) = *p {
                let _ = write!(d, "{}{} {} ", if down { "L" } else { "M" }, num(x), num(y));
            }
            down = p.is_some();
        }
        if !d.is_empty() {
            let d = d.trim_end();
            self.el(format!(r#"<path d="{d}" fill="none" {style}/>"#));
        }
    }

    /// Grid, ticks with labels, the left and bottom axis lines and the axis labels.
    fn axes(&mut self, f: &Frame, x: Option<&Axis>, y: Option<&Axis>, xl: &str, yl: &str) {
        if let Some(ax) = y {
            for &v in &ax.ticks {
                let py = ax.map(v);
                self.line([f.x0, py, f.x1, py], GRID);
                self.line([f.x0 - 5.0, py, f.x0, py], DARK);
                self.text((f.x0 - 8.0, py + 4.0), END, &fixed(v, ax.dp));
            }
        }
        if let Some(ax) = x {
            for &v in &ax.ticks {
                let px = ax.map(v);
                self.line([px, f.y0, px, f.y1], GRID);
                self.line([px, f.y1, px, f.y1 + 5.0], DARK);
                self.text((px, f.y1 + 18.0), MIDDLE, &fixed(v, ax.dp));
            }
        }
        self.line([f.x0, f.y0, f.x0, f.y1], DARK);
        self.line([f.x0, f.y1, f.x1, f.y1], DARK);
        self.text(((f.x0 + f.x1) / 2.0, f.y1 + 38.0), MIDDLE, xl);
        let my = (f.y0 + f.y1) / 2.0;
        let rotate = format!(r#"{MIDDLE} transform="rotate(-90 18 {})""#, num(my));
        self.text((18.0, my), &rotate, yl);
    }

    fn no_data(&mut self, f: &Frame) {
        let middle = ((f.x0 + f.x1) / 2.0, (f.y0 + f.y1) / 2.0);
        self.text(middle, NO_DATA, "no data");
    }

    fn finish(mut self) -> String {
        self.0 += "</svg>\n";
        self.0
    }
}

/// XML-escapes text (and attribute values).
fn escape(s: &str) -> String {
    let s = s.replace('&', "&amp;").replace('<', "&lt;");
    let s = s.replace('>', "&gt;").replace('"', "&quot;");
    s.replace('\'', "&apos;")
}

/// At most `max` characters, with an ellipsis when cut.
fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    s.chars().take(max.saturating_sub(1)).chain(['…']).collect()
}

/// `v` with `decimals` decimals, trailing zeros dropped; "0" for -0 and non-finite values.
fn fixed(v: f64, decimals: usize) -> String {
    let s = format!("{:.decimals$}", if v.is_finite() { v } else { 0.0 });
    let t = s.trim_end_matches(|c| c == '0' && decimals > 0);
    let t = t.trim_end_matches('.');
    String::from(if t == "-0" { "0" } else { t })
}

/// A pixel coordinate, to 0.1 px.
fn num(v: f64) -> String {
    fixed(v, 1)
}

/// A data value with a precision that suits its size; "n/a" when not finite.
fn fmt_value(v: f64) -> String {
    if !v.is_finite() {
        return "n/a".to_string();
    }
    let decimals = [100.0, 10.0, 1.0].iter().position(|&t| v.abs() >= t);
    fixed(v, decimals.unwrap_or(3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nice_ticks_on_several_ranges() {
        let cases: [(f64, f64, &[f64]); 9] = [
            (0.0, 1.0, &[0.0, 0.2, 0.4, 0.6, 0.8, 1.0]),
            (0.0, 97.0, &[0.0, 20.0, 40.0, 60.0, 80.0, 100.0]),
            (-3.0, -1.0, &[-3.0, -2.5, -2.0, -1.5, -1.0]),
            (-130.0, 45.0, &[-150.0, -100.0, -50.0, 0.0, 50.0]),
            (0.6, 0.9, &[0.6, 0.7, 0.8, 0.9]),
            (1.0, 1e6, &[0.0, 2e5, 4e5, 6e5, 8e5, 1e6]),
            (5.0, 5.0, &[4.4, 4.6, 4.8, 5.0, 5.2, 5.4, 5.6]),
            (0.0, 0.0, &[-1.0, -0.5, 0.0, 0.5, 1.0]),
            (f64::NAN, 3.0, &[0.0, 0.2, 0.4, 0.6, 0.8, 1.0]),
        ];
        assert_eq!(nice_ticks(1e-320, 1e-320).0.len(), 2);
        assert_eq!(nice_ticks(f64::MAX, f64::MAX).0.len(), 2);
        for (lo, hi, want) in cases {
            let got = nice_ticks(lo, hi).0;
            let close = |(g, w): (&f64, &f64)| (g - w).abs() < 1e-9;
            let same = got.len() == want.len() && got.iter().zip(want).all(close);
            assert!(same, "{lo}..{hi}: got {got:?}, want {want:?}");
        }
        let (ticks, decimals) = nice_ticks(0.0, 1.0);
        let labels: Vec<_> = ticks.iter().map(|&v| fixed(v, decimals)).collect();
        assert_eq!(labels, ["0", "0.2", "0.4", "0.6", "0.8", "1"]);
        let fixed_ = [
            fixed(-0.01, 1),
            fixed(f64::NAN, 2),
            fixed(1e3, 2),
            fixed(1e3, 0),
        ];
        assert_eq!(fixed_, ["0", "0", "1000", "1000"]);
        let values = [1234.567, 12.345, 0.25, f64::INFINITY].map(fmt_value);
        assert_eq!(values, ["1235", "12.3", "0.25", "n/a"]);
        assert_eq!(clip("abcdef", 4), "abc…");
    }

    /// Balanced start and end tags under a single `<svg>` root, quoted attributes, no bare
    /// `&`, `<` or `>` in text, and no non-finite numbers.
    fn check_well_formed(svg: &str) {
        assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" "#));
        let (mut stack, mut rest, mut roots) = (Vec::new(), svg, 0);
        while let Some(start) = rest.find('<') {
            check_text(&rest[..start]);
            let end = start + rest[start..].find('>').expect("unclosed tag");
            let tag = &rest[start + 1..end];
            let quotes = tag.matches('"').count();
            assert!(!tag.contains('<') && quotes % 2 == 0, "{tag}");
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(stack.pop(), Some(name), "unbalanced {tag}");
            } else {
                let name = tag.split_whitespace().next().unwrap_or_default();
                let alphanumeric = name.chars().all(char::is_alphanumeric);
                assert!(!name.is_empty() && alphanumeric, "{tag}");
                roots += usize::from(stack.is_empty());
                if !tag.ends_with('/') {
                    stack.push(name);
                }
            }
            rest = &rest[end + 1..];
        }
        assert!(stack.is_empty() && roots == 1 && rest.trim().is_empty());
        let low = svg.to_lowercase();
        assert!(!low.contains("nan") && !low.contains("inf"), "{svg}");
    }

    fn check_text(text: &str) {
        assert!(!text.contains('>'), "bare > in {text}");
        for (i, _) in text.match_indices('&') {
            let entity = &text[i..text[i..].find(';').map_or(text.len(), |j| i + j + 1)];
            let known = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"];
            assert!(known.contains(&entity), "{entity}");
        }
    }

    /// A real XML parse of the documents when python3 is there (one process); else skipped.
    fn python_check(svgs: &[String]) {
        use std::io::Write as _;
        use std::process::{Command, Stdio};
        let script = "import sys, xml.dom.minidom as m\n\
                      for d in sys.stdin.buffer.read().split(b'\\0'): m.parseString(d)";
        let mut cmd = Command::new("python3");
        cmd.args(["-c", script]).stdin(Stdio::piped());
        let Ok(mut child) = cmd.stderr(Stdio::piped()).spawn() else {
            return;
        };
        let bytes = svgs.join("\0").into_bytes();
        child.stdin.take().unwrap().write_all(&bytes).unwrap();
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{err}");
    }

    fn ser(name: &str, points: Vec<(f64, f64)>) -> Series<'_> {
        Series { name, points }
    }

    fn iv(label: &str, value: f64, low: f64, high: f64) -> Interval<'_> {
        Interval {
            label,
            value,
            low,
            high,
        }
    }

    fn ip(x: f64, y: f64, low: f64, high: f64) -> IntervalPoint {
        IntervalPoint { x, y, low, high }
    }

    /// Every kind of chart with `label` in every text slot, `v` among the values, plus NaN/∞.
    fn labelled_charts(label: &str, v: f64) -> Vec<String> {
        let (n, i) = (f64::NAN, f64::INFINITY);
        let first = vec![(0.0, 1.0), (1.0, v), (2.0, n), (3.0, 2.0), (i, 4.0)];
        let series = [
            ser(label, first),
            ser("b", vec![(0.5, -i), (1.5, 3.0)]),
            ser("c", vec![]),
        ];
        let rows = [
            iv(label, v, v - 1.0, v + 1.0),
            iv("x", n, -i, 2.0),
            iv("y", -40.0, -80.0, 3.0),
        ];
        let pts = [
            ip(0.0, 1.0, 0.0, 2.0),
            ip(1.0, v, n, v),
            ip(i, 3.0, 2.0, 4.0),
            ip(2.0, 1e3, 9e2, 2e3),
        ];
        let bands = [(label, 1200.0), ("random", n), ("greedy", -50.0)];
        let bars = [(label, v), ("a", 0.3), ("b", -0.1), ("c", n)];
        let many: Vec<_> = (0..16).map(|k| (label, k as f64 * 0.01)).collect();
        vec![
            line_chart(label, label, label, &series),
            interval_chart(label, label, &rows),
            interval_line_chart(label, label, label, &pts, &bands),
            bar_chart(label, label, &bars),
            bar_chart(label, label, &many),
        ]
    }

    /// Empty and degenerate inputs.
    fn edge_charts() -> Vec<String> {
        let flat = [ser("s", vec![(3.0, 7.0), (3.0, 7.0)])];
        let missing = [ser("s", vec![(f64::NAN, f64::INFINITY)])];
        let one = [ip(1.0, 1500.0, 1500.0, 1500.0)];
        vec![
            line_chart("empty", "x", "y", &[]),
            line_chart("flat", "x", "y", &flat),
            line_chart("missing", "x", "y", &missing),
            interval_chart("empty", "x", &[]),
            interval_chart("zero", "x", &[iv("a", 0.0, 0.0, 0.0)]),
            interval_line_chart("empty", "x", "y", &[], &[]),
            interval_line_chart("one", "x", "y", &one, &[("ref", 1500.0)]),
            bar_chart("empty", "y", &[]),
            bar_chart("zeros", "y", &[("a", 0.0), ("b", 0.0)]),
        ]
    }

    #[test]
    fn charts_are_well_formed_and_finite() {
        let mut all = labelled_charts("Elo", 0.5);
        all.extend(labelled_charts("loss", f64::NAN));
        all.extend(labelled_charts("big", -1e7));
        all.extend(edge_charts());
        for svg in &all {
            check_well_formed(svg);
            assert!(svg.contains(r#"width="720""#) && svg.ends_with("</svg>\n"));
        }
        python_check(&all);
        let no_data = edge_charts()
            .into_iter()
            .filter(|s| s.contains(">no data<"));
        assert_eq!(no_data.count(), 5);
        let once = labelled_charts("d", 2.0);
        assert_eq!(once, labelled_charts("d", 2.0), "deterministic");
    }

    fn scored(label: &str, count: f64, share: f64) -> ScoredBar<'_> {
        ScoredBar {
            label,
            count,
            share,
            low: share - 0.1,
            high: share + 0.1,
        }
    }

    #[test]
    fn bar_score_charts_are_well_formed_and_place_shares_on_the_right_axis() {
        let (n, i) = (f64::NAN, f64::INFINITY);
        let bars = [
            scored("A6>", 40.0, 0.5),
            scored("a<&b", 12.0, 0.25),
            scored("x", n, i),
            scored("y", 0.0, n),
        ];
        let many: Vec<_> = (0..14)
            .map(|k| scored("C f", k as f64, 0.05 * k as f64))
            .collect();
        let charts = [
            bar_score_chart("first moves", "games", "score (%)", &bars),
            bar_score_chart("first moves", "games", "score (%)", &many),
            bar_score_chart("empty", "games", "score (%)", &[]),
        ];
        for svg in &charts {
            check_well_formed(svg);
        }
        python_check(&charts);
        assert!(charts[2].contains(">no data<"));
        assert!(charts[0].contains("a&lt;&amp;b"));
        // A share of 50% sits on the dashed 50% line, 25% halfway between it and 0%.
        let f = frame(70.0, WIDTH - 70.0, 50.0, HEIGHT - 45.0);
        let pct = Axis::new([0.0, 100.0].into_iter(), f.y1, f.y0);
        for share in [50.0, 25.0] {
            let dot = format!(r#"cy="{}" r="4.5""#, num(pct.map(share)));
            assert!(charts[0].contains(&dot), "{dot}");
        }
        assert_eq!(
            charts[0].matches("<circle").count(),
            2,
            "no dot for NaN or inf"
        );
        let again = bar_score_chart("first moves", "games", "score (%)", &bars);
        assert_eq!(charts[0], again, "deterministic");
    }

    #[test]
    fn labels_are_escaped() {
        let nasty = "a<&>\"'b";
        let charts = labelled_charts(nasty, 1.0);
        for svg in &charts {
            assert!(!svg.contains(nasty));
            assert!(svg.contains("a&lt;&amp;&gt;&quot;&apos;b"), "{svg}");
            check_well_formed(svg);
        }
        python_check(&charts);
    }
}
