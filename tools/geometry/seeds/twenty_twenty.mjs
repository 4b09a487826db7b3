// The 2020 map's provinces (godip's Twenty Twenty: twenty nations, the whole world) as
// seed points ([longitude, latitude]) and the Natural Earth countries whose land each may
// take. Each land pixel goes to the nearest seed of a province claiming its country (on the
// same landmass where one is: LAND 'nearest'), so provinces keep today's borders where the
// game's provinces are countries and split the large countries by their seeds; each sea
// pixel goes to the sea seed nearest by a path through water. Chosen for this project from
// a modern map and the game's borders (variants/twenty_twenty.ron); no other map's art was
// used.
//
// The seam: Miller's cylindrical projection about 11°E cuts the world at 169°W, in the
// Bering Strait between Chukotka and Alaska and on down the open Pacific. The Arctic Ocean
// and the North, Mid and South Pacific cross that line: each is drawn on both edges of the
// board (seeds on both sides), so their borders are drawn on one side or the other. Only
// Anchorage and Vladivostok, joined across the strait, cannot be drawn meeting (an exception).

export const TITLE = '2020';

export const PROJECTION = { kind: 'miller', centre: 11 };

const SEAM = 11 - 180;
export const FRAME = {
  points: [
    [SEAM + 0.001, 84.5],
    [SEAM - 0.001, 84.5],
    [SEAM + 0.001, -72],
    [SEAM - 0.001, -72],
  ],
  // Local enlargements: centre, radius (degrees of latitude), strength. Europe, the
  // Balkans and the Near East, West Africa, East and southern Africa, the Caribbean,
  // South-East Asia, Korea and Japan hold many small provinces.
  bumps: [
    { centre: [12, 49], radius: 9, strength: 1.1 },
    { centre: [22, 42], radius: 5, strength: 0.5 },
    { centre: [38, 36], radius: 8, strength: 0.6 },
    { centre: [0, 9], radius: 7, strength: 0.6 },
    { centre: [37, -2], radius: 5, strength: 0.6 },
    { centre: [28, -29], radius: 5, strength: 0.6 },
    { centre: [-76, 17], radius: 7, strength: 0.7 },
    { centre: [100, 17], radius: 9, strength: 0.6 },
    { centre: [88, 26], radius: 5, strength: 0.5 },
    { centre: [132, 37], radius: 6, strength: 0.6 },
  ],
  width: 3400,
  resolution: 1,
  tolerance: 0.8,
  minBorder: 3,
  unitRadius: 11,
};

export const COLOURS = {
  Argentina: '#6fb6e8',
  Australia: '#c0392b',
  Brazil: '#2e9e44',
  Canada: '#e07bb0',
  China: '#d8352a',
  Egypt: '#d9a21b',
  Germany: '#5b5b5b',
  India: '#f08a24',
  Italy: '#7dc35b',
  Japan: '#f2f2f2',
  Kenya: '#8c6239',
  Nigeria: '#1e7b4f',
  Pakistan: '#2f6f3a',
  Russia: '#8e5bb5',
  'South Africa': '#b5651d',
  Spain: '#e8d44d',
  Thailand: '#4fb0c6',
  Turkey: '#a23b2c',
  UK: '#243f8f',
  USA: '#3a6fe0',
};

// Water filled as land, so that the provinces on its shores meet as the game has them.
export const FILLS = [
  // Dublin meets Edinburgh and London across the Irish Sea.
  { country: 'United Kingdom', polygon: [[-6.15, 55.25], [-5.6, 55.35], [-4.9, 55.0], [-3.0, 55.0], [-2.8, 53.3], [-4.3, 53.0], [-4.8, 52.1], [-5.5, 51.9], [-6.4, 52.0], [-6.1, 53.5], [-6.15, 55.25]] },
  // London and Paris across the Strait of Dover (the Norwegian Sea and the Eastern North
  // Atlantic do not meet).
  { country: 'United Kingdom', polygon: [[1.2, 51.25], [1.95, 51.1], [1.75, 50.8], [1.0, 51.0], [1.2, 51.25]] },
  // Denmark and Sweden across the Sound and the Belts (the Skagerrak and the Baltic do not meet).
  { country: 'Denmark', polygon: [[12.35, 56.15], [12.85, 56.15], [13.05, 55.35], [12.4, 55.35], [12.35, 56.15]] },
  { country: 'Denmark', polygon: [[10.6, 56.0], [11.3, 55.95], [11.3, 55.0], [10.6, 55.0], [10.6, 56.0]] },
  { country: 'Denmark', polygon: [[9.45, 55.75], [10.1, 55.75], [10.1, 54.95], [9.45, 54.95], [9.45, 55.75]] },
  // Belarus (with the Baltic states) and Finland across the Gulf of Finland's mouth.
  { country: 'Estonia', polygon: [[24.2, 59.35], [25.4, 59.35], [25.4, 60.3], [24.2, 60.3], [24.2, 59.35]] },
  // Istanbul across the Bosporus and the Dardanelles.
  { country: 'Turkey', polygon: [[26.0, 39.95], [26.5, 40.7], [27.0, 41.0], [29.0, 41.3], [29.35, 41.3], [29.95, 40.75], [29.5, 40.15], [27.5, 40.2], [26.3, 39.9], [26.0, 39.95]] },
  // Morocco meets Cadiz and Barcelona at Gibraltar (the Balearic Sea and the Atlantic do not meet).
  { country: 'Spain', polygon: [[-6.1, 35.5], [-5.1, 35.5], [-5.1, 36.25], [-6.1, 36.25], [-6.1, 35.5]] },
  // Tripoli (with Tunisia) meets Naples (with Sicily) across the Strait of Sicily, and
  // Naples holds both shores of Messina (the Balearic and Ionian Seas do not meet).
  { country: 'Tunisia', polygon: [[10.7, 36.9], [11.2, 36.6], [12.9, 37.4], [12.4, 38.1], [10.9, 37.4], [10.7, 36.9]] },
  { country: 'Italy', polygon: [[15.45, 37.9], [15.75, 37.9], [15.75, 38.3], [15.45, 38.3], [15.45, 37.9]] },
  // Sri Lanka joined to Bangalore across the Palk Strait (the Laccadive Sea and the Gulf
  // of Mannar do not meet there).
  { country: 'Sri Lanka', polygon: [[79.1, 8.9], [80.1, 8.9], [80.1, 10.0], [79.1, 10.0], [79.1, 8.9]] },
  // Indonesia meets Hat Yai across the Strait of Malacca (the Andaman Sea and the North
  // Pacific do not meet).
  { country: 'Indonesia', polygon: [[101.0, 1.5], [102.2, 1.7], [102.1, 2.7], [100.9, 2.4], [101.0, 1.5]] },
  // Cuba and the Dominican Republic across the Windward Passage, and Hispaniola to
  // Puerto Rico (the Caribbean meets the Atlantic only past the Lesser Antilles).
  { country: 'Cuba', polygon: [[-74.4, 19.6], [-73.1, 19.6], [-73.1, 20.5], [-74.4, 20.5], [-74.4, 19.6]] },
  { country: 'Dominican Rep.', polygon: [[-68.6, 17.9], [-67.1, 17.9], [-67.1, 18.7], [-68.6, 18.7], [-68.6, 17.9]] },
  // Sapporo and Tokyo across the Tsugaru Strait.
  { country: 'Japan', polygon: [[140.0, 41.1], [141.6, 41.1], [141.6, 41.8], [140.0, 41.8], [140.0, 41.1]] },
  // Iqaluit and Greenland across the Nares Strait; the channels between Baffin Bay and
  // the Arctic closed (the Labrador Sea and the Arctic Ocean do not meet).
  { country: 'Canada', polygon: [[-76, 77.6], [-66, 77.6], [-57, 82.3], [-63, 83.0], [-76, 79.5], [-76, 77.6]] },
  { country: 'Canada', polygon: [[-84, 73.3], [-79.5, 73.3], [-79.5, 75.0], [-84, 75.0], [-84, 73.3]] },
  { country: 'Canada', polygon: [[-84, 75.4], [-79.5, 75.4], [-79.5, 76.7], [-84, 76.7], [-84, 75.4]] },
  // The Strait of Belle Isle (the Gulf of St. Lawrence and the Labrador Sea do not meet).
  { country: 'Canada', polygon: [[-86, 69.4], [-82.3, 69.4], [-82.3, 70.3], [-86, 70.3], [-86, 69.4]] },
  { country: 'Canada', polygon: [[-57.6, 51.2], [-55.4, 51.2], [-55.4, 52.0], [-57.6, 52.0], [-57.6, 51.2]] },
];

// Borders drawn otherwise than the game has them, each with its reason.
export const EXCEPTIONS = [
  { between: ['anc', 'vla'], drawn: 'apart', reason: 'the Bering Strait, where the board is cut: Alaska is at its left edge, Chukotka at its right' },
  { between: ['kor', 'nag'], drawn: 'apart', reason: 'the Korea Strait, which armies cross in the game; drawn open so the East China Sea and the Sea of Japan meet through it' },
  { between: ['eth', 'yem'], drawn: 'apart', reason: 'the Bab-el-Mandeb, which armies cross in the game; drawn open so the Red Sea meets the oceans through it' },
  { between: ['ind', 'dar'], drawn: 'apart', reason: 'the Torres Strait between New Guinea and Cape York, which armies cross in the game; drawn as water' },
  { between: ['neo', 'cub'], drawn: 'apart', reason: 'the Straits of Florida, which armies cross in the game; drawn open so the Gulf of Mexico meets the Bermuda Triangle through them' },
  { between: ['aze', 'alm'], drawn: 'apart', reason: 'across the Caspian Sea, which the game crosses by land; drawn as water' },
  { between: ['aze', 'tur'], drawn: 'apart', reason: 'across the Caspian Sea, which the game crosses by land; drawn as water' },
  { between: ['grc', 'ist'], drawn: 'touching', reason: 'a Greek islet by Samos, a pixel wide at this scale, lies against the Turkish coast' },
  { between: ['van', 'ott'], drawn: 'touching', reason: 'the prairies: the game joins Vancouver and Minneapolis, and Ottawa and Chicago, along the 49th parallel but keeps Vancouver and Ottawa apart; drawn with Saskatchewan (Vancouver) meeting Manitoba (Ottawa) down to the border' },
];

const US = ['United States of America'];
const CA = ['Canada'];
const RU = ['Russia'];
const CN = ['China'];
const IN = ['India'];
const BR = ['Brazil'];
const AU = ['Australia'];
const DE = ['Germany'];
const FR = ['France'];
export const PROVINCES = {
  // Britain and Ireland.
  dub: { countries: ['Ireland', 'United Kingdom'], seeds: [[-8.0, 53.2], [-6.8, 54.6]] },
  edi: { countries: ['United Kingdom'], seeds: [[-4.3, 56.9], [-3.0, 55.4], [-2.2, 54.9]] },
  lon: { countries: ['United Kingdom', 'Isle of Man'], seeds: [[-1.5, 52.5], [-0.3, 51.6], [-3.6, 52.2], [-4.5, 50.5]] },
  // France, the Low Countries, Germany.
  pai: { countries: [...FR, 'Jersey', 'Guernsey'], seeds: [[2.3, 48.8], [0.0, 48.6], [-2.8, 48.2]] },
  bod: { countries: FR, seeds: [[-0.5, 44.8], [1.5, 43.8], [3.2, 43.5]] },
  lyo: { countries: [...FR, 'Monaco'], seeds: [[5.0, 45.6], [6.3, 48.6], [6.3, 43.7], [9.1, 42.2]] },
  beg: { countries: ['Belgium', 'Netherlands', 'Luxembourg'], seeds: [[4.5, 50.7], [5.6, 52.2]] },
  ham: { countries: DE, seeds: [[9.6, 53.2], [7.3, 51.4], [7.3, 49.9], [9.2, 54.55]] },
  ben: { countries: DE, seeds: [[13.4, 52.5], [12.5, 53.8], [11.6, 51.9], [10.0, 54.6]] },
  mun: { countries: DE, seeds: [[11.5, 48.3], [9.0, 48.6], [13.6, 51.0], [10.9, 50.4]] },
  dem: { countries: ['Denmark'], seeds: [[9.2, 56.2], [12.0, 55.5]] },
  // Scandinavia.
  now: { countries: ['Norway'], seeds: [[10.5, 60.5], [8.0, 62.0], [14.0, 66.0], [20.0, 69.2], [25.0, 70.2]] },
  swe: { countries: ['Sweden'], seeds: [[15.0, 59.0], [17.0, 63.0], [20.0, 66.5]] },
  fin: { countries: ['Finland', 'Åland', ...RU], seeds: [[26.0, 62.5], [25.5, 66.5], [34.5, 68.0]] },
  // Iberia and Italy.
  mad: { countries: ['Spain', 'Portugal'], seeds: [[-3.7, 40.4], [-7.8, 42.6], [-8.2, 39.5], [-4.5, 42.7]] },
  cad: { countries: ['Spain', 'Portugal'], seeds: [[-6.0, 37.3], [-5.9, 36.3], [-8.0, 37.2]] },
  bar: { countries: ['Spain', 'Andorra'], seeds: [[-0.5, 39.5], [1.5, 41.6], [-2.8, 37.2], [-4.6, 36.75]] },
  mil: { countries: ['Italy'], seeds: [[9.2, 45.5], [11.6, 45.4], [8.6, 44.4]] },
  roe: { countries: ['Italy', 'San Marino', 'Vatican'], seeds: [[12.5, 42.0], [13.6, 42.4], [9.0, 40.0]] },
  nap: { countries: ['Italy'], seeds: [[14.6, 40.8], [16.3, 39.0], [14.0, 37.5], [16.0, 41.0]] },
  // Central Europe and the Balkans.
  pol: { countries: ['Poland', ...RU], seeds: [[19.5, 52.2], [17.0, 53.5], [21.0, 54.6]] },
  cze: { countries: ['Czechia', 'Austria', 'Liechtenstein'], seeds: [[15.3, 49.8], [14.3, 47.6], [10.7, 47.2]] },
  hun: { countries: ['Hungary', 'Slovakia'], seeds: [[19.2, 47.2], [19.5, 48.7]] },
  cro: { countries: ['Croatia', 'Slovenia', 'Bosnia and Herz.', 'Montenegro'], seeds: [[15.8, 45.6], [17.8, 44.2], [19.2, 42.8], [14.8, 46.1], [16.8, 43.9]] },
  ser: { countries: ['Serbia', 'Kosovo', 'Macedonia'], seeds: [[20.8, 44.0], [21.0, 42.6], [21.7, 41.6]] },
  alb: { countries: ['Albania'], seeds: [[20.0, 41.2]] },
  grc: { countries: ['Greece'], seeds: [[22.0, 39.5], [22.4, 37.6], [24.9, 35.2], [22.8, 40.6]] },
  bul: { countries: ['Bulgaria', 'Greece'], seeds: [[25.0, 42.7], [25.6, 41.1], [27.4, 42.6], [26.2, 41.3]] },
  rma: { countries: ['Romania', 'Moldova'], seeds: [[25.0, 45.6], [28.5, 47.0], [27.8, 44.6]] },
  // Eastern Europe and Russia.
  bea: { countries: ['Belarus', 'Lithuania', 'Latvia', 'Estonia'], seeds: [[28.0, 53.5], [24.0, 55.5], [25.5, 58.8]] },
  ukr: { countries: ['Ukraine'], seeds: [[31.0, 49.5], [35.0, 47.5], [25.0, 49.0], [34.2, 45.2]] },
  stp: { countries: RU, seeds: [[30.5, 59.5], [36.0, 62.0], [42.0, 64.5], [50.0, 64.5]] },
  mos: { countries: RU, seeds: [[37.6, 55.7], [49.5, 57.5], [33.5, 53.5]] },
  ros: { countries: RU, seeds: [[40.0, 47.5], [44.5, 51.0], [50.5, 52.0], [41.5, 45.0]] },
  oms: { countries: RU, seeds: [[73.4, 55.0], [61.0, 58.0], [70.0, 66.0], [83.0, 55.5], [68.0, 62.0]] },
  irk: { countries: RU, seeds: [[104.3, 52.3], [95.0, 60.0], [100.0, 72.0], [95.0, 52.0]] },
  yak: { countries: RU, seeds: [[129.7, 62.0], [115.0, 52.5], [128.0, 52.5], [135.0, 70.0], [115.0, 68.0]] },
  vla: { countries: RU, seeds: [[136.0, 49.0], [150.8, 59.6], [159.5, 54.0], [170.0, 66.0], [142.7, 50.0]] },
  // The Caucasus, Turkey and the Near East.
  aze: { countries: ['Azerbaijan', 'Georgia', 'Armenia', ...RU], seeds: [[47.5, 40.5], [43.5, 42.0], [45.0, 40.2], [47.0, 45.8]] },
  ist: { countries: ['Turkey'], seeds: [[28.2, 41.3], [29.5, 40.4], [27.5, 38.6]] },
  ank: { countries: ['Turkey'], seeds: [[32.8, 39.9], [31.0, 37.5], [35.5, 37.2]] },
  diy: { countries: ['Turkey'], seeds: [[40.2, 37.9], [40.0, 40.5], [42.5, 39.2]] },
  ira: { countries: ['Iraq', 'Syria', 'Lebanon', 'Kuwait'], seeds: [[44.0, 33.0], [38.5, 35.2], [35.8, 34.0], [47.5, 30.5]] },
  mec: { countries: ['Saudi Arabia', 'Jordan', 'Israel', 'Palestine'], seeds: [[39.8, 21.4], [36.5, 31.0], [35.0, 31.8], [38.5, 27.0], [43.5, 18.5]] },
  riy: { countries: ['Saudi Arabia', 'Qatar', 'Bahrain'], seeds: [[46.7, 24.7], [49.5, 26.4], [45.0, 28.0], [51.2, 25.3], [48.0, 20.5]] },
  oma: { countries: ['Oman', 'United Arab Emirates'], seeds: [[57.5, 22.0], [54.4, 24.0]] },
  yem: { countries: ['Yemen'], seeds: [[44.2, 15.4], [48.5, 15.5]] },
  teh: { countries: ['Iran'], seeds: [[51.4, 35.7], [48.0, 33.0], [51.0, 29.5], [47.0, 37.5]] },
  mas: { countries: ['Iran'], seeds: [[59.5, 36.3], [59.0, 30.5], [60.0, 26.5]] },
  // Central Asia.
  tur: { countries: ['Turkmenistan'], seeds: [[58.5, 39.0]] },
  uzb: { countries: ['Uzbekistan'], seeds: [[64.5, 41.0]] },
  afg: { countries: ['Afghanistan', 'Tajikistan', 'Kyrgyzstan'], seeds: [[66.0, 34.0], [71.0, 38.7], [74.5, 41.5]] },
  alm: { countries: ['Kazakhstan', ...CN], seeds: [[76.9, 43.8], [68.0, 43.5], [56.0, 43.5], [80.0, 46.0], [87.8, 47.8]] },
  ast: { countries: ['Kazakhstan', ...RU], seeds: [[71.4, 51.2], [62.0, 49.5], [52.0, 48.5], [86.5, 50.5], [79.0, 50.5]] },
  // South Asia.
  isl: { countries: ['Pakistan', 'Siachen Glacier'], seeds: [[73.0, 33.7], [74.5, 35.8], [71.5, 34.5]] },
  lah: { countries: ['Pakistan'], seeds: [[74.3, 31.5], [71.0, 30.5]] },
  kar: { countries: ['Pakistan'], seeds: [[67.0, 25.0], [65.0, 28.5]] },
  kam: { countries: IN, seeds: [[75.0, 34.0], [73.5, 27.0], [71.5, 22.5], [78.5, 30.5], [76.5, 32.0], [75.5, 30.3]] },
  ned: { countries: IN, seeds: [[77.2, 28.6], [80.5, 26.5], [78.0, 23.5]] },
  mum: { countries: IN, seeds: [[74.0, 19.0], [76.5, 20.0]] },
  bna: { countries: [...IN, 'Sri Lanka'], seeds: [[77.0, 12.5], [78.5, 10.0], [80.7, 7.7]] },
  hyd: { countries: IN, seeds: [[78.5, 17.4], [81.0, 16.5], [82.0, 20.0]] },
  kol: { countries: IN, seeds: [[88.0, 22.8], [85.0, 21.0], [85.5, 25.0]] },
  nep: { countries: ['Nepal', ...IN], seeds: [[84.0, 28.2], [88.4, 26.8]] },
  bhu: { countries: ['Bhutan', ...IN], seeds: [[90.5, 27.4], [92.5, 26.3], [94.5, 27.6], [92.8, 24.2]] },
  bad: { countries: ['Bangladesh'], seeds: [[90.3, 23.8]] },
  // China, Mongolia, Korea and Japan.
  ksi: { countries: CN, seeds: [[77.0, 38.5], [80.5, 37.0], [86.0, 38.0], [90.0, 37.5]] },
  uru: { countries: CN, seeds: [[87.6, 43.8], [84.0, 42.0], [93.0, 42.8], [81.0, 43.5], [80.5, 41.8]] },
  yum: { countries: CN, seeds: [[97.5, 40.0], [101.5, 41.5]] },
  lan: { countries: CN, seeds: [[103.8, 36.1], [96.5, 36.0], [93.5, 37.5]] },
  tib: { countries: CN, seeds: [[91.0, 29.6], [85.0, 32.0], [95.0, 31.5], [80.0, 33.5]] },
  lij: { countries: CN, seeds: [[100.2, 26.9], [101.5, 30.0], [98.3, 28.8]] },
  cho: { countries: CN, seeds: [[106.5, 29.6], [109.0, 33.5], [111.0, 27.5]] },
  kum: { countries: CN, seeds: [[102.7, 25.0], [105.5, 26.0], [108.3, 22.8], [98.8, 24.3], [100.5, 22.5]] },
  hon: { countries: [...CN, 'Hong Kong', 'Macao'], seeds: [[113.3, 23.1], [117.0, 25.5], [115.8, 28.0], [110.0, 19.5]] },
  bei: { countries: CN, seeds: [[116.4, 39.9], [118.0, 36.0], [119.5, 32.0], [120.5, 29.5], [116.0, 43.5]] },
  bao: { countries: CN, seeds: [[110.0, 40.6], [109.0, 43.5], [112.5, 37.5]] },
  she: { countries: [...CN, ...RU], seeds: [[123.4, 41.8], [127.0, 45.5], [120.5, 48.5], [131.3, 43.3]] },
  mog: { countries: ['Mongolia'], seeds: [[105.0, 47.0], [96.0, 47.5], [112.0, 46.5]] },
  kor: { countries: ['North Korea', 'South Korea'], seeds: [[127.5, 37.0], [126.8, 40.0], [128.5, 35.7]] },
  nag: { countries: ['Japan'], seeds: [[130.8, 32.6], [133.0, 34.6]] },
  tok: { countries: ['Japan'], seeds: [[139.7, 36.0], [140.6, 38.8]] },
  sap: { countries: ['Japan'], seeds: [[142.6, 43.3]] },
  tai: { countries: ['Taiwan'], seeds: [[121.0, 23.7]] },
  phi: { countries: ['Philippines'], seeds: [[121.0, 15.5], [124.5, 8.0], [122.6, 10.8]] },
  // South-East Asia.
  man: { countries: ['Myanmar'], seeds: [[96.0, 22.5], [94.2, 20.0], [97.3, 25.5]] },
  ran: { countries: ['Myanmar'], seeds: [[96.2, 17.0], [98.4, 12.5], [98.6, 21.2]] },
  chm: { countries: ['Thailand'], seeds: [[98.9, 18.8], [99.2, 15.3], [99.6, 12.0], [99.3, 11.3], [100.8, 18.5]] },
  bnk: { countries: ['Thailand', 'Cambodia'], seeds: [[100.8, 14.0], [104.5, 12.5], [102.8, 15.5]] },
  hat: { countries: ['Thailand', 'Malaysia', 'Singapore'], seeds: [[100.5, 7.0], [98.6, 9.5], [101.8, 4.3], [103.3, 2.2]] },
  vie: { countries: ['Vietnam', 'Laos'], seeds: [[105.8, 21.0], [107.5, 16.0], [106.5, 11.3], [102.5, 19.5]] },
  ind: { countries: ['Indonesia', 'Malaysia', 'Brunei', 'Timor-Leste', 'Papua New Guinea'], seeds: [[102.0, -0.5], [110.0, -7.3], [114.0, 0.5], [121.0, -2.0], [138.0, -4.5], [144.0, -6.0], [112.5, 2.5]] },
  // Oceania.
  pet: { countries: AU, seeds: [[118.0, -26.0], [116.0, -32.0], [124.0, -18.5]] },
  dar: { countries: AU, seeds: [[133.5, -19.0], [131.5, -13.0]] },
  ade: { countries: AU, seeds: [[135.0, -30.0], [138.6, -34.5]] },
  bri: { countries: AU, seeds: [[145.0, -22.0], [143.5, -14.0], [151.0, -27.0]] },
  syd: { countries: AU, seeds: [[148.5, -33.0], [145.0, -37.5], [146.5, -42.0]] },
  ant: { countries: ['Antarctica'], seeds: [[60.0, -69.0], [90.0, -68.5], [115.0, -68.5], [140.0, -68.5], [20.0, -71.0]] },
  // North Africa.
  mor: { countries: ['Morocco'], seeds: [[-7.0, 32.5], [-5.5, 35.0]] },
  mau: { countries: ['Mauritania', 'W. Sahara'], seeds: [[-10.5, 20.0], [-13.5, 24.5]] },
  alg: { countries: ['Algeria'], seeds: [[3.0, 28.0], [3.0, 36.2]] },
  tri: { countries: ['Libya', 'Tunisia'], seeds: [[13.2, 32.0], [9.5, 34.5], [14.0, 27.0]] },
  bnh: { countries: ['Libya'], seeds: [[20.5, 31.5], [22.0, 27.0]] },
  ale: { countries: ['Egypt'], seeds: [[29.9, 30.8], [27.0, 27.0], [26.5, 23.0]] },
  cai: { countries: ['Egypt'], seeds: [[31.3, 30.0], [33.8, 29.8], [31.5, 27.5]] },
  asw: { countries: ['Egypt'], seeds: [[32.9, 24.1], [34.5, 25.5]] },
  sud: { countries: ['Sudan'], seeds: [[30.0, 15.5], [32.5, 19.0]] },
  // West Africa.
  sen: { countries: ['Senegal', 'Gambia', 'Guinea-Bissau'], seeds: [[-14.5, 14.5]] },
  gin: { countries: ['Guinea', 'Sierra Leone', 'Liberia'], seeds: [[-11.0, 10.5], [-9.5, 6.5]] },
  cot: { countries: ["Côte d'Ivoire"], seeds: [[-5.5, 7.5]] },
  gha: { countries: ['Ghana', 'Burkina Faso'], seeds: [[-1.2, 7.5], [-1.5, 12.3]] },
  nig: { countries: ['Niger'], seeds: [[9.0, 16.0], [2.5, 14.0]] },
  abu: { countries: ['Nigeria', 'Togo', 'Benin'], seeds: [[7.5, 9.1], [1.5, 9.8], [4.5, 9.2]] },
  kan: { countries: ['Nigeria'], seeds: [[8.5, 12.0], [5.2, 13.0], [11.2, 10.8], [12.2, 9.0]] },
  lag: { countries: ['Nigeria', 'Togo', 'Benin'], seeds: [[3.4, 6.6], [1.5, 6.4], [6.0, 5.5], [8.3, 5.0], [9.6, 6.8]] },
  cha: { countries: ['Chad'], seeds: [[18.5, 14.5]] },
  gab: { countries: ['Cameroon', 'Gabon', 'Eq. Guinea', 'Congo', 'Nigeria'], seeds: [[12.0, 5.0], [11.5, -0.8], [15.0, -1.0], [13.6, 12.6]] },
  car: { countries: ['Central African Rep.'], seeds: [[20.5, 6.5]] },
  // East, central and southern Africa.
  eth: { countries: ['Ethiopia', 'Eritrea', 'Djibouti', 'Somalia', 'Somaliland', 'S. Sudan', 'Uganda'], seeds: [[39.0, 9.0], [45.0, 8.0], [45.3, 2.5], [30.0, 7.0], [32.5, 1.5], [38.9, 15.3]] },
  mar: { countries: ['Kenya'], seeds: [[37.5, 2.5], [35.0, 0.8]] },
  nai: { countries: ['Kenya'], seeds: [[36.8, -1.3], [37.6, -3.0]] },
  mom: { countries: ['Kenya'], seeds: [[39.7, -3.6], [40.5, -0.5], [41.0, 2.5]] },
  tan: { countries: ['Tanzania', 'Rwanda', 'Burundi'], seeds: [[35.0, -6.0], [30.0, -2.5]] },
  drc: { countries: ['Dem. Rep. Congo'], seeds: [[23.0, -3.0], [27.0, 0.5], [26.0, -9.0], [18.5, -3.0]] },
  ang: { countries: ['Angola', 'Dem. Rep. Congo'], seeds: [[17.5, -12.0], [13.5, -5.5]] },
  zam: { countries: ['Zambia'], seeds: [[27.5, -14.0]] },
  moq: { countries: ['Mozambique', 'Malawi'], seeds: [[35.5, -17.5], [39.0, -13.0], [34.0, -13.5], [33.0, -24.5]] },
  zim: { countries: ['Zimbabwe', 'Botswana', 'Namibia'], seeds: [[30.0, -19.0], [24.0, -22.0], [17.0, -21.0]] },
  cap: { countries: ['South Africa'], seeds: [[19.5, -33.0], [19.5, -29.5]] },
  por: { countries: ['South Africa', 'Lesotho'], seeds: [[25.6, -33.5], [24.5, -29.0], [23.5, -27.0]] },
  dur: { countries: ['South Africa'], seeds: [[30.5, -29.6]] },
  pre: { countries: ['South Africa', 'eSwatini'], seeds: [[28.2, -25.7], [32.1, -27.4], [30.0, -23.5]] },
  // North America.
  anc: { countries: US, seeds: [[-150.0, 61.5], [-155.0, 66.0], [-158.0, 59.0], [-134.5, 58.0], [-130.5, 56.0]] },
  whi: { countries: CA, seeds: [[-135.0, 62.5], [-129.0, 56.0]] },
  van: { countries: CA, seeds: [[-123.5, 50.5], [-115.0, 53.5], [-104.0, 52.0]] },
  yeo: { countries: CA, seeds: [[-114.4, 62.5], [-105.0, 59.0], [-120.0, 67.0]] },
  iqa: { countries: CA, seeds: [[-70.0, 67.0], [-95.0, 64.5], [-80.0, 73.0], [-108.0, 71.0], [-80.0, 80.5], [-84.5, 64.2], [-70.0, 64.5], [-77.5, 64.9], [-77.04, 63.6], [-78.1, 63.33]] },
  ott: { countries: CA, seeds: [[-90.0, 52.0], [-80.0, 48.0], [-94.0, 57.0]] },
  mot: { countries: [...CA, 'St. Pierre and Miquelon'], seeds: [[-73.5, 46.5], [-71.0, 52.0], [-64.0, 46.0], [-56.0, 48.5], [-62.0, 54.0], [-72.0, 58.5], [-73.5, 60.5], [-76.0, 62.0]] },
  min: { countries: US, seeds: [[-120.5, 46.0], [-112.0, 45.5], [-104.0, 46.0]] },
  chg: { countries: US, seeds: [[-90.0, 46.0], [-88.0, 41.5], [-83.5, 40.5], [-98.5, 41.5]] },
  los: { countries: US, seeds: [[-119.0, 36.5], [-111.0, 35.0], [-104.5, 39.0], [-99.0, 31.0], [-95.5, 29.8]] },
  okl: { countries: US, seeds: [[-97.5, 35.5], [-92.5, 38.5], [-92.5, 35.0]] },
  atl: { countries: US, seeds: [[-84.4, 33.8], [-86.5, 36.0], [-85.0, 37.8]] },
  was: { countries: US, seeds: [[-77.0, 38.9], [-79.0, 35.5], [-81.5, 32.5]] },
  neo: { countries: US, seeds: [[-90.5, 30.8], [-82.0, 28.5], [-87.0, 32.0]] },
  ney: { countries: US, seeds: [[-74.5, 41.8], [-71.5, 43.5], [-77.5, 41.0]] },
  mex: { countries: ['Mexico'], seeds: [[-102.0, 23.5], [-99.0, 19.5], [-89.5, 20.0], [-112.0, 29.0]] },
  pam: { countries: ['Guatemala', 'Belize', 'El Salvador', 'Honduras', 'Nicaragua', 'Costa Rica', 'Panama'], seeds: [[-90.0, 15.5], [-85.5, 13.0], [-80.5, 8.5]] },
  cub: { countries: ['Cuba'], seeds: [[-79.0, 22.0]] },
  dom: { countries: ['Dominican Rep.', 'Haiti', 'Puerto Rico'], seeds: [[-70.5, 18.9], [-66.5, 18.2]] },
  grd: { countries: ['Greenland'], seeds: [[-42.0, 72.0], [-45.0, 64.0], [-35.0, 79.0]] },
  // South America.
  col: { countries: ['Colombia', 'Ecuador'], seeds: [[-74.0, 4.5], [-78.5, -1.5], [-75.0, 9.0]] },
  ven: { countries: ['Venezuela', 'Guyana', 'Suriname'], seeds: [[-66.0, 8.0], [-58.5, 5.0]] },
  mac: { countries: [...BR, ...FR], seeds: [[-51.0, 1.0], [-53.0, 4.0], [-60.7, 2.5], [-48.5, -3.0], [-54.0, -4.5]] },
  rec: { countries: BR, seeds: [[-35.5, -8.0], [-39.5, -5.0]] },
  bra: { countries: BR, seeds: [[-47.9, -15.8], [-41.5, -12.5], [-47.5, -10.0]] },
  rio: { countries: BR, seeds: [[-43.2, -22.5], [-44.0, -19.0], [-40.8, -20.0], [-47.5, -19.0]] },
  sao: { countries: BR, seeds: [[-47.5, -23.0], [-51.0, -25.0], [-50.5, -21.5]] },
  pag: { countries: ['Paraguay', 'Uruguay', ...BR], seeds: [[-58.0, -23.5], [-56.0, -32.8], [-53.0, -29.5], [-54.5, -20.5], [-53.5, -26.2]] },
  peu: { countries: ['Peru', 'Bolivia'], seeds: [[-75.5, -10.0], [-65.0, -17.0]] },
  bue: { countries: ['Argentina'], seeds: [[-59.0, -35.0], [-62.0, -27.0], [-64.5, -24.0]] },
  men: { countries: ['Chile', 'Argentina'], seeds: [[-70.6, -33.4], [-68.8, -33.0], [-69.8, -23.0], [-72.5, -40.0]] },
  com: { countries: ['Argentina', 'Chile'], seeds: [[-68.0, -45.5], [-70.0, -51.0], [-72.5, -47.5]] },
  // The seas. The Arctic Ocean is the polar sea and the northern Pacific on both sides of
  // the seam; the Bering Sea lies beyond the Laptev Sea, which holds Russia's northern and
  // Pacific coasts, in the Arctic and in the Pacific (two pieces: Siberia lies between).
  arc: { seeds: [[0.0, 84.2], [60.0, 84.2], [120.0, 84.2], [170.0, 84.2], [-120.0, 80.0], [-150.0, 73.5], [-145.0, 56.0], [-132.0, 45.0], [-10.0, 80.0], [22.0, 74.5], [162.0, 38.0], [150.0, 28.0], [135.0, 18.0], [130.0, 22.0], [126.0, 16.0]] },
  bes: { seeds: [[38.0, 72.5], [60.0, 80.0], [90.0, 82.0], [115.0, 80.5], [105.0, 82.5], [130.0, 80.5], [160.0, 78.0], [176.0, 74.0], [176.0, 58.0], [168.0, 52.0], [158.0, 46.0], [147.0, 40.0], [145.5, 44.6]] },
  lap: { seeds: [[44.0, 68.8], [58.0, 70.5], [65.0, 71.5], [75.0, 73.5], [85.0, 75.0], [100.0, 77.5], [115.0, 74.5], [130.0, 72.5], [145.0, 73.5], [160.0, 70.5], [172.0, 70.0], [178.0, 64.5], [176.0, 61.5], [170.0, 60.0], [164.0, 56.3], [160.0, 52.0], [150.0, 56.0], [145.0, 48.0], [141.0, 50.5], [155.0, 59.0]] },
  nos: { seeds: [[2.0, 56.0], [3.0, 64.0], [-8.0, 72.0], [1.5, 51.5], [8.0, 68.0], [-1.0, 57.5], [0.0, 60.0]] },
  des: { seeds: [[-30.0, 65.0], [-15.0, 60.0], [-10.0, 56.5]] },
  ska: { seeds: [[7.5, 57.8], [7.0, 54.8], [5.0, 53.7]] },
  bat: { seeds: [[19.0, 57.0], [20.0, 62.5], [15.5, 55.0]] },
  ena: { seeds: [[-5.0, 49.5], [-6.0, 45.5], [-20.0, 45.0], [-35.0, 32.0], [-55.0, 25.0], [-9.8, 38.0], [-64.5, 20.5]] },
  wna: { seeds: [[-55.0, 40.0], [-45.0, 50.0], [-65.0, 33.0], [-69.5, 21.5]] },
  che: { seeds: [[-73.5, 38.5], [-70.0, 40.5]] },
  gos: { seeds: [[-62.0, 47.5], [-67.5, 43.0]] },
  lab: { seeds: [[-55.0, 58.0], [-85.0, 60.0], [-65.0, 72.0], [-80.5, 53.0]] },
  bet: { seeds: [[-75.0, 26.0], [-79.5, 24.3], [-83.5, 24.6], [-73.0, 21.0]] },
  gux: { seeds: [[-90.0, 25.0], [-95.0, 21.0], [-86.0, 23.5], [-86.3, 20.0]] },
  cas: { seeds: [[-75.0, 15.0], [-67.0, 14.5], [-82.0, 17.0]] },
  gub: { seeds: [[-50.0, 9.0], [-57.0, 12.0], [-61.0, 16.5], [-45.0, 2.0], [-39.0, -2.0], [-64.5, 18.0], [-62.0, 18.0]] },
  can: { seeds: [[-16.0, 28.0], [-11.0, 31.0], [-7.5, 35.0], [-17.5, 23.5]] },
  cab: { seeds: [[-17.8, 15.3], [-19.5, 17.0], [-22.0, 13.5], [-24.0, 12.5], [-28.5, 8.0], [-33.0, 3.0], [-36.5, -2.0]] },
  nma: { seeds: [[-18.0, 14.0], [-20.0, 13.0], [-22.0, 9.5], [-26.0, 5.0], [-30.0, 0.0], [-33.5, -5.5], [-34.0, -10.0], [-36.5, -16.0], [-38.5, -22.0], [-45.0, -28.5], [-51.0, -34.0]] },
  sma: { seeds: [[-17.5, 11.5], [-20.5, 6.5], [-24.5, 1.5], [-28.5, -4.0], [-31.0, -12.0], [-33.0, -20.0], [-37.0, -28.0], [-44.0, -34.0], [-54.5, -36.5], [-48.0, -37.0]] },
  wsa: { seeds: [[-15.0, 8.5], [-17.5, 3.0], [-21.0, -3.0], [-25.0, -12.0], [-28.0, -22.0], [-31.0, -32.0], [-42.0, -42.0], [-58.5, -40.5], [-55.0, -47.0], [-62.0, -50.0], [-64.0, -56.0]] },
  esa: { seeds: [[-10.5, 4.0], [-9.0, 2.0], [-5.0, -8.0], [5.0, -18.0], [10.0, -26.0], [14.0, -31.0], [-10.0, -25.0]] },
  gog: { seeds: [[3.0, 3.0], [7.5, 3.0], [-1.0, 4.0], [-3.5, 4.0], [9.0, 0.0]] },
  sco: { seeds: [[-45.0, -55.0], [-20.0, -45.0], [0.0, -42.0], [17.5, -35.5], [-58.0, -58.5]] },
  soo: { seeds: [[-56.0, -61.0], [-25.0, -62.0], [10.0, -55.0], [25.0, -40.0], [35.0, -45.0], [-15.0, -66.0], [21.5, -35.5], [26.0, -35.0], [29.0, -34.0]] },
  spo: { seeds: [[-100.0, -45.0], [-140.0, -60.0], [175.0, -55.0], [-72.0, -58.5], [165.0, -66.0], [-80.0, -66.0]] },
  chc: { seeds: [[-80.0, -35.0], [-78.0, -25.0], [-77.0, -48.0], [-90.0, -30.0]] },
  pab: { seeds: [[-80.0, 4.0], [-84.0, -3.0], [-81.5, -8.0], [-75.0, -17.5], [-80.0, 6.5]] },
  mpo: { seeds: [[-110.0, 10.0], [-140.0, -5.0], [170.0, -5.0], [160.0, -15.0], [-160.0, -20.0], [-92.0, 10.0], [-88.0, 8.0], [158.0, -26.0], [155.0, -31.0], [-105.0, -20.0]] },
  npo: { seeds: [[-125.0, 30.0], [-121.0, 32.5], [-150.0, 20.0], [175.0, 15.0], [150.0, 12.0], [130.0, 5.0], [123.0, 3.5], [108.0, -4.0], [104.5, 3.5], [101.5, 8.5], [-112.0, 20.0], [112.0, 5.0], [109.0, 4.5], [114.0, 6.5], [127.0, 8.0], [123.0, 11.5], [123.5, 10.5]] },
  scs: { seeds: [[116.0, 17.0], [112.0, 12.0], [110.0, 10.5], [102.0, 11.5], [106.0, 8.5], [119.8, 21.8]] },
  yes: { seeds: [[123.0, 36.0], [121.5, 28.0], [117.5, 23.0], [107.5, 20.0], [120.0, 39.5]] },
  ecs: { seeds: [[126.0, 30.0], [135.0, 31.5], [128.0, 33.0], [124.0, 24.0], [122.3, 20.3], [121.3, 19.3]] },
  soj: { seeds: [[135.0, 40.0], [138.0, 43.0], [130.5, 37.0], [141.8, 45.8]] },
  bob: { seeds: [[91.0, 17.0], [91.5, 10.0], [92.0, 5.0], [93.0, 2.0], [98.0, -3.0], [105.0, -9.5], [115.0, -11.0], [125.0, -11.0], [135.0, -9.5], [140.0, -14.0], [148.0, -13.0], [90.5, 21.0], [89.5, 21.0]] },
  and: { seeds: [[96.5, 10.0], [97.5, 14.0], [94.3, 15.3], [97.5, 7.0], [99.0, 5.0]] },
  gur: { seeds: [[84.0, 15.0], [86.0, 5.0], [88.0, -3.0], [83.0, 8.0], [86.0, 19.0], [87.0, 20.5]] },
  lac: { seeds: [[73.0, 9.0], [65.0, 8.0], [58.0, 11.5], [72.0, 4.0]] },
  ara: { seeds: [[64.0, 17.0], [68.0, 21.0], [58.0, 19.5], [56.0, 15.8], [54.0, 15.5]] },
  peg: { seeds: [[51.0, 27.0], [58.0, 24.5], [62.0, 24.8]] },
  red: { seeds: [[38.0, 20.0], [44.5, 12.5], [49.0, 12.3], [51.5, 12.3]] },
  wio: { seeds: [[50.0, 2.0], [52.0, 8.0], [47.0, -2.0], [44.0, -1.0]] },
  mio: { seeds: [[75.0, -20.0], [80.0, -45.0], [75.0, -3.0], [70.0, -60.0], [79.0, 4.0]] },
  moc: { seeds: [[41.5, -20.0], [45.0, -40.0], [40.0, -55.0], [42.0, -12.0], [41.0, -7.5], [40.5, -4.0], [35.0, -65.0], [33.5, -29.0]] },
  eio: { seeds: [[100.0, -20.0], [95.0, -35.0], [112.0, -30.0], [92.0, -12.0]] },
  tas: { seeds: [[152.0, -40.0], [140.0, -42.0], [128.0, -36.0], [130.0, -55.0], [150.0, -58.0]] },
  ems: { seeds: [[28.0, 33.5], [33.5, 33.0], [34.2, 32.6], [23.0, 35.6]] },
  aeg: { seeds: [[25.0, 38.5], [30.5, 36.0], [34.5, 36.3], [25.5, 36.5]] },
  ion: { seeds: [[18.0, 36.5], [15.0, 43.0], [19.5, 40.0], [13.0, 44.5], [20.0, 33.5]] },
  ble: { seeds: [[5.0, 40.0], [10.8, 40.0], [3.0, 37.5], [13.0, 39.5]] },
  bla: { seeds: [[34.0, 43.5], [31.0, 45.5], [38.0, 42.5]] },
};

// Land no province holds, impassable: Switzerland (between Lyon, Munich, Milan and the
// Czech Republic, which the game keeps apart), Mali (between Mauritania, Senegal, Guinea,
// Cote d'Ivoire, Ghana and Niger), the Amazon (between Colombia, Peru and the Brazilian
// provinces), the Antarctic Peninsula, islands the game does not use.
export const IMPASSABLE = [
  { name: 'Switzerland', countries: ['Switzerland'], label: [8.2, 46.8] },
  { name: 'Mali', countries: ['Mali'], label: [-2.5, 18.0] },
  { name: 'Amazonia', countries: BR, seeds: [[-63.0, -4.5], [-66.0, -8.5], [-58.5, -11.0], [-55.5, -14.5], [-68.5, -2.0], [-52.5, -17.5]], label: [-62.0, -7.0] },
  { name: 'Antarctic Peninsula', countries: ['Antarctica'], seeds: [[-70.0, -70.0]] },
  { name: 'Iceland', countries: ['Iceland'], label: [-18.5, 64.9] },
  { name: 'Madagascar', countries: ['Madagascar'], label: [46.5, -19.5] },
  { name: 'New Zealand', countries: ['New Zealand'], label: [172.5, -42.0] },
  {
    name: 'Islands',
    countries: [
      'Faeroe Is.', 'Cyprus', 'N. Cyprus', 'Malta', 'Jamaica', 'Bahamas', 'Trinidad and Tobago', 'Falkland Is.', 'S. Geo. and the Is.',
      'Fr. S. Antarctic Lands', 'Heard I. and McDonald Is.', 'Fiji', 'Vanuatu', 'New Caledonia', 'Solomon Is.', 'Samoa', 'Tonga',
      'Fr. Polynesia', 'Kiribati', 'Micronesia', 'Marshall Is.', 'Palau', 'Guam', 'N. Mariana Is.', 'Cook Is.', 'Niue', 'Nauru',
      'Wallis and Futuna Is.', 'Pitcairn Is.', 'American Samoa', 'Norfolk Island', 'Mauritius', 'Comoros', 'Seychelles', 'Maldives',
      'Cabo Verde', 'São Tomé and Principe', 'Saint Helena', 'Br. Indian Ocean Ter.', 'Indian Ocean Ter.', 'Ashmore and Cartier Is.',
      'Bermuda', 'Cayman Is.', 'Turks and Caicos Is.', 'Aruba', 'Curaçao', 'Antigua and Barb.', 'Barbados', 'Grenada', 'St. Vin. and Gren.',
      'St. Kitts and Nevis', 'Montserrat', 'Anguilla', 'British Virgin Is.', 'U.S. Virgin Is.', 'Sint Maarten', 'St-Martin', 'St-Barthélemy',
      'Dominica', 'Saint Lucia',
      // Outlying islands of countries the game's provinces hold, which would reach into
      // seas their provinces do not border.
      ...RU, 'Japan', ...US, 'Taiwan', 'Greece', ...FR, 'Netherlands', 'Norway', 'Chile', 'Ecuador', ...IN, 'Yemen', ...AU, 'Portugal', 'United Kingdom', 'Papua New Guinea',
    ],
    seeds: [
      [55.0, 73.5], [97.0, 79.0], [140.0, 75.5], [-179.5, 71.2], [-170.0, 63.4], [-61.0, 14.6], [55.5, -21.1], [45.1, -12.8], [-68.3, 12.2],
      [92.7, 11.7], [53.8, 12.5], [-16.9, 32.7], [-5.35, 36.14],
      [150.5, -5.8], [155.3, -6.2], [147.0, -2.1], [-155.5, 19.6],
      [147.9, 45.0], [150.0, 45.9], [155.8, 50.3], [173.0, 52.9], [-172.7, 60.4], [-61.6, 16.2], [-91.1, -0.8], [93.8, 7.1], [-158.0, 21.45], [118.35, 24.45], [26.8, 37.72], [28.0, 36.25], [26.0, 38.4], [26.3, 39.2], 
    ],
  },
];

// Anchors set by hand where the automatic ones read badly ([longitude, latitude]).
export const OVERRIDES = {
  grc: { unit: [22.2, 39.0], label: [21.8, 40.1] },
  roe: { unit: [12.9, 41.9], label: [12.6, 43.2] },
  ist: { label: [28.3, 39.6] },
};
