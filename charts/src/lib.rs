//! The SVG charts of the run and arena reports, drawn with `plotters` (its SVG backend).
//!
//! Each function returns a complete standalone SVG document (720 px wide, white background,
//! sans-serif text left to the viewer to render) that browsers and Markdown viewers show
//! directly: line charts of training curves, dot-and-whisker charts of ratings with 95%
//! intervals, Elo per generation with baselines as reference lines, bar charts of shares,
//! and bars of counts with a share per bar on a second axis. Labels are never shortened:
//! legends, row labels and reference-line labels get the room their text needs. Axes use
//! "nice" ranges (1, 2, 5 × 10^k); text is XML-escaped; non-finite values are skipped, so
//! the output never contains "NaN" or "inf"; the output depends only on the input.

mod bars;
mod lines;
mod ratings;
#[cfg(test)]
mod tests;

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

pub use bars::{bar_chart, bar_score_chart};
pub use lines::{interval_line_chart, line_chart};
pub use ratings::interval_chart;

const WIDTH: u32 = 720;
const HEIGHT: u32 = 420;
const FONT: &str = "sans-serif";
/// Okabe–Ito colour-blind-safe palette (without the yellow, which is too light on white).
const PALETTE: [RGBColor; 7] = [
    RGBColor(0x00, 0x72, 0xB2),
    RGBColor(0xE6, 0x9F, 0x00),
    RGBColor(0x00, 0x9E, 0x73),
    RGBColor(0xD5, 0x5E, 0x00),
    RGBColor(0xCC, 0x79, 0xA7),
    RGBColor(0x56, 0xB4, 0xE9),
    RGBColor(0x00, 0x00, 0x00),
];
const GRID: RGBColor = RGBColor(0xe4, 0xe4, 0xe4);
const DARK: RGBColor = RGBColor(0x33, 0x33, 0x33);
const GREY: RGBColor = RGBColor(0x77, 0x77, 0x77);
/// The SVG backend writes a font of size `s` as `s / 1.24` px; sizes here are in px.
const PX: f64 = 1.24;

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
type Chart<'a> = ChartContext<'a, SVGBackend<'a>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;
type Drawn = Result<(), DrawingAreaErrorKind<std::io::Error>>;

/// One series of a line chart.
#[derive(Debug, Clone)]
pub struct Series<'a> {
    /// Its name in the legend.
    pub name: &'a str,
    /// Its points (x, y).
    pub points: Vec<(f64, f64)>,
}

/// One row of an interval chart.
#[derive(Debug, Clone, Copy)]
pub struct Interval<'a> {
    /// The row's label.
    pub label: &'a str,
    /// The value (the dot).
    pub value: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// A point of an interval line chart: `y` with the interval `low..high`.
#[derive(Debug, Clone, Copy)]
pub struct IntervalPoint {
    /// x.
    pub x: f64,
    /// y (the dot).
    pub y: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// One bar of [`bar_score_chart`]: a count, and a share in 0..=1 with its interval.
#[derive(Debug, Clone, Copy)]
pub struct ScoredBar<'a> {
    /// The bar's label.
    pub label: &'a str,
    /// The count (the bar, left axis).
    pub count: f64,
    /// The share (the dot, right axis, in 0..=1).
    pub share: f64,
    /// The share's interval, lower end.
    pub low: f64,
    /// The share's interval, upper end.
    pub high: f64,
}

/// Draws with `draw` on a white `width` × `height` SVG and returns the document. The SVG
/// backend writes into a string, which cannot fail; should a drawing error come anyway, the
/// document shows it in place of the chart.
fn render(width: u32, height: u32, draw: impl FnOnce(&Area<'_>) -> Drawn) -> String {
    let mut svg = String::new();
    let result = {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE)
            .and_then(|()| draw(&root))
            .and_then(|()| root.present())
    };
    match result {
        Ok(()) => svg,
        Err(e) => {
            let mut svg = String::new();
            {
                let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
                let text = format!("chart not drawn: {e}");
                let _ = root.fill(&WHITE);
                let _ = root.draw(&Text::new(text, (10, 20), (FONT, 14.0 * PX).into_font()));
                let _ = root.present();
            }
            svg
        }
    }
}

/// Text of `size` px in `colour`, anchored at `h` horizontally and centred vertically.
fn text_style(size: f64, colour: RGBColor, h: HPos) -> TextStyle<'static> {
    (FONT, size * PX)
        .into_font()
        .color(&colour)
        .pos(Pos::new(h, VPos::Center))
}

/// A generous estimate of the width of `s` in px at `size` px, so that room made for a label
/// is never too small (sans-serif averages about 0.55 em a character).
fn text_width(s: &str, size: f64) -> u32 {
    (s.chars().count() as f64 * size * 0.62).ceil() as u32
}

/// `title` as it fits `width` px at the captions' size: whole where it fits, else its start
/// and its end with `…` between them (a long model path keeps its directory and file name).
fn fit_title(title: &str, width: u32) -> String {
    let size = 16.0 * PX;
    if text_width(title, size) <= width {
        return title.to_string();
    }
    let chars: Vec<char> = title.chars().collect();
    let keep = ((f64::from(width) / (size * 0.62)).floor() as usize).saturating_sub(1);
    let head = keep.div_ceil(2);
    let tail = keep - head;
    let mut out: String = chars[..head].iter().collect();
    out.push('…');
    out.extend(&chars[chars.len() - tail..]);
    out
}

/// The widest of `labels` at 12 px.
fn widest<'a>(labels: impl Iterator<Item = &'a str>) -> u32 {
    labels.map(|l| text_width(l, 12.0)).max().unwrap_or(0)
}

/// The "nice" range over the finite values of `vs` (0..1 when there are none) and the
/// decimals its tick labels need.
fn nice_range(vs: impl Iterator<Item = f64>) -> (std::ops::Range<f64>, usize) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in vs.filter(|v| v.is_finite()) {
        (lo, hi) = (lo.min(v), hi.max(v));
    }
    let (ticks, dp) = nice_ticks(lo, hi);
    (ticks[0]..ticks[ticks.len() - 1], dp)
}

/// One axis of a chart: its range, the decimals of its tick labels, whether it has ticks and
/// grid lines (categories are drawn apart, without), and its label.
struct Axis<'s> {
    range: std::ops::Range<f64>,
    decimals: usize,
    ticks: bool,
    label: &'s str,
}

/// A chart in `area` with a caption, its two axes labelled with their tick labels, and a
/// light grid; `(left, bottom)` are the room for the axes' labels, in pixels.
fn cartesian<'a>(
    area: &Area<'a>,
    title: &str,
    x: Axis<'_>,
    y: Axis<'_>,
    (left, bottom): (u32, u32),
) -> Result<Chart<'a>, DrawingAreaErrorKind<std::io::Error>> {
    let (xr, xdp, x_ticks, x_label) = (x.range, x.decimals, x.ticks, x.label);
    let (yr, ydp, y_ticks, y_label) = (y.range, y.decimals, y.ticks, y.label);
    let title = fit_title(title, area.dim_in_pixel().0.saturating_sub(24));
    let mut chart = ChartBuilder::on(area)
        .caption(title, (FONT, 16.0 * PX).into_font().style(FontStyle::Bold))
        .margin(12)
        .x_label_area_size(bottom)
        .y_label_area_size(left)
        .build_cartesian_2d(xr, yr)?;
    let x_fmt = |v: &f64| fixed(*v, xdp);
    let y_fmt = |v: &f64| fixed(*v, ydp);
    let mut mesh = chart.configure_mesh();
    mesh.x_desc(x_label)
        .y_desc(y_label)
        .x_label_formatter(&x_fmt)
        .y_label_formatter(&y_fmt)
        .axis_desc_style((FONT, 13.0 * PX))
        .label_style((FONT, 12.0 * PX))
        .axis_style(DARK)
        .bold_line_style(GRID)
        .light_line_style(TRANSPARENT)
        .x_labels(if x_ticks { 8 } else { 0 })
        .y_labels(if y_ticks { 8 } else { 0 });
    if !x_ticks {
        mesh.disable_x_mesh();
    }
    if !y_ticks {
        mesh.disable_y_mesh();
    }
    mesh.draw()?;
    Ok(chart)
}

/// "no data" in the middle of the plotting area.
fn no_data(root: &Area<'_>, chart: &Chart<'_>) -> Drawn {
    let (xr, yr) = (chart.x_range(), chart.y_range());
    let mid = chart.backend_coord(&((xr.start + xr.end) / 2.0, (yr.start + yr.end) / 2.0));
    root.draw(&Text::new(
        "no data",
        mid,
        text_style(14.0, GREY, HPos::Center),
    ))
}

/// Runs of consecutive finite points: a non-finite point is a gap in the line.
fn runs(points: &[(f64, f64)]) -> Vec<Vec<(f64, f64)>> {
    let mut out = vec![Vec::new()];
    for &(x, y) in points {
        if x.is_finite() && y.is_finite() {
            out.last_mut().expect("never empty").push((x, y));
        } else if !out.last().expect("never empty").is_empty() {
            out.push(Vec::new());
        }
    }
    out.retain(|r| !r.is_empty());
    out
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

/// `v` with `decimals` decimals, trailing zeros dropped; "0" for -0 and non-finite values.
fn fixed(v: f64, decimals: usize) -> String {
    let s = format!("{:.decimals$}", if v.is_finite() { v } else { 0.0 });
    let t = s.trim_end_matches(|c| c == '0' && decimals > 0);
    let t = t.trim_end_matches('.');
    String::from(if t == "-0" { "0" } else { t })
}

/// A data value with a precision that suits its size; "n/a" when not finite.
fn fmt_value(v: f64) -> String {
    if !v.is_finite() {
        return "n/a".to_string();
    }
    let decimals = [100.0, 10.0, 1.0].iter().position(|&t| v.abs() >= t);
    fixed(v, decimals.unwrap_or(3))
}
