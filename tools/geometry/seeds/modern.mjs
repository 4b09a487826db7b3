// The Modern Diplomacy map's provinces as seed points ([longitude, latitude]) and the
// Natural Earth countries whose land each may take. Each land pixel goes to the seed
// nearest by a path over land through countries its province claims (LAND: 'path'), so
// the provinces keep today's borders where the game does; each sea pixel to the sea seed
// nearest by a path through water. Chosen for this project from a modern map and the
// game's borders (variants/modern.ron); no other map's art was used.

export const TITLE = 'Modern Diplomacy';

// Lambert conformal conic, standard parallels 35°N and 62°N, centred on 20°E 50°N.
export const PROJECTION = { kind: 'conic', parallels: [35, 62], origin: [20, 50] };

export const LAND = 'path';

export const FRAME = {
  points: [
    [-25, 66],
    [-25, 40],
    [-17, 22],
    [62, 20.5],
    [62, 45],
    [58, 70],
    [25, 72],
    [-12, 71.5],
    [0, 20.5],
    [20, 20.5],
    [35, 20.5],
  ],
  // A fisheye round the crowded west and middle of the board (Russia and Central Asia
  // shrink): distances from the focus grow by 1 + magnify near it.
  focus: [10, 49],
  magnify: 0.9,
  // Local enlargements: centre, radius (degrees of latitude), strength (Britain is small
  // for its six provinces, as on the Standard map; the Low Countries and northern Italy).
  bumps: [
    { centre: [-2.4, 54.2], radius: 3.0, strength: 0.6 },
    { centre: [5.0, 51.6], radius: 1.6, strength: 0.4 },
    { centre: [9.5, 44.5], radius: 2.0, strength: 0.3 },
  ],
  width: 2000,
  resolution: 2,
  tolerance: 0.6,
  minBorder: 3,
  unitRadius: 11,
};

export const COLOURS = {
  Britain: '#243f8f',
  Egypt: '#d9a21b',
  France: '#3aa0e0',
  Germany: '#5b5b5b',
  Italy: '#2e9e44',
  Poland: '#e07bb0',
  Russia: '#8e5bb5',
  Spain: '#e8d44d',
  Turkey: '#c8741e',
  Ukraine: '#58c4b8',
};

export const FILLS = [
  // Denmark and Sweden across the Sound and the Belts (the Skagerrak and the Bornholm Sea
  // do not meet), as on the Standard map.
  { country: 'Denmark', polygon: [[12.35, 56.15], [12.85, 56.15], [13.05, 55.35], [12.4, 55.35], [12.35, 56.15]] },
  { country: 'Denmark', polygon: [[10.6, 56.0], [11.3, 55.95], [11.3, 55.0], [10.6, 55.0], [10.6, 56.0]] },
  { country: 'Denmark', polygon: [[9.45, 55.75], [10.1, 55.75], [10.1, 54.95], [9.45, 54.95], [9.45, 55.75]] },
  // Istanbul across the Bosporus and the Dardanelles (the Aegean and the Black Sea do not meet).
  { country: 'Turkey', polygon: [[26.0, 39.95], [26.5, 40.7], [27.0, 41.0], [29.0, 41.3], [29.35, 41.3], [29.95, 40.75], [29.5, 40.15], [27.5, 40.2], [26.3, 39.9], [26.0, 39.95]] },
  // Naples across the Strait of Messina (the Tyrrhenian and Ionian Seas do not meet).
  { country: 'Italy', polygon: [[15.45, 37.9], [15.75, 37.9], [15.75, 38.3], [15.45, 38.3], [15.45, 37.9]] },
];

// Borders drawn otherwise than the game has them: none (the board reaches the
// Bab-el-Mandeb, where the Red Sea meets the Arabian Sea).
export const EXCEPTIONS = [];

const UK = ['United Kingdom'];
export const PROVINCES = {
  // Britain and Ireland.
  cly: { countries: UK, seeds: [[-5.0, 56.7], [-4.9, 58.2], [-4.4, 55.8]] },
  edi: { countries: UK, seeds: [[-3.3, 55.85], [-2.9, 57.3], [-3.4, 58.4], [-2.3, 55.6], [-2.8, 55.75]] },
  liv: { countries: UK, seeds: [[-2.7, 54.2], [-2.6, 53.5], [-4.4, 55.0], [-3.4, 55.3]] },
  yor: { countries: UK, seeds: [[-1.3, 54.0], [-1.8, 55.0], [-1.0, 53.3]] },
  wal: { countries: UK, seeds: [[-3.7, 52.3], [-3.8, 50.7], [-2.2, 52.7], [-5.0, 50.3]] },
  lon: { countries: UK, seeds: [[-0.3, 51.6], [0.8, 52.5]] },
  ire: { countries: ['Ireland', 'United Kingdom'], seeds: [[-8.0, 53.3], [-6.8, 54.6]] },
  ice: { countries: ['Iceland'], seeds: [[-18.5, 64.9]] },
  // Scandinavia.
  nwy: { countries: ['Norway'], seeds: [[10.0, 60.5], [7.5, 62.0], [6.5, 58.8], [12.5, 64.5]] },
  lap: { countries: ['Norway', 'Sweden', 'Finland'], seeds: [[19.0, 69.2], [25.5, 70.3], [22.0, 68.5], [28.0, 69.0]] },
  swe: { countries: ['Sweden'], seeds: [[15.0, 59.0], [13.5, 56.3], [16.0, 62.5], [18.5, 64.5], [21.5, 66.0]] },
  fin: { countries: ['Finland', 'Åland'], seeds: [[26.0, 62.5], [25.0, 64.5], [23.0, 61.0], [25.5, 65.8]] },
  den: { countries: ['Denmark'], seeds: [[9.2, 56.2], [11.8, 55.4], [9.3, 55.2], [10.3, 55.3]] },
  // The Low Countries and France.
  hol: { countries: ['Netherlands'], seeds: [[5.5, 52.3]] },
  bel: { countries: ['Belgium', 'Luxembourg'], seeds: [[4.5, 50.6]] },
  bri: { countries: ['France'], seeds: [[-3.0, 48.2], [-1.5, 47.8]] },
  pic: { countries: ['France'], seeds: [[2.3, 50.0], [1.0, 49.6]] },
  par: { countries: ['France'], seeds: [[2.3, 48.5], [1.5, 47.3]] },
  als: { countries: ['France'], seeds: [[7.0, 48.3], [5.5, 48.7]] },
  lyo: { countries: ['France'], seeds: [[4.8, 45.8], [5.5, 46.8]] },
  auv: { countries: ['France'], seeds: [[3.0, 45.2], [3.5, 43.6], [2.2, 44.2], [1.5, 43.0]] },
  bor: { countries: ['France'], seeds: [[-0.5, 44.8], [0.5, 46.0], [-0.8, 43.4]] },
  mar: { countries: ['France'], seeds: [[5.8, 43.7], [5.3, 44.5], [6.5, 45.3], [6.6, 44.5]] },
  mon: { countries: ['Monaco', 'France'], seeds: [[7.3, 43.8]] },
  // Iberia.
  nav: { countries: ['Spain'], seeds: [[-3.5, 43.0], [-7.5, 42.8], [-1.5, 42.5]] },
  bar: { countries: ['Spain', 'Andorra'], seeds: [[1.5, 41.7], [0.5, 40.8]] },
  mad: { countries: ['Spain'], seeds: [[-3.7, 40.4], [-5.0, 41.5], [-2.5, 39.5]] },
  adl: { countries: ['Spain'], seeds: [[-3.5, 37.3], [-1.5, 38.0], [-0.6, 39.3]] },
  sve: { countries: ['Spain'], seeds: [[-6.0, 37.4], [-6.5, 38.5]] },
  gib: { countries: ['Spain'], seeds: [[-5.4, 36.3], [-5.8, 36.5]] },
  por: { countries: ['Portugal'], seeds: [[-8.0, 39.8]] },
  // Germany, Poland and the middle.
  ham: { countries: ['Germany'], seeds: [[10.0, 53.6], [9.3, 54.5], [8.5, 53.0]] },
  ber: { countries: ['Germany'], seeds: [[13.4, 52.5], [12.5, 53.8]] },
  pru: { countries: ['Germany', 'Poland'], seeds: [[15.5, 53.8], [17.5, 54.2], [14.2, 53.6], [17.5, 53.2]] },
  fra: { countries: ['Germany'], seeds: [[8.7, 50.1], [10.0, 50.5], [10.5, 51.8], [11.8, 52.0]] },
  mun: { countries: ['Germany'], seeds: [[11.5, 48.3], [10.0, 48.5], [8.7, 48.4]] },
  ruh: { countries: ['Germany'], seeds: [[7.2, 51.3], [7.0, 50.2], [7.5, 49.4]] },
  sax: { countries: ['Germany'], seeds: [[13.0, 51.0], [12.0, 50.5], [12.3, 49.5], [13.2, 48.9]] },
  gda: { countries: ['Poland', 'Russia'], seeds: [[18.6, 54.2], [20.5, 54.6]] },
  war: { countries: ['Poland'], seeds: [[21.0, 52.2], [22.5, 53.0], [19.5, 52.8]] },
  kra: { countries: ['Poland'], seeds: [[20.0, 50.0], [22.5, 50.5], [23.3, 51.5]] },
  sil: { countries: ['Poland'], seeds: [[17.0, 51.0], [16.0, 52.0]] },
  cze: { countries: ['Czechia'], seeds: [[15.0, 49.8]] },
  slk: { countries: ['Slovakia'], seeds: [[19.5, 48.7]] },
  aus: { countries: ['Austria', 'Liechtenstein'], seeds: [[14.5, 47.5], [11.5, 47.2]] },
  hun: { countries: ['Hungary'], seeds: [[19.0, 47.2]] },
  swi: { countries: ['Switzerland'], seeds: [[8.2, 46.8]] },
  // Italy.
  pie: { countries: ['Italy'], seeds: [[7.7, 45.0], [8.2, 44.5]] },
  mil: { countries: ['Italy'], seeds: [[9.5, 45.5], [10.5, 45.8]] },
  ven: { countries: ['Italy', 'San Marino'], seeds: [[12.0, 45.6], [11.3, 44.6], [13.0, 45.9], [12.2, 44.4]] },
  tus: { countries: ['Italy'], seeds: [[11.0, 43.4], [10.3, 44.2]] },
  rom: { countries: ['Italy', 'Vatican'], seeds: [[12.5, 42.0], [12.2, 43.2]] },
  apu: { countries: ['Italy'], seeds: [[16.5, 41.0], [15.0, 41.7], [14.0, 42.2], [13.4, 43.3], [12.9, 43.8]] },
  nap: { countries: ['Italy'], seeds: [[14.5, 40.9], [16.2, 39.2], [14.0, 37.6]] },
  // The Balkans.
  cro: { countries: ['Croatia', 'Slovenia', 'Bosnia and Herz.'], seeds: [[15.5, 45.8], [16.0, 45.0], [15.9, 44.2], [17.4, 43.1]] },
  bos: { countries: ['Bosnia and Herz.'], seeds: [[17.8, 44.2]] },
  ser: { countries: ['Serbia', 'Montenegro', 'Kosovo'], seeds: [[20.9, 44.0], [19.3, 42.8], [20.9, 42.6]] },
  alb: { countries: ['Albania'], seeds: [[20.0, 41.2]] },
  mac: { countries: ['Macedonia'], seeds: [[21.7, 41.6]] },
  gre: { countries: ['Greece'], seeds: [[22.0, 39.5], [22.4, 37.6], [23.5, 41.0]] },
  bul: { countries: ['Bulgaria'], seeds: [[25.0, 42.7]] },
  rum: { countries: ['Romania'], seeds: [[25.0, 45.5], [27.0, 45.0]] },
  mol: { countries: ['Moldova'], seeds: [[28.5, 47.0]] },
  // Turkey and the Caucasus.
  ist: { countries: ['Turkey'], seeds: [[27.5, 41.4], [29.3, 40.3]] },
  izm: { countries: ['Turkey'], seeds: [[27.8, 38.5], [29.0, 39.5]] },
  ank: { countries: ['Turkey'], seeds: [[33.0, 40.5], [35.5, 40.5], [31.5, 40.8], [38.5, 40.5], [41.0, 41.0]] },
  ana: { countries: ['Turkey'], seeds: [[32.0, 37.5], [30.5, 37.2]] },
  ada: { countries: ['Turkey'], seeds: [[35.3, 37.0], [37.5, 37.3], [39.5, 38.0], [42.0, 37.5], [44.0, 37.6]] },
  arm: { countries: ['Turkey', 'Armenia'], seeds: [[41.0, 39.8], [43.5, 40.3], [45.0, 40.2]] },
  geo: { countries: ['Georgia'], seeds: [[43.5, 42.0]] },
  aze: { countries: ['Azerbaijan'], seeds: [[47.5, 40.4]] },
  cau: { countries: ['Russia'], seeds: [[45.0, 43.5], [44.0, 44.5], [47.0, 42.5]] },
  ros: { countries: ['Russia'], seeds: [[39.7, 47.2], [39.0, 45.0], [39.5, 44.6]] },
  // Ukraine, Belarus and the Baltic states.
  ode: { countries: ['Ukraine'], seeds: [[30.7, 46.5], [29.5, 46.0], [32.0, 46.8]] },
  sev: { countries: ['Ukraine', 'Russia'], seeds: [[34.0, 45.0], [34.5, 46.4], [33.5, 47.2]] },
  don: { countries: ['Ukraine', 'Russia'], seeds: [[37.8, 48.0], [38.5, 47.3], [36.5, 48.3], [40.0, 48.3]] },
  kha: { countries: ['Ukraine', 'Russia'], seeds: [[36.2, 50.0], [35.0, 49.5], [39.5, 50.0]] },
  kie: { countries: ['Ukraine'], seeds: [[30.5, 50.4], [32.0, 49.3], [33.0, 48.0]] },
  pod: { countries: ['Ukraine'], seeds: [[26.0, 49.2], [24.0, 49.5], [28.0, 48.5], [22.8, 48.4]] },
  bie: { countries: ['Belarus'], seeds: [[28.0, 53.5]] },
  lit: { countries: ['Lithuania'], seeds: [[24.0, 55.3]] },
  lat: { countries: ['Latvia'], seeds: [[25.0, 56.9]] },
  est: { countries: ['Estonia'], seeds: [[25.5, 58.7]] },
  // Russia and Central Asia.
  stp: { countries: ['Russia'], seeds: [[30.5, 59.8], [33.0, 61.5], [29.5, 58.6]] },
  mur: { countries: ['Russia'], seeds: [[33.0, 68.0], [40.0, 67.3], [34.5, 65.5], [34.5, 63.5], [37.0, 63.0]] },
  ura: { countries: ['Russia'], seeds: [[50.0, 66.0], [55.0, 64.0], [46.0, 63.5], [58.0, 68.0], [55.0, 60.0], [58.0, 62.0], [41.0, 64.2]] },
  gor: { countries: ['Russia'], seeds: [[44.0, 56.3], [44.0, 60.0], [38.0, 59.0], [40.5, 61.0], [39.0, 62.0]] },
  mos: { countries: ['Russia'], seeds: [[37.6, 55.7], [35.0, 56.5], [33.5, 55.3], [30.5, 56.5], [40.5, 55.0]] },
  crp: { countries: ['Russia'], seeds: [[37.0, 52.5], [36.0, 51.0], [39.5, 52.5], [34.0, 53.0], [32.5, 53.3]] },
  vol: { countries: ['Russia'], seeds: [[46.0, 52.0], [50.0, 54.0], [46.5, 48.5], [44.0, 50.0], [47.8, 46.5], [42.0, 53.5], [54.0, 56.0], [49.0, 58.0], [42.5, 50.5]] },
  sib: { countries: ['Russia', 'Kazakhstan'], seeds: [[61.0, 57.0], [61.0, 53.0]] },
  kaz: { countries: ['Kazakhstan', 'Uzbekistan', 'Turkmenistan'], seeds: [[55.0, 47.0], [60.0, 44.0], [55.0, 41.0], [52.0, 44.5], [58.0, 39.0]] },
  // The Middle East.
  irn: { countries: ['Iran'], seeds: [[52.0, 33.0], [50.0, 36.5], [56.0, 28.0], [59.0, 31.0]] },
  irk: { countries: ['Iraq', 'Kuwait'], seeds: [[44.0, 33.0], [47.5, 30.5], [43.5, 36.0]] },
  sau: { countries: ['Saudi Arabia', 'Qatar', 'United Arab Emirates', 'Oman', 'Bahrain', 'Yemen'], seeds: [[45.0, 24.0], [40.0, 25.0], [50.0, 22.0], [56.5, 22.5], [38.0, 28.5]] },
  jor: { countries: ['Jordan', 'Israel'], seeds: [[36.5, 31.0], [35.0, 29.7]] },
  isr: { countries: ['Israel', 'Palestine'], seeds: [[35.0, 31.5], [35.2, 32.8]] },
  syr: { countries: ['Syria', 'Lebanon'], seeds: [[38.0, 35.0], [35.8, 33.9]] },
  // Egypt and Africa.
  sin: { countries: ['Egypt'], seeds: [[33.8, 29.0], [34.2, 28.3], [34.4, 30.3], [34.7, 29.7]] },
  cai: { countries: ['Egypt'], seeds: [[31.2, 30.0], [32.5, 30.9], [33.6, 31.0], [31.5, 28.0]] },
  ale: { countries: ['Egypt'], seeds: [[29.9, 30.9], [28.0, 30.8], [29.0, 29.0]] },
  asw: { countries: ['Egypt'], seeds: [[32.9, 24.1], [31.0, 25.5], [34.0, 23.5], [31.5, 22.5]] },
  esa: { countries: ['Egypt', 'Libya'], seeds: [[25.5, 31.3], [26.0, 28.0], [27.0, 25.0]] },
  lib: { countries: ['Libya', 'Chad'], seeds: [[13.0, 32.5], [20.0, 30.5], [15.0, 27.0], [20.0, 25.0], [17.0, 21.5]] },
  tun: { countries: ['Tunisia'], seeds: [[9.5, 35.0]] },
  alg: { countries: ['Algeria'], seeds: [[3.0, 36.5], [0.0, 35.0], [6.0, 35.0], [3.0, 32.0]] },
  mor: { countries: ['Morocco', 'W. Sahara', 'Mauritania'], seeds: [[-6.0, 33.0], [-5.0, 35.0], [-12.5, 27.5], [-15.5, 23.5], [-16.0, 20.8]] },
  wsa: { countries: ['W. Sahara', 'Mauritania', 'Mali', 'Niger', 'Algeria', 'Morocco'], seeds: [[-8.0, 24.0], [0.0, 22.0], [4.0, 25.0], [9.0, 22.0], [-10.0, 20.5]] },
  // Seas.
  arc: { seeds: [[-18.0, 69.5], [-10.0, 70.5], [-2.0, 71.5], [12.0, 71.8], [8.0, 72.0], [18.0, 72.5]] },
  nwg: { seeds: [[-2.0, 66.0], [6.0, 65.0], [-10.0, 66.5], [-4.0, 61.8], [1.5, 62.0], [-3.6, 59.4], [-6.0, 59.8], [12.0, 69.5], [17.0, 70.5]] },
  nao: { seeds: [[-25.0, 55.0], [-18.0, 60.5], [-12.0, 56.5], [-9.5, 58.0], [-12.0, 52.5], [-5.8, 55.25], [-7.5, 56.2]] },
  mid: { seeds: [[-15.0, 45.0], [-12.0, 40.0], [-20.0, 43.0], [-10.0, 48.0]] },
  sao: { seeds: [[-15.0, 33.0], [-11.0, 36.0], [-20.0, 28.0], [-18.0, 23.0], [-7.0, 35.8]] },
  bis: { seeds: [[-5.0, 45.5], [-3.0, 44.2], [-2.0, 46.0]] },
  eng: { seeds: [[-4.0, 49.8], [-1.2, 50.2], [1.5, 50.8], [2.2, 51.15]] },
  iri: { seeds: [[-5.0, 53.6], [-6.0, 51.8]] },
  nth: { seeds: [[3.0, 56.0], [1.5, 53.8], [4.0, 58.5], [0.0, 58.0], [3.0, 52.5], [7.0, 56.3], [3.0, 51.75]] },
  hel: { seeds: [[7.6, 54.0], [8.1, 54.5]] },
  ska: { seeds: [[9.5, 57.8], [11.0, 57.6]] },
  bhm: { seeds: [[13.5, 54.8], [15.6, 55.0], [12.5, 54.6]] },
  bal: { seeds: [[18.5, 56.0], [20.0, 57.8], [18.0, 55.0], [19.0, 58.5]] },
  gob: { seeds: [[20.0, 62.0], [21.0, 64.0], [24.0, 59.8], [21.0, 60.0], [23.5, 57.6], [27.5, 60.0]] },
  brn: { seeds: [[40.0, 72.0], [30.0, 72.0], [50.0, 71.0], [36.0, 70.0], [55.0, 69.5], [25.0, 71.5]] },
  whi: { seeds: [[39.5, 65.8]] },
  wme: { seeds: [[3.0, 38.0], [6.0, 38.5], [0.0, 37.5], [8.0, 38.0]] },
  gol: { seeds: [[4.0, 42.5], [5.0, 41.0], [3.3, 41.5], [8.0, 41.3]] },
  lig: { seeds: [[8.5, 43.6], [9.5, 43.2], [10.0, 42.5], [11.4, 42.1]] },
  tyr: { seeds: [[12.0, 40.0], [13.5, 39.0], [10.5, 39.0], [9.8, 40.8], [12.3, 41.0]] },
  sog: { seeds: [[-4.5, 36.2], [-3.0, 36.2], [-5.5, 35.95]] },
  mal: { seeds: [[14.5, 36.0], [13.0, 35.0], [16.0, 34.0], [12.0, 33.5]] },
  ion: { seeds: [[19.0, 38.0], [18.0, 36.0], [20.0, 39.5], [21.0, 36.0], [23.0, 35.6]] },
  adr: { seeds: [[15.0, 43.0], [17.8, 42.0], [13.2, 44.8], [19.0, 41.3]] },
  aeg: { seeds: [[25.0, 38.5], [24.8, 40.0], [25.0, 36.5]] },
  eme: { seeds: [[30.0, 34.0], [33.0, 35.5], [27.0, 34.5], [34.5, 33.2], [33.0, 32.0]] },
  lbn: { seeds: [[20.0, 33.5], [24.0, 33.0], [28.0, 32.3], [17.0, 32.5]] },
  wbs: { seeds: [[30.5, 43.5], [30.0, 45.0], [32.0, 42.5]] },
  ebs: { seeds: [[36.0, 43.0], [38.0, 42.0], [36.5, 45.8], [40.0, 42.5]] },
  cas: { seeds: [[50.0, 42.0], [51.0, 39.0], [50.0, 45.0], [52.0, 37.5]] },
  red: { seeds: [[36.0, 24.0], [34.5, 27.0], [33.0, 28.9], [38.0, 21.5], [34.7, 28.8]] },
  per: { seeds: [[51.0, 27.0], [49.5, 28.8], [53.0, 25.5], [55.5, 26.2]] },
  ara: { seeds: [[58.5, 24.8], [61.0, 23.0], [60.0, 21.5]] },
};

// Land that is no province.
export const IMPASSABLE = [
  { name: 'Cyprus', countries: ['Cyprus', 'N. Cyprus'], seeds: [] },
  { name: 'Land off the board', rest: true, seeds: [] },
];

export const OVERRIDES = {};
