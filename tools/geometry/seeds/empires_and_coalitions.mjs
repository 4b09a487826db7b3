// The Empires and Coalitions map's provinces (Napoleonic Europe, 1800) as seed points
// ([longitude, latitude]). Its provinces are the period's, not today's: each land pixel
// goes to the land seed nearest by a path over land (LAND: 'path'), each sea pixel to the
// sea seed nearest by a path through water. Chosen for this project from a modern map
// and the game's borders (variants/empires_and_coalitions.ron);
// no other map's art was used.

export const TITLE = 'Empires and Coalitions';

// Lambert conformal conic, standard parallels 40°N and 64°N, centred on 18°E 50°N.
export const PROJECTION = { kind: 'conic', parallels: [40, 64], origin: [18, 50] };

export const LAND = 'path';

export const FRAME = {
  points: [
    [-25.0, 63.0],
    [-12.0, 35.0],
    [13.0, 30.5],
    [25.0, 30.0],
    [36.5, 29.5],
    [48.0, 38.5],
    [60.0, 52.0],
    [60.0, 69.0],
    [25.0, 73.5],
    [-22.0, 71.0],
  ],
  focus: [12, 49],
  magnify: 0.9,
  squareCorners: true,
  width: 1800,
  resolution: 2,
  tolerance: 0.6,
  minBorder: 3,
  unitRadius: 11,
};

export const COLOURS = {
  'Ottoman Empire': '#e0a91b',
  Denmark: '#3fb5a8',
  Sicily: '#2e9e44',
  Prussia: '#5b5b5b',
  Austria: '#d1343a',
  France: '#3aa0e0',
  Britain: '#243f8f',
  Russia: '#8e5bb5',
  Spain: '#e07bb0',
};

// Water filled as land, so that the provinces on its shores meet as the game has them.
export const FILLS = [
  // The Sound and the Belts: Copenhagen meets Sweden and Schleswig (the Skagerrak and the
  // Baltic do not meet).
  { country: 'Denmark', polygon: [[12.35, 56.15], [12.85, 56.15], [13.05, 55.35], [12.4, 55.35], [12.35, 56.15]] },
  { country: 'Denmark', polygon: [[10.6, 56.0], [11.3, 55.95], [11.3, 55.0], [10.6, 55.0], [10.6, 56.0]] },
  { country: 'Denmark', polygon: [[9.45, 55.75], [10.1, 55.75], [10.1, 54.95], [9.45, 54.95], [9.45, 55.75]] },
  // The Bosporus and the Dardanelles: Constantinople on both shores.
  { country: 'Turkey', polygon: [[26.0, 39.95], [26.5, 40.7], [27.0, 41.0], [29.0, 41.3], [29.35, 41.3], [29.95, 40.75], [29.5, 40.15], [27.5, 40.2], [26.3, 39.9], [26.0, 39.95]] },
  // The Strait of Gibraltar: Gibraltar meets Morocco (the Atlantic and the Western
  // Mediterranean do not meet).
  { country: 'Spain', polygon: [[-5.95, 35.7], [-5.15, 35.7], [-5.15, 36.2], [-5.95, 36.2], [-5.95, 35.7]] },
  // The North Channel: Edinburgh (Scotland) and Ireland meet.
  { country: 'United Kingdom', polygon: [[-6.2, 55.0], [-5.6, 55.0], [-5.6, 55.45], [-6.2, 55.45], [-6.2, 55.0]] },
];

export const EXCEPTIONS = [
  {
    between: ['nap', 'pal'],
    drawn: 'apart',
    reason: 'the Strait of Messina: the game lets armies cross it between Naples and Palermo and joins the Tyrrhenian and Ionian Seas through it; drawn open, so the two seas meet',
  },
];

export const PROVINCES = {
  // Britain, Ireland, Iceland.
  edi: { seeds: [[-4.2, 57.2], [-5.0, 56.3], [-3.2, 56.2], [-4.0, 55.3]] },
  lie: { seeds: [[-2.7, 54.2], [-2.6, 53.5], [-3.0, 54.8]] },
  yor: { seeds: [[-1.3, 54.0], [-1.8, 55.0], [-1.0, 53.3]] },
  wae: { seeds: [[-3.7, 52.3], [-3.8, 50.7], [-2.2, 52.7], [-5.0, 50.3]] },
  lon: { seeds: [[-0.3, 51.6], [0.8, 52.5]] },
  ire: { seeds: [[-8.0, 53.3], [-6.8, 54.6]] },
  ice: { seeds: [[-18.5, 64.9]] },
  // Scandinavia.
  chr: { seeds: [[10.0, 60.5], [7.5, 62.0], [6.5, 58.8], [11.5, 63.5]] },
  fim: { seeds: [[19.0, 69.2], [25.5, 70.3], [15.0, 67.0], [20.0, 67.5], [27.0, 68.5]] },
  swe: { seeds: [[15.0, 59.0], [13.5, 56.3], [16.0, 62.5], [18.5, 64.5], [21.5, 65.8]] },
  fil: { seeds: [[26.0, 62.5], [25.0, 64.5], [23.0, 61.0], [24.5, 66.0]] },
  cop: { seeds: [[11.8, 55.4], [10.3, 55.3]] },
  sch: { seeds: [[9.2, 56.2], [9.3, 55.2], [9.7, 54.3]] },
  // Germany and the Low Countries.
  bat: { seeds: [[5.5, 52.3], [4.6, 52.0]] },
  bel: { seeds: [[4.5, 50.6], [3.5, 50.9]] },
  han: { seeds: [[9.7, 52.4], [8.5, 53.2], [10.5, 53.0]] },
  wet: { seeds: [[7.6, 51.9], [6.8, 50.8], [6.8, 49.8], [9.0, 51.5], [7.2, 52.9], [6.2, 50.7]] },
  mec: { seeds: [[12.0, 53.7], [13.3, 53.9]] },
  bra: { seeds: [[11.0, 52.0], [12.0, 52.4]] },
  ber: { seeds: [[13.4, 52.5], [14.5, 53.6], [14.5, 52.8]] },
  kon: { seeds: [[20.5, 54.7], [18.6, 54.2], [22.0, 54.3], [17.5, 53.0], [16.5, 53.9]] },
  brl: { seeds: [[17.0, 51.1], [16.0, 51.8]] },
  sax: { seeds: [[12.5, 51.0], [10.5, 50.8]] },
  rhi: { seeds: [[8.8, 49.5], [9.0, 48.3], [8.5, 50.3]] },
  bav: { seeds: [[12.0, 48.5], [11.5, 49.5]] },
  boh: { seeds: [[14.5, 49.8], [17.0, 49.7], [18.0, 49.6]] },
  // France and the Alps.
  brt: { seeds: [[-3.0, 48.2], [-1.0, 48.6], [0.5, 49.5], [-1.5, 47.3]] },
  par: { seeds: [[2.3, 48.8], [1.5, 47.5], [3.0, 49.5]] },
  lor: { seeds: [[6.0, 48.8], [5.0, 48.0]] },
  lyo: { seeds: [[4.8, 45.8], [3.0, 45.5], [5.0, 47.0], [1.5, 46.0], [6.2, 45.5]] },
  gas: { seeds: [[-0.5, 44.3], [0.5, 45.5], [1.0, 43.5]] },
  mar: { seeds: [[5.8, 43.8], [3.5, 43.6], [6.3, 44.7]] },
  hel: { seeds: [[8.2, 46.8], [7.0, 46.5]] },
  // Iberia and North Africa.
  nav: { seeds: [[-1.6, 42.8], [-3.0, 43.1], [-4.5, 43.2], [-5.8, 43.4]] },
  mad: { seeds: [[-3.7, 40.4], [-5.0, 41.5], [-6.5, 42.7], [-8.0, 42.8], [-7.5, 43.5]] },
  cat: { seeds: [[1.5, 41.8], [0.0, 41.6]] },
  val: { seeds: [[-0.6, 39.3], [-1.5, 38.5], [-1.5, 40.0]] },
  and: { seeds: [[-4.8, 37.6], [-3.5, 37.3], [-6.0, 37.4], [-5.5, 38.5]] },
  gib: { seeds: [[-5.4, 36.1], [-5.5, 35.95]] },
  por: { seeds: [[-8.0, 39.8], [-8.0, 41.3], [-8.0, 38.0]] },
  mor: { seeds: [[-5.5, 34.0], [-4.0, 35.0], [-7.0, 32.5]] },
  alg: { seeds: [[3.0, 36.3], [0.0, 35.2], [5.5, 35.5], [2.0, 33.0]] },
  tun: { seeds: [[9.5, 35.5], [10.0, 36.7]] },
  tri: { seeds: [[13.0, 32.5], [18.0, 30.5], [22.0, 31.5]] },
  egy: { seeds: [[31.0, 30.5], [29.5, 30.8], [32.5, 30.0], [26.5, 31.0]] },
  // Italy.
  pie: { seeds: [[7.7, 45.0], [8.3, 44.4], [8.9, 44.45], [9.8, 44.15]] },
  cis: { seeds: [[9.5, 45.3], [11.0, 44.7], [12.0, 44.3]] },
  ven: { seeds: [[12.0, 45.6], [11.0, 45.6]] },
  pap: { seeds: [[12.5, 42.0], [11.2, 43.5], [13.1, 43.2], [10.5, 43.6]] },
  apu: { seeds: [[16.5, 41.0], [15.3, 41.6]] },
  nap: { seeds: [[14.4, 40.9], [15.8, 40.2], [16.3, 39.0]] },
  pal: { seeds: [[14.0, 37.6]] },
  // Austria and the Balkans.
  tyo: { seeds: [[11.4, 47.2], [10.5, 46.6], [12.5, 47.0]] },
  vie: { seeds: [[16.3, 48.2], [14.5, 47.5], [14.0, 46.2], [13.8, 45.4]] },
  bud: { seeds: [[19.0, 47.3], [21.0, 48.3], [18.0, 46.2]] },
  cro: { seeds: [[16.0, 45.6], [15.3, 44.5]] },
  bos: { seeds: [[17.8, 44.0], [20.5, 43.5], [19.5, 42.0], [21.5, 42.0], [21.0, 41.0]] },
  tra: { seeds: [[24.0, 46.5], [22.5, 46.2]] },
  gal: { seeds: [[23.0, 49.8], [24.5, 49.2], [25.5, 48.5], [20.0, 49.4]] },
  waa: { seeds: [[25.5, 44.5], [27.5, 43.0], [24.0, 44.2]] },
  mol: { seeds: [[27.5, 47.0], [28.5, 46.0], [26.5, 47.8]] },
  gre: { seeds: [[22.0, 39.5], [22.4, 37.6], [22.5, 40.3]] },
  con: { seeds: [[27.5, 41.4], [29.3, 40.3], [25.5, 41.4], [24.0, 41.3], [24.5, 40.95], [23.8, 40.9]] },
  ang: { seeds: [[33.0, 40.5], [30.0, 38.5], [28.5, 38.0], [35.0, 38.0]] },
  arm: { seeds: [[41.0, 39.8], [43.5, 40.3], [38.5, 40.6]] },
  syr: { seeds: [[37.5, 35.0], [36.3, 36.5], [40.0, 36.5], [35.5, 33.0], [35.0, 31.5]] },
  // Russia and Poland.
  pol: { seeds: [[20.5, 52.0], [19.0, 52.5], [22.5, 52.5], [19.0, 50.6]] },
  lio: { seeds: [[24.0, 55.5], [25.0, 57.0], [26.0, 58.7], [27.5, 55.0]] },
  stp: { seeds: [[31.0, 60.0], [33.0, 64.5], [36.0, 67.5], [40.0, 64.5], [48.0, 66.0], [55.0, 67.5], [45.0, 62.5]] },
  mos: { seeds: [[37.5, 55.7], [31.0, 55.0], [44.0, 57.0], [34.0, 58.0], [42.0, 53.0], [48.0, 55.0]] },
  kie: { seeds: [[30.5, 50.4], [28.0, 51.5], [30.5, 51.6]] },
  ukr: { seeds: [[34.0, 49.5], [37.0, 50.5], [32.0, 48.0], [29.0, 48.5]] },
  sev: { seeds: [[34.0, 45.2], [39.5, 47.0], [44.0, 46.0], [37.5, 48.0], [31.5, 46.8], [43.5, 43.0], [45.0, 49.5], [47.5, 51.0]] },
  ura: { seeds: [[55.0, 57.0], [58.0, 62.0], [53.0, 53.0], [57.0, 64.5]] },
  // Seas.
  arc: { seeds: [[-12.0, 72.0], [0.0, 73.5], [-20.0, 70.0], [8.0, 74.0], [-18.0, 67.3]] },
  noa: { seeds: [[-25.0, 55.0], [-18.0, 60.5], [-12.0, 56.5], [-9.5, 58.0], [-24.0, 66.8], [-12.0, 52.0]] },
  now: { seeds: [[-2.0, 66.0], [6.0, 65.0], [-8.0, 68.5], [-4.0, 61.8], [1.5, 62.0], [12.0, 69.5], [17.0, 70.8], [4.5, 59.5], [4.0, 61.0], [-11.0, 65.5]] },
  bar: { seeds: [[24.0, 71.6], [35.0, 72.5], [45.0, 71.0], [40.0, 68.8]] },
  not: { seeds: [[3.0, 56.0], [1.5, 53.8], [4.0, 58.5], [0.0, 58.0], [3.0, 52.5], [7.0, 56.3], [2.2, 51.6]] },
  ska: { seeds: [[9.5, 57.8], [11.0, 57.6], [7.5, 57.8], [6.5, 58.0]] },
  bai: { seeds: [[17.5, 55.5], [19.8, 57.5], [14.0, 54.6], [12.5, 55.1]] },
  gob: { seeds: [[20.0, 62.0], [23.0, 64.5], [25.0, 59.8], [19.5, 60.0]] },
  cel: { seeds: [[-5.0, 53.6], [-6.0, 51.8], [-7.5, 50.5], [-5.0, 54.5], [-7.5, 49.8]] },
  eng: { seeds: [[-4.0, 49.8], [-1.2, 50.2], [1.5, 50.8], [-5.3, 49.2]] },
  bay: { seeds: [[-4.0, 45.5], [-3.0, 44.2], [-2.0, 46.0], [-5.0, 47.0], [-6.0, 47.8]] },
  atl: { seeds: [[-12.0, 46.0], [-12.0, 40.0], [-10.0, 35.0], [-8.5, 37.0], [-16.0, 48.5], [-9.8, 43.5], [-7.0, 44.3]] },
  wem: { seeds: [[-2.0, 36.3], [2.0, 37.2], [5.0, 37.3], [8.0, 37.6], [-4.5, 36.1]] },
  bae: { seeds: [[2.0, 39.5], [4.5, 40.0], [7.0, 39.5], [1.0, 40.5]] },
  gol: { seeds: [[4.5, 42.5], [7.5, 43.3], [8.5, 41.5]] },
  tys: { seeds: [[12.0, 40.0], [11.0, 42.3], [12.0, 38.7], [10.0, 40.5], [9.5, 38.5], [10.0, 42.8]] },
  cen: { seeds: [[15.0, 34.0], [12.0, 34.5], [14.5, 36.0], [18.0, 33.0], [19.0, 32.5], [20.5, 33.5]] },
  ion: { seeds: [[18.0, 37.0], [20.0, 35.5], [19.0, 39.2], [17.0, 38.5]] },
  adr: { seeds: [[15.0, 43.0], [18.0, 41.8], [13.3, 44.8]] },
  aeg: { seeds: [[25.0, 38.5], [24.8, 40.0], [25.0, 36.5]] },
  eas: { seeds: [[30.0, 34.5], [33.0, 35.8], [34.5, 33.5], [25.5, 34.0], [28.0, 33.0], [24.0, 33.5]] },
  bla: { seeds: [[34.0, 43.5], [31.0, 43.0], [38.0, 42.5], [30.0, 45.0]] },
};

// Land that is no province.
export const IMPASSABLE = [
  { name: 'Greenland', countries: ['Greenland'], seeds: [] },
  { name: 'Corsica and Sardinia', seeds: [[9.1, 42.1], [9.0, 40.0]] },
  { name: 'Land off the board', rest: true, seeds: [] },
];

// Anchors set by hand where the automatic ones read badly: none yet (the opening was
// looked at only at a glance).
export const OVERRIDES = {};
