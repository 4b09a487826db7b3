// The World Diplomacy IX map's provinces (MILA's World, the whole world in 2000) as seed
// points ([longitude, latitude]) and, where a province is made of today's countries, the
// Natural Earth countries whose land it may take. Each land pixel goes to the land seed
// nearest by a path over land through the countries its province claims (LAND: 'path');
// each sea pixel to the sea seed nearest by a path through water. Chosen for this project
// from a modern map and the game's borders (variants/world.ron); no other map's art was used.
//
// The seam: Miller's cylindrical projection about 11.4°E cuts the world at 168.6°W, in the
// Bering Strait between Chukotka and Alaska and on down the open Pacific. The game joins
// seas across that line (the North and Central Pacific, the Pacific Islands, the South
// Pacific, the Arctic, the Bering Strait, the Ross Ice Shelf and the South Pole): each of
// them is drawn on both edges of the board (seeds on both sides), so every border it has
// is drawn on one side or the other and no border is lost at the seam.

// Where the game's borders are not today's, a province takes a little of a neighbour so
// that the provinces meet as the game has them: Kazakhstan a sliver of Russia's Altai
// (to meet Mongolia), South Sudan the southern tip of Darfur (to meet Chad, and to keep
// North Sudan from the Central African Republic), Namibia Botswana's Chobe tip (to meet
// Zimbabwe), Colombia the Venezuelan Guajira (a strip too thin to draw), Inner Mongolia Heilongjiang's northern tip (to meet Vladivostok on the Amur),
// Congo the short coast of Zaire (landlocked in the game), Algeria the Rif and Tangier
// (Morocco has no Mediterranean coast in the game, Algeria a border on the North-East
// Atlantic), Saudi Arabia Jordan and Israel (its north coast on the Mediterranean). At
// sea, the North-East Indian reaches into the Java Sea and the Makassar Strait (the South
// China and Java Seas do not meet) and the South-West Pacific takes the Bass Strait (the
// South-East Indian and the Tasman Sea do not meet).

export const TITLE = 'World Diplomacy IX';

export const PROJECTION = { kind: 'miller', centre: 11.4 };

export const LAND = 'path';

// Small islands no seed reaches join the nearest province (within 60 units) naming their
// country: the Aegean's, the Philippines', Indonesia's, the Danish and Canadian islands.
export const ISLANDS = { reach: 60 };

const SEAM = 11.4 - 180;
export const FRAME = {
  points: [
    [SEAM + 0.001, 84.5],
    [SEAM - 0.001, 84.5],
    [SEAM + 0.001, -89.5],
    [SEAM - 0.001, -89.5],
  ],
  width: 3400,
  resolution: 1,
  tolerance: 0.9,
  minBorder: 3,
  unitRadius: 11,
};

export const COLOURS = {
  Argentina: '#6fb6e8',
  Brazil: '#2e9e44',
  China: '#d8352a',
  Europe: '#2b4c9b',
  'Frozen-Antarctica': '#9fd3dc',
  Ghana: '#e8d44d',
  India: '#f08a24',
  Kenya: '#8c6239',
  Libya: '#c9a66b',
  'Near-East': '#4f8f6f',
  'Pacific-Russia': '#7a3d8f',
  Quebec: '#5bb8b0',
  Russia: '#9b59b6',
  'South-Africa': '#b5651d',
  'United-States': '#1f5fbf',
  'Western-Canada': '#e07bb0',
  Oz: '#c0392b',
};

export const FILLS = [
  // Narrow water the raster would draw as a sliver one pixel wide: the Tablazo Strait into
  // Lake Maracaibo, the upper Río de la Plata, the Pentland Firth.
  { country: 'Venezuela', polygon: [[-71.8, 10.5], [-71.3, 10.5], [-71.3, 11.05], [-71.8, 11.05], [-71.8, 10.5]] },
  { country: 'Argentina', polygon: [[-58.95, -34.45], [-58.25, -34.45], [-58.25, -33.6], [-58.95, -33.6], [-58.95, -34.45]] },
  { country: 'United Kingdom', polygon: [[-3.45, 58.6], [-2.85, 58.6], [-2.85, 58.8], [-3.45, 58.8], [-3.45, 58.6]] },
  // Japan across the Tsugaru Strait (the Sea of Japan and the North-West Pacific do not meet).
  { country: 'Japan', polygon: [[139.9, 41.15], [141.8, 41.15], [141.8, 41.8], [139.9, 41.8], [139.9, 41.15]] },
  // Turkey across the Bosporus and the Dardanelles (the Black Sea and the Mediterranean
  // do not meet).
  { country: 'Turkey', polygon: [[26.0, 39.95], [26.5, 40.7], [27.0, 41.0], [29.0, 41.3], [29.35, 41.3], [29.95, 40.75], [29.5, 40.15], [27.5, 40.2], [26.3, 39.9], [26.0, 39.95]] },
];

// Borders drawn otherwise than the game has them: none (the seas joined across the seam are
// drawn on both edges).
export const EXCEPTIONS = [];

const US = ['United States of America'];
const CA = ['Canada'];
const RU = ['Russia'];
const CN = ['China'];
const IN = ['India'];
const BR = ['Brazil'];
const AU = ['Australia'];
const AR = ['Argentina'];
const MX = ['Mexico'];
const AN = ['Antarctica'];

export const PROVINCES = {
  // ---- North America.
  ala: { countries: US, seeds: [[-152, 64], [-160, 60], [-145, 62.5], [-156, 70.5], [-163, 66], [-150, 60.5]] },
  yte: { countries: [...CA, ...US], seeds: [[-136, 63], [-138.5, 68.8], [-134.5, 58.3], [-131, 61]] },
  bco: { countries: CA, seeds: [[-123, 54], [-125.5, 50], [-120, 50.5], [-127, 57]] },
  alb: { countries: CA, seeds: [[-114, 53], [-113, 50], [-115, 57]] },
  sas: { countries: CA, seeds: [[-106, 52], [-106, 56.5], [-105, 50]] },
  man: { countries: CA, seeds: [[-98, 53], [-97, 50], [-96, 57], [-94, 58.5]] },
  ont: { countries: CA, seeds: [[-85, 50], [-80, 45], [-88, 53], [-82, 52.5]] },
  qbc: { countries: CA, seeds: [[-72, 49], [-72, 53], [-76, 56.5], [-71, 46.8], [-66, 46.5], [-63.5, 45.2], [-65.5, 48.8]] },
  new: { countries: CA, seeds: [[-56, 49], [-62, 53.5], [-64, 57.5], [-64.5, 58.8]] },
  nwt: { countries: CA, seeds: [[-115, 63], [-105, 65], [-95, 64], [-122, 66], [-110, 70.5], [-118, 74], [-80, 80], [-90, 75], [-100, 75.5], [-112, 75.2], [-95, 80], [-84.5, 64.3], [-98.5, 72.7], [-97.5, 69], [-94, 73], [-82.5, 62.8]] },
  bis: { countries: CA, seeds: [[-72, 70], [-68, 66], [-78, 72.5]] },
  clf: { countries: US, seeds: [[-120, 37], [-122, 40], [-117, 34.3]] },
  ite: { countries: US, seeds: [[-121, 46], [-116, 45], [-110, 47], [-108, 43], [-123, 43.5]] },
  nev: { countries: US, seeds: [[-116.5, 39], [-111.5, 39], [-112, 34], [-106, 39], [-106, 34.5]] },
  tex: { countries: US, seeds: [[-99, 31], [-97, 28.5], [-101.5, 33.5]] },
  mid: { countries: US, seeds: [[-99, 46], [-94, 45], [-93, 41.5], [-98, 40], [-88, 43]] },
  dso: { countries: US, seeds: [[-92, 33.5], [-92, 30.5], [-97, 35.5], [-87, 34], [-87, 36.3], [-101, 36.5]] },
  uni: { countries: US, seeds: [[-77, 40], [-73, 42.5], [-70, 44.5], [-79, 37.5], [-83, 40], [-80, 35.5]] },
  flo: { countries: US, seeds: [[-81.7, 28.5], [-83.5, 32.5], [-81, 26]] },
  mnt: { countries: MX, seeds: [[-104, 28], [-100, 26], [-109, 30], [-114, 29.5], [-111, 25.5], [-98.5, 24]] },
  mex: { countries: MX, seeds: [[-99, 19.5], [-103, 20.5], [-96, 17], [-90, 19.5], [-92.5, 16.5]] },
  cen: { countries: ['Guatemala', 'Belize', 'El Salvador', 'Honduras', 'Nicaragua', 'Costa Rica', 'Panama'], seeds: [[-90.3, 15.5], [-86.5, 14.5], [-85, 12.5], [-84, 10], [-80.5, 8.5], [-88.7, 17.2]] },
  cis: { countries: ['Cuba', 'Haiti', 'Dominican Rep.', 'Jamaica', 'Puerto Rico', 'Bahamas'], seeds: [[-79, 21.8], [-72.5, 19], [-70.5, 19], [-77.3, 18.1], [-66.5, 18.2], [-83.5, 22.3], [-77.8, 24.5]] },
  // ---- Greenland.
  god: { countries: ['Greenland'], seeds: [[-45, 64], [-48, 68], [-40, 70], [-30, 72], [-24, 74.5], [-35, 67]] },
  thu: { countries: ['Greenland'], seeds: [[-68.7, 76.5], [-55, 74], [-45, 78], [-35, 81.5], [-25, 79]] },
  // ---- South America.
  col: { countries: ['Colombia', 'Venezuela'], seeds: [[-74, 4.6], [-71.9, 11.2], [-75.5, 9.5], [-76.8, 3.8], [-72, 7], [-70, 2]] },
  ven: { countries: ['Venezuela', 'Trinidad and Tobago'], seeds: [[-66.9, 8], [-64, 9.5], [-71, 10.5], [-63, 6], [-61.3, 10.5]] },
  guy: { countries: ['Guyana', 'Suriname', 'France', ...BR], seeds: [[-58.5, 5.5], [-55.5, 4.5], [-53, 4], [-51.5, 1.5], [-59, 2.5]] },
  ama: { countries: BR, seeds: [[-63, -4], [-68, -6], [-65, -9.5], [-60, -7], [-67, -1]] },
  bra: { countries: BR, seeds: [[-50, -11], [-55, -13], [-48, -15.8], [-53, -6], [-61, 2.5], [-56, -1.5], [-52, -18], [-48.5, -19], [-50, -19.5]] },
  rec: { countries: BR, seeds: [[-35.5, -8], [-40, -5], [-44, -3.5], [-48, -2.5], [-43, -7.5]] },
  sal: { countries: BR, seeds: [[-39.5, -13], [-42, -11], [-38.5, -10]] },
  bho: { countries: BR, seeds: [[-44, -17], [-44, -15], [-43, -19]] },
  rdj: { countries: BR, seeds: [[-43, -22.3], [-40.5, -20], [-45.5, -21.5], [-46.5, -20.8]] },
  sao: { countries: [...BR, 'Paraguay'], seeds: [[-48.5, -23.7], [-50, -25], [-53, -29.5], [-58, -23], [-60, -21], [-54.5, -21]] },
  bol: { countries: ['Bolivia'], seeds: [[-65, -17], [-63, -14], [-66.5, -20.5]] },
  per: { countries: ['Peru', 'Ecuador'], seeds: [[-76, -10], [-78.5, -1.5], [-73, -13], [-73.5, -5], [-71.5, -16.5]] },
  chi: { countries: ['Chile'], seeds: [[-70.5, -33.5], [-69.5, -24], [-73, -40], [-72.5, -46], [-73.5, -51], [-69.5, -54]] },
  men: { countries: AR, seeds: [[-68.8, -32.9], [-65, -27], [-62, -30], [-66, -24], [-70, -37.5], [-58, -29], [-55, -27]] },
  ura: { countries: ['Uruguay'], seeds: [[-56, -33], [-56.5, -31]] },
  bai: { countries: AR, seeds: [[-59.5, -35.5], [-62, -38], [-64, -36], [-59, -33]] },
  scr: { countries: AR, seeds: [[-69, -48], [-68, -43], [-70, -52], [-68, -54.5]] },
  // ---- Europe.
  gbr: { countries: ['United Kingdom', 'Ireland', 'Isle of Man'], seeds: [[-1.5, 52.5], [-4, 57], [-3.5, 51], [-8, 53], [-6.5, 54.6]] },
  fra: { countries: ['France', 'Belgium', 'Netherlands', 'Luxembourg', 'Monaco', 'Andorra'], seeds: [[2.5, 47], [0, 48], [5.5, 45.5], [4.5, 50.7], [5.5, 52.3], [9.1, 42.1], [-3, 48]] },
  spa: { countries: ['Spain', 'Portugal'], seeds: [[-4, 40], [-8, 39.5], [-1, 41.5], [-5, 37.5], [2.9, 39.6]] },
  ger: { countries: ['Germany', 'Denmark', 'Switzerland', 'Liechtenstein'], seeds: [[10, 51], [12, 53], [9, 55.5], [12, 55.5], [8, 47], [11, 48.5], [10, 56.5]] },
  ita: { countries: ['Italy', 'San Marino', 'Vatican', 'Malta'], seeds: [[12.5, 42.5], [10, 45], [16, 40.5], [14, 37.5], [9, 40]] },
  ahu: { countries: ['Austria', 'Hungary', 'Czechia', 'Slovakia', 'Slovenia', 'Croatia', 'Bosnia and Herz.'], seeds: [[14.5, 47.5], [19, 47.2], [15.5, 49.8], [19.5, 48.7], [16, 45.5], [17.8, 44]] },
  bal: { countries: ['Romania', 'Bulgaria', 'Serbia', 'Montenegro', 'Kosovo', 'Albania', 'Macedonia', 'Greece'], seeds: [[25, 45.8], [25, 42.7], [21, 44], [20, 41], [22, 39.5], [28, 44.2], [24.9, 35.2], [22.5, 37.5]] },
  pol: { countries: ['Poland'], seeds: [[19, 52], [17, 54], [22, 50.5]] },
  bst: { countries: ['Estonia', 'Latvia', 'Lithuania', ...RU], seeds: [[25, 58.8], [24.5, 56.9], [24, 55.3], [21.5, 54.7]] },
  bel: { countries: ['Belarus'], seeds: [[28, 53.5]] },
  ukr: { countries: ['Ukraine', 'Moldova', ...RU], seeds: [[31, 50], [35, 48.5], [28.5, 47], [24, 49], [34, 45.3]] },
  sca: { countries: ['Norway', 'Sweden', 'Finland', 'Åland'], seeds: [[15, 61], [10, 61], [26, 62.5], [25, 68], [16, 67], [28, 69.5], [14.5, 57.5]] },
  stp: { countries: RU, seeds: [[30.5, 59.5], [33, 63], [34, 68], [42, 63], [48, 63.5], [55, 64.5], [29.5, 57]] },
  mos: { countries: RU, seeds: [[37.5, 55.7], [45, 52], [40, 48], [39.7, 47.2], [37.5, 50.5], [39.5, 48.5], [50, 56], [55, 53], [39.5, 45], [45, 44.5], [33, 53]] },
  // ---- The Near East.
  trk: { countries: ['Turkey', 'Cyprus', 'N. Cyprus'], seeds: [[33, 39], [29, 40.5], [40, 39], [36, 37.5], [33, 35.1], [27.5, 38.5]] },
  arm: { countries: ['Armenia', 'Georgia', 'Azerbaijan'], seeds: [[44.5, 40.2], [43.5, 42], [48, 40.5]] },
  syr: { countries: ['Syria', 'Lebanon'], seeds: [[38.5, 35], [36.5, 33.8]] },
  irq: { countries: ['Iraq', 'Kuwait'], seeds: [[44, 33], [47.5, 30.5], [43, 36]] },
  ira: { countries: ['Iran'], seeds: [[53, 33], [48, 35], [58, 30], [51.5, 28], [57, 36.5]] },
  sar: { countries: ['Saudi Arabia', 'Jordan', 'Israel', 'Palestine', 'Yemen', 'Oman', 'United Arab Emirates', 'Qatar', 'Bahrain'], seeds: [[45, 24], [36, 31], [35, 32], [48, 16], [56, 21], [40, 21], [50, 26], [54, 24]] },
  // ---- Africa.
  egy: { countries: ['Egypt'], seeds: [[30, 27], [31.2, 30], [34, 29.5], [27, 30]] },
  lib: { countries: ['Libya', 'Tunisia'], seeds: [[17, 27], [13, 32], [9.5, 34.5], [22, 31], [21, 25]] },
  alg: { countries: ['Algeria', 'Morocco'], seeds: [[3, 30], [3, 36.5], [7, 35], [-1, 34.5], [-5.5, 35.4], [-3.5, 35], [0, 25]] },
  mor: { countries: ['Morocco'], seeds: [[-7, 32], [-9, 30], [-6, 34], [-5, 31.5]] },
  mau: { countries: ['Mauritania', 'W. Sahara'], seeds: [[-11, 20], [-13, 25], [-9, 17.5], [-15, 22], [-10, 27]] },
  gui: { countries: ['Senegal', 'Gambia', 'Guinea-Bissau', 'Guinea', 'Sierra Leone', 'Liberia', "Côte d'Ivoire"], seeds: [[-14.5, 14.5], [-11, 10.5], [-9.5, 6.5], [-5.5, 7.5], [-12, 8.5], [-15, 12]] },
  gha: { countries: ['Ghana', 'Togo', 'Benin', 'Burkina Faso'], seeds: [[-1.5, 7.5], [-1.5, 12.3], [1, 8.5], [2.3, 9.5]] },
  mal: { countries: ['Mali'], seeds: [[-2, 17], [-7, 13], [0, 20]] },
  ngr: { countries: ['Niger'], seeds: [[9, 17], [3, 14], [12, 20]] },
  nga: { countries: ['Nigeria'], seeds: [[8, 9], [5, 7], [12, 11.5]] },
  cha: { countries: ['Chad'], seeds: [[18.5, 15], [17, 11], [19, 20]] },
  cam: { countries: ['Cameroon'], seeds: [[12, 5.5], [14, 10], [10, 4]] },
  car: { countries: ['Central African Rep.'], seeds: [[20.5, 6.5], [17, 5], [23, 7]] },
  con: { countries: ['Congo', 'Gabon', 'Eq. Guinea', 'Dem. Rep. Congo'], seeds: [[12.45, -5.85], [15, -1], [11.5, -0.5], [14, 2], [10.5, 1.5]] },
  zai: { countries: ['Dem. Rep. Congo'], seeds: [[23, -3], [25, 1], [27, -7], [20, -6], [28, -11], [17, -5]] },
  ang: { countries: ['Angola'], seeds: [[17.5, -12], [14, -9], [20, -15], [12.3, -5.3]] },
  nam: { countries: ['Namibia', 'Botswana'], seeds: [[17, -22], [15, -19], [19, -26], [23, -17.8], [25, -18]] },
  bot: { countries: ['Botswana'], seeds: [[24, -22], [26, -20], [22, -24.5]] },
  zam: { countries: ['Zambia'], seeds: [[27.5, -14], [24, -13.5], [31, -11]] },
  zim: { countries: ['Zimbabwe'], seeds: [[30, -19], [27.5, -19.5]] },
  saf: { countries: ['South Africa', 'Lesotho', 'eSwatini'], seeds: [[25, -29], [20, -32], [29, -25.5], [28, -31], [31, -27]] },
  moz: { countries: ['Mozambique', 'Malawi'], seeds: [[35, -18], [39, -14], [33.5, -23], [34, -13]] },
  tan: { countries: ['Tanzania'], seeds: [[35, -6], [31, -5], [38.5, -8], [34, -9.5], [39.3, -6.1]] },
  uga: { countries: ['Uganda', 'Rwanda', 'Burundi'], seeds: [[32.5, 1.5], [30, -2], [33.5, 3]] },
  ken: { countries: ['Kenya'], seeds: [[37.5, 0], [36, 3], [39.5, -3], [40, 2]] },
  eth: { countries: ['Ethiopia', 'Eritrea'], seeds: [[39, 9], [38.5, 14.5], [43, 6.5], [35.5, 9], [41, 13.5]] },
  som: { countries: ['Somalia', 'Somaliland', 'Djibouti'], seeds: [[45.5, 3.5], [48, 7.5], [45, 10], [42.6, 11.3], [49.5, 10.5]] },
  nsu: { countries: ['Sudan'], seeds: [[30, 16], [25, 14], [33, 19], [35, 13], [24, 20]] },
  ssu: { countries: ['S. Sudan', 'Sudan'], seeds: [[30, 7], [32, 9], [27, 9], [33.5, 5], [23.4, 10.2], [22.8, 10.9], [23.2, 11.3], [22.6, 12]] },
  mad: { countries: ['Madagascar'], seeds: [[46.5, -19], [49, -15], [45, -23]] },
  // ---- Central and South Asia.
  tkm: { countries: ['Turkmenistan'], seeds: [[58.5, 39], [55, 40], [62, 38]] },
  uzb: { countries: ['Uzbekistan'], seeds: [[64, 41], [59, 43], [69, 41], [71.5, 40.8]] },
  kyr: { countries: ['Kyrgyzstan'], seeds: [[74.5, 41.5], [76, 42], [72, 40.3]] },
  taj: { countries: ['Tajikistan'], seeds: [[69, 38.7], [72.5, 38.5], [69.5, 40.2]] },
  kaz: { countries: ['Kazakhstan', ...RU], seeds: [[67, 48], [75, 46.5], [58, 47.5], [80, 49.5], [70, 52], [55, 47.5], [86.6, 49.6]] },
  afg: { countries: ['Afghanistan'], seeds: [[66, 33.5], [63, 34.5], [69, 35.5], [71.5, 36.8]] },
  pak: { countries: ['Pakistan', 'Siachen Glacier'], seeds: [[69, 29], [65, 27], [72.5, 33], [74.5, 35.5], [67.5, 25.5]] },
  del: { countries: [...IN, 'Nepal'], seeds: [[77.2, 28.6], [75, 31.5], [80, 26.5], [77, 34], [73.5, 27], [79, 23]] },
  bom: { countries: [...IN, 'Sri Lanka'], seeds: [[73.5, 19], [77, 13], [77.5, 10], [80.7, 7.5], [76, 17], [72.5, 22.5], [80, 15], [79.5, 19]] },
  clc: { countries: [...IN, 'Bhutan'], seeds: [[88.3, 22.6], [86, 24.5], [84, 21], [90.5, 27.3], [92, 27.5], [88.5, 27], [83, 25.5], [91.5, 26.2]] },
  ban: { countries: ['Bangladesh', ...IN], seeds: [[90.4, 23.7], [89.5, 25.3], [92, 22], [93.9, 24.8], [94.5, 26.6], [96, 28]] },
  tib: { countries: [...CN, 'Nepal'], seeds: [[88, 31.5], [83, 32.5], [92, 32.5], [96, 34.5], [84, 28.5], [80.5, 32.5]] },
  wch: { countries: CN, seeds: [[84, 41.5], [80, 39], [88, 44], [93, 42], [77, 38], [87, 38], [96, 39]] },
  lan: { countries: CN, seeds: [[103.8, 36], [104, 30.5], [101, 25], [107, 27], [109, 34], [98, 31], [95.5, 29.3], [100, 37.5], [111, 29.5], [106, 23.5]] },
  mng: { countries: ['Mongolia'], seeds: [[103, 47], [95, 48], [110, 46.5]] },
  imo: { countries: CN, seeds: [[111, 41.5], [116, 44], [120, 48], [120.5, 50.5], [122.5, 52.8], [124, 51.5], [106.5, 40], [122, 45], [101, 41]] },
  hei: { countries: CN, seeds: [[127, 46], [130, 47.5], [125, 49], [126, 43.5], [129, 43]] },
  bei: { countries: CN, seeds: [[116.4, 39.9], [114, 37], [118, 36], [122, 41], [117, 41]] },
  sha: { countries: CN, seeds: [[121.4, 31.2], [117, 31.5], [119, 28.5], [115, 33]] },
  gua: { countries: [...CN, 'Hong Kong', 'Macao'], seeds: [[113.2, 23.1], [108.5, 23], [116, 25], [110, 19.2], [112, 26.5]] },
  kor: { countries: ['North Korea', 'South Korea'], seeds: [[127, 37.5], [127, 40], [128.5, 35.5]] },
  jap: { countries: ['Japan'], seeds: [[139, 36], [135, 34.7], [142.5, 43.3], [131, 32.5], [140.5, 39.5], [133.5, 33.5]] },
  bur: { countries: ['Myanmar', 'Laos'], seeds: [[96, 21], [96.2, 16.8], [98, 25], [98.6, 13.5], [102.5, 20], [104.5, 16.5]] },
  tha: { countries: ['Thailand', 'Malaysia', 'Singapore'], seeds: [[101, 15], [100.5, 13.7], [99.5, 9], [102, 4], [103.8, 1.4], [103, 17.5]] },
  vie: { countries: ['Vietnam', 'Cambodia'], seeds: [[105.8, 21], [106.7, 10.8], [108.5, 14.5], [105, 12.5], [106, 17.5]] },
  phi: { countries: ['Philippines'], seeds: [[121, 15], [124.5, 7.5], [121.2, 17], [122.5, 11], [125, 11.8]] },
  ind: { countries: ['Indonesia', 'Malaysia', 'Brunei', 'Timor-Leste', 'Papua New Guinea'], seeds: [[102, -1], [110, -7.3], [114, 0], [117, 5], [121, -2], [138, -4], [145, -6.5], [124.5, -9.3], [128.5, -3.3], [116.5, -8.6], [96, 4.5]] },
  // ---- Siberia.
  wsi: { countries: RU, seeds: [[65, 60], [70, 66], [75, 58], [62, 56.5], [59, 67.5], [72, 70.5], [79, 62]] },
  oms: { countries: RU, seeds: [[73.4, 55], [80, 53], [84, 55.5], [88, 52], [86, 57], [77, 56]] },
  esi: { countries: RU, seeds: [[92, 58], [95, 65], [100, 71], [105, 62], [90, 68], [110, 73.5], [98, 56]] },
  irk: { countries: RU, seeds: [[104, 52.3], [110, 55], [115, 51.5], [100, 55], [119, 51], [96, 52], [116, 53], [112, 52]] },
  yak: { countries: RU, seeds: [[130, 62], [125, 68], [135, 59], [140, 68], [120, 61], [145, 63], [150, 68.5], [142, 59.5], [125, 59]] },
  kam: { countries: RU, seeds: [[159, 55], [165, 62], [172, 65], [-176, 66], [-174, 66.5], [160, 68], [176, 69], [158, 61.8]] },
  vla: { countries: RU, seeds: [[132, 45], [135, 48.5], [128, 51], [122, 53.3], [139, 52], [142.7, 50], [132, 53.5], [126, 52.5], [121, 53.1], [130, 50]] },
  // ---- Oceania.
  wau: { countries: AU, seeds: [[121, -26], [116, -31], [122, -19], [128, -16], [118, -22.5]] },
  nte: { countries: AU, seeds: [[133.5, -19], [131, -13], [134, -23], [136, -13]] },
  qsl: { countries: AU, seeds: [[144, -22], [145, -17], [142.5, -12], [148, -24], [151.5, -27]] },
  sau: { countries: AU, seeds: [[135, -29.5], [138, -33], [132, -27.5], [140, -28]] },
  nsw: { countries: AU, seeds: [[147, -32], [150.5, -33.5], [144, -31]] },
  vic: { countries: AU, seeds: [[144.5, -37.5], [147, -42], [142, -36.5], [148, -37.2]] },
  nze: { countries: ['New Zealand'], seeds: [[175.5, -38.5], [171, -43.5], [168, -45.8], [174, -36]] },
  // ---- Antarctica.
  ape: { countries: AN, seeds: [[-65, -70], [-63, -65]] },
  bat: { countries: AN, seeds: [[-75, -73.5], [-85, -76], [-95, -74], [-60, -80], [-45, -80], [-35, -78], [-25, -76], [-70, -76], [-55, -83], [-40, -82.5], [-70, -82], [-30, -80.5], [-85, -82]] },
  mbl: { countries: AN, seeds: [[-120, -76], [-140, -77], [-105, -75.5], [-130, -80], [-110, -80], [-120, -84], [-100, -82]] },
  ris: { countries: AN, seeds: [[-175, -85.2], [-160, -85.5], [-150, -85], [178, -84.8], [170, -84], [-140, -84.5]] },
  len: { countries: AN, seeds: [[159, -70], [150, -73], [162, -74], [157, -78], [157, -82], [158, -85]] },
  dmv: { countries: AN, seeds: [[140, -67.5], [135, -70], [145, -70], [142, -73]] },
  cas: { countries: AN, seeds: [[112, -67], [115, -68], [120, -68]] },
  vos: { countries: AN, seeds: [[95, -67], [100, -72], [106.8, -78.5], [120, -75], [130, -75], [88, -67]] },
  maw: { countries: AN, seeds: [[62.9, -67.6], [66, -70], [75, -70], [55, -68], [80, -70]] },
  sho: { countries: AN, seeds: [[40, -69.5], [45, -68], [30, -70.5]] },
  nov: { countries: AN, seeds: [[11.8, -70.8], [20, -71], [5, -71]] },
  san: { countries: AN, seeds: [[-2.8, -72], [-10, -73]] },
  nde: { countries: AN, seeds: [[0, -79], [30, -78], [60, -77], [90, -79], [120, -80], [145, -79], [-15, -80], [-15, -84], [20, -84], [60, -84], [100, -84], [130, -84], [148, -83]] },
  sop: { countries: AN, seeds: [[-120, -88], [-60, -88], [-178, -88], [175, -88], [150, -88.5], [0, -88.5], [60, -88.5], [100, -88.5], [-150, -87.5]] },

  // ---- Seas: the Arctic.
  aoc: { seeds: [[-160, 75], [-150, 80], [-168.1, 72], [-170, 72], [180, 75], [160, 74], [150, 77], [175, 71], [140, 80], [100, 83], [60, 84], [-130, 82]] },
  bar: { seeds: [[40, 73], [30, 75], [20, 78], [5, 79], [-5, 78], [-8, 82], [-35, 84.2], [-45, 84.3], [55, 70.5], [44, 70], [-15, 75], [-16, 78]] },
  ess: { seeds: [[70, 76], [80, 76], [100, 77.5], [120, 75], [135, 74], [65, 72]] },
  bfs: { seeds: [[-135, 71], [-120, 72], [-95, 77], [-85, 74], [-70, 79.5], [-80, 69], [-125, 76], [-70, 83.3], [-90, 82.8], [-60, 82.4]] },
  brs: { seeds: [[-168.0, 65.8], [-166, 62], [-172, 63], [-175, 60], [-178, 58], [170, 58], [-168.6 - 0.3, 64]] },
  // ---- The Atlantic.
  hba: { seeds: [[-85, 60], [-80, 56], [-88, 58], [-78, 64], [-78, 67.5], [-82, 66]] },
  lse: { seeds: [[-55, 60], [-60, 66], [-62, 70], [-57, 74], [-38, 65], [-30, 67]] },
  nwg: { seeds: [[0, 67], [-10, 70], [5, 63], [-15, 69], [10, 70], [-3, 60.8]] },
  nea: { seeds: [[-20, 45], [-15, 55], [-30, 40], [-10, 62], [-15, 30], [-22, 26], [-8, 46], [-6, 36], [-35, 30], [-30, 14], [-8, 58], [-18.5, 21.5], [-20, 23], [-17, 24]] },
  nwa: { seeds: [[-60, 35], [-50, 45], [-70, 33], [-75, 27], [-50, 25], [-55, 15], [-65, 20], [-60, 42], [-55, 8], [-48, 4], [-40, 0], [-45, 2], [-60, 10.5], [-45, 10]] },
  gom: { seeds: [[-90, 25], [-85, 26], [-95, 25], [-84, 23.8]] },
  cse: { seeds: [[-75, 15], [-80, 13], [-70, 14], [-85, 17], [-65, 14]] },
  wao: { seeds: [[-30, -5], [-25, 3], [-32, -15], [-35, -30], [-45, -30], [-50, -38], [-30, 5]] },
  eao: { seeds: [[-5, 0], [5, -5], [-15, 10], [0, -20], [-10, -25], [5, -30], [12, -30], [15, -32.5], [-20, 8], [2, 3], [-18.5, 18], [-20, 13], [-25, 14]] },
  swa: { seeds: [[-40, -50], [-55, -50], [-25, -45], [-60, -56], [-15, -55], [-40, -65], [-30, -68]] },
  sea: { seeds: [[10, -45], [0, -50], [20, -55], [18, -40], [10, -65]] },
  nth: { seeds: [[3, 56], [2, 53], [5, 58], [1, 59]] },
  bas: { seeds: [[19, 57], [17, 55.5], [20, 60], [21, 63], [24, 59.8], [11.5, 57], [12.5, 54.7]] },
  med: { seeds: [[5, 38.5], [18, 35], [26, 34.5], [30, 33], [33, 34], [12, 40.5], [-3, 36.5], [25, 38], [12, 38.5]] },
  bla: { seeds: [[34, 43.5], [31, 43], [37.5, 42.5], [30, 45], [36, 45.8]] },
  // ---- The Indian Ocean.
  rse: { seeds: [[38, 21], [35, 26], [41, 16], [44, 12.5], [34.5, 28.5]] },
  ase: { seeds: [[62, 17], [55, 15], [60, 22], [50, 27], [68, 18], [52, 13]] },
  bob: { seeds: [[88, 15], [85, 18], [92, 12], [95, 15], [96, 10], [97.5, 8]] },
  nwi: { seeds: [[60, 0], [50, -5], [70, 0], [55, 5], [45, -8], [65, -12], [68, 8], [73, 5]] },
  nei: { seeds: [[85, -5], [95, 0], [80, 2], [100, -10], [110, -15], [98, 5.5], [91, -12], [107, -4.5], [112, -5], [118, -2]] },
  mch: { seeds: [[41, -17], [41, -13], [37.5, -23], [42, -20]] },
  swi: { seeds: [[50, -35], [40, -40], [60, -45], [35, -55], [55, -60], [45, -28], [33, -33]] },
  sio: { seeds: [[80, -40], [75, -50], [90, -55], [85, -63], [70, -30]] },
  sei: { seeds: [[120, -45], [110, -55], [135, -40], [125, -62], [100, -45], [140, -62], [150, -64], [145, -63]] },
  // ---- The Pacific.
  jse: { seeds: [[130, -10], [125, -12], [135, -9.5], [140, -10], [127, -6], [121, -7]] },
  scs: { seeds: [[113, 14], [110, 10], [115, 18], [106, 5], [112, 5], [121, 4.5]] },
  yse: { seeds: [[123, 35], [124, 30], [123, 24], [128.5, 33], [121.3, 20.9], [124, 38.5]] },
  soj: { seeds: [[134, 40], [138, 42], [131, 38]] },
  soo: { seeds: [[148, 55], [145, 50], [152, 50], [140, 56]] },
  wpo: { seeds: [[135, 20], [130, 12], [140, 28], [145, 15], [130, 5], [126.5, 0.5]] },
  nwp: { seeds: [[155, 45], [150, 40], [163, 52], [160, 35], [145, 35]] },
  npo: { seeds: [[-140, 45], [-150, 52], [-135, 35], [-125, 30], [-160, 45], [-168.6 + 0.5, 45], [178, 47], [172, 42]] },
  cpo: { seeds: [[-155, 15], [-165, 10], [-140, 15], [-168.6 + 0.5, 20], [175, 15], [165, 10], [170, 25]] },
  nep: { seeds: [[-110, 15], [-100, 10], [-115, 22], [-90, 5], [-85, 10], [-120, 10], [-83, -1], [-90, -1]] },
  epa: { seeds: [[-84, -10], [-90, -18], [-78, -25], [-100, -8], [-95, -30], [-100, -25]] },
  pis: { seeds: [[-140, -15], [-120, -20], [-150, -5], [-168.1, -10], [175, -15], [160, -10], [170, -25], [-110, -8], [150, -15], [165, 0], [175, -30], [176, -34], [135, -1], [130, -2.5], [127.5, -2]] },
  sep: { seeds: [[-90, -45], [-80, -55], [-100, -60], [-78, -40], [-85, -68]] },
  spo: { seeds: [[-130, -45], [-150, -55], [-168.1, -50], [-115, -40], [-160, -70], [-170, -55], [-170, -65]] },
  swp: { seeds: [[165, -55], [150, -55], [175, -65], [172, -50], [160, -62], [178, -45], [175, -50], [147, -47], [150, -50], [146, -39.7]] },
  tse: { seeds: [[160, -35], [155, -40], [165, -30], [157, -25], [150, -38], [167, -42], [171, -37]] },
};

// Land that is no province: what no seed reaches (Iceland, Svalbard, the islands of the
// Pacific, Taiwan, the Falklands and the like).
export const IMPASSABLE = [{ name: 'Land no province holds', rest: true, seeds: [] }];

export const OVERRIDES = {
  // Northwest Territories: its unit on the mainland, not on Victoria Island.
  nwt: { unit: [-112, 64.5] },
  // New Zealand: its unit in the middle of the South Island, not at its tip.
  nze: { unit: [172.3, -42.6] },
};
