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

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

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

/// A chart in `area` with a caption, value axes labelled `x_label` and `y_label` with their
/// tick labels, and a light grid. `x` of `None` draws no x ticks (categories drawn apart).
#[allow(clippy::too_many_arguments)]
fn cartesian<'a>(
    area: &Area<'a>,
    title: &str,
    x: (std::ops::Range<f64>, usize, bool),
    y: (std::ops::Range<f64>, usize, bool),
    x_label: &str,
    y_label: &str,
    left: u32,
    bottom: u32,
) -> Result<Chart<'a>, DrawingAreaErrorKind<std::io::Error>> {
    let (xr, xdp, x_ticks) = x;
    let (yr, ydp, y_ticks) = y;
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

/// The legend of a line chart, right of the plot: a line with a dot and the full name per
/// series.
fn legend(root: &Area<'_>, x0: i32, y0: i32, series: &[Series<'_>]) -> Drawn {
    for (i, s) in series.iter().enumerate() {
        let ly = y0 + 18 * i as i32;
        let style = series_style(i);
        root.draw(&PathElement::new(vec![(x0, ly), (x0 + 24, ly)], style))?;
        root.draw(&Circle::new((x0 + 12, ly), 3, style.color.filled()))?;
        root.draw(&Text::new(
            s.name.to_string(),
            (x0 + 30, ly),
            text_style(12.0, DARK, HPos::Left),
        ))?;
    }
    Ok(())
}

fn series_style(i: usize) -> ShapeStyle {
    PALETTE[i % PALETTE.len()].stroke_width(2)
}

/// A line chart with markers: x and y axes with "nice" ranges, axis labels, a title, a legend
/// right of the plot with every series' full name and one colour per series (a fixed
/// colour-blind-safe palette; series past the palette are dashed), points joined by lines.
/// Non-finite points are skipped (a gap in the line). Empty input draws the axes and "no
/// data". Markers are left out for series of more than 200 points.
pub fn line_chart(title: &str, x_label: &str, y_label: &str, series: &[Series<'_>]) -> String {
    let ok = |&&(x, y): &&(f64, f64)| x.is_finite() && y.is_finite();
    let all: Vec<(f64, f64)> = series
        .iter()
        .flat_map(|s| &s.points)
        .filter(ok)
        .copied()
        .collect();
    let legend_w = if series.is_empty() {
        0
    } else {
        48 + widest(series.iter().map(|s| s.name))
    };
    render(WIDTH.max(480 + legend_w), HEIGHT, |root| {
        let (w, _) = root.dim_in_pixel();
        let (area, _) = root.split_horizontally(w - legend_w);
        let (xr, xdp) = nice_range(all.iter().map(|p| p.0));
        let (yr, ydp) = nice_range(all.iter().map(|p| p.1));
        let chart = &mut cartesian(
            &area,
            title,
            (xr, xdp, true),
            (yr, ydp, true),
            x_label,
            y_label,
            60,
            45,
        )?;
        if all.is_empty() {
            no_data(root, chart)?;
        }
        for (i, s) in series.iter().enumerate() {
            let style = series_style(i);
            for run in runs(&s.points) {
                if i < PALETTE.len() {
                    chart.draw_series(LineSeries::new(run, style))?;
                } else {
                    chart.draw_series(DashedLineSeries::new(run, 6, 3, style))?;
                }
            }
            if s.points.len() <= 200 {
                let dots = s.points.iter().filter(ok);
                chart.draw_series(dots.map(|&p| Circle::new(p, 3, style.color.filled())))?;
            }
        }
        let top = chart
            .backend_coord(&(chart.x_range().start, chart.y_range().end))
            .1;
        legend(root, (w - legend_w + 12) as i32, top + 8, series)
    })
}

/// A horizontal dot-and-whisker chart (ratings with 95% intervals): one row per entry in the
/// given order, its full label on the left, the value printed at the right, a dashed vertical
/// line at x = 0. The chart grows taller than 420 px when there are many rows.
pub fn interval_chart(title: &str, x_label: &str, rows: &[Interval<'_>]) -> String {
    let height = HEIGHT.max(110 + 22 * rows.len() as u32);
    let left = 20 + widest(rows.iter().map(|r| r.label)).max(40);
    let width = WIDTH.max(left + 420);
    render(width, height, |root| {
        let n = rows.len().max(1) as f64;
        let xs = rows.iter().flat_map(|r| [r.value, r.low, r.high]);
        let (xr, xdp) = nice_range(xs.chain([0.0]));
        let (area, _) = root.split_horizontally(width - 60);
        let chart = &mut cartesian(
            &area,
            title,
            (xr, xdp, true),
            (-0.5..n - 0.5, 0, false),
            x_label,
            "",
            left,
            45,
        )?;
        let zero = [(0.0, -0.5), (0.0, n - 0.5)];
        chart.draw_series(DashedLineSeries::new(zero, 4, 3, GREY.stroke_width(1)))?;
        if rows.is_empty() {
            no_data(root, chart)?;
        }
        let x_lo = chart.x_range().start;
        let x_hi = chart.x_range().end;
        let colour = PALETTE[0];
        for (i, r) in rows.iter().enumerate() {
            // The first row at the top.
            let y = n - 1.0 - i as f64;
            let (lx, ly) = chart.backend_coord(&(x_lo, y));
            let label = text_style(12.0, DARK, HPos::Right);
            root.draw(&Text::new(r.label.to_string(), (lx - 8, ly), label))?;
            let (rx, _) = chart.backend_coord(&(x_hi, y));
            let value = text_style(12.0, DARK, HPos::Left);
            root.draw(&Text::new(fmt_value(r.value), (rx + 8, ly), value))?;
            if r.low.is_finite() && r.high.is_finite() {
                let style = colour.stroke_width(2);
                chart.draw_series(LineSeries::new([(r.low, y), (r.high, y)], style))?;
                for end in [r.low, r.high] {
                    let cap = PathElement::new(vec![(0, -4), (0, 4)], style);
                    chart.draw_series([EmptyElement::at((end, y)) + cap])?;
                }
            }
            if r.value.is_finite() {
                chart.draw_series([Circle::new((r.value, y), 4, colour.filled())])?;
            }
        }
        Ok(())
    })
}

/// Labels at `ys` (pixels, any order) moved apart to at least `gap` px, keeping their order.
fn spread(ys: &[i32], gap: i32) -> Vec<i32> {
    let mut order: Vec<usize> = (0..ys.len()).collect();
    order.sort_by_key(|&i| ys[i]);
    let mut out = ys.to_vec();
    for k in 1..order.len() {
        let (prev, here) = (order[k - 1], order[k]);
        out[here] = out[here].max(out[prev] + gap);
    }
    out
}

/// A line chart where each point also has an interval (drawn as a vertical whisker): used for
/// "Elo of each generation with 95% intervals". `bands` are horizontal reference lines
/// (label, y), e.g. the baselines' ratings, drawn dashed with their full label at the right.
pub fn interval_line_chart(
    title: &str,
    x_label: &str,
    y_label: &str,
    points: &[IntervalPoint],
    bands: &[(&str, f64)],
) -> String {
    let ok = |p: &&IntervalPoint| p.x.is_finite() && p.y.is_finite();
    let bands: Vec<(&str, f64)> = bands.iter().filter(|b| b.1.is_finite()).copied().collect();
    let right = 24 + widest(bands.iter().map(|b| b.0));
    let width = WIDTH.max(480 + right);
    render(width, HEIGHT, |root| {
        let (area, _) = root.split_horizontally(width - right);
        let (xr, xdp) = nice_range(points.iter().filter(ok).map(|p| p.x));
        let with_x = points.iter().filter(|p| p.x.is_finite());
        let ys = with_x.flat_map(|p| [p.y, p.low, p.high]);
        let (yr, ydp) = nice_range(ys.chain(bands.iter().map(|b| b.1)));
        let chart = &mut cartesian(
            &area,
            title,
            (xr, xdp, true),
            (yr, ydp, true),
            x_label,
            y_label,
            60,
            45,
        )?;
        if !points.iter().any(|p| ok(&p)) {
            no_data(root, chart)?;
        }
        let (x0, x1) = (chart.x_range().start, chart.x_range().end);
        let pys: Vec<i32> = bands
            .iter()
            .map(|b| chart.backend_coord(&(x1, b.1)).1)
            .collect();
        let label_ys = spread(&pys, 14);
        for (i, &(label, v)) in bands.iter().enumerate() {
            let colour = PALETTE[1 + i % (PALETTE.len() - 1)];
            let style = colour.stroke_width(2);
            chart.draw_series(DashedLineSeries::new([(x0, v), (x1, v)], 6, 4, style))?;
            let px = chart.backend_coord(&(x1, v)).0 + 6;
            let text = text_style(12.0, colour, HPos::Left);
            root.draw(&Text::new(label.to_string(), (px, label_ys[i]), text))?;
        }
        let colour = PALETTE[0];
        let whisker = colour.stroke_width(1);
        let whiskered = |p: &&IntervalPoint| [p.x, p.low, p.high].iter().all(|v| v.is_finite());
        for p in points.iter().filter(whiskered) {
            chart.draw_series(LineSeries::new([(p.x, p.low), (p.x, p.high)], whisker))?;
            for end in [p.low, p.high] {
                let cap = PathElement::new(vec![(-3, 0), (3, 0)], whisker);
                chart.draw_series([EmptyElement::at((p.x, end)) + cap])?;
            }
        }
        let line: Vec<(f64, f64)> = points.iter().map(|p| (p.x, p.y)).collect();
        for run in runs(&line) {
            chart.draw_series(LineSeries::new(run, colour.stroke_width(2)))?;
        }
        let dots = points.iter().filter(ok);
        chart.draw_series(dots.map(|p| Circle::new((p.x, p.y), 4, colour.filled())))?;
        Ok(())
    })
}

/// Category labels under bars: horizontal when every label fits its slot, else turned to
/// read upwards. Returns the room they need below the plot.
fn category_room(labels: &[&str], slot: f64) -> (bool, u32) {
    let w = widest(labels.iter().copied());
    if labels.len() > 10 || f64::from(w) > slot {
        (true, w + 16)
    } else {
        (false, 30)
    }
}

/// Draws category labels under the bars at x = 0, 1, ....
fn category_labels(root: &Area<'_>, chart: &Chart<'_>, labels: &[&str], turned: bool) -> Drawn {
    let y0 = chart.y_range().start;
    for (i, label) in labels.iter().enumerate() {
        let (px, py) = chart.backend_coord(&(i as f64, y0));
        if turned {
            let style = (FONT, 12.0 * PX)
                .into_font()
                .transform(FontTransform::Rotate270)
                .color(&DARK)
                .pos(Pos::new(HPos::Right, VPos::Center));
            root.draw(&Text::new(label.to_string(), (px, py + 8), style))?;
        } else {
            let style = (FONT, 12.0 * PX)
                .into_font()
                .color(&DARK)
                .pos(Pos::new(HPos::Center, VPos::Top));
            root.draw(&Text::new(label.to_string(), (px, py + 6), style))?;
        }
    }
    Ok(())
}

/// A bar chart (categories with values), e.g. shares of points. Bars start at 0; a
/// non-finite value gives no bar and "n/a"; labels are turned upwards when there are many
/// bars or one is wider than its slot, and never shortened.
pub fn bar_chart(title: &str, y_label: &str, bars: &[(&str, f64)]) -> String {
    let labels: Vec<&str> = bars.iter().map(|b| b.0).collect();
    let slot = f64::from(WIDTH - 100) / bars.len().max(1) as f64;
    let (turned, room) = category_room(&labels, slot);
    render(WIDTH, HEIGHT + room.saturating_sub(30), |root| {
        let n = bars.len().max(1) as f64;
        let (yr, ydp) = nice_range(bars.iter().map(|b| b.1).chain([0.0]));
        let chart = &mut cartesian(
            root,
            title,
            (-0.5..n - 0.5, 0, false),
            (yr, ydp, true),
            "",
            y_label,
            60,
            room,
        )?;
        if bars.is_empty() {
            no_data(root, chart)?;
        }
        for (i, &(_, v)) in bars.iter().enumerate() {
            let x = i as f64;
            if v.is_finite() {
                let bar = Rectangle::new([(x - 0.35, 0.0), (x + 0.35, v)], PALETTE[0].filled());
                chart.draw_series([bar])?;
            }
            let at = if v.is_finite() { v } else { 0.0 };
            let (px, py) = chart.backend_coord(&(x, at));
            let py = if v < 0.0 { py + 10 } else { py - 8 };
            let text = text_style(10.0, DARK, HPos::Center);
            root.draw(&Text::new(fmt_value(v), (px, py), text))?;
        }
        let (x0, x1) = (chart.x_range().start, chart.x_range().end);
        chart.draw_series(LineSeries::new(
            [(x0, 0.0), (x1, 0.0)],
            DARK.stroke_width(1),
        ))?;
        category_labels(root, chart, &labels, turned)
    })
}

/// A bar chart of counts on the left axis, with a share per bar drawn as a dot and whisker
/// on a second axis from 0 to 100% at the right (e.g. games per first move with the first
/// player's score and its 95% interval), and a dashed line at 50%. Non-finite values are
/// left out; labels are turned upwards when there are many bars, and never shortened.
pub fn bar_score_chart(
    title: &str,
    count_label: &str,
    share_label: &str,
    bars: &[ScoredBar<'_>],
) -> String {
    let labels: Vec<&str> = bars.iter().map(|b| b.label).collect();
    let slot = f64::from(WIDTH - 140) / bars.len().max(1) as f64;
    let (turned, room) = category_room(&labels, slot);
    render(WIDTH, HEIGHT + room.saturating_sub(30), |root| {
        let n = bars.len().max(1) as f64;
        let (yr, ydp) = nice_range(bars.iter().map(|b| b.count).chain([0.0]));
        let mut chart = ChartBuilder::on(root)
            .caption(title, (FONT, 16.0 * PX).into_font().style(FontStyle::Bold))
            .margin(12)
            .x_label_area_size(room)
            .y_label_area_size(60)
            .right_y_label_area_size(60)
            .build_cartesian_2d(-0.5..n - 0.5, yr)?
            .set_secondary_coord(-0.5..n - 0.5, 0.0..100.0);
        let y_fmt = |v: &f64| fixed(*v, ydp);
        chart
            .configure_mesh()
            .y_desc(count_label)
            .y_label_formatter(&y_fmt)
            .x_labels(0)
            .disable_x_mesh()
            .axis_desc_style((FONT, 13.0 * PX))
            .label_style((FONT, 12.0 * PX))
            .axis_style(DARK)
            .bold_line_style(GRID)
            .light_line_style(TRANSPARENT)
            .draw()?;
        let pct_fmt = |v: &f64| fixed(*v, 0);
        chart
            .configure_secondary_axes()
            .y_desc(share_label)
            .y_label_formatter(&pct_fmt)
            .axis_desc_style((FONT, 13.0 * PX))
            .label_style((FONT, 12.0 * PX))
            .axis_style(DARK)
            .draw()?;
        let note = format!("bars: {count_label} (left); dots: {share_label} (right)");
        let centre = (root.dim_in_pixel().0 / 2) as i32;
        root.draw(&Text::new(
            note,
            (centre, 40),
            text_style(10.0, DARK, HPos::Center),
        ))?;
        let half = [(-0.5, 50.0), (n - 0.5, 50.0)];
        chart.draw_secondary_series(DashedLineSeries::new(half, 4, 3, GREY.stroke_width(1)))?;
        if bars.is_empty() {
            let (px, py) = chart.backend_coord(&((n - 1.0) / 2.0, 0.0));
            let middle = (px, (py + 60) / 2);
            root.draw(&Text::new(
                "no data",
                middle,
                text_style(14.0, GREY, HPos::Center),
            ))?;
        }
        let colour = PALETTE[1];
        let whisker = colour.stroke_width(2);
        for (i, b) in bars.iter().enumerate() {
            let x = i as f64;
            if b.count.is_finite() {
                let rect =
                    Rectangle::new([(x - 0.35, 0.0), (x + 0.35, b.count)], PALETTE[0].filled());
                chart.draw_series([rect])?;
                let (px, py) = chart.backend_coord(&(x - 0.35, b.count));
                let text = text_style(12.0, DARK, HPos::Left);
                root.draw(&Text::new(fmt_value(b.count), (px + 2, py - 8), text))?;
            }
            if b.low.is_finite() && b.high.is_finite() {
                let (a, c) = (100.0 * b.low, 100.0 * b.high);
                chart.draw_secondary_series(LineSeries::new([(x, a), (x, c)], whisker))?;
                for end in [a, c] {
                    let cap = PathElement::new(vec![(-4, 0), (4, 0)], whisker);
                    chart.draw_secondary_series([EmptyElement::at((x, end)) + cap])?;
                }
            }
            if b.share.is_finite() {
                let dot = Circle::new((x, 100.0 * b.share), 5, colour.filled());
                chart.draw_secondary_series([dot])?;
            }
        }
        let (x0, x1) = (-0.5, n - 0.5);
        chart.draw_series(LineSeries::new(
            [(x0, 0.0), (x1, 0.0)],
            DARK.stroke_width(1),
        ))?;
        let y0 = chart.y_range().start;
        for (i, label) in labels.iter().enumerate() {
            let (px, py) = chart.backend_coord(&(i as f64, y0));
            let style = if turned {
                (FONT, 12.0 * PX)
                    .into_font()
                    .transform(FontTransform::Rotate270)
                    .color(&DARK)
                    .pos(Pos::new(HPos::Right, VPos::Center))
            } else {
                (FONT, 12.0 * PX)
                    .into_font()
                    .color(&DARK)
                    .pos(Pos::new(HPos::Center, VPos::Top))
            };
            root.draw(&Text::new(label.to_string(), (px, py + 8), style))?;
        }
        Ok(())
    })
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
    }

    /// Balanced start and end tags under a single `<svg>` root, quoted attributes, no bare
    /// `&`, `<` or `>` in text, and no non-finite numbers.
    fn check_well_formed(svg: &str) {
        assert!(svg.starts_with("<svg "), "{svg}");
        assert!(svg.contains(r#"xmlns="http://www.w3.org/2000/svg""#));
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
            let known = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#39;"];
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

    /// The text of every `<text>` element, whitespace around it trimmed.
    fn texts(svg: &str) -> Vec<String> {
        svg.split("<text")
            .skip(1)
            .filter_map(|t| {
                let body = &t[t.find('>')? + 1..t.find("</text>")?];
                Some(body.trim().to_string())
            })
            .collect()
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

    fn scored(label: &str, count: f64, share: f64) -> ScoredBar<'_> {
        ScoredBar {
            label,
            count,
            share,
            low: share - 0.1,
            high: share + 0.1,
        }
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
        let scored_bars = [
            scored(label, 40.0, 0.5),
            scored("x", n, i),
            scored("y", v, n),
        ];
        vec![
            line_chart(label, label, label, &series),
            interval_chart(label, label, &rows),
            interval_line_chart(label, label, label, &pts, &bands),
            bar_chart(label, label, &bars),
            bar_chart(label, label, &many),
            bar_score_chart(label, label, label, &scored_bars),
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
            bar_score_chart("empty", "games", "score (%)", &[]),
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
            assert!(svg.contains(r#"width="720""#) || svg.contains(r#"width="7"#));
            assert!(svg.trim_end().ends_with("</svg>"));
        }
        python_check(&all);
        let no_data = edge_charts()
            .into_iter()
            .filter(|s| texts(s).iter().any(|t| t == "no data"));
        assert_eq!(no_data.count(), 6);
        let once = labelled_charts("d", 2.0);
        assert_eq!(once, labelled_charts("d", 2.0), "deterministic");
    }

    #[test]
    fn labels_are_escaped() {
        let nasty = "a<&>\"'b";
        let charts = labelled_charts(nasty, 1.0);
        for svg in &charts {
            assert!(!svg.contains(nasty));
            assert!(svg.contains("a&lt;&amp;&gt;"), "{svg}");
            check_well_formed(svg);
        }
        python_check(&charts);
    }

    /// The Elo chart once cut `alphabeta:depth=4` to `alphabeta:dep…`; legends, row labels,
    /// reference lines and bar labels now carry every name whole, and the document grows
    /// wide enough for them.
    #[test]
    fn long_names_are_never_shortened() {
        let long = "alphabeta:depth=4,nodes=100000,ms=250";
        let bands = [("random", 0.0), ("alphabeta:depth=4", 350.0), (long, 360.0)];
        let pts = [ip(0.0, 10.0, -40.0, 60.0), ip(1.0, 200.0, 150.0, 250.0)];
        let elo = interval_line_chart("Elo", "generation", "Elo", &pts, &bands);
        let series = [
            ser(long, vec![(0.0, 1.0), (1.0, 0.5)]),
            ser("value", vec![]),
        ];
        let rows = [iv(long, 120.0, 80.0, 160.0), iv("random", 0.0, -30.0, 30.0)];
        let bars = [(long, 60.0), ("random", 40.0)];
        let scored_bars = [scored(long, 10.0, 0.6), scored("B4", 3.0, 0.4)];
        let charts = [
            elo,
            line_chart("losses", "generation", "loss", &series),
            interval_chart("ratings", "Elo", &rows),
            bar_chart("scores", "score (%)", &bars),
            bar_score_chart("openings", "games", "score (%)", &scored_bars),
        ];
        for svg in &charts {
            check_well_formed(svg);
            let texts = texts(svg);
            assert!(texts.iter().any(|t| t == long), "{texts:?}");
            assert!(!svg.contains('…'));
        }
        let texts = texts(&charts[0]);
        assert!(texts.iter().any(|t| t == "alphabeta:depth=4"), "{texts:?}");
        // Room for the longest reference label: the document is wider than the default.
        let width = |svg: &str| -> u32 {
            let w = &svg[svg.find("width=\"").unwrap() + 7..];
            w[..w.find('"').unwrap()].parse().unwrap()
        };
        assert!(width(&charts[0]) >= WIDTH);
        assert!(width(&charts[0]) >= 480 + text_width(long, 12.0));
        python_check(&charts);
    }

    #[test]
    fn reference_labels_that_would_overlap_are_moved_apart_in_order() {
        assert_eq!(spread(&[100, 95, 300, 101], 14), [109, 95, 300, 123]);
        assert_eq!(spread(&[], 14), Vec::<i32>::new());
    }

    #[test]
    fn shares_are_dots_only_where_finite() {
        let (n, i) = (f64::NAN, f64::INFINITY);
        let bars = [
            scored("A6>", 40.0, 0.5),
            scored("a<&b", 12.0, 0.25),
            scored("x", n, i),
            scored("y", 0.0, n),
        ];
        let svg = bar_score_chart("first moves", "games", "score (%)", &bars);
        check_well_formed(&svg);
        assert_eq!(svg.matches(r#"r="5""#).count(), 2, "no dot for NaN or inf");
        let again = bar_score_chart("first moves", "games", "score (%)", &bars);
        assert_eq!(svg, again, "deterministic");
    }
}
