//! The schematic layout of a map without geometry: every province a disc placed by stress
//! majorization over its adjacency graph (provinces a border apart end up about one step
//! apart), every border a line. Deterministic: no randomness, a fixed number of steps.

use dip::{LocId, Map, ProvinceId};

use crate::layout::{Edge, Layout, Point, ProvinceArt, Shape};

/// Disc radius of a province.
const RADIUS: f32 = 28.0;
/// Distance between the centres of neighbouring provinces.
const STEP: f64 = 92.0;
/// Closest two discs may come (centre to centre).
const MIN_GAP: f64 = 2.0 * RADIUS as f64 + 12.0;
const MARGIN: f32 = 24.0;
const UNIT_RADIUS: f32 = 10.0;

/// Neighbouring provinces, by army or fleet, from any coast.
fn neighbours(map: &Map) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new(); map.province_count()];
    for p in map.provinces() {
        let mut list: Vec<usize> = map.army_neighbours(p).iter().map(|q| q.index()).collect();
        for loc in locations_of(map, p) {
            list.extend(map.fleet_neighbours(loc).iter().map(|&l| map.province_of(l).index()));
        }
        list.sort_unstable();
        list.dedup();
        list.retain(|&q| q != p.index());
        out[p.index()] = list;
    }
    // Borders are drawn whichever side lists them.
    for a in 0..out.len() {
        for k in 0..out[a].len() {
            let b = out[a][k];
            if !out[b].contains(&a) {
                out[b].push(a);
            }
        }
    }
    out.iter_mut().for_each(|l| l.sort_unstable());
    out
}

/// The province itself and its coasts.
fn locations_of(map: &Map, p: ProvinceId) -> impl Iterator<Item = LocId> + '_ {
    std::iter::once(map.main_loc(p)).chain(map.province(p).coasts.iter().copied())
}

/// Hops between every two provinces; provinces in another component count one hop
/// further than the farthest reachable.
fn hops(adjacent: &[Vec<usize>]) -> Vec<Vec<f64>> {
    let n = adjacent.len();
    let mut d = vec![vec![f64::INFINITY; n]; n];
    let mut queue = std::collections::VecDeque::new();
    for (s, row) in d.iter_mut().enumerate() {
        row[s] = 0.0;
        queue.push_back(s);
        while let Some(v) = queue.pop_front() {
            for &w in &adjacent[v] {
                if row[w].is_infinite() {
                    row[w] = row[v] + 1.0;
                    queue.push_back(w);
                }
            }
        }
    }
    let far = d.iter().flatten().filter(|v| v.is_finite()).fold(0.0f64, |a, &b| a.max(b)) + 1.0;
    d.iter_mut().flatten().filter(|v| v.is_infinite()).for_each(|v| *v = far);
    d
}

/// The two main axes of classical multidimensional scaling, by power iteration.
fn classical_mds(d: &[Vec<f64>]) -> Vec<[f64; 2]> {
    let n = d.len();
    if n == 0 {
        return Vec::new();
    }
    // B = -1/2 J D² J, J the centring matrix.
    let sq: Vec<Vec<f64>> = d.iter().map(|r| r.iter().map(|v| v * v).collect()).collect();
    let row_mean: Vec<f64> = sq.iter().map(|r| r.iter().sum::<f64>() / n as f64).collect();
    let all_mean = row_mean.iter().sum::<f64>() / n as f64;
    let b: Vec<Vec<f64>> =
        (0..n).map(|i| (0..n).map(|j| -0.5 * (sq[i][j] - row_mean[i] - row_mean[j] + all_mean)).collect()).collect();
    let mut axes: Vec<(Vec<f64>, f64)> = Vec::new();
    for axis in 0..2 {
        let mut v: Vec<f64> = (0..n).map(|i| ((i * (axis + 3) % 17) as f64) - 8.0 + 0.01 * i as f64).collect();
        let mut value = 0.0;
        for _ in 0..300 {
            let mut next: Vec<f64> = (0..n).map(|i| b[i].iter().zip(&v).map(|(x, y)| x * y).sum()).collect();
            for (u, _) in &axes {
                let dot: f64 = next.iter().zip(u).map(|(a, b)| a * b).sum();
                next.iter_mut().zip(u).for_each(|(a, b)| *a -= dot * b);
            }
            let norm = next.iter().map(|x| x * x).sum::<f64>().sqrt();
            if norm < 1e-12 {
                break;
            }
            value = norm;
            v = next.into_iter().map(|x| x / norm).collect();
        }
        axes.push((v, value));
    }
    (0..n)
        .map(|i| {
            let x = axes[0].0[i] * axes[0].1.sqrt();
            let y = axes[1].0[i] * axes[1].1.sqrt();
            [x, y]
        })
        .collect()
}

/// Stress majorization: each step moves every province to where its distances to all
/// others best match their hop counts, weighted by 1/hops².
fn majorize(d: &[Vec<f64>], mut x: Vec<[f64; 2]>, steps: usize) -> Vec<[f64; 2]> {
    let n = x.len();
    for _ in 0..steps {
        let mut next = x.clone();
        for i in 0..n {
            let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
            for j in 0..n {
                if i == j {
                    continue;
                }
                let w = 1.0 / (d[i][j] * d[i][j]);
                let (dx, dy) = (x[i][0] - x[j][0], x[i][1] - x[j][1]);
                let dist = (dx * dx + dy * dy).sqrt().max(1e-9);
                sx += w * (x[j][0] + d[i][j] * dx / dist);
                sy += w * (x[j][1] + d[i][j] * dy / dist);
                sw += w;
            }
            if sw > 0.0 {
                next[i] = [sx / sw, sy / sw];
            }
        }
        x = next;
    }
    x
}

/// Pushes discs apart until no two are closer than [`MIN_GAP`].
fn separate(x: &mut [[f64; 2]]) {
    let n = x.len();
    for _ in 0..500 {
        let mut moved = false;
        for i in 0..n {
            for j in i + 1..n {
                let (dx, dy) = (x[j][0] - x[i][0], x[j][1] - x[i][1]);
                let dist = (dx * dx + dy * dy).sqrt();
                if dist >= MIN_GAP - 1e-6 {
                    continue;
                }
                moved = true;
                let (ux, uy) = if dist > 1e-6 {
                    (dx / dist, dy / dist)
                } else {
                    // Same place: split them along a direction fixed by their indices.
                    let angle = (i * 7 + j * 13) as f64;
                    (angle.cos(), angle.sin())
                };
                let push = (MIN_GAP - dist) / 2.0 + 0.01;
                x[i][0] -= ux * push;
                x[i][1] -= uy * push;
                x[j][0] += ux * push;
                x[j][1] += uy * push;
            }
        }
        if !moved {
            break;
        }
    }
}

/// The schematic layout of `map`.
pub(crate) fn layout(map: &Map) -> Layout {
    let adjacent = neighbours(map);
    let d = hops(&adjacent);
    let start = classical_mds(&d);
    let mut x = majorize(&d, start, 300);

    // One hop becomes STEP units: scale by the median border length.
    let mut lengths: Vec<f64> = Vec::new();
    for (a, list) in adjacent.iter().enumerate() {
        for &b in list.iter().filter(|&&b| b > a) {
            lengths.push(((x[a][0] - x[b][0]).powi(2) + (x[a][1] - x[b][1]).powi(2)).sqrt());
        }
    }
    lengths.sort_by(f64::total_cmp);
    let median = lengths.get(lengths.len() / 2).copied().filter(|&m| m > 1e-9).unwrap_or(1.0);
    x.iter_mut().for_each(|p| *p = [p[0] * STEP / median, p[1] * STEP / median]);
    separate(&mut x);

    let min_x = x.iter().map(|p| p[0]).fold(f64::INFINITY, f64::min);
    let min_y = x.iter().map(|p| p[1]).fold(f64::INFINITY, f64::min);
    let max_x = x.iter().map(|p| p[0]).fold(f64::NEG_INFINITY, f64::max);
    let max_y = x.iter().map(|p| p[1]).fold(f64::NEG_INFINITY, f64::max);
    let pad = MARGIN + RADIUS + UNIT_RADIUS;
    let centres: Vec<Point> =
        x.iter().map(|p| Point::new((p[0] - min_x) as f32 + pad, (p[1] - min_y) as f32 + pad)).collect();
    let (width, height) = if centres.is_empty() {
        (400.0, 300.0)
    } else {
        (((max_x - min_x) as f32 + 2.0 * pad).max(400.0), ((max_y - min_y) as f32 + 2.0 * pad).max(300.0))
    };

    let mut anchors = vec![Point::default(); map.location_count()];
    let mut provinces = Vec::with_capacity(map.province_count());
    for p in map.provinces() {
        let c = centres[p.index()];
        anchors[p.index()] = c + Point::new(0.0, RADIUS * 0.2);
        provinces.push(ProvinceArt {
            shape: Shape::Disc { centre: c, radius: RADIUS },
            label: c + Point::new(0.0, -RADIUS * 0.5),
            centre: c + Point::new(RADIUS * 0.64, -RADIUS * 0.1),
        });
        coast_anchors(map, p, &centres, &mut anchors);
    }

    let mut edges = Vec::new();
    for a in map.provinces() {
        for &b in adjacent[a.index()].iter().filter(|&&b| b > a.index()) {
            let b = ProvinceId(b as u16);
            let army = map.army_adjacent(a, b) || map.army_adjacent(b, a);
            let mut main_fleet = false;
            for la in locations_of(map, a) {
                for lb in locations_of(map, b) {
                    if !(map.fleet_adjacent(la, lb) || map.fleet_adjacent(lb, la)) {
                        continue;
                    }
                    if la.index() == a.index() && lb.index() == b.index() {
                        main_fleet = true;
                    } else {
                        let from = if la.index() == a.index() { centres[a.index()] } else { anchors[la.index()] };
                        let to = if lb.index() == b.index() { centres[b.index()] } else { anchors[lb.index()] };
                        edges.push(Edge { from, to, army: false, fleet: true });
                    }
                }
            }
            if army || main_fleet {
                edges.push(Edge { from: centres[a.index()], to: centres[b.index()], army, fleet: main_fleet });
            }
        }
    }
    Layout {
        width,
        height,
        provinces,
        anchors,
        unit_radius: UNIT_RADIUS,
        label_size: 10.0,
        impassable: Vec::new(),
        edges,
        colours: Vec::new(),
    }
}

/// Places each coast of a multi-coast province inside its disc, toward the provinces its
/// fleets reach, and at least a third of a turn from the other coasts.
fn coast_anchors(map: &Map, p: ProvinceId, centres: &[Point], anchors: &mut [Point]) {
    let c = centres[p.index()];
    let mut angles: Vec<(LocId, f32)> = Vec::new();
    for (k, &coast) in map.province(p).coasts.iter().enumerate() {
        let mut toward = Point::default();
        for &n in map.fleet_neighbours(coast) {
            toward = toward + (centres[map.province_of(n).index()] - c).unit();
        }
        let angle = if toward.length() > 1e-3 {
            toward.y.atan2(toward.x)
        } else {
            k as f32 * std::f32::consts::TAU / map.province(p).coasts.len().max(1) as f32
        };
        angles.push((coast, angle));
    }
    let min_apart = std::f32::consts::TAU / 3.0_f32.max(angles.len() as f32) * 0.9;
    for i in 1..angles.len() {
        for j in 0..i {
            let diff = (angles[i].1 - angles[j].1 + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU)
                - std::f32::consts::PI;
            if diff.abs() < min_apart {
                angles[i].1 = angles[j].1 + if diff >= 0.0 { min_apart } else { -min_apart };
            }
        }
    }
    for (coast, angle) in angles {
        anchors[coast.index()] = c + Point::new(angle.cos(), angle.sin()) * (RADIUS * 0.72);
    }
}
