//! Small helpers for writing SVG text by hand: numbers, escaping, paths.

use std::fmt::Write as _;

use crate::layout::Point;

/// Appends a number with at most one decimal, as SVG reads it.
pub(crate) fn num(out: &mut String, v: f32) {
    let v = if v.is_finite() { v } else { 0.0 };
    let tenths = (v * 10.0).round() as i64;
    if tenths < 0 {
        out.push('-');
    }
    let tenths = tenths.unsigned_abs();
    let _ = write!(out, "{}", tenths / 10);
    if !tenths.is_multiple_of(10) {
        let _ = write!(out, ".{}", tenths % 10);
    }
}

/// Appends `x,y`.
pub(crate) fn point(out: &mut String, p: Point) {
    num(out, p.x);
    out.push(',');
    num(out, p.y);
}

/// Appends ` name="value"` for a number.
pub(crate) fn attr(out: &mut String, name: &str, v: f32) {
    out.push(' ');
    out.push_str(name);
    out.push_str("=\"");
    num(out, v);
    out.push('"');
}

/// Appends text with `&`, `<`, `>` and quotes escaped.
pub(crate) fn text(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
}

/// Appends a `<text>` element with a white halo, centred on `at`.
pub(crate) fn label(out: &mut String, at: Point, size: f32, fill: &str, extra: &str, s: &str) {
    out.push_str("<text");
    attr(out, "x", at.x);
    attr(out, "y", at.y + size * 0.35);
    attr(out, "font-size", size);
    out.push_str(" text-anchor=\"middle\" fill=\"");
    out.push_str(fill);
    out.push_str("\" stroke=\"#fff\" stroke-opacity=\"0.8\" paint-order=\"stroke\"");
    attr(out, "stroke-width", size * 0.28);
    out.push_str(extra);
    out.push('>');
    text(out, s);
    out.push_str("</text>");
}

/// The points of a quadratic Bézier curve: start, control, end.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Quad {
    pub from: Point,
    pub ctrl: Point,
    pub to: Point,
}

impl Quad {
    /// A curve from `from` to `to` bowed to the left by `bend` times its length.
    pub fn bowed(from: Point, to: Point, bend: f32) -> Quad {
        let mid = from.lerp(to, 0.5);
        let ctrl = mid + (to - from).perpendicular() * bend;
        Quad { from, ctrl, to }
    }

    pub fn at(&self, t: f32) -> Point {
        let a = self.from.lerp(self.ctrl, t);
        let b = self.ctrl.lerp(self.to, t);
        a.lerp(b, t)
    }

    /// The direction of travel at the end.
    pub fn end_direction(&self) -> Point {
        let d = self.to - self.ctrl;
        if d.length() > 1e-3 { d.unit() } else { (self.to - self.from).unit() }
    }

    /// The curve with `start` cut off its beginning and `end` off its end (approximately,
    /// along the tangents).
    pub fn trimmed(&self, start: f32, end: f32) -> Quad {
        let length = self.from.distance(self.to).max(1e-3);
        let (start, end) = if start + end > length * 0.8 {
            let k = length * 0.8 / (start + end);
            (start * k, end * k)
        } else {
            (start, end)
        };
        let from = self.from + (self.ctrl - self.from).unit() * start;
        let to = self.to + (self.ctrl - self.to).unit() * end;
        Quad { from, ctrl: self.ctrl, to }
    }

    pub fn path(&self, out: &mut String) {
        out.push('M');
        point(out, self.from);
        out.push('Q');
        point(out, self.ctrl);
        out.push(' ');
        point(out, self.to);
    }
}

/// A smooth path through `points` (Catmull-Rom turned into cubic Béziers).
pub(crate) fn smooth_path(out: &mut String, points: &[Point]) {
    let Some(&first) = points.first() else { return };
    out.push('M');
    point(out, first);
    for i in 0..points.len().saturating_sub(1) {
        let p0 = points[i.saturating_sub(1)];
        let p1 = points[i];
        let p2 = points[i + 1];
        let p3 = points[(i + 2).min(points.len() - 1)];
        let c1 = p1 + (p2 - p0) * (1.0 / 6.0);
        let c2 = p2 - (p3 - p1) * (1.0 / 6.0);
        out.push('C');
        point(out, c1);
        out.push(' ');
        point(out, c2);
        out.push(' ');
        point(out, p2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_one_decimal_at_most() {
        let mut out = String::new();
        for v in [0.0, 1.04, -2.25, 12.5, -0.04, f32::NAN] {
            num(&mut out, v);
            out.push(' ');
        }
        assert_eq!(out, "0 1 -2.3 12.5 0 0 ");
    }

    #[test]
    fn text_is_escaped() {
        let mut out = String::new();
        text(&mut out, "A<B & \"C\"");
        assert_eq!(out, "A&lt;B &amp; &quot;C&quot;");
    }
}
