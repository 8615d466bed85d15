//! Line charts: curves with a legend, and Elo with intervals and reference lines.

use plotters::prelude::*;
use plotters::style::text_anchor::HPos;

use crate::*;

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
            Axis {
                range: xr,
                decimals: xdp,
                ticks: true,
                label: x_label,
            },
            Axis {
                range: yr,
                decimals: ydp,
                ticks: true,
                label: y_label,
            },
            (60, 45),
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

/// Labels at `ys` (pixels, any order) moved apart to at least `gap` px, keeping their order.
pub(super) fn spread(ys: &[i32], gap: i32) -> Vec<i32> {
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
            Axis {
                range: xr,
                decimals: xdp,
                ticks: true,
                label: x_label,
            },
            Axis {
                range: yr,
                decimals: ydp,
                ticks: true,
                label: y_label,
            },
            (60, 45),
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
