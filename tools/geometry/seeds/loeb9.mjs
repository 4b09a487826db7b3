// The Loeb9 map's provinces as seed points ([longitude, latitude]) and the Natural Earth
// countries whose land each may take: Danny Loeb's nine-player map, the Standard map with
// Spain in four (Navarre, Madrid, Catalonia, Cordoba), Ireland, Iceland, Corsica, Sardinia
// and Sicily made provinces, Siberia and Kazakhstan east of Moscow and the Arctic Ocean
// across the top. Every land pixel goes to the nearest seed of a province claiming its
// country (on the same landmass, where one does); every sea pixel to the sea seed nearest
// by a path through water. Chosen for this project from a modern map and the game's
// borders (variants/loeb9.ron), the rest as on the Standard map (seeds/standard.mjs); no
// other map's art was used.

export const TITLE = 'Loeb9';

// Lambert conformal conic, standard parallels 40°N and 64°N, centred on 18°E 52°N.
export const PROJECTION = { kind: 'conic', parallels: [40, 64], origin: [18, 52] };

export const FRAME = {
  // The projected box around these points is the map.
  points: [
    [-25.0, 63.0],
    [-12.0, 37.0],
    [48.0, 38.5],
    [56.0, 45.0],
    [62.0, 69.0],
    [15.0, 75.5],
    [-22.0, 72.0],
    [2.0, 32.0],
    [36.0, 33.0],
  ],
  // The fisheye's centre and strength (0: none).
  focus: [12, 49],
  magnify: 0.9,
  // Local enlargements: centre, radius (degrees of latitude), strength. The bumps act
  // after the fisheye, so each centre is the point the fisheye moves its area's middle
  // onto: Britain (2.4°W 54.2°N), the Low Countries, Denmark and Greece.
  bumps: [
    { centre: [-10.0, 55.6], radius: 4.5, strength: 0.6 },
    { centre: [0.0, 53.1], radius: 1.6, strength: 0.4 },
    { centre: [8.5, 60.0], radius: 1.6, strength: 0.3 },
    { centre: [25.1, 37.7], radius: 3.0, strength: 0.3 },
  ],
  squareCorners: true,
  width: 1700,
  // Raster pixels per output unit.
  resolution: 2,
  // Douglas–Peucker tolerance, output units.
  tolerance: 0.6,
  // Adjacent provinces must share at least this much border, output units.
  minBorder: 3,
  unitRadius: 11,
};

// Standard's colours for its seven powers; Norway teal, Spain rose.
export const COLOURS = {
  Austria: '#d1343a',
  England: '#243f8f',
  France: '#3aa0e0',
  Germany: '#5b5b5b',
  Italy: '#2e9e44',
  Norway: '#3fb5a8',
  Russia: '#8e5bb5',
  Spain: '#e07bb0',
  Turkey: '#e0a91b',
};

// Borders drawn otherwise than the game has them, each with its reason.
export const EXCEPTIONS = [
  {
    between: ['cor', 'naf'],
    drawn: 'apart',
    reason: 'the Strait of Gibraltar: the game lets armies cross it between Cordoba and North Africa (a difficult passable border) and joins the Mid-Atlantic and the Western Mediterranean through it; drawn open, so the two seas meet',
  },
];

// Water filled as land, so that the provinces on its shores meet as the game has them:
// Denmark and Sweden across the Sound and the Belts (the Baltic and the Skagerrak do not
// meet), Constantinople across the Bosporus and the Dardanelles (the Aegean and the Black
// Sea do not meet), Naples and Sicily across the Strait of Messina (a difficult passable
// border for armies; the Tyrrhenian and Ionian Seas meet south of Sicily).
export const FILLS = [
  { country: 'Denmark', polygon: [[12.35, 56.15], [12.85, 56.15], [13.05, 55.35], [12.4, 55.35], [12.35, 56.15]] },
  { country: 'Denmark', polygon: [[10.6, 56.0], [11.3, 55.95], [11.3, 55.0], [10.6, 55.0], [10.6, 56.0]] },
  { country: 'Denmark', polygon: [[9.45, 55.75], [10.1, 55.75], [10.1, 54.95], [9.45, 54.95], [9.45, 55.75]] },
  { country: 'Turkey', polygon: [[26.0, 39.95], [26.5, 40.7], [27.0, 41.0], [29.0, 41.3], [29.35, 41.3], [29.95, 40.75], [29.5, 40.15], [27.5, 40.2], [26.3, 39.9], [26.0, 39.95]] },
  { country: 'Italy', polygon: [[15.45, 37.9], [15.75, 37.9], [15.75, 38.3], [15.45, 38.3], [15.45, 37.9]] },
];

export const PROVINCES = {
  // Britain.
  cly: { countries: ['United Kingdom'], seeds: [[-5.0, 56.7], [-4.9, 58.2], [-4.4, 55.8]] },
  edi: { countries: ['United Kingdom'], seeds: [[-3.3, 55.85], [-2.9, 57.3], [-3.4, 58.4], [-2.3, 55.6], [-2.8, 55.75]] },
  lvp: { countries: ['United Kingdom'], seeds: [[-2.7, 54.2], [-2.6, 53.5], [-4.4, 55.0], [-3.4, 55.3]] },
  yor: { countries: ['United Kingdom'], seeds: [[-1.3, 54.0], [-1.8, 55.0], [-1.0, 53.3]] },
  wal: { countries: ['United Kingdom'], seeds: [[-3.7, 52.3], [-3.8, 50.7], [-2.2, 52.7], [-5.0, 50.3]] },
  lon: { countries: ['United Kingdom'], seeds: [[-0.3, 51.6], [0.8, 52.5]] },
  // Scandinavia.
  nwy: { countries: ['Norway'], seeds: [[10.0, 60.5], [7.5, 62.0], [13.0, 65.5], [19.0, 69.2], [25.5, 70.3], [6.5, 58.8]] },
  swe: { countries: ['Sweden'], seeds: [[15.0, 59.0], [13.5, 56.3], [16.0, 62.5], [20.0, 66.5]] },
  fin: { countries: ['Finland', 'Åland'], seeds: [[26.0, 62.5], [25.0, 66.5], [27.0, 68.8]] },
  den: { countries: ['Denmark'], seeds: [[9.2, 56.2], [11.8, 55.4], [9.3, 55.2]] },
  // Low countries and France.
  hol: { countries: ['Netherlands'], seeds: [[5.5, 52.3]] },
  bel: { countries: ['Belgium', 'Luxembourg'], seeds: [[4.5, 50.6]] },
  pic: { countries: ['France'], seeds: [[2.3, 50.0], [1.0, 49.6]] },
  bre: { countries: ['France'], seeds: [[-3.0, 48.2], [-1.0, 48.6], [-1.5, 47.3]] },
  par: { countries: ['France'], seeds: [[2.3, 48.5], [1.5, 47.3], [0.3, 48.0]] },
  bur: { countries: ['France'], seeds: [[4.8, 47.4], [5.8, 48.7], [4.5, 46.2], [7.4, 48.3]] },
  gas: { countries: ['France'], seeds: [[-0.5, 44.3], [1.2, 45.5], [-0.8, 46.2]] },
  mar: { countries: ['France', 'Monaco'], seeds: [[5.8, 43.9], [3.5, 43.8], [6.3, 45.3]] },
  // Iberia: Spain in four.
  nav: { countries: ['Spain'], seeds: [[-1.6, 42.8], [-4.0, 43.0], [-6.0, 43.0], [-8.0, 42.8]] },
  mad: { countries: ['Spain'], seeds: [[-3.7, 40.4], [-5.0, 41.5], [-2.5, 39.5], [-5.5, 39.3]] },
  cat: { countries: ['Spain', 'Andorra'], seeds: [[1.5, 41.8], [-0.8, 41.6], [0.0, 40.5]] },
  cor: { countries: ['Spain'], seeds: [[-4.8, 37.9], [-3.0, 37.5], [-1.2, 38.2], [-6.0, 37.3], [-0.7, 39.0]] },
  por: { countries: ['Portugal'], seeds: [[-8.0, 39.8]] },
  // The islands the game makes provinces.
  ire: { countries: ['Ireland', 'United Kingdom'], seeds: [[-8.0, 53.3], [-6.8, 54.6]] },
  ice: { countries: ['Iceland'], seeds: [[-18.5, 64.9]] },
  crs: { countries: ['France'], seeds: [[9.1, 42.1]] },
  sar: { countries: ['Italy'], seeds: [[9.0, 40.0]] },
  sic: { countries: ['Italy'], seeds: [[14.2, 37.6]] },
  // Italy.
  pie: { countries: ['Italy'], seeds: [[7.8, 45.0], [8.4, 44.4], [9.3, 45.8]] },
  ven: { countries: ['Italy', 'San Marino'], seeds: [[11.8, 45.5], [10.8, 45.2], [12.0, 44.5], [13.3, 43.4]] },
  tus: { countries: ['Italy'], seeds: [[11.0, 43.4]] },
  rom: { countries: ['Italy', 'Vatican'], seeds: [[12.5, 42.0], [13.1, 41.6]] },
  apu: { countries: ['Italy'], seeds: [[16.5, 41.0], [15.0, 41.7], [18.0, 40.3], [14.2, 42.2]] },
  nap: { countries: ['Italy'], seeds: [[14.4, 40.9], [15.6, 40.3], [16.2, 39.2]] },
  // Germany and Poland.
  kie: { countries: ['Germany'], seeds: [[9.8, 53.5], [9.8, 54.4], [8.3, 52.8]] },
  ber: { countries: ['Germany', 'Poland'], seeds: [[13.4, 52.6], [12.5, 53.8]] },
  mun: { countries: ['Germany'], seeds: [[11.5, 48.5], [11.0, 50.5], [9.5, 49.5], [13.6, 51.0], [8.8, 48.3]] },
  ruh: { countries: ['Germany'], seeds: [[7.2, 51.3], [7.0, 50.2], [6.9, 49.4]] },
  pru: { countries: ['Poland', 'Russia', 'Germany'], seeds: [[20.5, 54.0], [17.5, 54.0], [21.3, 54.6]] },
  sil: { countries: ['Poland', 'Germany'], seeds: [[16.8, 51.0], [18.5, 50.5]] },
  war: { countries: ['Poland', 'Belarus'], seeds: [[20.5, 52.0], [23.0, 51.3], [26.0, 53.0]] },
  lvn: { countries: ['Lithuania', 'Latvia', 'Estonia', 'Russia'], seeds: [[24.0, 55.5], [25.0, 57.0], [26.0, 58.7]] },
  // Russia and Ukraine.
  stp: { countries: ['Russia'], seeds: [[31.0, 60.0], [33.0, 64.5], [36.0, 67.5], [44.0, 65.0]] },
  mos: { countries: ['Russia', 'Belarus'], seeds: [[37.5, 55.7], [31.0, 55.0], [44.0, 57.0], [45.0, 52.5]] },
  ukr: { countries: ['Ukraine', 'Moldova'], seeds: [[31.0, 49.5], [35.5, 50.0]] },
  sev: { countries: ['Russia', 'Ukraine', 'Georgia'], seeds: [[34.0, 45.2], [39.5, 47.0], [44.0, 46.0], [37.5, 48.0], [31.7, 46.8]] },
  sib: { countries: ['Russia'], seeds: [[55.0, 66.0], [60.0, 62.5], [65.0, 67.0], [52.0, 64.0], [58.0, 59.0]] },
  kaz: { countries: ['Kazakhstan', 'Russia'], seeds: [[52.0, 49.0], [58.0, 48.0], [50.0, 51.5], [57.0, 50.5], [55.0, 52.5], [47.5, 47.5]] },
  gal: { countries: ['Poland', 'Ukraine', 'Slovakia'], seeds: [[22.0, 50.0], [24.5, 49.2], [20.0, 49.9], [20.2, 49.2]] },
  // Austria-Hungary.
  boh: { countries: ['Czechia'], seeds: [[14.5, 49.8], [17.9, 49.75]] },
  vie: { countries: ['Austria', 'Czechia', 'Slovakia'], seeds: [[16.3, 48.2], [17.6, 48.5], [16.6, 49.0]] },
  tyr: { countries: ['Austria', 'Italy', 'Liechtenstein'], seeds: [[11.4, 47.2], [13.0, 47.5], [11.3, 46.4]] },
  bud: { countries: ['Hungary', 'Slovakia', 'Romania'], seeds: [[19.0, 47.3], [21.0, 48.4], [22.8, 46.5]] },
  tri: { countries: ['Slovenia', 'Croatia', 'Bosnia and Herz.', 'Italy'], seeds: [[14.5, 46.0], [16.0, 45.5], [17.8, 44.2], [17.3, 43.6]] },
  // Balkans.
  ser: { countries: ['Serbia', 'Kosovo', 'Macedonia'], seeds: [[20.9, 44.0], [21.3, 42.3]] },
  alb: { countries: ['Albania', 'Montenegro'], seeds: [[20.0, 41.2], [19.3, 42.6]] },
  gre: { countries: ['Greece'], seeds: [[22.0, 39.5], [22.4, 37.6], [23.5, 41.0]] },
  bul: { countries: ['Bulgaria', 'Greece'], seeds: [[25.0, 42.7], [25.6, 41.15]] },
  rum: { countries: ['Romania', 'Moldova'], seeds: [[25.0, 44.7], [26.0, 46.5], [28.5, 46.8]] },
  // Turkey and the Levant.
  con: { countries: ['Turkey'], seeds: [[27.5, 41.4], [29.3, 40.3]] },
  ank: { countries: ['Turkey'], seeds: [[33.0, 41.0], [35.5, 40.5]] },
  smy: { countries: ['Turkey'], seeds: [[28.5, 38.5], [32.0, 37.6], [31.0, 39.2], [35.5, 38.3], [37.6, 38.6]] },
  arm: { countries: ['Turkey', 'Armenia', 'Georgia', 'Azerbaijan'], seeds: [[41.0, 39.8], [43.5, 40.3], [38.5, 40.0], [40.5, 38.7]] },
  syr: { countries: ['Syria', 'Lebanon', 'Turkey', 'Israel', 'Palestine', 'Jordan', 'Iraq'], seeds: [[37.5, 35.0], [36.3, 36.5], [40.0, 37.0]] },
  // Africa.
  naf: { countries: ['Morocco', 'Algeria', 'W. Sahara'], seeds: [[-5.0, 33.5], [1.5, 34.5], [5.5, 35.5]] },
  tun: { countries: ['Tunisia'], seeds: [[9.3, 34.5]] },
  // Seas.
  arc: { seeds: [[-12.0, 73.0], [0.0, 74.0], [15.0, 76.0], [30.0, 77.0], [45.0, 77.0], [62.0, 74.0], [-20.0, 71.0]] },
  nao: { seeds: [[-24.0, 66.8], [-25.0, 55.0], [-18.0, 60.5], [-12.0, 56.5], [-9.5, 58.0], [-12.0, 52.5], [-5.8, 55.25], [-7.5, 56.2]] },
  nwg: { seeds: [[-14.0, 67.5], [12.0, 69.5], [17.0, 70.8], [-2.0, 66.0], [6.0, 65.0], [-10.0, 66.5], [-4.0, 61.8], [1.5, 62.0], [-3.6, 59.4], [-6.0, 59.8]] },
  bar: { seeds: [[24.0, 71.6], [35.0, 73.0], [45.0, 71.0], [28.0, 72.5], [40.0, 68.8]] },
  nth: { seeds: [[3.0, 56.0], [1.5, 53.8], [4.0, 58.5], [0.0, 58.0], [3.0, 52.5], [7.0, 56.3], [3.0, 51.75]] },
  ska: { seeds: [[9.5, 57.8], [11.0, 57.6]] },
  hel: { seeds: [[7.6, 54.0], [8.1, 54.5]] },
  bal: { seeds: [[17.5, 55.5], [19.8, 57.5], [14.0, 54.6], [12.5, 55.1]] },
  bot: { seeds: [[20.0, 62.0], [23.0, 64.5], [25.0, 59.8], [19.5, 60.0]] },
  eng: { seeds: [[-4.0, 49.8], [-1.2, 50.2], [1.5, 50.8], [2.2, 51.15]] },
  iri: { seeds: [[-5.0, 53.6], [-6.0, 51.8]] },
  mao: { seeds: [[-12.0, 46.0], [-5.0, 45.5], [-12.0, 40.0], [-10.0, 35.0], [-8.5, 37.0], [-16.0, 48.5]] },
  wes: { seeds: [[2.0, 38.5], [-2.0, 36.3], [6.0, 38.0]] },
  lyo: { seeds: [[5.0, 42.5], [8.0, 43.6], [3.5, 41.5]] },
  tys: { seeds: [[12.0, 40.0], [11.0, 42.3], [12.0, 38.7]] },
  ion: { seeds: [[18.0, 37.0], [20.0, 35.0], [15.0, 34.0], [12.0, 34.5], [19.0, 39.2], [17.0, 38.5]] },
  adr: { seeds: [[15.0, 43.0], [18.0, 41.8], [13.3, 44.8]] },
  aeg: { seeds: [[25.0, 38.5], [24.8, 40.0], [25.0, 36.5]] },
  eas: { seeds: [[30.0, 34.5], [33.0, 35.8], [34.5, 33.5], [25.5, 34.0]] },
  bla: { seeds: [[34.0, 43.5], [31.0, 43.0], [38.0, 42.5], [30.0, 45.0]] },
};

// Land that is no province: drawn grey, unlabelled unless a label is given.
export const IMPASSABLE = [
  { name: 'Switzerland', countries: ['Switzerland'], seeds: [[8.2, 46.8]], label: [8.0, 46.75] },
  { name: 'Greenland', countries: ['Greenland'], seeds: [] },
  { name: 'Svalbard and Jan Mayen', countries: ['Norway'], seeds: [[19.09, 74.44], [-8.57, 70.98]] },
  { name: 'Novaya Zemlya', countries: ['Russia'], seeds: [[54.42, 71.89], [52.8, 71.22]] },
  { name: 'Faroe Islands', countries: ['Faeroe Is.'], seeds: [] },
  { name: 'Isle of Man', countries: ['Isle of Man', 'Guernsey', 'Jersey'], seeds: [] },
  { name: 'Balearic Islands', countries: ['Spain'], seeds: [[2.9, 39.6]] },
  { name: 'Malta', countries: ['Malta'], seeds: [] },
  { name: 'Crete', countries: ['Greece'], seeds: [[24.9, 35.2]] },
  { name: 'Cyprus', countries: ['Cyprus', 'N. Cyprus'], seeds: [[33.2, 35.0]] },
  { name: 'Africa', countries: ['Libya', 'Egypt', 'Mauritania', 'Mali', 'Niger'], seeds: [] },
  { name: 'Asia', countries: ['Iran', 'Saudi Arabia', 'Turkmenistan', 'Uzbekistan', 'Kuwait', 'Bahrain', 'Qatar'], seeds: [] },
];

// Anchors set by hand where the widest point reads badly ([longitude, latitude]).
export const OVERRIDES = {
  // The Barents Sea's fleet by the Kola coast, not out by Novaya Zemlya.
  bar: { unit: [36.0, 70.0] },
};
