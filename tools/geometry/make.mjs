// Makes variants/geometry/<variant>.ron: a variant's map picture, from Natural Earth's
// 1:50m country outlines (public domain; packed as TopoJSON by the npm package
// world-atlas) and the variant's seed file, seeds/<variant>.mjs.
//
//   cd tools/geometry && npm ci && node make.mjs <variant> [--check] [--force] [--debug out.ppm]
//
// How: the countries are projected (the seed file's projection) and drawn into a raster;
// every land pixel goes to the nearest seed of a province that claims the pixel's
// country (on the same landmass when one does), every sea pixel to the nearest sea seed.
// The borders between provinces are traced into shared arcs, simplified once (so
// neighbours share exactly the same line), and written as SVG paths; unit, label and
// centre anchors are placed near its middle, with room around them. Then the borders are checked
// against variants/<variant>.ron: every pair of provinces that touch must be adjacent in
// the game and every adjacent pair must touch, but for the exceptions the seed file
// declares with their reasons (a strait the game joins, drawn apart; land drawn touching
// that the game keeps apart). Nothing is random: the same inputs give the same file.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
const args = process.argv.slice(2);
const NAME = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--debug');
if (!NAME || !/^[a-z0-9_]+$/.test(NAME)) {
  console.error('usage: node make.mjs <variant> [--check] [--force] [--debug out.ppm]');
  process.exit(2);
}
const seedFile = new URL(`./seeds/${NAME}.mjs`, import.meta.url);
if (!fs.existsSync(seedFile)) {
  console.error(`${NAME}: no seed file tools/geometry/seeds/${NAME}.mjs`);
  process.exit(2);
}
const SEEDS = await import(seedFile);
const { FRAME, PROVINCES, IMPASSABLE, OVERRIDES, COLOURS } = SEEDS;
const FILLS = SEEDS.FILLS ?? [];
// Land cut away as water, the opposite of a fill: a canal the game's seas pass through
// (CUTS), or water Natural Earth's country outlines draw as land (WATERS: the Great Lakes,
// which its countries' borders run through).
const CUTS = [...(SEEDS.CUTS ?? []), ...(SEEDS.WATERS ?? [])];
const EXCEPTIONS = SEEDS.EXCEPTIONS ?? [];
// The projection: Lambert conformal conic by default, as Standard's.
const PROJECTION = SEEDS.PROJECTION ?? { kind: 'conic', parallels: [40, 64], origin: [15, 50] };
// What the picture is called in the file's header.
const TITLE = SEEDS.TITLE ?? NAME;

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const checkOnly = args.includes('--check');
const debugIndex = args.indexOf('--debug');
const debugFile = debugIndex >= 0 ? args[debugIndex + 1] : null;

// ---- The variant's provinces and borders (read from the RON file with patterns: the
// file's layout is regular, and any miss shows as a failed check below).
function readVariant(file) {
  const text = fs.readFileSync(file, 'utf8').replace(/\/\/[^\n]*/g, '');
  const provinces = [];
  const re = /\(\s*abbr:\s*"([a-z]+)",\s*name:\s*"([^"]+)",([\s\S]*?)\n        \),?\n/g;
  let m;
  while ((m = re.exec(text))) {
    const body = m[3];
    const list = (key) => {
      const k = new RegExp(`\\b${key}:\\s*\\[([^\\]]*)\\]`).exec(body);
      return k ? [...k[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]) : [];
    };
    const terrain = /terrain:\s*(\w+)/.exec(body)[1];
    const coasts = [...body.matchAll(/\(abbr:\s*"(\w+)",\s*name:\s*"[^"]+",\s*fleet:\s*\[([^\]]*)\]\)/g)].map((c) => ({
      abbr: c[1],
      fleet: [...c[2].matchAll(/"([^"]+)"/g)].map((x) => x[1]),
    }));
    provinces.push({ abbr: m[1], name: m[2], terrain, centre: /centre:\s*true/.test(body), army: list('army'), fleet: list('fleet'), coasts });
  }
  return provinces;
}

const variant = readVariant(path.join(root, 'variants', `${NAME}.ron`));
const byAbbr = new Map(variant.map((p, i) => [p.abbr, i]));
const adjacent = new Set();
for (const p of variant) {
  const fleets = [...p.fleet, ...p.coasts.flatMap((c) => c.fleet)];
  for (const q of [...p.army, ...fleets]) {
    const a = p.abbr;
    const b = q.split('/')[0];
    adjacent.add(a < b ? `${a}-${b}` : `${b}-${a}`);
  }
}

// The declared exceptions, checked against the variant: `apart` is a border the game has
// that the picture does not draw (a strait too narrow to show), `touching` land the
// picture draws touching that the game keeps apart.
const problems = [];
const exceptionPairs = new Map();
for (const e of EXCEPTIONS) {
  const [a, b] = e.between;
  const pair = a < b ? `${a}-${b}` : `${b}-${a}`;
  if (!byAbbr.has(a) || !byAbbr.has(b)) problems.push(`exception ${pair}: no such province`);
  if (!['apart', 'touching'].includes(e.drawn)) problems.push(`exception ${pair}: drawn must be apart or touching`);
  if (!e.reason) problems.push(`exception ${pair}: no reason given`);
  if (e.drawn === 'apart' && !adjacent.has(pair)) problems.push(`exception ${pair}: drawn apart, but the game has no such border`);
  if (e.drawn === 'touching' && adjacent.has(pair)) problems.push(`exception ${pair}: drawn touching, but the game has the border`);
  exceptionPairs.set(pair, e);
}

// ---- Projection: Lambert conformal conic (two standard parallels, an origin); or, for
// a board spanning half the world east to west (Youngstown Redux: the Atlantic to the
// Pacific), Mercator (`{ kind: 'mercator', origin: [lon, lat] }`): conformal too, and its
// parallels stay straight, so a wide board fills its rectangular frame where a cone's fan
// would leave the corners empty; or, for maps of the whole world, Miller's cylindrical
// projection about a central meridian (`{ kind: 'miller', centre: 150 }`: the board's left
// and right edges meet at the antimeridian of `centre`, so a map of the Pacific's rim can
// put the seam in the Atlantic).
const rad = Math.PI / 180;
let conic;
let wrapLon = (lon) => lon;
if (PROJECTION.kind === 'conic') {
  const [phi1, phi2, lambda0, phi0] = [...PROJECTION.parallels, ...PROJECTION.origin].map((v) => v * rad);
  const n = Math.log(Math.cos(phi1) / Math.cos(phi2)) / Math.log(Math.tan(Math.PI / 4 + phi2 / 2) / Math.tan(Math.PI / 4 + phi1 / 2));
  const F = (Math.cos(phi1) * Math.pow(Math.tan(Math.PI / 4 + phi1 / 2), n)) / n;
  const rho = (phi) => F / Math.pow(Math.tan(Math.PI / 4 + phi / 2), n);
  const rho0 = rho(phi0);
  conic = ([lon, lat]) => {
    const r = rho(lat * rad);
    const t = n * (lon * rad - lambda0);
    return [r * Math.sin(t), rho0 - r * Math.cos(t)];
  };
} else if (PROJECTION.kind === 'mercator') {
  const [lambda0, phi0] = PROJECTION.origin.map((v) => v * rad);
  const mercatorY = (phi) => Math.log(Math.tan(Math.PI / 4 + phi / 2));
  conic = ([lon, lat]) => [lon * rad - lambda0, mercatorY(lat * rad) - mercatorY(phi0)];
} else if (PROJECTION.kind === 'miller') {
  // The central meridian: `centre`, or the longitude of an `origin` as the other
  // projections take it.
  const centre = PROJECTION.centre ?? PROJECTION.origin?.[0] ?? 0;
  // A longitude as degrees east of the central meridian, in [-180, 180).
  wrapLon = (lon) => ((((lon - centre + 180) % 360) + 360) % 360) - 180;
  // x is the unwrapped longitude (a ring crossing the seam keeps going past ±180, and is
  // drawn a second time a turn away); y is Miller's stretched Mercator.
  conic = ([x, lat]) => [x * rad, 1.25 * Math.log(Math.tan(Math.PI / 4 + 0.4 * Math.max(-89.9, Math.min(89.9, lat)) * rad))];
} else {
  throw new Error(`${NAME}: unknown projection ${PROJECTION.kind}`);
}
const cylindrical = PROJECTION.kind === 'miller';
/** A point of the seed file (or a frame point) in the projection's longitudes. */
const place = ([lon, lat]) => [wrapLon(lon), lat];
// Then a gentle fisheye around the crowded middle of the board (as the game's own maps
// enlarge western and central Europe and shrink Russia): distances from the focus grow
// by 1 + d near it and shrink toward the frame, smoothly, so borders stay where they meet.
const focus = conic(place(FRAME.focus ?? FRAME.points[0]));
const reach = Math.max(...FRAME.points.map(place).map(conic).map(([x, y]) => Math.hypot(x - focus[0], y - focus[1])));
const d = FRAME.magnify ?? 0;
// And local bumps (Britain is small for its seven provinces): each pushes points away
// from its centre by up to `strength` times their distance, fading with distance. With
// `bumpsFollowFisheye`, a bump's centre and radius are taken where the fisheye puts them
// (without it, a bump far from the focus lands beside the place it names).
function fisheye([x, y]) {
  const [vx, vy] = [x - focus[0], y - focus[1]];
  const r = Math.hypot(vx, vy);
  if (r > 0) {
    const s = r / reach;
    const g = s <= 1 ? ((1 + d) * s) / (1 + d * s) : 1 + (s - 1) / (1 + d);
    const k = (g * reach) / r;
    [x, y] = [focus[0] + vx * k, focus[1] + vy * k];
  }
  return [x, y];
}
const bumpPlane = FRAME.bumpsFollowFisheye ? (lonlat) => fisheye(conic(place(lonlat))) : (lonlat) => conic(place(lonlat));
const bumps = (FRAME.bumps ?? []).map((b) => {
  const c = bumpPlane(b.centre);
  const edge = bumpPlane([b.centre[0], b.centre[1] + b.radius]);
  return { c, sigma: Math.hypot(edge[0] - c[0], edge[1] - c[1]), strength: b.strength };
});
// And moves (the frame's `moves`, none by default): land far off the board (Hawaii) drawn
// nearer, every point in a longitude-latitude box shifted by `by` degrees before projecting.
const moves = FRAME.moves ?? [];
function project(lonlat) {
  for (const m of moves) {
    const [[w, s], [e, n]] = m.box;
    if (lonlat[0] >= w && lonlat[0] <= e && lonlat[1] >= s && lonlat[1] <= n) {
      lonlat = [lonlat[0] + m.by[0], lonlat[1] + m.by[1]];
      break;
    }
  }
  const [x, y] = fisheye(conic(lonlat));
  let [dx, dy] = [0, 0];
  for (const b of bumps) {
    const [bx, by] = [x - b.c[0], y - b.c[1]];
    const f = b.strength * Math.exp(-(bx * bx + by * by) / (2 * b.sigma * b.sigma));
    dx += bx * f;
    dy += by * f;
  }
  return [x + dx, y + dy];
}

// The frame: the projected box around the frame's points, then output units.
const framePoints = FRAME.points.map(place).map(project);
const minX = Math.min(...framePoints.map((p) => p[0]));
const maxX = Math.max(...framePoints.map((p) => p[0]));
const minY = Math.min(...framePoints.map((p) => p[1]));
const maxY = Math.max(...framePoints.map((p) => p[1]));
const WIDTH = FRAME.width;
const k = WIDTH / (maxX - minX);
const HEIGHT = Math.round((maxY - minY) * k);
const RES = FRAME.resolution; // raster pixels per output unit
const W = WIDTH * RES;
const H = HEIGHT * RES;
/** A projected point (longitude already placed or unwrapped) to raster pixels. */
function pixelOf(lonlat) {
  const [x, y] = project(lonlat);
  return [(x - minX) * k * RES, (maxY - y) * k * RES];
}
/** Longitude and latitude to raster pixels. */
const toPixel = (lonlat) => pixelOf(place(lonlat));
/**
 * A ring's points in the projection's longitudes. On the cylindrical projection the ring
 * is unwrapped: each step takes the shorter way round, so a ring crossing the seam goes on
 * past ±180 (the caller draws it again a turn away); a ring round a pole (Antarctica's
 * ends where it began plus a turn) is closed along the pole's latitude. A conic map
 * reaching the Pacific asks for the same with `PROJECTION.unwrap`, so that a ring crossing
 * the 180th meridian (Chukotka, Fiji) stays whole instead of cutting across the board.
 */
function unwrapRing(ring) {
  if (!cylindrical && !PROJECTION.unwrap) return ring;
  const out = [];
  let prev = null;
  for (const [lon, lat] of ring) {
    let x = wrapLon(lon);
    if (prev !== null) x = prev + ((((x - prev + 180) % 360) + 360) % 360) - 180;
    out.push([x, lat]);
    prev = x;
  }
  const [first, last] = [out[0], out[out.length - 1]];
  if (Math.abs(last[0] - first[0]) > 180) {
    const pole = out.reduce((sum, p) => sum + p[1], 0) < 0 ? -90 : 90;
    out.push([last[0], pole], [first[0], pole], first);
  }
  return out;
}
/** The longitude shifts a ring is drawn at: a turn either way on the cylindrical projection. */
const SHIFTS = cylindrical ? [-360, 0, 360] : [0];

// ---- Countries from TopoJSON.
const topo = JSON.parse(fs.readFileSync(path.join(here, 'node_modules', 'world-atlas', 'countries-50m.json'), 'utf8'));
const arcs = topo.arcs.map((arc) => {
  let x = 0;
  let y = 0;
  return arc.map(([dx, dy]) => {
    x += dx;
    y += dy;
    return [x * topo.transform.scale[0] + topo.transform.translate[0], y * topo.transform.scale[1] + topo.transform.translate[1]];
  });
});
function ringOf(indices) {
  const pts = [];
  for (const i of indices) {
    const arc = i < 0 ? arcs[~i].slice().reverse() : arcs[i];
    pts.push(...(pts.length ? arc.slice(1) : arc));
  }
  return pts;
}
// Under Mercator a ring crossing the antimeridian (Russia's, at Chukotka) would jump across
// the whole board; its longitudes are continued past 180 instead, from a first point
// within 180 degrees of the origin.
function unwrap(ring) {
  if (PROJECTION.kind !== 'mercator') return ring;
  const lon0 = PROJECTION.origin[0];
  let prev = null;
  return ring.map(([lon, lat]) => {
    let l = prev === null ? ((((lon - lon0 + 180) % 360) + 360) % 360) + lon0 - 180 : lon;
    if (prev !== null) {
      while (l - prev > 180) l -= 360;
      while (prev - l > 180) l += 360;
    }
    prev = l;
    return [l, lat];
  });
}
const countries = [];
for (const g of topo.objects.countries.geometries) {
  const polygons = g.type === 'Polygon' ? [g.arcs] : g.type === 'MultiPolygon' ? g.arcs : [];
  countries.push({ name: g.properties.name, polygons: polygons.map((rings) => rings.map((r) => unwrap(ringOf(r)))) });
}

// ---- Raster of countries (-1: water).
const country = new Int16Array(W * H).fill(-1);
function fillPolygon(rings, value, onlyWater, shift) {
  const edges = [];
  let top = Infinity;
  let bottom = -Infinity;
  for (const ring of rings) {
    const pts = unwrapRing(ring).map(([x, y]) => pixelOf([x + shift, y]));
    for (let i = 0; i < pts.length - 1; i++) {
      const [a, b] = [pts[i], pts[i + 1]];
      if (a[1] === b[1]) continue;
      edges.push(a[1] < b[1] ? [a, b] : [b, a]);
      top = Math.min(top, a[1], b[1]);
      bottom = Math.max(bottom, a[1], b[1]);
    }
  }
  const y0 = Math.max(0, Math.floor(top));
  const y1 = Math.min(H - 1, Math.ceil(bottom));
  for (let y = y0; y <= y1; y++) {
    const cy = y + 0.5;
    const xs = [];
    for (const [a, b] of edges) {
      if (cy >= a[1] && cy < b[1]) xs.push(a[0] + ((cy - a[1]) / (b[1] - a[1])) * (b[0] - a[0]));
    }
    xs.sort((p, q) => p - q);
    for (let i = 0; i + 1 < xs.length; i += 2) {
      const from = Math.max(0, Math.ceil(xs[i] - 0.5));
      const to = Math.min(W - 1, Math.floor(xs[i + 1] - 0.5));
      for (let x = from; x <= to; x++) if (!onlyWater || country[y * W + x] < 0) country[y * W + x] = value;
    }
  }
}
// Water the game's borders close (the Danish straits, the Bosporus and the Sea of
// Marmara): drawn as the country's land, so the provinces on both sides meet.
for (const fill of FILLS) countries.push({ name: `${fill.country} (filled)`, fill: fill.country, polygons: [[fill.polygon]] });
countries.forEach((c, i) => {
  for (const rings of c.polygons) {
    for (const shift of SHIFTS) {
      // Skip polygons wholly outside the frame (most of the world).
      const inside = unwrapRing(rings[0]).some(([x, y]) => {
        const [px, py] = pixelOf([x + shift, y]);
        return px > -W && px < 2 * W && py > -H && py < 2 * H;
      });
      if (inside) fillPolygon(rings, i, Boolean(c.fill), shift);
    }
  }
});
const countryIndex = new Map(countries.map((c, i) => [c.name, i]));
// Filled water counts as the country it was filled for.
for (let p = 0; p < W * H; p++) {
  const c = country[p];
  if (c >= 0 && countries[c].fill) country[p] = countryIndex.get(countries[c].fill);
}
// Canals: land cut to water, so the seas at its ends meet through it.
for (const cut of CUTS) fillPolygon([cut.polygon], -1, false, 0);

// ---- Landmasses (4-connected).
const landmass = new Int32Array(W * H).fill(-1);
{
  let next = 0;
  const stack = [];
  for (let s = 0; s < W * H; s++) {
    if (country[s] < 0 || landmass[s] >= 0) continue;
    landmass[s] = next;
    stack.push(s);
    while (stack.length) {
      const p = stack.pop();
      const x = p % W;
      for (const q of [p - W, p + W, x > 0 ? p - 1 : -1, x < W - 1 ? p + 1 : -1]) {
        if (q >= 0 && q < W * H && country[q] >= 0 && landmass[q] < 0) {
          landmass[q] = next;
          stack.push(q);
        }
      }
    }
    next++;
  }
}

// ---- Seeds. Labels: provinces in the variant's order, then impassable areas.
const areas = [
  ...variant.map((p) => ({ abbr: p.abbr, sea: p.terrain === 'Sea', ...PROVINCES[p.abbr] })),
  ...IMPASSABLE.map((a) => ({ abbr: a.name, sea: false, impassable: true, ...a })),
];
for (const p of variant) if (!PROVINCES[p.abbr]) problems.push(`no seeds for ${p.abbr}`);
for (const abbr of Object.keys(PROVINCES)) if (!byAbbr.has(abbr)) problems.push(`seeds for unknown province ${abbr}`);
const seeds = [];
areas.forEach((a, label) => {
  for (const s of a.seeds ?? []) {
    const [x, y] = toPixel(s);
    const p = Math.floor(y) * W + Math.floor(x);
    const onLand = x >= 0 && y >= 0 && x < W && y < H && country[p] >= 0;
    if (a.sea && onLand) problems.push(`sea seed of ${a.abbr} at ${s} is on land (${countries[country[p]].name})`);
    if (!a.sea && !onLand) problems.push(`land seed of ${a.abbr} at ${s} is not on land`);
    seeds.push({ label, x, y, landmass: onLand ? landmass[p] : -1, country: onLand ? country[p] : -1 });
  }
  // An archipelago (a coast whose fleets convoy, as Baleares) may take water round its
  // islands too: its water seeds spread with the seas'.
  for (const s of a.waterSeeds ?? []) {
    const [x, y] = toPixel(s);
    const p = Math.floor(y) * W + Math.floor(x);
    if (x >= 0 && y >= 0 && x < W && y < H && country[p] >= 0) problems.push(`water seed of ${a.abbr} at ${s} is on land`);
    seeds.push({ label, x, y, landmass: -1, country: -1, water: true });
  }
  for (const c of a.countries ?? []) if (!countryIndex.has(c)) problems.push(`${a.abbr}: no country named ${c}`);
});

// Which labels may take each country's land: a land province naming no countries may
// take any (for maps whose provinces owe nothing to today's borders).
const claims = new Map();
areas.forEach((a, label) => {
  const any = !a.sea && !a.impassable && !a.countries;
  for (const c of any ? countries.filter((x) => !x.fill).map((x) => x.name) : a.countries ?? []) {
    const i = countryIndex.get(c);
    if (i === undefined) continue;
    if (!claims.has(i)) claims.set(i, new Set());
    claims.get(i).add(label);
  }
});

const UNASSIGNED = -1;
const OUT = -2;
const label = new Int16Array(W * H).fill(UNASSIGNED);
const nearest = (list, x, y) => {
  let best = null;
  let bestD = Infinity;
  for (const s of list) {
    const d = (s.x - x) ** 2 + (s.y - y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = s;
    }
  }
  return best;
};
// Land, by one of two rules (the seed file's LAND):
// - 'nearest' (Standard's): each land pixel goes to the nearest seed, as the crow flies,
//   of a province claiming its country, on the same landmass where one is;
// - 'path': each land pixel goes to the land seed nearest by a path over land (so no
//   province reaches across water) and through the countries its province claims (any,
//   if it names none); the land of a country an impassable area claims is that area's;
//   land no seed reaches goes to the impassable area marked `rest`.
const LAND = SEEDS.LAND ?? 'nearest';
const unclaimed = new Map();
if (LAND === 'path') {
  const owner = new Map();
  areas.forEach((a, l) => {
    if (a.impassable) for (const c of a.countries ?? []) owner.set(countryIndex.get(c), l);
  });
  for (let p = 0; p < W * H; p++) if (country[p] >= 0 && owner.has(country[p])) label[p] = owner.get(country[p]);
  const allowed = areas.map((a) => (a.countries ? new Set(a.countries.map((c) => countryIndex.get(c))) : null));
  spread(
    seeds.filter((s) => !areas[s.label].sea && !s.water && !owner.has(s.country)),
    (p, l) => country[p] >= 0 && !owner.has(country[p]) && (!allowed[l] || allowed[l].has(country[p])),
  );
  // Two options for maps with many islands (both off by default). With ISLANDS 'nearest',
  // land no path reaches (islands without seeds
  // of their own) goes to the province or impassable area whose land seed is nearest as
  // the crow flies, of those that may take its country.
  if (SEEDS.ISLANDS === 'nearest') {
    const landSeeds = seeds.filter((s) => !areas[s.label].sea && !s.water);
    const byCountry = new Map();
    for (let p = 0; p < W * H; p++) {
      if (country[p] < 0 || label[p] !== UNASSIGNED || owner.has(country[p])) continue;
      if (!byCountry.has(country[p])) byCountry.set(country[p], landSeeds.filter((s) => !allowed[s.label] || allowed[s.label].has(country[p])));
      const list = byCountry.get(country[p]);
      if (list.length) label[p] = nearest(list, (p % W) + 0.5, Math.floor(p / W) + 0.5).label;
    }
  } else if (SEEDS.ISLANDS) {
    // With ISLANDS = { reach } (output units), land no seed reaches by a path goes to the
    // province with the nearest seed, as the crow flies and within `reach`, of those
    // naming the land's country, so a country's small islands join the province beside
    // them (the Aegean's, the Philippines'); farther land is left to the area marked `rest`.
    const reach2 = (SEEDS.ISLANDS.reach * RES) ** 2;
    const seedsOf = new Map();
    for (const s of seeds) {
      if (areas[s.label].sea || areas[s.label].impassable || s.water) continue;
      for (const c of areas[s.label].countries ?? []) {
        const i = countryIndex.get(c);
        if (!seedsOf.has(i)) seedsOf.set(i, []);
        seedsOf.get(i).push(s);
      }
    }
    for (let p = 0; p < W * H; p++) {
      if (country[p] < 0 || label[p] !== UNASSIGNED || owner.has(country[p])) continue;
      const s = nearest(seedsOf.get(country[p]) ?? [], (p % W) + 0.5, Math.floor(p / W) + 0.5);
      if (s && (s.x - (p % W) - 0.5) ** 2 + (s.y - Math.floor(p / W) - 0.5) ** 2 <= reach2) label[p] = s.label;
    }
  }
  const rest = areas.findIndex((a) => a.rest);
  for (let p = 0; p < W * H; p++) {
    if (country[p] < 0 || label[p] !== UNASSIGNED) continue;
    if (rest >= 0) label[p] = rest;
    else unclaimed.set(countries[country[p]].name, (unclaimed.get(countries[country[p]].name) ?? 0) + 1);
  }
} else {
  const seedsByCountry = new Map();
  for (const [c, labels] of claims) seedsByCountry.set(c, seeds.filter((s) => labels.has(s.label) && !s.water));
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const c = country[p];
      if (c < 0) continue;
      const list = seedsByCountry.get(c);
      if (!list) {
        unclaimed.set(countries[c].name, (unclaimed.get(countries[c].name) ?? 0) + 1);
        continue;
      }
      if (!list.length) {
        // Claimed only by areas without seeds (the Faroes): the first of them.
        label[p] = Math.min(...claims.get(c));
        continue;
      }
      const same = list.filter((s) => s.landmass === landmass[p]);
      label[p] = nearest(same.length ? same : list, x + 0.5, y + 0.5).label;
    }
  }
}
for (const [name, count] of unclaimed) if (count > 20) problems.push(`${name}: ${count} pixels claimed by no province`);

// Spreading labels from seeds along paths (Dijkstra from all seeds at once, 8 steps a
// pixel): each pixel goes to the seed nearest by a path through pixels `enter(pixel,
// label)` lets that seed's label take.
function spread(starts, enter) {
  const distance = new Float32Array(W * H).fill(Infinity);
  // A binary heap of pixel indices keyed by distance.
  const heap = [];
  const push = (p) => {
    heap.push(p);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (distance[heap[parent]] <= distance[heap[i]]) break;
      [heap[parent], heap[i]] = [heap[i], heap[parent]];
      i = parent;
    }
  };
  const pop = () => {
    const top = heap[0];
    const last = heap.pop();
    if (heap.length) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let m = i;
        if (l < heap.length && distance[heap[l]] < distance[heap[m]]) m = l;
        if (r < heap.length && distance[heap[r]] < distance[heap[m]]) m = r;
        if (m === i) break;
        [heap[m], heap[i]] = [heap[i], heap[m]];
        i = m;
      }
    }
    return top;
  };
  for (const s of starts) {
    const p = Math.floor(s.y) * W + Math.floor(s.x);
    if (s.x < 0 || s.y < 0 || s.x >= W || s.y >= H || !enter(p, s.label)) continue;
    distance[p] = 0;
    label[p] = s.label;
    push(p);
  }
  const steps = [[1, 0, 1], [-1, 0, 1], [0, 1, 1], [0, -1, 1], [1, 1, Math.SQRT2], [1, -1, Math.SQRT2], [-1, 1, Math.SQRT2], [-1, -1, Math.SQRT2]];
  while (heap.length) {
    const p = pop();
    const x = p % W;
    const y = (p - x) / W;
    for (const [dx, dy, cost] of steps) {
      const [qx, qy] = [x + dx, y + dy];
      if (qx < 0 || qy < 0 || qx >= W || qy >= H) continue;
      const q = qy * W + qx;
      if (!enter(q, label[p])) continue;
      const d = distance[p] + cost;
      if (d < distance[q]) {
        distance[q] = d;
        label[q] = label[p];
        push(q);
      }
    }
  }
}

// The sea: each water pixel goes to the sea seed nearest by a path through water, so no
// sea reaches across land. Water no seed reaches (the Caspian, lakes) is left to the
// background.
spread(seeds.filter((s) => areas[s.label].sea || s.water), (p) => country[p] < 0);

// ---- Checks: who touches whom.
const touching = new Map();
function touch(a, b) {
  if (a === b || a < 0 || b < 0) return;
  const key = a < b ? `${a},${b}` : `${b},${a}`;
  touching.set(key, (touching.get(key) ?? 0) + 1);
}
for (let y = 0; y < H; y++) {
  for (let x = 0; x < W; x++) {
    const p = y * W + x;
    if (x + 1 < W) touch(label[p], label[p + 1]);
    if (y + 1 < H) touch(label[p], label[p + W]);
  }
}
const provinceCount = variant.length;
const minTouch = FRAME.minBorder * RES;
for (const [key, count] of touching) {
  const [a, b] = key.split(',').map(Number);
  if (a >= provinceCount || b >= provinceCount) continue;
  const [pa, pb] = [variant[a].abbr, variant[b].abbr];
  const pair = pa < pb ? `${pa}-${pb}` : `${pb}-${pa}`;
  if (!adjacent.has(pair) && exceptionPairs.get(pair)?.drawn !== 'touching') problems.push(`${pair} touch (${count} px) but are not adjacent`);
  if (exceptionPairs.get(pair)?.drawn === 'apart') problems.push(`${pair} touch (${count} px) but are declared drawn apart`);
}
for (const pair of adjacent) {
  const [pa, pb] = pair.split('-');
  const [a, b] = [byAbbr.get(pa), byAbbr.get(pb)];
  const key = a < b ? `${a},${b}` : `${b},${a}`;
  const count = touching.get(key) ?? 0;
  if (count < minTouch && exceptionPairs.get(pair)?.drawn !== 'apart') problems.push(`${pair} are adjacent but touch ${count} px only`);
}
for (const [key, count] of touching) {
  const [a, b] = key.split(',').map(Number);
  if (a < provinceCount && b >= provinceCount && areas[b].impassable && variant[a].terrain === 'Sea') continue;
}

if (debugFile) {
  // A picture of the labels, for looking at while choosing seeds.
  const colour = (l) => {
    if (l < 0) return [255, 255, 255];
    if (l >= provinceCount) return [150, 150, 150];
    const sea = variant[l].terrain === 'Sea';
    const h = (l * 137.5) % 360;
    const c = sea ? [120 + (h % 60), 160 + (h % 50), 220] : [200 + (h % 55), 150 + ((h * 7) % 100), 90 + ((h * 3) % 120)];
    return c;
  };
  const header = `P6\n${W} ${H}\n255\n`;
  const buf = Buffer.alloc(header.length + W * H * 3);
  buf.write(header);
  for (let p = 0; p < W * H; p++) {
    const c = colour(label[p]);
    const x = p % W;
    const border = (x + 1 < W && label[p + 1] !== label[p]) || (p + W < W * H && label[p + W] !== label[p]);
    buf.set(border ? [40, 40, 40] : c, header.length + p * 3);
  }
  fs.writeFileSync(debugFile, buf);
  // And where each label's pixels lie on average (output units), to write names on it.
  const sums = areas.map(() => [0, 0, 0]);
  for (let p = 0; p < W * H; p++) if (label[p] >= 0) sums[label[p]] = [sums[label[p]][0] + (p % W), sums[label[p]][1] + Math.floor(p / W), sums[label[p]][2] + 1];
  fs.writeFileSync(`${debugFile}.json`, JSON.stringify(areas.map((a, l) => [a.abbr, sums[l][0] / (sums[l][2] || 1), sums[l][1] / (sums[l][2] || 1)])));
}

if (problems.length) {
  for (const p of problems) console.error(`${NAME}: ${p}`);
  if (checkOnly || !args.includes('--force')) {
    console.error(`${NAME}: ${problems.length} problems; nothing written`);
    process.exit(1);
  }
}
if (checkOnly) {
  console.log(`${NAME}: every border agrees with variants/${NAME}.ron`);
  process.exit(0);
}

// ---- Tracing: shared arcs between labels, along pixel edges.
const at = (x, y) => (x < 0 || y < 0 || x >= W || y >= H ? OUT : label[y * W + x]);
// Boundary edges: horizontal edge (x,y)-(x+1,y) between pixels (x,y-1) and (x,y);
// vertical edge (x,y)-(x,y+1) between pixels (x-1,y) and (x,y).
const hEdge = (x, y) => at(x, y - 1) !== at(x, y);
const vEdge = (x, y) => at(x - 1, y) !== at(x, y);
const CW = W + 1;
const corner = (x, y) => y * CW + x;
function edgesAt(x, y) {
  const out = [];
  if (x < W && hEdge(x, y)) out.push([1, 0]);
  if (x > 0 && hEdge(x - 1, y)) out.push([-1, 0]);
  if (y < H && vEdge(x, y)) out.push([0, 1]);
  if (y > 0 && vEdge(x, y - 1)) out.push([0, -1]);
  return out;
}
// FRAME.squareCorners (default off): the frame's corners are nodes too, so an outline running
// along the board's edge keeps its square corner (else the round of corner cutting below
// cuts a triangle off it, the longer the edge the larger, left undrawn).
const SQUARE_CORNERS = Boolean(FRAME.squareCorners);
function isNode(x, y) {
  const e = edgesAt(x, y).length;
  if (e >= 3) return true;
  if (SQUARE_CORNERS && e === 2 && (x === 0 || x === W) && (y === 0 || y === H)) return true;
  if (e === 2) {
    // A corner of the frame where a border meets it, or two labels meeting diagonally.
    const quad = [at(x - 1, y - 1), at(x, y - 1), at(x - 1, y), at(x, y)];
    return new Set(quad).size > 2;
  }
  return false;
}
const visited = new Set();
const edgeKey = (x, y, dx, dy) => (dx !== 0 ? `h${Math.min(x, x + dx)},${y}` : `v${x},${Math.min(y, y + dy)}`);
// Labels left and right of a step, y pointing down: "left" is the side a quarter-turn
// clockwise from the direction of travel on screen, the same for every step.
function sides(x, y, dx, dy) {
  if (dx === 1) return [at(x, y - 1), at(x, y)];
  if (dx === -1) return [at(x - 1, y), at(x - 1, y - 1)];
  if (dy === 1) return [at(x, y), at(x - 1, y)];
  return [at(x - 1, y - 1), at(x, y - 1)];
}
const arcsOut = [];
function walk(x0, y0, dx0, dy0) {
  const pts = [[x0, y0]];
  let [x, y, dx, dy] = [x0, y0, dx0, dy0];
  const [left, right] = sides(x, y, dx, dy);
  for (;;) {
    visited.add(edgeKey(x, y, dx, dy));
    x += dx;
    y += dy;
    pts.push([x, y]);
    if (isNode(x, y) || (x === x0 && y === y0)) break;
    const next = edgesAt(x, y).find(([ex, ey]) => !(ex === -dx && ey === -dy));
    if (!next) break;
    [dx, dy] = next;
  }
  arcsOut.push({ pts, left, right });
}
for (let y = 0; y <= H; y++) {
  for (let x = 0; x <= W; x++) {
    if (!isNode(x, y)) continue;
    for (const [dx, dy] of edgesAt(x, y)) if (!visited.has(edgeKey(x, y, dx, dy))) walk(x, y, dx, dy);
  }
}
for (let y = 0; y <= H; y++) {
  for (let x = 0; x <= W; x++) {
    for (const [dx, dy] of edgesAt(x, y)) if (!visited.has(edgeKey(x, y, dx, dy))) walk(x, y, dx, dy);
  }
}

// ---- Simplifying each arc once (Douglas–Peucker on the pixel staircase, then a round
// of corner cutting), its ends fixed so the arcs still meet.
function douglasPeucker(pts, tolerance) {
  if (pts.length < 3) return pts;
  const keep = new Uint8Array(pts.length);
  keep[0] = keep[pts.length - 1] = 1;
  const stack = [[0, pts.length - 1]];
  while (stack.length) {
    const [i, j] = stack.pop();
    const [ax, ay] = pts[i];
    const [bx, by] = pts[j];
    const len = Math.hypot(bx - ax, by - ay);
    let worst = -1;
    let worstD = tolerance;
    for (let m = i + 1; m < j; m++) {
      const [px, py] = pts[m];
      const d = len > 0 ? Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / len : Math.hypot(px - ax, py - ay);
      if (d > worstD) {
        worstD = d;
        worst = m;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([i, worst], [worst, j]);
    }
  }
  return pts.filter((_, m) => keep[m]);
}
function simplify(pts) {
  const closed = pts.length > 3 && pts[0][0] === pts[pts.length - 1][0] && pts[0][1] === pts[pts.length - 1][1];
  let out;
  if (closed) {
    // Split a loop at its farthest point so both halves have fixed ends.
    let far = 1;
    for (let m = 1; m < pts.length - 1; m++) {
      if (Math.hypot(pts[m][0] - pts[0][0], pts[m][1] - pts[0][1]) > Math.hypot(pts[far][0] - pts[0][0], pts[far][1] - pts[0][1])) far = m;
    }
    const a = douglasPeucker(pts.slice(0, far + 1), FRAME.tolerance * RES);
    const b = douglasPeucker(pts.slice(far), FRAME.tolerance * RES);
    out = [...a, ...b.slice(1)];
  } else {
    out = douglasPeucker(pts, FRAME.tolerance * RES);
  }
  // Chaikin corner cutting, one round, ends kept.
  if (out.length > 2) {
    const cut = [out[0]];
    for (let m = 0; m + 1 < out.length; m++) {
      const [p, q] = [out[m], out[m + 1]];
      if (m > 0) cut.push([0.75 * p[0] + 0.25 * q[0], 0.75 * p[1] + 0.25 * q[1]]);
      if (m + 2 < out.length) cut.push([0.25 * p[0] + 0.75 * q[0], 0.25 * p[1] + 0.75 * q[1]]);
    }
    cut.push(out[out.length - 1]);
    out = cut;
  }
  return out;
}
for (const arc of arcsOut) arc.simple = simplify(arc.pts);

// ---- Rings per label: its arcs, turned so the label is on the left, chained end to start.
const fmt = (v) => {
  const r = Math.round((v / RES) * 10) / 10;
  return Number.isInteger(r) ? String(r) : r.toFixed(1);
};
function pathOf(l) {
  const pieces = [];
  for (const arc of arcsOut) {
    if (arc.left === l) pieces.push(arc.simple);
    else if (arc.right === l) pieces.push(arc.simple.slice().reverse());
  }
  const used = new Uint8Array(pieces.length);
  const key = ([x, y]) => `${x},${y}`;
  const starts = new Map();
  pieces.forEach((p, i) => {
    const s = key(p[0]);
    if (!starts.has(s)) starts.set(s, []);
    starts.get(s).push(i);
  });
  let d = '';
  for (let i = 0; i < pieces.length; i++) {
    if (used[i]) continue;
    const ring = [];
    let j = i;
    while (j !== undefined && !used[j]) {
      used[j] = 1;
      ring.push(...(ring.length ? pieces[j].slice(1) : pieces[j]));
      const nexts = starts.get(key(pieces[j][pieces[j].length - 1])) ?? [];
      j = nexts.find((m) => !used[m]);
    }
    if (ring.length < 3) continue;
    // Absolute first point, then relative steps: shorter text.
    let [px, py] = [Math.round((ring[0][0] / RES) * 10), Math.round((ring[0][1] / RES) * 10)];
    d += `M${fmt(ring[0][0])},${fmt(ring[0][1])}l`;
    const steps = [];
    for (let m = 1; m < ring.length; m++) {
      const [qx, qy] = [Math.round((ring[m][0] / RES) * 10), Math.round((ring[m][1] / RES) * 10)];
      if (qx === px && qy === py) continue;
      const rel = (v) => (v % 10 === 0 ? String(v / 10) : (v / 10).toFixed(1)).replace(/^0\./, '.').replace(/^-0\./, '-.');
      const dx = rel(qx - px);
      const dy = rel(qy - py);
      steps.push(`${dx}${dy.startsWith('-') ? '' : ' '}${dy}`);
      [px, py] = [qx, qy];
    }
    d += steps.join(' ').replace(/ -/g, '-') + 'z';
  }
  return d;
}

// ---- Anchors: room around each pixel (chamfer distance to the province's border).
const dist = new Float32Array(W * H);
for (let y = 0; y < H; y++) {
  for (let x = 0; x < W; x++) {
    const p = y * W + x;
    const l = label[p];
    const edge = x === 0 || y === 0 || x === W - 1 || y === H - 1 || label[p - 1] !== l || label[p + 1] !== l || label[p - W] !== l || label[p + W] !== l;
    dist[p] = edge ? 0 : Infinity;
  }
}
for (let y = 1; y < H - 1; y++) {
  for (let x = 1; x < W - 1; x++) {
    const p = y * W + x;
    dist[p] = Math.min(dist[p], dist[p - 1] + 1, dist[p - W] + 1, dist[p - W - 1] + 1.414, dist[p - W + 1] + 1.414);
  }
}
for (let y = H - 2; y > 0; y--) {
  for (let x = W - 2; x > 0; x--) {
    const p = y * W + x;
    dist[p] = Math.min(dist[p], dist[p + 1] + 1, dist[p + W] + 1, dist[p + W + 1] + 1.414, dist[p + W - 1] + 1.414);
  }
}
const pixelsOf = Array.from({ length: areas.length }, () => []);
for (let p = 0; p < W * H; p++) if (label[p] >= 0) pixelsOf[label[p]].push(p);
const unitOf = (p) => [(p % W + 0.5) / RES, (Math.floor(p / W) + 0.5) / RES];
const roundPoint = ([x, y]) => [Math.round(x * 10) / 10, Math.round(y * 10) / 10];

/** The pixel of the label nearest `target` (output units) with room `room` around it. */
function placeNear(l, target, room, avoid = []) {
  let best = null;
  let bestD = Infinity;
  for (const p of pixelsOf[l]) {
    if (dist[p] < room * RES) continue;
    const q = unitOf(p);
    // Avoid a point by a circle (`[point, r]`) or a box (`[point, rx, ry]`: a label's width).
    if (avoid.some(([a, r, ry]) => (ry === undefined ? Math.hypot(q[0] - a[0], q[1] - a[1]) < r : Math.abs(q[0] - a[0]) < r && Math.abs(q[1] - a[1]) < ry))) continue;
    const d = Math.hypot(q[0] - target[0], q[1] - target[1]);
    if (d < bestD) {
      bestD = d;
      best = q;
    }
  }
  return best;
}
/** Where a unit stands: a roomy spot near the province's middle; for a sea, near the
 * middle of its coasts (a fleet sails near the land it fights for, not mid-ocean). */
function unitSpot(l, room) {
  let [sx, sy, count] = [0, 0, 0];
  const sea = areas[l].sea;
  for (const p of pixelsOf[l]) {
    if (sea) {
      const x = p % W;
      const coastal = [p - 1, p + 1, p - W, p + W].some((q) => q >= 0 && q < W * H && Math.abs((q % W) - x) <= 1 && country[q] >= 0);
      if (!coastal) continue;
    }
    sx += p % W;
    sy += Math.floor(p / W);
    count++;
  }
  if (!count) return null;
  const target = [(sx / count + 0.5) / RES, (sy / count + 0.5) / RES];
  return placeNear(l, target, room) ?? placeNear(l, target, room * 0.7) ?? placeNear(l, target, room * 0.45);
}

const R = FRAME.unitRadius;
const fromLonLat = (ll) => {
  const [x, y] = toPixel(ll);
  return [x / RES, y / RES];
};
// Units first, then labels clear of every unit near them, then centre marks clear of both.
const units = variant.map((p, l) => {
  const o = OVERRIDES[p.abbr] ?? {};
  // (A province with no room, only when --force writes a failed map: at its first seed.)
  return o.unit ? fromLonLat(o.unit) : unitSpot(l, p.terrain === 'Sea' ? 2.6 * R : 1.7 * R) ?? fromLonLat(PROVINCES[p.abbr]?.seeds?.[0] ?? [0, 0]);
});
const near = (point, limit) => units.filter((u) => u && Math.hypot(u[0] - point[0], u[1] - point[1]) < limit);
const out = [];
variant.forEach((p, l) => {
  const o = OVERRIDES[p.abbr] ?? {};
  const unit = units[l];
  const labelRoom = 5.5;
  // A label is about 2 radii wide and 1 high: it keeps clear of unit symbols by a box.
  const clear = (rx, ry) => near(unit, 6 * R).map((u) => [u, rx * R, ry * R]);
  const label_ =
    (o.label && fromLonLat(o.label)) ??
    placeNear(l, [unit[0], unit[1] - 1.9 * R], labelRoom, clear(2.3, 1.5)) ??
    placeNear(l, [unit[0], unit[1] + 1.9 * R], labelRoom, clear(2.3, 1.5)) ??
    placeNear(l, [unit[0], unit[1] - 1.9 * R], 2, clear(2.1, 1.3)) ??
    [unit[0], unit[1] - 1.6 * R];
  const centre = p.centre
    ? (o.centre && fromLonLat(o.centre)) ??
      placeNear(l, [unit[0] + 1.6 * R, unit[1] + 0.4 * R], 4, [...near(unit, 6 * R).map((u) => [u, 1.45 * R]), [label_, 1.6 * R, 0.9 * R]]) ??
      placeNear(l, [unit[0], unit[1] + 1.6 * R], 2, [[unit, 1.3 * R]]) ?? [unit[0] + 1.5 * R, unit[1]]
    : null;
  const coasts = p.coasts.map((c) => {
    if (o.coasts?.[c.abbr]) return [c.abbr, fromLonLat(o.coasts[c.abbr])];
    // Toward the seas this coast reaches: the province's pixels touching them.
    const seas = new Set(c.fleet.map((f) => byAbbr.get(f.split('/')[0])).filter((i) => variant[i].terrain === 'Sea'));
    let sx = 0;
    let sy = 0;
    let count = 0;
    for (const q of pixelsOf[l]) {
      const x = q % W;
      const nb = [q - 1, q + 1, q - W, q + W].filter((r) => r >= 0 && r < W * H && (Math.abs((r % W) - x) <= 1));
      if (nb.some((r) => seas.has(label[r]))) {
        sx += x;
        sy += Math.floor(q / W);
        count++;
      }
    }
    const shore = count ? [(sx / count + 0.5) / RES, (sy / count + 0.5) / RES] : unit;
    return [c.abbr, placeNear(l, shore, R * 1.0) ?? placeNear(l, shore, R * 0.6) ?? shore];
  });
  out.push({ abbr: p.abbr, shape: pathOf(l), label: roundPoint(label_), unit: roundPoint(unit), centre: centre && roundPoint(centre), coasts: coasts.map(([a, q]) => [a, roundPoint(q)]) });
});
// Unit symbols of two provinces must not overlap (the renderer's test checks the same).
const anchorProblems = [];
const spots = out.flatMap((p) => [[p.abbr, p.unit], ...p.coasts.map(([c, q]) => [`${p.abbr}/${c}`, q])]);
for (let i = 0; i < spots.length; i++) {
  for (let j = i + 1; j < spots.length; j++) {
    if (spots[i][0].split('/')[0] === spots[j][0].split('/')[0]) continue;
    const d = Math.hypot(spots[i][1][0] - spots[j][1][0], spots[i][1][1] - spots[j][1][1]);
    if (d < 2.3 * R) anchorProblems.push(`units at ${spots[i][0]} and ${spots[j][0]} are ${d.toFixed(1)} apart`);
  }
}
for (const p of anchorProblems) console.error(`${NAME}: ${p}`);
if (anchorProblems.length && !args.includes('--force')) {
  console.error(`${NAME}: ${anchorProblems.length} problems; nothing written`);
  process.exit(1);
}

const impassable = IMPASSABLE.map((a, i) => {
  const l = provinceCount + i;
  return { name: a.name, shape: pathOf(l), label: a.label ? roundPoint(fromLonLat(a.label)) : null };
}).filter((a) => a.shape);

// ---- The RON file.
const pt = ([x, y]) => `(x: ${x}, y: ${y})`;
const projectionName =
  PROJECTION.kind === 'miller' ? "Miller's cylindrical\n// projection" : PROJECTION.kind === 'mercator' ? 'Mercator' : 'Lambert conformal\n// conic';
let ron = `// The ${TITLE} map's picture, made by tools/geometry/make.mjs (see its README) from
// Natural Earth's 1:50m country outlines (public domain), projected ${projectionName}, and province seeds chosen for this project (tools/geometry/seeds/${NAME}.mjs). Do not
// edit by hand: change the seeds and run the script again.
(
    variant: "${NAME}",
    source: "Natural Earth 1:50m countries (public domain) via world-atlas; tools/geometry/make.mjs ${NAME}",
    width: ${WIDTH},
    height: ${HEIGHT},
    colours: [${Object.entries(COLOURS).map(([k, v]) => `("${k}", "${v}")`).join(', ')}],
    impassable: [
${impassable.map((a) => `        (name: "${a.name}", shape: "${a.shape}", label: ${a.label ? `Some(${pt(a.label)})` : 'None'}),`).join('\n')}
    ],
${EXCEPTIONS.length ? `    exceptions: [\n${EXCEPTIONS.map((e) => `        (between: ("${e.between[0]}", "${e.between[1]}"), drawn: ${e.drawn === 'apart' ? 'Apart' : 'Touching'}, reason: ${JSON.stringify(e.reason)}),`).join('\n')}\n    ],\n` : ''}    provinces: [
`;
for (const p of out) {
  ron += `        (abbr: "${p.abbr}", label: ${pt(p.label)}, unit: ${pt(p.unit)}`;
  if (p.centre) ron += `, centre: Some(${pt(p.centre)})`;
  if (p.coasts.length) ron += `, coasts: [${p.coasts.map(([a, q]) => `("${a}", ${pt(q)})`).join(', ')}]`;
  ron += `,\n            shape: "${p.shape}"),\n`;
}
ron += '    ],\n)\n';
const target = path.join(root, 'variants', 'geometry', `${NAME}.ron`);
fs.writeFileSync(target + '.tmp', ron);
fs.renameSync(target + '.tmp', target);
console.log(`${NAME}: wrote ${path.relative(root, target)} (${ron.length} bytes, ${WIDTH} × ${HEIGHT})`);
