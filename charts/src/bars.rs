//! Bar charts: values per category, and counts with a share per bar on a second axis.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::*;

/// A value a little beyond the largest of `vs` (or the smallest, when all are below 0), so
/// that the value printed over the tallest bar stays inside the plot.
fn headroom(vs: impl Iterator<Item = f64>) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 0.0f64);
    for v in vs.filter(|v| v.is_finite()) {
        (lo, hi) = (lo.min(v), hi.max(v));
    }
    if hi > 0.0 { hi * 1.08 } else { lo * 1.08 }
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
        let values = bars.iter().map(|b| b.1);
        let (yr, ydp) = nice_range(values.clone().chain([0.0, headroom(values)]));
        let chart = &mut cartesian(
            root,
            title,
            Axis {
                range: -0.5..n - 0.5,
                decimals: 0,
                ticks: false,
                label: "",
            },
            Axis {
                range: yr,
                decimals: ydp,
                ticks: true,
                label: y_label,
            },
            (60, room),
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
    // The note on the two axes goes under the category labels.
    let room = room + 18;
    render(WIDTH, HEIGHT + room.saturating_sub(30), |root| {
        let n = bars.len().max(1) as f64;
        let counts = bars.iter().map(|b| b.count);
        let (yr, ydp) = nice_range(counts.clone().chain([0.0, headroom(counts)]));
        let title = fit_title(title, root.dim_in_pixel().0.saturating_sub(24));
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
        let (w, h) = root.dim_in_pixel();
        let centre = (w / 2) as i32;
        root.draw(&Text::new(
            note,
            (centre, h as i32 - 12),
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
