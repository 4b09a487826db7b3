//! Reading a geometry file's outlines back: which provinces they make neighbours, and
//! whether a point lies in a province. The generator (`tools/geometry/make.mjs`) traces
//! each border once into an arc that both provinces' outlines follow, so two outlines that
//! meet share segments with the same end points; borders are found by those points.

use std::collections::{BTreeMap, BTreeSet};

use dip::{Map, ProvinceId};

use crate::geometry::{Drawn, GeometryFile};

/// Adjacent provinces must share at least this much border, in user units (the
/// generator asks for 3 before simplifying its lines), so that the border shows.
pub const MIN_BORDER: f64 = 2.0;

/// Where three outlines meet, tracing on pixels (half a unit) and then simplifying may
/// leave a segment this short (user units) on all three; it counts as no border. The
/// Standard map's longest is 1.1.
const CORNER: f64 = 1.5;

/// A point in hundredths of a user unit: outlines written to a tenth meet exactly.
pub(crate) type Pt = (i64, i64);

/// The closed rings of SVG path data made of straight lines (`M L H V Z`, absolute or
/// relative), as points.
pub(crate) fn rings(d: &str) -> Result<Vec<Vec<Pt>>, String> {
    let bytes = d.as_bytes();
    let mut i = 0;
    let mut command = b'M';
    let mut numbers_since_command = 0;
    let (mut x, mut y, mut start) = (0.0_f64, 0.0_f64, (0.0_f64, 0.0_f64));
    let mut out: Vec<Vec<(f64, f64)>> = Vec::new();
    let number = |i: &mut usize| -> Result<f64, String> {
        while *i < bytes.len() && (bytes[*i] == b' ' || bytes[*i] == b',' || bytes[*i].is_ascii_whitespace()) {
            *i += 1;
        }
        let from = *i;
        if *i < bytes.len() && (bytes[*i] == b'-' || bytes[*i] == b'+') {
            *i += 1;
        }
        let mut dot = false;
        while *i < bytes.len() && (bytes[*i].is_ascii_digit() || (bytes[*i] == b'.' && !dot)) {
            dot |= bytes[*i] == b'.';
            *i += 1;
        }
        if *i < bytes.len() && (bytes[*i] == b'e' || bytes[*i] == b'E') {
            *i += 1;
            if *i < bytes.len() && (bytes[*i] == b'-' || bytes[*i] == b'+') {
                *i += 1;
            }
            while *i < bytes.len() && bytes[*i].is_ascii_digit() {
                *i += 1;
            }
        }
        d[from..*i].parse::<f64>().map_err(|_| format!("no number at byte {from} of the path"))
    };
    loop {
        while i < bytes.len() && (bytes[i] == b' ' || bytes[i] == b',' || bytes[i].is_ascii_whitespace()) {
            i += 1;
        }
        if i >= bytes.len() {
            break;
        }
        if bytes[i].is_ascii_alphabetic() {
            command = bytes[i];
            numbers_since_command = 0;
            i += 1;
            if command.eq_ignore_ascii_case(&b'z') {
                (x, y) = start;
                if let Some(ring) = out.last_mut() {
                    ring.push(start);
                }
                continue;
            }
            if !b"MmLlHhVv".contains(&command) {
                return Err(format!("path command `{}` is not a straight line", command as char));
            }
            continue;
        }
        let relative = command.is_ascii_lowercase();
        match command.to_ascii_uppercase() {
            b'M' | b'L' => {
                let (dx, dy) = (number(&mut i)?, number(&mut i)?);
                (x, y) = if relative { (x + dx, y + dy) } else { (dx, dy) };
                // Pairs after a moveto's first are linetos.
                if command.eq_ignore_ascii_case(&b'm') && numbers_since_command == 0 {
                    start = (x, y);
                    out.push(vec![(x, y)]);
                } else if let Some(ring) = out.last_mut() {
                    ring.push((x, y));
                }
            }
            b'H' => {
                let v = number(&mut i)?;
                x = if relative { x + v } else { v };
                out.last_mut().ok_or("a line before any moveto")?.push((x, y));
            }
            b'V' => {
                let v = number(&mut i)?;
                y = if relative { y + v } else { v };
                out.last_mut().ok_or("a line before any moveto")?.push((x, y));
            }
            _ => return Err("numbers after a closepath".to_string()),
        }
        numbers_since_command += 1;
    }
    let q = |(x, y): (f64, f64)| ((x * 100.0).round() as i64, (y * 100.0).round() as i64);
    Ok(out.into_iter().map(|ring| ring.into_iter().map(q).collect()).collect())
}

/// Whether `p` lies inside the rings (even-odd, as the renderer fills them).
pub(crate) fn inside(rings: &[Vec<Pt>], p: (f64, f64)) -> bool {
    let (px, py) = (p.0 * 100.0, p.1 * 100.0);
    let mut crossings = 0;
    for ring in rings {
        for w in ring.windows(2) {
            let ((ax, ay), (bx, by)) = ((w[0].0 as f64, w[0].1 as f64), (w[1].0 as f64, w[1].1 as f64));
            if (ay > py) != (by > py) && px < ax + (py - ay) / (by - ay) * (bx - ax) {
                crossings += 1;
            }
        }
    }
    crossings % 2 == 1
}

/// Pairs of provinces the variant makes adjacent, by army or fleet, any coast, either way.
pub(crate) fn adjacent_pairs(map: &Map) -> BTreeSet<(ProvinceId, ProvinceId)> {
    let mut pairs = BTreeSet::new();
    let mut add = |a: ProvinceId, b: ProvinceId| {
        if a != b {
            pairs.insert((a.min(b), a.max(b)));
        }
    };
    for p in map.provinces() {
        for &q in map.army_neighbours(p) {
            add(p, q);
        }
    }
    for loc in map.locations() {
        for &to in map.fleet_neighbours(loc) {
            add(map.province_of(loc), map.province_of(to));
        }
    }
    pairs
}

/// The borders a file draws: for each pair of provinces (by abbreviation, in order) whose
/// outlines meet, the length they share; and what reads wrong.
pub(crate) struct Drawing {
    pub shared: BTreeMap<(String, String), f64>,
    pub rings: BTreeMap<String, Vec<Vec<Pt>>>,
    pub faults: Vec<String>,
}

pub(crate) fn drawing(geometry: &GeometryFile) -> Drawing {
    let mut faults = Vec::new();
    let mut owners: BTreeMap<(Pt, Pt), Vec<usize>> = BTreeMap::new();
    let mut all_rings = BTreeMap::new();
    for (i, g) in geometry.provinces.iter().enumerate() {
        let rings = match rings(&g.shape) {
            Ok(rings) => rings,
            Err(e) => {
                faults.push(format!("the shape of `{}`: {e}", g.abbr));
                continue;
            }
        };
        for ring in &rings {
            for w in ring.windows(2).filter(|w| w[0] != w[1]) {
                let list = owners.entry((w[0].min(w[1]), w[0].max(w[1]))).or_default();
                if !list.contains(&i) {
                    list.push(i);
                }
            }
        }
        all_rings.insert(g.abbr.clone(), rings);
    }
    let mut shared = BTreeMap::new();
    for ((a, b), list) in &owners {
        let length = ((a.0 - b.0) as f64).hypot((a.1 - b.1) as f64) / 100.0;
        match list[..] {
            [p, q] => {
                let (p, q) = (&geometry.provinces[p].abbr, &geometry.provinces[q].abbr);
                *shared.entry((p.min(q).clone(), p.max(q).clone())).or_default() += length;
            }
            [_, _, _, ..] if length > CORNER => {
                let names: Vec<_> = list.iter().map(|&p| geometry.provinces[p].abbr.as_str()).collect();
                faults.push(format!("the outlines of {} overlap for {length:.1}", names.join(", ")));
            }
            _ => {}
        }
    }
    Drawing { shared, rings: all_rings, faults }
}

/// Everything wrong with the borders `drawing` shows as those of `map`: outlines share a
/// border exactly when the variant makes the provinces adjacent, but for the exceptions
/// the file declares (each true of the map).
pub(crate) fn border_faults(map: &Map, geometry: &GeometryFile, drawing: &Drawing) -> Vec<String> {
    let mut faults = drawing.faults.clone();
    let id = |abbr: &str| map.province_by_name(abbr).filter(|&p| map.province(p).abbr == abbr);
    let name = |p: ProvinceId| map.province(p).abbr.as_str();
    let mut shared = BTreeMap::new();
    for ((a, b), &length) in &drawing.shared {
        match (id(a), id(b)) {
            (Some(p), Some(q)) => {
                shared.insert((p.min(q), p.max(q)), length);
            }
            _ => faults.push(format!("{a}-{b}: no such province")),
        }
    }
    let mut exceptions = BTreeMap::new();
    for e in &geometry.exceptions {
        match (id(&e.between.0), id(&e.between.1)) {
            (Some(p), Some(q)) => {
                exceptions.insert((p.min(q), p.max(q)), e.drawn);
            }
            _ => faults.push(format!("the exception {}-{} names no province", e.between.0, e.between.1)),
        }
    }
    let adjacent = adjacent_pairs(map);
    for &(a, b) in &adjacent {
        let length = shared.get(&(a, b)).copied().unwrap_or(0.0);
        match exceptions.get(&(a, b)) {
            Some(Drawn::Apart) if length > 0.0 => {
                faults.push(format!("{}-{} are declared drawn apart but share {length:.1}", name(a), name(b)));
            }
            Some(Drawn::Touching) => {
                faults.push(format!("{}-{} are declared not adjacent, but the variant has them so", name(a), name(b)));
            }
            None if length < MIN_BORDER => faults.push(format!(
                "{}-{} are adjacent but share {length:.1} of border (at least {MIN_BORDER})",
                name(a),
                name(b)
            )),
            _ => {}
        }
    }
    for (&(a, b), &length) in &shared {
        if adjacent.contains(&(a, b)) {
            continue;
        }
        match exceptions.get(&(a, b)) {
            Some(Drawn::Touching) => {}
            Some(Drawn::Apart) => {
                faults.push(format!(
                    "{}-{} are declared adjacent and apart, but the variant has no border",
                    name(a),
                    name(b)
                ));
            }
            None => faults.push(format!("{}-{} share {length:.1} of border but are not adjacent", name(a), name(b))),
        }
    }
    for (&(a, b), &drawn) in &exceptions {
        if drawn == Drawn::Touching && !shared.contains_key(&(a, b)) {
            faults.push(format!("{}-{} are declared drawn touching but do not touch", name(a), name(b)));
        }
        if drawn == Drawn::Apart && !adjacent.contains(&(a, b)) {
            faults.push(format!(
                "{}-{} are declared adjacent and apart, but the variant has no border",
                name(a),
                name(b)
            ));
        }
    }
    faults.sort();
    faults.dedup();
    faults
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_read_as_the_renderer_draws_them() {
        let r = rings("M10,10l5 0 0 5-5 0zM1.5.5L2 1H3V4z").expect("reads");
        assert_eq!(r[0], vec![(1000, 1000), (1500, 1000), (1500, 1500), (1000, 1500), (1000, 1000)]);
        assert_eq!(r[1], vec![(150, 50), (200, 100), (300, 100), (300, 400), (150, 50)]);
        assert!(inside(&r, (12.0, 12.0)));
        assert!(!inside(&r, (16.0, 12.0)));
        assert!(rings("M0,0C1 1 2 2 3 3z").is_err());
        assert!(rings("M0,0L1").is_err());
    }
}
