// The Cold War map's provinces (godip's Cold War: NATO against the USSR around the world)
// as seed points ([longitude, latitude]) and the Natural Earth countries whose land each
// may take. Each land pixel goes to the nearest seed of a province claiming its country
// (on the same landmass where one is: LAND 'nearest'); each sea pixel to the sea seed
// nearest by a path through water. Chosen for this project from a modern map and the
// game's borders (variants/cold_war.ron); no other map's art was used.
//
// The seam: Miller's cylindrical projection about 11°E cuts the world at 169°W, in the
// Bering Strait and on down the open Pacific. The Bering Sea, the Arctic Ocean and the
// East Pacific cross that line: each is drawn on both edges of the board (seeds on both
// sides), so every border they have is drawn on one side or the other and none is lost.

export const TITLE = 'Cold War';

export const PROJECTION = { kind: 'miller', centre: 11 };

const SEAM = 11 - 180;
export const FRAME = {
  points: [
    [SEAM + 0.001, 84.5],
    [SEAM - 0.001, 84.5],
    [SEAM + 0.001, -39],
    [SEAM - 0.001, -39],
  ],
  // Local enlargements: centre, radius (degrees of latitude), strength (Europe, the
  // Balkans and the Near East, Korea, Central America hold small provinces).
  bumps: [
    { centre: [12, 50], radius: 9, strength: 0.9 },
    { centre: [24, 41], radius: 5, strength: 0.4 },
    { centre: [38, 35], radius: 7, strength: 0.4 },
    { centre: [127, 38], radius: 4, strength: 0.6 },
    { centre: [-84, 14], radius: 6, strength: 0.5 },
  ],
  width: 2600,
  resolution: 1,
  tolerance: 0.8,
  minBorder: 3,
  unitRadius: 11,
};

export const COLOURS = {
  NATO: '#2b5fbf',
  USSR: '#c0392b',
};

// Water filled as land, so that the provinces on its shores meet as the game has them.
export const FILLS = [
  // Denmark and Sweden across the Sound and the Belts (the North Sea and the Baltic do not meet).
  { country: 'Denmark', polygon: [[12.35, 56.15], [12.85, 56.15], [13.05, 55.35], [12.4, 55.35], [12.35, 56.15]] },
  { country: 'Denmark', polygon: [[10.6, 56.0], [11.3, 55.95], [11.3, 55.0], [10.6, 55.0], [10.6, 56.0]] },
  { country: 'Denmark', polygon: [[9.45, 55.75], [10.1, 55.75], [10.1, 54.95], [9.45, 54.95], [9.45, 55.75]] },
  // Denmark and East Germany across the Kadet Channel (West Germany keeps off the Baltic).
  { country: 'Denmark', polygon: [[11.0, 54.25], [12.6, 54.25], [12.6, 54.75], [11.0, 54.75], [11.0, 54.25]] },
  // Istanbul across the Bosporus and the Dardanelles.
  { country: 'Turkey', polygon: [[26.0, 39.95], [26.5, 40.7], [27.0, 41.0], [29.0, 41.3], [29.35, 41.3], [29.95, 40.75], [29.5, 40.15], [27.5, 40.2], [26.3, 39.9], [26.0, 39.95]] },
  // Italy across Messina (Sicily is Italy's).
  { country: 'Italy', polygon: [[15.45, 37.9], [15.75, 37.9], [15.75, 38.3], [15.45, 38.3], [15.45, 37.9]] },
  // Australia and Indonesia (New Guinea) across the Torres Strait.
  { country: 'Australia', polygon: [[141.5, -10.9], [143.2, -10.9], [143.2, -9.0], [141.5, -9.0], [141.5, -10.9]] },
  // Japan across the Tsugaru Strait (the Sea of Japan and the West Pacific do not meet).
  { country: 'Japan', polygon: [[140.0, 41.1], [141.6, 41.1], [141.6, 41.8], [140.0, 41.8], [140.0, 41.1]] },
  // Egypt and Arabia across the Strait of Tiran.
  { country: 'Egypt', polygon: [[34.2, 27.7], [35.0, 27.7], [35.0, 28.3], [34.2, 28.3], [34.2, 27.7]] },
];

// Borders drawn otherwise than the game has them, each with its reason.
export const EXCEPTIONS = [
  { between: ['eat', 'inc'], drawn: 'touching', reason: 'south of the Cape of Good Hope, where the board has no sea of its own: the East Atlantic and the Indian Ocean meet there' },
  { between: ['ban', 'pak'], drawn: 'touching', reason: 'in the Himalaya: India, which the game keeps from China, cannot also part Kashmir (Pakistan) from Uttarakhand and Nepal (Bangladesh); drawn meeting' },
  { between: ['inc', 'scs'], drawn: 'touching', reason: 'among the islands of Indonesia, whose straits the game treats as closed: the Indian Ocean and the South China Sea meet in the Java Sea' },
  { between: ['inc', 'wpa'], drawn: 'touching', reason: 'among the islands of Indonesia, whose straits the game treats as closed: the Indian Ocean and the West Pacific meet in the Banda and Molucca Seas' },
  { between: ['scs', 'wpa'], drawn: 'touching', reason: 'between the Philippines and Indonesia, whose straits the game treats as closed: the South China Sea and the West Pacific meet in the Celebes Sea' },
  { between: ['ins', 'phi'], drawn: 'apart', reason: 'the Sulu and Celebes Seas between Borneo and Mindanao, which armies cross in the game' },
];

const US = ['United States of America'];
const CA = ['Canada'];
const RU = ['Russia'];
const CN = ['China'];
const IN = ['India'];
export const PROVINCES = {
  // North America.
  ala: { countries: US, seeds: [[-150.0, 61.5], [-155.0, 66.0], [-158.0, 59.0], [-134.5, 58.0], [-130.5, 56.0]] },
  wca: { countries: CA, seeds: [[-123.5, 53.0], [-114.0, 56.0], [-135.0, 63.0], [-115.0, 64.0], [-100.0, 57.0], [-97.0, 53.0], [-88.0, 67.0], [-95.0, 63.0]] },
  tor: { countries: CA, seeds: [[-77.0, 47.5], [-85.0, 49.0], [-84.0, 53.5]] },
  que: { countries: [...CA, 'St. Pierre and Miquelon'], seeds: [[-72.0, 47.5], [-71.0, 52.0], [-65.5, 46.3], [-56.0, 48.5], [-62.0, 54.0], [-72.0, 58.5]] },
  los: { countries: US, seeds: [[-119.5, 36.5], [-121.0, 45.0], [-116.0, 40.0]] },
  mid: { countries: US, seeds: [[-95.0, 42.0], [-105.0, 44.0], [-87.0, 42.0], [-77.0, 42.5], [-82.0, 41.0]] },
  sow: { countries: US, seeds: [[-99.0, 31.0], [-108.0, 34.0], [-95.5, 29.8]] },
  flo: { countries: US, seeds: [[-82.0, 28.5], [-84.5, 33.5], [-88.5, 32.0]] },
  nyk: { countries: US, seeds: [[-72.0, 42.5], [-77.5, 40.0]] },
  mex: { countries: ['Mexico'], seeds: [[-102.0, 23.5], [-99.0, 19.5], [-89.5, 20.0], [-112.0, 29.0]] },
  cen: { countries: ['Guatemala', 'Belize', 'El Salvador', 'Honduras', 'Nicaragua', 'Costa Rica'], seeds: [[-90.0, 15.5], [-86.0, 13.5]] },
  pan: { countries: ['Panama'], seeds: [[-80.0, 8.5]] },
  hav: { countries: ['Cuba'], seeds: [[-79.0, 22.0]] },
  grd: { countries: ['Greenland'], seeds: [[-42.0, 72.0], [-45.0, 64.0], [-35.0, 79.0]] },
  // South America.
  col: { countries: ['Colombia', 'Ecuador', 'Peru', 'Chile'], seeds: [[-74.0, 4.5], [-78.5, -1.5], [-75.5, -10.0], [-70.5, -30.0]] },
  ven: { countries: ['Venezuela', 'Guyana', 'Suriname', 'France'], seeds: [[-66.0, 8.0], [-58.5, 5.0], [-53.0, 4.0]] },
  bra: { countries: ['Brazil', 'Bolivia', 'Paraguay', 'Uruguay', 'Argentina'], seeds: [[-50.0, -10.0], [-60.0, -5.0], [-45.0, -20.0], [-63.0, -30.0], [-64.0, -17.0]] },
  // Europe.
  lon: { countries: ['United Kingdom', 'Ireland', 'Isle of Man'], seeds: [[-1.5, 52.5], [-4.0, 56.5], [-8.0, 53.2]] },
  spa: { countries: ['Spain', 'Portugal', 'Andorra'], seeds: [[-3.7, 40.4], [-8.0, 39.5]] },
  par: { countries: ['France', 'Monaco'], seeds: [[2.3, 48.5], [0.0, 45.5], [5.0, 45.0], [9.1, 42.2]] },
  wge: { countries: ['Germany', 'Belgium', 'Netherlands', 'Luxembourg'], seeds: [[8.5, 50.5], [9.8, 53.3], [11.0, 48.8], [4.8, 51.5]] },
  ege: { countries: ['Germany', 'Poland', 'Czechia', 'Slovakia', 'Russia'], seeds: [[13.0, 52.3], [19.5, 52.2], [15.3, 49.8], [19.5, 48.7], [21.0, 54.6]] },
  den: { countries: ['Denmark'], seeds: [[9.2, 56.2], [12.0, 55.5]] },
  noy: { countries: ['Norway'], seeds: [[10.5, 60.5], [8.0, 62.0], [14.0, 66.0], [20.0, 69.2], [24.5, 69.5]] },
  swe: { countries: ['Sweden'], seeds: [[15.0, 59.0], [17.0, 63.0], [20.0, 66.5]] },
  fin: { countries: ['Finland', 'Åland'], seeds: [[26.0, 62.5], [25.5, 66.5]] },
  ita: { countries: ['Italy', 'San Marino', 'Vatican', 'Malta'], seeds: [[11.0, 45.2], [12.5, 42.0], [15.5, 40.5], [14.0, 37.5], [9.0, 40.0]] },
  yug: { countries: ['Croatia', 'Slovenia', 'Bosnia and Herz.', 'Montenegro', 'Serbia', 'Kosovo', 'Macedonia', 'Austria', 'Liechtenstein', 'Hungary'], seeds: [[17.8, 44.2], [20.8, 44.0], [14.3, 47.6], [19.2, 47.2], [15.8, 45.6]] },
  alb: { countries: ['Albania'], seeds: [[20.0, 41.2]] },
  grc: { countries: ['Greece'], seeds: [[22.0, 39.5], [22.4, 37.6], [24.9, 35.2], [23.5, 40.9]] },
  ukr: { countries: ['Ukraine', 'Moldova', 'Romania', 'Bulgaria'], seeds: [[31.0, 49.5], [35.0, 47.5], [25.0, 45.6], [25.0, 42.7]] },
  ist: { countries: ['Turkey'], seeds: [[28.2, 41.3], [29.5, 40.4], [27.5, 38.6], [32.8, 39.9], [31.0, 37.5], [35.5, 37.2]] },
  // The Soviet Union.
  len: { countries: [...RU, 'Estonia', 'Latvia', 'Lithuania'], seeds: [[30.5, 59.5], [34.5, 68.0], [42.0, 64.5], [25.5, 57.5], [24.0, 55.5], [50.0, 64.5]] },
  mos: { countries: [...RU, 'Belarus'], seeds: [[37.6, 55.7], [28.0, 53.5], [45.0, 56.5]] },
  cau: { countries: [...RU, 'Georgia', 'Azerbaijan'], seeds: [[40.0, 47.0], [44.5, 51.0], [44.0, 43.5], [47.5, 40.5], [43.5, 42.0]] },
  ura: { countries: [...RU, 'Kazakhstan', 'Uzbekistan', 'Turkmenistan', 'Tajikistan', 'Kyrgyzstan'], seeds: [[60.5, 56.5], [65.0, 65.0], [70.0, 50.0], [62.0, 41.0], [72.0, 39.0], [56.0, 52.0], [75.0, 71.0]] },
  sib: { countries: RU, seeds: [[90.0, 60.0], [104.3, 52.3], [100.0, 72.0], [85.0, 55.0], [125.0, 62.0], [120.0, 71.0], [115.0, 55.0]] },
  vla: { countries: [...RU, ...CN], seeds: [[136.0, 49.0], [132.0, 44.0], [142.7, 50.0], [128.0, 52.5], [130.5, 42.9]] },
  kam: { countries: RU, seeds: [[159.5, 54.0], [150.8, 59.6], [165.0, 66.0], [145.0, 65.0], [175.0, 65.5]] },
  // Asia.
  arm: { countries: ['Turkey', 'Armenia'], seeds: [[40.2, 37.9], [40.0, 40.5], [42.5, 39.2], [44.8, 40.2]] },
  lev: { countries: ['Syria', 'Lebanon', 'Israel', 'Palestine', 'Jordan'], seeds: [[38.5, 35.0], [36.0, 33.5], [35.0, 31.5], [36.5, 31.0]] },
  irq: { countries: ['Iraq', 'Kuwait'], seeds: [[44.0, 33.0], [47.5, 30.5]] },
  irn: { countries: ['Iran'], seeds: [[53.0, 33.0], [48.0, 35.0], [58.0, 30.0]] },
  ara: { countries: ['Saudi Arabia', 'Yemen', 'Oman', 'United Arab Emirates', 'Qatar', 'Bahrain'], seeds: [[45.0, 24.0], [39.8, 21.4], [48.0, 15.5], [56.0, 21.0], [38.0, 27.0]] },
  afg: { countries: ['Afghanistan'], seeds: [[66.0, 33.5], [63.0, 34.5]] },
  pak: { countries: ['Pakistan', 'Afghanistan', 'Siachen Glacier', ...IN], seeds: [[69.0, 27.0], [72.5, 32.0], [72.5, 36.5], [72.8, 37.0], [77.5, 34.3], [77.2, 32.2]] },
  ind: { countries: [...IN, 'Sri Lanka'], seeds: [[78.0, 22.0], [77.0, 13.0], [80.5, 26.0], [73.5, 27.0], [80.7, 7.7], [86.0, 22.5]] },
  ban: { countries: ['Bangladesh', 'Nepal', 'Bhutan', ...IN], seeds: [[90.3, 23.8], [84.0, 28.2], [79.3, 30.2], [88.5, 27.3], [90.5, 27.4], [92.5, 26.2], [94.5, 27.8], [93.5, 24.5]] },
  sea: { countries: ['Myanmar', 'Thailand', 'Laos', 'Cambodia', 'Malaysia', 'Singapore'], seeds: [[96.0, 21.0], [100.5, 15.0], [102.5, 19.5], [104.5, 12.5], [101.5, 4.0], [97.5, 25.5], [99.2, 15.5], [100.5, 7.0]] },
  nvi: { countries: ['Vietnam'], seeds: [[105.8, 21.0], [106.5, 17.5]] },
  sai: { countries: ['Vietnam'], seeds: [[106.7, 10.8], [108.2, 13.5]] },
  wch: { countries: CN, seeds: [[85.0, 41.0], [88.0, 32.0], [96.0, 36.0], [78.0, 38.0], [100.0, 30.0]] },
  sha: { countries: [...CN, 'Taiwan', 'Hong Kong', 'Macao'], seeds: [[117.0, 31.0], [113.0, 24.0], [108.0, 31.0], [113.0, 36.0], [102.7, 25.0], [121.0, 23.7], [106.0, 26.0], [99.0, 27.8]] },
  man: { countries: CN, seeds: [[125.0, 45.0], [123.4, 41.8], [120.5, 48.5], [118.5, 42.5]] },
  mon: { countries: ['Mongolia'], seeds: [[105.0, 47.0], [96.0, 47.5], [112.0, 46.5]] },
  nko: { countries: ['North Korea'], seeds: [[126.8, 40.0], [128.5, 41.5]] },
  seo: { countries: ['South Korea'], seeds: [[127.8, 36.5]] },
  jap: { countries: ['Japan'], seeds: [[139.7, 36.0], [133.0, 34.6], [142.6, 43.3], [130.8, 32.6]] },
  phi: { countries: ['Philippines'], seeds: [[121.0, 15.5], [124.5, 8.0]] },
  ins: { countries: ['Indonesia', 'Malaysia', 'Brunei', 'Timor-Leste', 'Papua New Guinea'], seeds: [[102.0, -0.5], [110.0, -7.3], [114.0, 0.5], [121.0, -2.0], [138.0, -4.5], [144.0, -6.0], [112.5, 2.5]] },
  aus: { countries: ['Australia'], seeds: [[134.0, -25.0], [145.0, -20.0], [120.0, -25.0], [146.0, -35.0]] },
  // Africa.
  naf: { countries: ['Morocco', 'Algeria', 'W. Sahara'], seeds: [[-6.0, 32.0], [3.0, 29.0], [3.0, 36.0], [-12.0, 25.0]] },
  tun: { countries: ['Tunisia'], seeds: [[9.5, 34.5]] },
  lib: { countries: ['Libya'], seeds: [[17.0, 27.0], [13.2, 32.0], [20.5, 31.5]] },
  egy: { countries: ['Egypt'], seeds: [[30.0, 27.0], [31.3, 30.0], [33.8, 29.5]] },
  eaf: { countries: ['Sudan', 'S. Sudan', 'Eritrea', 'Ethiopia', 'Djibouti', 'Somalia', 'Somaliland', 'Kenya'], seeds: [[30.0, 15.0], [39.0, 9.0], [45.0, 6.0], [37.5, 0.5], [30.0, 7.0]] },
  // The seas.
  arc: { seeds: [[0.0, 84.0], [60.0, 84.0], [120.0, 80.0], [170.0, 75.0], [-160.0, 73.0], [-120.0, 78.0], [-80.0, 83.0], [60.0, 76.0], [90.0, 78.0], [150.0, 77.5], [-168.0, 68.0]] },
  nws: { seeds: [[0.0, 68.0], [-8.0, 72.0], [15.0, 76.0], [35.0, 72.0], [50.0, 72.0], [-10.0, 62.0], [-12.0, 66.0], [-25.0, 68.0], [-35.0, 62.0]] },
  nts: { seeds: [[3.0, 56.0], [2.0, 53.0], [8.0, 57.7], [-1.0, 58.0]] },
  bal: { seeds: [[19.0, 57.0], [20.0, 62.5], [15.5, 55.0], [26.0, 59.8]] },
  eat: { seeds: [[-15.0, 45.0], [-5.0, 49.5], [-20.0, 30.0], [-20.0, 10.0], [-10.0, -10.0], [-15.0, 55.0], [0.0, -30.0]] },
  wat: { seeds: [[-45.0, 45.0], [-55.0, 30.0], [-40.0, 10.0], [-30.0, -20.0], [-60.0, 60.0], [-65.0, 72.0], [-70.0, 38.0], [-77.0, 30.0], [-47.0, 57.0]] },
  hud: { seeds: [[-85.0, 60.0], [-80.5, 53.0], [-78.0, 63.0], [-87.0, 62.0]] },
  car: { seeds: [[-75.0, 15.0], [-67.0, 14.5], [-82.0, 17.0], [-70.0, 20.5], [-80.5, 24.0], [-86.5, 19.5], [-87.3, 17.5]] },
  gom: { seeds: [[-90.0, 25.0], [-95.0, 21.0], [-85.0, 26.5]] },
  goa: { seeds: [[-145.0, 55.0], [-135.0, 50.0], [-128.0, 45.0]] },
  epa: { seeds: [[-125.0, 30.0], [-110.0, 15.0], [-100.0, 5.0], [-90.0, -10.0], [-120.0, -20.0], [-150.0, 20.0], [-90.0, -30.0], [-160.0, -30.0], [178.0, 10.0], [178.0, -20.0], [175.0, 35.0]] },
  ber: { seeds: [[-172.0, 58.0], [-165.0, 56.0], [-160.0, 52.0], [175.0, 58.0], [165.0, 52.0], [150.0, 55.0], [145.0, 47.0], [160.0, 45.0], [-168.5, 65.0]] },
  wpa: { seeds: [[150.0, 30.0], [140.0, 15.0], [160.0, 0.0], [155.0, -20.0], [130.0, 5.0], [145.0, 37.0], [165.0, 20.0]] },
  yel: { seeds: [[123.0, 36.0], [124.0, 30.0], [121.5, 28.0], [125.0, 24.0], [121.5, 20.5], [120.0, 39.5], [128.5, 33.5], [123.0, 11.5], [123.5, 10.5]] },
  soj: { seeds: [[135.0, 40.0], [138.0, 43.0], [130.5, 37.5]] },
  scs: { seeds: [[114.0, 14.0], [110.0, 9.0], [102.0, 11.5], [107.5, 20.0], [117.5, 22.0], [108.0, 3.0], [120.0, 10.0]] },
  bay: { seeds: [[88.0, 15.0], [92.0, 10.0], [96.5, 12.0], [95.0, 3.0], [98.5, 5.0], [105.0, -8.0]] },
  inc: { seeds: [[75.0, -20.0], [90.0, -30.0], [65.0, 0.0], [110.0, -30.0], [125.0, -15.0], [135.0, -10.0], [55.0, -20.0], [80.0, 0.0], [77.0, 5.0]] },
  arb: { seeds: [[64.0, 17.0], [68.0, 21.0], [60.0, 10.0], [51.0, 27.0], [58.0, 24.5], [70.0, 14.0]] },
  red: { seeds: [[38.0, 20.0], [44.5, 12.5], [48.0, 12.5]] },
  bla: { seeds: [[34.0, 43.5], [31.0, 45.5], [38.0, 42.5]] },
  eme: { seeds: [[28.0, 33.5], [33.5, 33.5], [25.0, 38.5], [24.0, 35.5]] },
  ion: { seeds: [[18.0, 36.5], [15.0, 43.0], [19.5, 40.0], [13.0, 44.5], [20.0, 33.5], [12.0, 34.0], [14.0, 35.5]] },
  wme: { seeds: [[5.0, 40.0], [10.8, 40.0], [3.0, 37.5], [13.0, 39.5], [-3.0, 36.2]] },
};

// Land no province holds, impassable: Switzerland, Africa south of the Sahara's provinces,
// the Canadian Arctic islands (between the Arctic Ocean, Hudson Bay and the West Atlantic),
// islands the game does not use.
export const IMPASSABLE = [
  { name: 'Switzerland', countries: ['Switzerland'] },
  {
    name: 'Africa',
    countries: [
      'Mauritania', 'Mali', 'Niger', 'Chad', 'Senegal', 'Gambia', 'Guinea-Bissau', 'Guinea', 'Sierra Leone', 'Liberia', "Côte d'Ivoire", 'Ghana',
      'Burkina Faso', 'Togo', 'Benin', 'Nigeria', 'Cameroon', 'Central African Rep.', 'Eq. Guinea', 'Gabon', 'Congo', 'Dem. Rep. Congo', 'Uganda',
      'Rwanda', 'Burundi', 'Tanzania', 'Angola', 'Zambia', 'Malawi', 'Mozambique', 'Zimbabwe', 'Botswana', 'Namibia', 'South Africa', 'Lesotho',
      'eSwatini', 'Madagascar',
    ],
    label: [20.0, 5.0],
  },
  { name: 'Canadian Arctic', countries: CA, seeds: [[-70.0, 67.0], [-80.0, 80.5], [-108.0, 71.0], [-121.0, 72.5], [-84.5, 64.2], [-80.0, 73.0], [-110.0, 75.5], [-95.0, 75.0], [-70.0, 64.5], [-77.5, 64.9], [-100.0, 73.0]] },
  {
    name: 'Islands',
    countries: [
      'Iceland', 'Faeroe Is.', 'Cyprus', 'N. Cyprus', 'Jamaica', 'Bahamas', 'Haiti', 'Dominican Rep.', 'Puerto Rico', 'Trinidad and Tobago', 'Falkland Is.', 'New Zealand',
      'Fiji', 'Vanuatu', 'New Caledonia', 'Solomon Is.', 'Samoa', 'Tonga', 'Fr. Polynesia', 'Kiribati', 'Micronesia', 'Marshall Is.', 'Palau', 'Guam',
      'N. Mariana Is.', 'Cook Is.', 'Niue', 'Nauru', 'Wallis and Futuna Is.', 'Pitcairn Is.', 'American Samoa', 'Norfolk Island', 'Mauritius', 'Comoros',
      'Seychelles', 'Maldives', 'Cabo Verde', 'São Tomé and Principe', 'Saint Helena', 'Br. Indian Ocean Ter.', 'Indian Ocean Ter.', 'Ashmore and Cartier Is.',
      'Bermuda', 'Cayman Is.', 'Turks and Caicos Is.', 'Aruba', 'Curaçao', 'Antigua and Barb.', 'Barbados', 'Grenada', 'St. Vin. and Gren.',
      'St. Kitts and Nevis', 'Montserrat', 'Anguilla', 'British Virgin Is.', 'U.S. Virgin Is.', 'Sint Maarten', 'St-Martin', 'St-Barthélemy', 'Dominica',
      'Saint Lucia', 'Fr. S. Antarctic Lands', 'Heard I. and McDonald Is.', 'S. Geo. and the Is.', 'Jersey', 'Guernsey',
      ...RU, 'Japan', ...US, 'France', 'Netherlands', 'Norway', ...IN, 'Portugal', 'United Kingdom', 'Greece', 'Spain',
    ],
    seeds: [
      [55.0, 73.5], [97.0, 79.0], [140.0, 75.5], [-179.5, 71.2], [-170.0, 63.4], [-61.0, 14.6], [55.5, -21.1], [45.1, -12.8], [-68.3, 12.2],
      [92.7, 11.7], [-16.9, 32.7], [-155.5, 19.6], [147.9, 45.0], [150.0, 45.9], [155.8, 50.3], [173.0, 52.9], [-172.7, 60.4], [-61.6, 16.2],
      [93.8, 7.1], [-158.0, 21.45], [26.8, 37.72], [26.3, 39.2], [-28.0, 38.6], [-15.5, 28.0],
    ],
  },
];

// Anchors set by hand where the automatic ones read badly ([longitude, latitude]).
export const OVERRIDES = {
  grc: { unit: [22.3, 39.0] },
};
