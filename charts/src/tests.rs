//! The charts: well-formed, finite, escaped, deterministic, every label whole.

use crate::lines::spread;
use crate::*;

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

#[test]
fn a_title_too_long_for_its_chart_keeps_its_start_and_end() {
    let short = "gen-39 against mcts:sims=10000";
    assert_eq!(fit_title(short, 696), short);
    let long = format!(
        "nn:model=runs/{}/gen-0180/train/model.bpk against mcts:sims=10000",
        "x".repeat(80)
    );
    let fitted = fit_title(&long, 696);
    assert!(text_width(&fitted, 16.0 * PX) <= 696, "{fitted}");
    assert!(
        fitted.starts_with("nn:model=runs/") && fitted.ends_with("against mcts:sims=10000"),
        "{fitted}"
    );
    assert_eq!(fitted.matches('…').count(), 1, "{fitted}");
    // Characters, not bytes: a title of wide characters is cut between them.
    let fitted = fit_title(&"é".repeat(200), 300);
    assert!(fitted.chars().count() < 200 && fitted.contains('…'));
}
