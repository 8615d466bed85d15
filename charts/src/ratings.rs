//! Ratings as rows of dots with their intervals.

use plotters::prelude::*;
use plotters::style::text_anchor::HPos;

use crate::*;

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
            Axis {
                range: xr,
                decimals: xdp,
                ticks: true,
                label: x_label,
            },
            Axis {
                range: -0.5..n - 0.5,
                decimals: 0,
                ticks: false,
                label: "",
            },
            (left, 45),
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
