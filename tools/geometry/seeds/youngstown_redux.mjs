// The Youngstown Redux map's provinces as seed points ([longitude, latitude]): Europe and
// Asia from Ireland to Kamchatka and Timor, with the Horn of Africa and the Indian Ocean.
// Its provinces owe little to today's borders: each land pixel goes to the land seed
// nearest by a path over land (LAND: 'path'), each sea pixel to the sea seed nearest by a
// path through water; land the board leaves out (Africa south of Kenya and the Sahara's
// southern neighbours) is claimed by country for the land off the board. Chosen for this
// project from a modern map and the game's borders (variants/youngstown_redux.ron); no
// other map's art was used.

export const TITLE = 'Youngstown Redux';

// Mercator: the board spans 196 degrees of longitude (30°W to 166°E), too wide for a cone's
// fan, and its rectangle is a band of latitudes (72°N to 12°S). Mercator enlarges the
// north, so Europe comes out near the Standard map's scale; local enlargements (bumps)
// help the crowded middle of Europe, Britain, the Low Countries, Japan and Indochina.
export const PROJECTION = { kind: 'mercator', origin: [71, 30] };

export const LAND = 'path';

export const FRAME = {
  points: [
    [-30, 72],
    [166, 72],
    [-30, -12],
    [166, -12],
  ],
  bumps: [
    { centre: [12.0, 48.0], radius: 7.0, strength: 0.6 },
    { centre: [-3.0, 54.0], radius: 3.0, strength: 0.45 },
    { centre: [5.0, 51.6], radius: 1.6, strength: 0.3 },
    { centre: [138.0, 36.8], radius: 4.0, strength: 1.2 },
    { centre: [104.0, 15.0], radius: 5.0, strength: 0.8 },
  ],
  // 3400 units wide (5100 pixels at the renderer's default scale), so every name reads;
  // one raster pixel a unit keeps the raster to 7 million pixels.
  width: 3400,
  resolution: 1,
  tolerance: 0.8,
  minBorder: 3,
  unitRadius: 11,
};

export const COLOURS = {
  Austria: '#d1343a',
  Britain: '#243f8f',
  China: '#f0dd3c',
  France: '#3aa0e0',
  Germany: '#5b5b5b',
  India: '#2bb5a8',
  Italy: '#2e9e44',
  Japan: '#e07bb0',
  Russia: '#8e5bb5',
  Turkey: '#e0a91b',
};

// Water filled as land, so that the provinces on its shores meet as the game has them.
export const FILLS = [
  // Denmark and Sweden across the Sound and the Belts, as on the Standard map.
  { country: 'Denmark', polygon: [[12.35, 56.15], [12.85, 56.15], [13.05, 55.35], [12.4, 55.35], [12.35, 56.15]] },
  { country: 'Denmark', polygon: [[10.6, 56.0], [11.3, 55.95], [11.3, 55.0], [10.6, 55.0], [10.6, 56.0]] },
  { country: 'Denmark', polygon: [[9.45, 55.75], [10.1, 55.75], [10.1, 54.95], [9.45, 54.95], [9.45, 55.75]] },
  // Constantinople across the Bosporus and the Dardanelles (the Aegean and the Black Sea do not meet).
  { country: 'Turkey', polygon: [[26.0, 39.95], [26.5, 40.7], [27.0, 41.0], [29.0, 41.3], [29.35, 41.3], [29.95, 40.75], [29.5, 40.15], [27.5, 40.2], [26.3, 39.9], [26.0, 39.95]] },
  // Naples across the Strait of Messina (Sicily is Naples's).
  { country: 'Italy', polygon: [[15.45, 37.9], [15.75, 37.9], [15.75, 38.3], [15.45, 38.3], [15.45, 37.9]] },
  // Kagoshima (Kyushu) meets Kyoto across the Kanmon Strait and Osaka (with Shikoku)
  // across the Hoyo Strait.
  { country: 'Japan', polygon: [[130.8, 33.85], [131.1, 33.85], [131.1, 34.05], [130.8, 34.05], [130.8, 33.85]] },
  // The Akashi and Naruto Straits: the Seto Inland Sea, in no sea of the game, is left
  // out (Kyoto does not reach the South Pacific through it).
  { country: 'Japan', polygon: [[134.9, 34.55], [135.1, 34.55], [135.1, 34.7], [134.9, 34.7], [134.9, 34.55]] },
  { country: 'Japan', polygon: [[134.55, 34.15], [134.75, 34.15], [134.75, 34.3], [134.55, 34.3], [134.55, 34.15]] },
  { country: 'Japan', polygon: [[131.7, 33.1], [132.2, 33.1], [132.2, 33.5], [131.7, 33.5], [131.7, 33.1]] },
  // The San Juanico Strait between Samar and Leyte (both the Philippines'): too narrow to
  // carry a sea of the game.
  { country: 'Philippines', polygon: [[124.85, 11.15], [125.1, 11.15], [125.1, 11.5], [124.85, 11.5], [124.85, 11.15]] },
  // The Kara Gates and the Yugorsky Shar: the Kara Sea, which the game leaves out, does not
  // meet the Barents Sea.
  { country: 'Russia', polygon: [[57.0, 70.1], [59.2, 70.1], [59.2, 71.0], [57.0, 71.0], [57.0, 70.1]] },
  { country: 'Russia', polygon: [[59.6, 69.45], [61.3, 69.45], [61.3, 70.0], [59.6, 70.0], [59.6, 69.45]] },
];

// Borders drawn otherwise than the game has them, each with its reason. The eight boxes
// are the board's edges, which join round the world off the board. No two boxes are drawn
// touching: two boxes beside neighbouring seas (A by the North Atlantic, B by the
// Mid-Atlantic) could only meet where their two seas meet too, and the game joins no box
// to another box's sea.
const wrap =
  "the boxes stand for the world off the board and join each other there; each is drawn as a bay of its own sea at the board's edge (drawn touching, two boxes would make their seas meet)";
export const EXCEPTIONS = [
  { between: ['bxa', 'bxb'], drawn: 'apart', reason: `${wrap}: Box A (by the North Atlantic) and Box B (by the Mid-Atlantic), along the board's edge` },
  { between: ['bxa', 'bxc'], drawn: 'apart', reason: `${wrap}: Box A (by the North Atlantic) and Box C (by the South Atlantic), along the board's edge` },
  { between: ['bxa', 'bxd'], drawn: 'apart', reason: `${wrap}: Box A (by the North Atlantic) and Box D (by the North Pacific), across the Americas` },
  { between: ['bxb', 'bxc'], drawn: 'apart', reason: `${wrap}: Box B (by the Mid-Atlantic) and Box C (by the South Atlantic), along the board's edge` },
  { between: ['bxb', 'bxe'], drawn: 'apart', reason: `${wrap}: Box B (by the Mid-Atlantic) and Box E (by the South Pacific), across the Americas` },
  { between: ['bxc', 'bxf'], drawn: 'apart', reason: `${wrap}: Box C (by the South Atlantic) and Box F (by the Timor Sea), across the southern oceans` },
  { between: ['bxc', 'bxg'], drawn: 'apart', reason: `${wrap}: Box C (by the South Atlantic) and Box G (by the Western Indian Ocean), round the Cape of Good Hope` },
  { between: ['bxc', 'bxh'], drawn: 'apart', reason: `${wrap}: Box C (by the South Atlantic) and Box H (by the Eastern Indian Ocean), round the Cape of Good Hope` },
  { between: ['bxd', 'bxe'], drawn: 'apart', reason: `${wrap}: Box D (by the North Pacific) and Box E (by the South Pacific), along the board's edge` },
  { between: ['bxd', 'bxf'], drawn: 'apart', reason: `${wrap}: Box D (by the North Pacific) and Box F (by the Timor Sea), along the board's edge` },
  { between: ['bxe', 'bxf'], drawn: 'apart', reason: `${wrap}: Box E (by the South Pacific) and Box F (by the Timor Sea), along the board's edge` },
  { between: ['bxf', 'bxg'], drawn: 'apart', reason: `${wrap}: Box F (by the Timor Sea) and Box G (by the Western Indian Ocean), south of Australia` },
  { between: ['bxf', 'bxh'], drawn: 'apart', reason: `${wrap}: Box F (by the Timor Sea) and Box H (by the Eastern Indian Ocean), south of Australia` },
  { between: ['bxg', 'bxh'], drawn: 'apart', reason: `${wrap}: Box G (by the Western Indian Ocean) and Box H (by the Eastern Indian Ocean), along the board's edge` },
];

export const PROVINCES = {
  // Britain and Ireland.
  ire: { seeds: [[-8.0, 53.3], [-6.8, 54.6], [-9.0, 52.2]] },
  cly: { seeds: [[-5.0, 56.7], [-4.9, 58.2], [-4.4, 55.8]] },
  edi: { seeds: [[-3.3, 55.85], [-2.9, 57.3], [-3.4, 58.4], [-2.3, 55.6]] },
  lie: { seeds: [[-2.7, 54.2], [-2.6, 53.5], [-3.4, 55.2], [-4.4, 55.0]] },
  yor: { seeds: [[-1.3, 54.0], [-1.8, 55.0], [-1.0, 53.3]] },
  wal: { seeds: [[-3.7, 52.3], [-3.8, 50.7], [-2.2, 52.7], [-5.0, 50.3]] },
  lon: { seeds: [[-0.3, 51.6], [0.8, 52.5]] },
  // Scandinavia.
  nay: { seeds: [[10.0, 60.5], [7.5, 62.0], [6.5, 58.8], [13.0, 65.5], [18.0, 69.0], [24.0, 70.3], [29.0, 70.0], [17.5, 68.4], [15.0, 67.2]] },
  swe: { seeds: [[15.0, 59.0], [13.5, 56.3], [16.0, 62.5], [18.5, 64.5], [21.0, 66.5], [20.0, 67.5]] },
  fin: { seeds: [[26.0, 62.5], [26.5, 64.5], [23.0, 61.0], [26.5, 68.0]] },
  den: { seeds: [[9.2, 56.2], [11.8, 55.4], [9.3, 55.2], [10.3, 55.3]] },
  // France, the Low Countries and Iberia.
  bre: { seeds: [[-3.0, 48.2], [-1.5, 47.8]] },
  pic: { seeds: [[2.3, 50.0], [1.0, 49.6]] },
  par: { seeds: [[2.3, 48.5], [1.5, 47.3]] },
  bug: { seeds: [[5.0, 47.3], [6.0, 48.6], [7.5, 48.3], [4.5, 46.3]] },
  gas: { seeds: [[-0.5, 44.8], [0.5, 46.0], [1.5, 44.0]] },
  mar: { seeds: [[5.5, 43.7], [4.5, 44.5], [6.3, 45.2], [3.0, 43.3]] },
  hol: { seeds: [[5.5, 52.3]] },
  bel: { seeds: [[4.5, 50.6]] },
  swi: { seeds: [[8.2, 46.8], [7.0, 46.5]] },
  spa: { seeds: [[-3.7, 40.4], [-5.0, 42.5], [-2.0, 38.0], [0.0, 40.5], [-5.5, 37.5], [-1.0, 42.5]] },
  por: { seeds: [[-8.0, 39.8], [-8.0, 41.5], [-8.0, 37.5]] },
  // Germany and Poland.
  kie: { seeds: [[10.0, 53.6], [9.5, 54.5], [8.5, 53.0], [7.3, 52.8], [10.0, 52.5]] },
  ber: { seeds: [[13.4, 52.5], [12.5, 53.8], [14.5, 53.5]] },
  col: { seeds: [[7.0, 51.0], [7.0, 50.2], [7.2, 49.4], [8.7, 50.1], [9.5, 50.8]] },
  sax: { seeds: [[13.0, 51.0], [11.5, 51.2], [12.0, 50.5]] },
  mun: { seeds: [[11.5, 48.3], [10.5, 49.5], [12.5, 48.9], [10.3, 47.7], [9.9, 47.55]] },
  swa: { seeds: [[9.0, 48.5], [8.2, 48.0], [8.8, 47.9]] },
  pru: { seeds: [[20.5, 54.6], [18.0, 54.0], [21.5, 53.8]] },
  sil: { seeds: [[16.5, 51.3], [16.0, 52.2], [17.5, 50.8], [18.3, 50.6]] },
  war: { seeds: [[21.0, 52.2], [19.5, 51.0], [23.5, 53.0], [26.5, 52.8]] },
  // Austria-Hungary and the Balkans.
  boh: { seeds: [[14.5, 49.8], [14.0, 48.3], [16.6, 49.2], [17.3, 49.4]] },
  tyo: { seeds: [[11.4, 47.2], [12.7, 47.1], [11.3, 46.5], [10.8, 47.0]] },
  vnn: { seeds: [[16.4, 48.2], [15.5, 47.2], [18.0, 48.7]] },
  tes: { seeds: [[13.8, 45.6], [14.5, 46.0], [15.5, 45.3], [14.0, 45.2]] },
  bud: { seeds: [[19.0, 47.5], [21.0, 47.0], [17.5, 46.5], [19.5, 48.5]] },
  gal: { seeds: [[24.0, 49.8], [21.5, 50.0], [25.5, 48.5], [20.0, 49.9], [22.0, 49.5], [19.5, 49.5], [19.0, 50.1]] },
  sar: { seeds: [[18.4, 43.9], [16.8, 43.6], [17.5, 44.8], [19.0, 42.7]] },
  ser: { seeds: [[20.9, 44.0], [20.7, 42.6]] },
  alb: { seeds: [[20.0, 41.2]] },
  mac: { seeds: [[21.7, 41.6], [23.0, 40.9], [25.0, 41.1]] },
  gre: { seeds: [[22.0, 39.5], [22.4, 37.6], [21.5, 38.6]] },
  bul: { seeds: [[25.0, 42.7], [27.5, 42.8]] },
  rum: { seeds: [[26.0, 44.8], [25.0, 45.8], [27.5, 47.0], [23.5, 46.5]] },
  // Italy.
  pie: { seeds: [[7.7, 45.0], [8.2, 44.4]] },
  mil: { seeds: [[9.2, 45.5], [10.2, 45.6]] },
  ven: { seeds: [[12.0, 45.6], [11.3, 44.8]] },
  rom: { seeds: [[12.5, 42.0], [11.0, 43.5], [10.2, 44.1]] },
  apu: { seeds: [[16.5, 41.0], [15.0, 41.7], [14.0, 42.3], [13.5, 43.3]] },
  nap: { seeds: [[14.5, 40.9], [16.2, 39.2], [14.0, 37.5]] },
  // Russia.
  stp: { seeds: [[30.3, 59.9], [33.0, 65.0], [40.0, 64.0], [50.0, 64.0], [56.0, 67.0], [33.0, 68.5], [36.0, 67.0], [45.0, 60.0], [60.0, 68.0]] },
  lia: { seeds: [[24.0, 56.8], [25.5, 58.7], [23.5, 55.3], [27.0, 56.0]] },
  mos: { seeds: [[37.6, 55.7], [40.0, 53.0], [44.0, 56.0], [48.0, 55.0], [33.0, 54.5], [30.0, 54.0], [38.5, 52.0]] },
  ukr: { seeds: [[31.0, 50.0], [34.0, 49.0], [27.5, 49.5], [36.5, 50.5]] },
  sev: { seeds: [[34.0, 45.0], [31.0, 46.8], [38.0, 45.5], [39.0, 47.3], [39.8, 44.0], [35.5, 47.0], [39.5, 49.5], [40.5, 48.0], [38.5, 48.5]] },
  cau: { seeds: [[45.5, 44.0], [44.0, 43.3], [46.5, 46.0], [44.0, 48.0], [47.5, 42.5]] },
  oms: { seeds: [[73.4, 55.0], [65.0, 57.0], [60.0, 53.0], [55.0, 51.0], [51.9, 47.4], [50.5, 49.0], [52.0, 54.0], [56.0, 58.0], [70.0, 63.0], [80.0, 56.0]] },
  sib: { seeds: [[100.0, 60.0], [90.0, 56.0], [115.0, 58.0], [130.0, 63.0], [110.0, 53.0], [140.0, 66.0], [88.0, 66.0], [150.0, 67.0], [120.0, 68.0]] },
  vla: { seeds: [[132.0, 43.7], [135.0, 46.5], [137.0, 50.0], [140.0, 53.5], [139.0, 57.5], [138.0, 52.0], [137.0, 56.0], [146.0, 60.5], [131.3, 43.0]] },
  kam: { seeds: [[159.0, 55.0], [160.0, 58.0], [165.0, 61.0], [151.0, 60.0], [155.0, 61.0], [158.0, 53.2], [164.0, 63.5]] },
  sak: { seeds: [[143.0, 51.5], [142.8, 53.5]] },
  kar: { seeds: [[142.5, 47.5], [142.2, 46.5]] },
  // Turkey, the Caucasus and the Levant.
  con: { seeds: [[28.9, 41.1], [27.0, 41.5], [28.5, 40.3], [26.5, 40.2]] },
  ank: { seeds: [[32.9, 39.9], [34.5, 41.3], [36.5, 40.5], [31.5, 40.8]] },
  kon: { seeds: [[32.5, 37.9], [28.0, 38.4], [30.7, 36.9], [35.3, 37.0], [29.0, 39.5]] },
  arm: { seeds: [[40.5, 39.5], [43.0, 39.5], [44.5, 40.2], [43.5, 42.0], [39.7, 40.7], [42.0, 41.3]] },
  lev: { seeds: [[36.3, 33.5], [38.0, 35.5], [36.0, 31.9], [35.1, 31.8], [35.2, 29.9], [38.0, 32.0]] },
  bag: { seeds: [[44.0, 33.3], [43.0, 36.0], [47.0, 30.8], [47.8, 29.3], [41.5, 33.0]] },
  per: { seeds: [[53.0, 32.0], [51.0, 35.7], [58.0, 30.0], [48.5, 38.5], [47.5, 40.4], [55.0, 27.5], [60.5, 27.0], [58.0, 35.5]] },
  // Arabia.
  mec: { seeds: [[39.8, 21.4], [39.6, 24.5], [36.9, 27.5], [35.8, 28.8]] },
  ara: { seeds: [[46.7, 24.7], [44.0, 27.0], [49.5, 26.0], [43.0, 18.2], [48.0, 20.0], [51.2, 25.3], [40.5, 29.5]] },
  ade: { seeds: [[44.5, 14.0], [43.3, 15.3], [45.0, 12.9]] },
  yem: { seeds: [[49.0, 15.5], [48.0, 14.5], [51.5, 16.5]] },
  oma: { seeds: [[57.5, 22.5], [58.4, 23.6], [55.0, 24.0], [54.0, 17.5]] },
  // Africa.
  mor: { seeds: [[-6.0, 32.5], [-5.5, 35.0], [-9.0, 29.5], [-3.0, 33.5]] },
  mal: { seeds: [[-11.0, 20.0], [-14.0, 16.0], [-7.0, 17.0], [-13.0, 24.0], [-10.0, 13.5]] },
  alg: { seeds: [[3.0, 36.3], [0.0, 35.3], [6.0, 35.5], [3.0, 33.5], [7.5, 36.5]] },
  tun: { seeds: [[9.6, 35.5], [10.0, 33.8]] },
  trp: { seeds: [[13.2, 32.5], [15.0, 31.0], [11.5, 31.0]] },
  cyr: { seeds: [[20.5, 31.0], [22.5, 31.5], [23.0, 29.0], [19.0, 30.0], [21.5, 32.3]] },
  egy: { seeds: [[31.2, 30.0], [31.5, 26.5], [28.0, 27.0], [33.8, 29.5], [33.0, 24.0]] },
  sah: { seeds: [[3.0, 23.0], [0.0, 18.0], [8.0, 17.0], [-2.0, 13.0], [8.0, 29.5], [12.0, 15.5], [5.0, 27.0]] },
  fez: { seeds: [[14.0, 25.0], [17.0, 24.0], [11.0, 26.0], [20.0, 22.0]] },
  cen: { seeds: [[19.0, 12.0], [20.5, 7.0], [16.5, 15.0], [22.0, 17.0], [24.0, 6.0]] },
  sud: { seeds: [[32.5, 15.6], [30.0, 13.0], [31.0, 8.0], [36.5, 19.0], [28.0, 17.0], [33.0, 5.0]] },
  eth: { seeds: [[38.7, 9.0], [39.5, 14.0], [39.0, 15.5], [42.4, 11.3], [40.0, 6.0], [36.0, 7.5]] },
  awd: { seeds: [[45.0, 9.9], [44.0, 10.3], [47.0, 10.5]] },
  mog: { seeds: [[45.3, 2.1], [47.0, 5.0], [49.0, 9.0], [50.3, 11.0], [43.0, 3.0]] },
  ken: { seeds: [[37.5, 0.0], [39.5, -3.3], [36.0, 2.5], [40.0, 2.0]] },
  // India.
  afg: { seeds: [[66.0, 34.0], [63.0, 33.0], [69.0, 36.0]] },
  sid: { seeds: [[68.5, 26.0], [67.0, 25.0], [70.0, 28.5], [65.0, 27.0]] },
  kas: { seeds: [[74.5, 33.8], [72.5, 31.5], [75.5, 31.0], [71.5, 34.5]] },
  del: { seeds: [[77.5, 28.5], [75.0, 26.5], [79.0, 25.0], [79.0, 29.5]] },
  nep: { seeds: [[84.0, 28.2], [82.0, 29.0]] },
  cal: { seeds: [[88.0, 23.5], [86.0, 25.5], [90.5, 24.0], [93.0, 26.0], [85.0, 21.0]] },
  bom: { seeds: [[73.5, 19.5], [72.0, 22.5], [74.5, 16.0], [70.5, 22.0]] },
  dec: { seeds: [[78.0, 18.5], [80.5, 21.5], [77.0, 22.5]] },
  mad: { seeds: [[79.0, 12.5], [76.5, 10.5], [80.5, 16.0], [77.5, 8.5]] },
  cey: { seeds: [[80.7, 7.5]] },
  // Central Asia, Tibet and China.
  tur: { seeds: [[60.0, 40.0], [66.0, 42.0], [70.0, 47.0], [58.0, 47.0], [75.0, 44.0], [78.0, 49.0], [55.0, 41.0]] },
  tib: { seeds: [[88.0, 31.5], [82.0, 33.0], [95.0, 31.0], [74.5, 38.5], [71.0, 38.8], [78.5, 34.5]] },
  xin: { seeds: [[85.0, 42.0], [80.0, 40.0], [88.0, 46.0], [93.0, 40.0], [92.0, 43.5]] },
  mon: { seeds: [[103.0, 47.0], [95.0, 47.5], [110.0, 46.0], [114.0, 47.5]] },
  inn: { seeds: [[112.0, 42.0], [106.0, 40.5], [117.0, 43.5], [100.0, 40.5], [98.0, 42.0]] },
  man: { seeds: [[126.0, 45.0], [124.0, 42.5], [122.0, 40.8], [128.0, 47.0], [123.0, 49.0], [119.5, 49.5]] },
  kor: { seeds: [[127.0, 39.0], [128.0, 36.0], [129.5, 41.5], [126.8, 35.2], [129.7, 42.0], [129.0, 40.5], [128.0, 38.0]] },
  pek: { seeds: [[116.4, 39.9], [117.7, 39.2], [115.5, 40.8], [119.0, 39.9]] },
  heb: { seeds: [[115.0, 37.5], [118.0, 36.3], [114.0, 35.0], [119.3, 34.5], [117.0, 34.0], [118.5, 37.5]] },
  tsi: { seeds: [[120.4, 36.3], [121.0, 37.0], [121.8, 37.2], [120.2, 37.0]] },
  qin: { seeds: [[104.0, 35.0], [108.9, 34.3], [100.0, 37.0], [97.0, 36.0], [104.0, 31.0], [112.0, 37.5], [96.0, 37.5]] },
  sha: { seeds: [[120.5, 31.5], [119.0, 31.0], [120.0, 29.0], [118.0, 26.0], [119.5, 27.5]] },
  wuh: { seeds: [[114.3, 30.6], [112.0, 28.0], [116.0, 28.5], [116.8, 31.8], [110.0, 31.0]] },
  gua: { seeds: [[113.3, 23.1], [110.0, 23.5], [116.0, 24.0], [108.3, 22.8]] },
  yun: { seeds: [[102.7, 25.0], [106.7, 26.6], [104.0, 28.0], [100.0, 27.5]] },
  // South-east Asia and the islands.
  bum: { seeds: [[96.0, 21.0], [96.0, 17.0], [98.9, 12.0], [97.0, 25.0], [94.0, 20.0], [98.2, 15.0]] },
  tha: { seeds: [[100.5, 14.5], [101.5, 17.0], [99.0, 18.5], [99.2, 9.5], [103.5, 15.5], [99.5, 11.5], [99.8, 12.8]] },
  lao: { seeds: [[102.5, 19.5], [105.0, 16.5], [102.0, 20.8]] },
  cam: { seeds: [[104.9, 12.0], [103.5, 13.0], [106.5, 13.0]] },
  sai: { seeds: [[106.6, 10.8], [105.5, 9.7], [107.5, 11.5]] },
  ann: { seeds: [[108.2, 16.0], [108.5, 13.5], [106.5, 17.5]] },
  vit: { seeds: [[105.8, 21.0], [104.0, 22.0], [106.0, 20.5]] },
  sig: { seeds: [[101.7, 3.1], [103.8, 1.4], [100.5, 5.5], [102.3, 5.5]] },
  sum: { seeds: [[101.5, -0.5], [98.5, 3.0], [104.0, -3.5], [96.0, 4.5]] },
  jav: { seeds: [[110.0, -7.3], [107.0, -6.9], [113.0, -7.8], [115.1, -8.4], [116.3, -8.6], [117.5, -8.8], [118.7, -8.6], [121.0, -8.6]] },
  bor: { seeds: [[114.0, 0.5], [116.5, 4.5], [112.0, -2.0], [110.5, 1.5]] },
  phi: { seeds: [[121.0, 16.5], [121.3, 14.0], [121.0, 13.0], [122.5, 11.0], [123.0, 10.0], [123.9, 10.3], [124.9, 11.0], [125.0, 12.0], [125.0, 7.5], [123.5, 7.8], [118.7, 9.7]] },
  for: { seeds: [[121.0, 23.7]] },
  // Japan.
  sap: { seeds: [[142.8, 43.4], [141.3, 43.0], [144.5, 43.3]] },
  aki: { seeds: [[140.5, 40.0], [140.8, 38.5], [141.2, 40.8]] },
  tok: { seeds: [[139.7, 35.9], [140.2, 36.5], [139.3, 35.6]] },
  shi: { seeds: [[138.2, 35.1], [137.2, 35.0], [138.0, 36.0]] },
  osa: { seeds: [[135.6, 34.4], [135.8, 33.8], [133.5, 33.8], [132.8, 33.4], [132.15, 33.4], [135.3, 34.75], [135.5, 34.65]] },
  kyo: { seeds: [[135.7, 35.1], [137.0, 36.5], [138.8, 37.5], [133.0, 35.0], [131.5, 34.3], [133.5, 34.6]] },
  kag: { seeds: [[130.6, 32.3], [131.0, 33.3], [130.5, 33.5], [131.5, 32.5], [131.6, 33.2], [131.45, 32.0], [131.7, 33.05]] },
  // Seas of Europe.
  nao: { seeds: [[-22.0, 58.0], [-18.0, 61.0], [-12.0, 56.5], [-9.5, 58.0], [-13.0, 52.5], [-7.5, 56.2], [-20.0, 52.0], [-5.45, 55.0], [-25.9, 52.0], [-25.9, 63.0], [-21.0, 58.0]] },
  noi: { seeds: [[-2.0, 66.0], [6.0, 65.0], [-10.0, 66.5], [-4.0, 61.8], [1.5, 62.0], [-3.6, 59.4], [12.0, 69.5], [17.0, 70.5], [-15.0, 70.0]] },
  bar: { seeds: [[40.0, 71.0], [30.0, 71.5], [50.0, 70.5], [36.0, 69.8], [39.5, 65.8], [55.0, 69.5]] },
  not: { seeds: [[3.0, 56.0], [1.5, 53.8], [4.0, 58.5], [0.0, 58.0], [3.0, 52.5], [7.0, 56.3]] },
  hel: { seeds: [[7.6, 54.0], [8.1, 54.5]] },
  ska: { seeds: [[9.5, 57.8], [11.0, 57.6]] },
  bal: { seeds: [[18.5, 56.0], [20.0, 57.8], [18.0, 55.0], [19.0, 58.5], [14.0, 55.0], [23.5, 57.6]] },
  gob: { seeds: [[20.0, 62.0], [21.0, 64.0], [24.0, 59.8], [21.0, 60.0], [27.5, 60.0]] },
  eng: { seeds: [[-4.0, 49.8], [-1.2, 50.2], [1.5, 50.8]] },
  iri: { seeds: [[-5.0, 53.6], [-6.0, 51.8]] },
  mid: { seeds: [[-15.0, 45.0], [-13.0, 40.0], [-20.0, 43.0], [-10.0, 48.0], [-11.0, 36.5], [-7.0, 36.2], [-5.0, 45.5], [-3.0, 44.2], [-6.5, 47.5], [-11.5, 51.0], [-25.9, 37.0], [-25.9, 47.0], [-21.0, 42.0]] },
  sao: { seeds: [[-20.0, 28.0], [-18.0, 22.0], [-20.0, 15.0], [-17.0, 10.0], [-10.0, 5.0], [-15.0, 33.0], [-29.9, 13.0], [-29.9, 27.0], [-22.0, 20.0], [-29.9, 33.0], [-29.9, 5.0]] },
  wms: { seeds: [[3.0, 38.0], [6.0, 38.5], [0.0, 37.5], [5.0, 37.5], [-4.0, 36.2]] },
  gol: { seeds: [[4.0, 42.5], [5.0, 41.0], [3.3, 41.5], [8.0, 43.0], [9.8, 43.6]] },
  tyh: { seeds: [[12.0, 40.0], [13.5, 39.0], [10.5, 39.0], [11.0, 37.5], [12.0, 41.2], [8.5, 38.2]] },
  ion: { seeds: [[19.0, 38.0], [18.0, 36.0], [20.0, 39.5], [21.0, 36.0], [16.0, 34.0], [13.0, 34.5], [20.0, 33.0]] },
  ems: { seeds: [[30.0, 34.0], [33.0, 35.5], [27.0, 34.5], [34.5, 33.2], [26.0, 32.5]] },
  aeg: { seeds: [[25.0, 38.5], [24.8, 40.0], [25.0, 36.5]] },
  adr: { seeds: [[15.0, 43.0], [17.8, 42.0], [13.2, 44.8], [19.0, 41.3]] },
  bla: { seeds: [[31.0, 43.5], [35.0, 43.0], [38.0, 42.5], [30.0, 45.0]] },
  // Seas of the Middle East and the Indian Ocean.
  red: { seeds: [[36.0, 24.0], [34.5, 27.0], [38.0, 21.5], [40.0, 18.0], [42.0, 15.0], [33.0, 28.9], [34.7, 28.8]] },
  goa: { seeds: [[47.0, 12.5], [50.0, 13.0], [44.0, 12.2], [52.0, 12.5], [52.5, 9.0]] },
  hor: { seeds: [[44.0, -2.0], [48.0, 0.0], [42.0, -4.5], [47.0, 2.5]] },
  psg: { seeds: [[51.0, 27.0], [49.5, 28.8], [53.0, 25.5], [56.0, 26.3], [57.5, 25.0]] },
  ars: { seeds: [[64.0, 18.0], [60.0, 15.0], [66.0, 22.0], [68.0, 12.0], [61.0, 22.0], [57.0, 16.0]] },
  wio: { seeds: [[60.0, 5.0], [65.0, 0.0], [55.0, -5.0], [70.0, 5.0], [74.0, 5.0], [75.5, 8.5], [70.0, -5.0], [53.5, -8.5], [70.5, -8.5], [62.0, -6.0], [79.0, 7.0]] },
  eio: { seeds: [[85.0, 5.0], [90.0, 0.0], [95.0, -5.0], [82.0, 3.0], [100.0, -8.0], [108.0, -10.0], [86.5, -8.5], [103.5, -8.5], [95.0, -6.0], [80.2, 10.0], [82.5, 7.5]] },
  bay: { seeds: [[88.0, 17.0], [85.0, 14.0], [90.0, 20.0], [82.0, 16.0]] },
  and: { seeds: [[96.0, 10.0], [94.0, 13.0], [97.5, 7.5], [98.5, 4.5]] },
  // Seas of the Far East.
  jvs: { seeds: [[110.0, -4.5], [107.0, -3.0], [113.5, -4.5], [104.5, 0.5], [101.3, 2.3]] },
  guh: { seeds: [[102.0, 10.0], [103.0, 7.0], [101.0, 12.5], [106.0, 5.0], [108.5, 4.5]] },
  scs: { seeds: [[114.0, 15.0], [112.0, 10.0], [117.0, 19.0], [118.0, 12.0], [110.0, 17.5], [119.0, 23.5], [115.0, 7.0], [123.0, 12.8], [124.3, 12.0], [123.9, 12.5]] },
  goo: { seeds: [[107.5, 20.5], [108.0, 19.2]] },
  cel: { seeds: [[122.0, 4.0], [120.0, 8.0], [118.3, -1.0], [121.0, -6.5], [123.0, 1.5], [119.0, -7.5], [117.0, -6.5], [124.0, 9.5]] },
  tim: { seeds: [[125.0, -11.0], [130.0, -10.0], [135.0, -9.5], [117.5, -10.5], [121.5, -9.3], [121.0, -10.5], [131.0, -8.5]] },
  spo: { seeds: [[140.0, 25.0], [135.0, 30.0], [145.0, 20.0], [130.0, 15.0], [130.0, 5.0], [140.0, 0.0], [150.0, 30.0], [165.9, 13.0], [165.9, 27.0], [158.5, 20.0], [158.0, -5.0], [165.9, 32.0], [127.0, 11.0], [125.8, 11.8]] },
  ecs: { seeds: [[125.0, 30.0], [123.0, 27.0], [128.0, 33.0], [124.0, 32.5], [128.0, 28.0], [123.0, 22.0], [123.5, 19.5], [122.0, 20.5], [122.5, 35.5], [124.8, 14.3], [124.5, 16.0], [124.9, 13.1]] },
  yel: { seeds: [[122.0, 38.5], [120.0, 39.0], [123.5, 37.5], [124.0, 38.5]] },
  soj: { seeds: [[135.0, 40.0], [132.0, 38.0], [138.0, 43.0], [130.5, 36.0], [140.0, 46.5], [130.5, 34.5], [140.0, 43.2]] },
  soo: { seeds: [[150.0, 55.0], [145.0, 53.0], [148.0, 50.0], [143.5, 54.5]] },
  npo: { seeds: [[150.0, 42.0], [155.0, 47.0], [147.0, 38.0], [145.5, 43.0], [143.0, 44.7], [142.2, 45.6], [160.0, 52.0], [158.0, 40.0], [165.9, 38.0], [165.9, 52.0], [159.0, 45.0]] },
  // The boxes at the board's edges, each a bay of its own sea (whose seeds surround it):
  // A, B and C on the Atlantic edge, D and E on the Pacific edge, F south of the Timor
  // Sea, G and H on the southern edge of the Indian Ocean.
  bxa: { seeds: [[-29.9, 58.0], [-28.5, 58.0], [-29.9, 56.5], [-29.9, 59.3]] },
  bxb: { seeds: [[-29.9, 42.0], [-28.5, 42.0], [-29.9, 40.5], [-29.9, 43.5]] },
  bxc: { seeds: [[-29.9, 20.0], [-28.0, 20.0], [-29.9, 18.0], [-29.9, 22.0]] },
  bxd: { seeds: [[165.9, 45.0], [164.5, 45.0], [165.9, 43.5], [165.9, 46.5]] },
  bxe: { seeds: [[165.9, 20.0], [164.0, 20.0], [165.9, 18.0], [165.9, 22.0]] },
  bxf: { seeds: [[125.0, -11.95], [125.0, -11.3], [123.5, -11.95], [126.5, -11.95]] },
  bxg: { seeds: [[62.0, -11.95], [62.0, -10.8], [60.0, -11.95], [64.0, -11.95]] },
  bxh: { seeds: [[95.0, -11.95], [95.0, -10.8], [93.0, -11.95], [97.0, -11.95]] },
};

// Land that is no province: Africa south of the board's provinces (claimed by country),
// and islands no province takes (Iceland, Corsica, Sardinia, Crete, Cyprus, Hainan,
// Sulawesi, New Guinea, northern Australia).
const OFF_AFRICA = [
  'Guinea', 'Guinea-Bissau', 'Sierra Leone', 'Liberia', "Côte d'Ivoire", 'Ghana', 'Togo', 'Benin', 'Nigeria', 'Cameroon',
  'Eq. Guinea', 'Gabon', 'Congo', 'Dem. Rep. Congo', 'Angola', 'Zambia', 'Malawi', 'Mozambique', 'Tanzania',
  'Burundi', 'Rwanda', 'Uganda',
];
export const IMPASSABLE = [{ name: 'Land off the board', rest: true, countries: OFF_AFRICA, seeds: [] }];

// Anchors set by hand where the automatic ones read badly ([longitude, latitude]).
export const OVERRIDES = {
  // The Kra Isthmus is too narrow for both coasts' fleets: the east coast's stands on
  // the Gulf of Thailand by Bangkok, the west coast's on the Andaman Sea by Phuket.
  tha: { coasts: { ec: [100.8, 13.9], wc: [98.8, 9.0] } },
  // Albania's centre mark below its unit, off the corner where Greece's name is written.
  alb: { centre: [20.05, 40.35] },
};
