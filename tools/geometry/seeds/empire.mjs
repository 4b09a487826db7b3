// The Empire map (North and Central America, the Caribbean and the north of South America)
// as seed points ([longitude, latitude]). Its provinces are states, provinces and regions
// of today, grouped and cut for the game: each land pixel goes to the land seed nearest by
// a path over land (LAND: 'path') within the country its province names, each sea pixel to
// the sea seed nearest by a path through water. Natural Earth's countries draw the Great
// Lakes as land, so the five lakes the game makes seas are drawn as water here (WATERS,
// outlines traced for this project from the lakes' shore towns' coordinates). Chosen for
// this project from a modern map and the game's borders (variants/empire.ron); no other
// map's art was used.

export const TITLE = 'Empire';

// Lambert conformal conic, standard parallels 20°N and 55°N, centred on 100°W 40°N.
export const PROJECTION = { kind: 'conic', parallels: [20, 55], origin: [-100, 40] };

export const LAND = 'path';
// Islands without seeds of their own (the Arctic archipelago, the Florida Keys, the Channel
// Islands) go to the nearest province that may take their country.
export const ISLANDS = 'nearest';

export const FRAME = {
  points: [
    [-170, 58],
    [-160, 71.5],
    [-142, 14],
    [-82, -13],
    [-58, 6],
    [-42, 60],
    [-73, 78.8],
  ],
  // Hawaii, drawn nearer the mainland (32 degrees east of where it lies), in the Pacific
  // between the seas the game gives it.
  moves: [{ box: [[-160.5, 18.5], [-154.5, 22.5]], by: [32, 0] }],
  // The crowded east and middle of the United States enlarged, the far north, the Pacific
  // and South America shrunk.
  focus: [-88, 38],
  magnify: 1.2,
  // The Caribbean, the north-east of the United States and Central America enlarged.
  bumps: [
    { centre: [-75, 19.5], radius: 3.5, strength: 0.6 },
    { centre: [-74.5, 40.5], radius: 1.6, strength: 0.5 },
    { centre: [-86, 13], radius: 2.5, strength: 0.5 },
  ],
  width: 3000,
  resolution: 1,
  tolerance: 0.8,
  minBorder: 3,
  unitRadius: 11,
};

export const COLOURS = {
  'British-Columbia': '#2e6fbd',
  California: '#e8b923',
  Florida: '#e07b39',
  Heartland: '#6b8e23',
  'New-York': '#8e5bb5',
  Peru: '#c0392b',
  Quebec: '#5fb0e8',
  Texas: '#8b5a2b',
  Cuba: '#2a8c7a',
  Mexico: '#3c9a3c',
};

const US = ['United States of America'];
const CA = ['Canada'];
const MX = ['Mexico'];
const CO = ['Colombia'];

// The Great Lakes, drawn as water (Natural Earth's country outlines cover them).
export const WATERS = [
  {
    name: 'Lake Superior',
    polygon: [
      [-92.1, 46.75], [-91.0, 47.15], [-90.0, 47.82], [-89.6, 48.05], [-89.3, 48.15], [-88.9, 48.32], [-88.4, 48.35], [-88.0, 48.75], [-87.2, 48.75],
      [-86.3, 48.7], [-85.8, 48.1], [-84.9, 47.95], [-84.9, 47.4], [-84.6, 46.9], [-84.55, 46.55], [-84.9, 46.5],
      [-85.9, 46.68], [-86.6, 46.45], [-87.4, 46.55], [-88.0, 46.9], [-87.9, 47.45], [-88.5, 47.3], [-89.2, 46.95],
      [-90.4, 46.6], [-90.8, 46.95], [-91.5, 46.8], [-92.1, 46.75],
    ],
  },
  {
    name: 'Lake Michigan',
    polygon: [
      [-87.6, 41.85], [-87.3, 41.62], [-86.9, 41.72], [-86.48, 42.1], [-86.2, 42.78], [-86.35, 43.3], [-86.45, 43.95],
      [-86.25, 44.6], [-85.6, 45.15], [-85.2, 45.35], [-84.75, 45.78], [-85.4, 46.05], [-86.25, 45.95], [-87.05, 45.75],
      [-87.6, 45.1], [-88.0, 44.55], [-87.4, 44.85], [-87.65, 44.1], [-87.7, 43.75], [-87.9, 43.03], [-87.8, 42.72],
      [-87.83, 42.36], [-87.6, 41.85],
    ],
  },
  {
    name: 'Lake Huron',
    polygon: [
      [-84.75, 45.78], [-84.45, 45.65], [-83.4, 45.05], [-83.33, 44.42], [-83.9, 43.95], [-83.5, 43.7], [-82.9, 44.05],
      [-82.5, 43.6], [-82.42, 42.98], [-81.72, 43.74], [-81.4, 44.5], [-81.65, 45.2], [-81.3, 45.1], [-81.1, 44.75],
      [-80.94, 44.6], [-80.2, 44.5], [-79.9, 44.75], [-80.1, 45.35], [-80.6, 45.95], [-81.5, 45.95], [-81.75, 45.7],
      [-82.5, 45.6], [-83.2, 45.9], [-83.9, 45.98], [-84.75, 45.78],
    ],
  },
  {
    name: 'Lake Erie',
    polygon: [
      [-83.45, 41.7], [-82.7, 41.45], [-81.7, 41.5], [-80.8, 41.9], [-80.1, 42.13], [-79.35, 42.48], [-78.9, 42.85],
      [-79.25, 42.87], [-80.05, 42.55], [-80.4, 42.62], [-81.2, 42.65], [-81.85, 42.28], [-82.5, 41.95], [-83.1, 42.05],
      [-83.35, 41.9], [-83.45, 41.7],
    ],
  },
  {
    name: 'The Straits of Mackinac (Lakes Michigan and Huron meet)',
    polygon: [[-85.0, 45.74], [-84.55, 45.72], [-84.5, 45.88], [-84.95, 45.9], [-85.0, 45.74]],
  },
  {
    name: 'Lake Ontario',
    polygon: [
      [-79.8, 43.28], [-79.4, 43.63], [-78.85, 43.87], [-78.17, 43.95], [-77.2, 43.9], [-76.5, 44.2], [-76.33, 44.1],
      [-76.5, 43.46], [-77.0, 43.27], [-77.6, 43.26], [-78.7, 43.34], [-79.07, 43.26], [-79.25, 43.2], [-79.8, 43.28],
    ],
  },
];

// Water filled as land, so that the provinces on its shores meet as the game has them.
export const FILLS = [
  // The St Lawrence from Montreal to Quebec City: Montreal, Beauce and Quebec City meet
  // across it, and the Gulf of St-Lawrence reaches up the estuary only to Quebec City.
  {
    country: 'Canada',
    polygon: [[-74.2, 45.15], [-73.3, 45.35], [-72.6, 45.9], [-72.0, 46.25], [-71.3, 46.6], [-70.95, 46.75], [-70.8, 47.0], [-71.2, 46.95], [-71.9, 46.65], [-72.6, 46.35], [-73.3, 45.9], [-73.8, 45.65], [-74.3, 45.45], [-74.2, 45.15]],
  },
  // The Delaware above Wilmington: Washington D C (Delaware) and New Jersey meet.
  { country: 'United States of America', polygon: [[-75.65, 39.62], [-75.4, 39.58], [-74.7, 40.2], [-74.8, 40.3], [-75.65, 39.8], [-75.65, 39.62]] },
  // The Fury and Hecla Strait: Hudson Bay (through the Foxe Basin) does not reach the Arctic.
  { country: 'Canada', polygon: [[-86.5, 69.2], [-80.5, 69.2], [-80.5, 70.5], [-86.5, 70.5], [-86.5, 69.2]] },
];

// Borders drawn otherwise than the game has them, each with its reason.
export const EXCEPTIONS = [
  {
    between: ['mic', 'upe'],
    drawn: 'apart',
    reason: 'the Straits of Mackinac: the game lets armies cross them between Michigan and the Upper Peninsula, and joins Lakes Michigan and Huron through them; drawn as the water they are',
  },
  {
    between: ['nun', 'ung'],
    drawn: 'apart',
    reason: 'the Hudson Strait: the game lets armies cross it between Baffin Island (Nunavut) and Ungava, and fleets sail through it between Hudson Bay and the Sea of Labrador; drawn as the water it is',
  },
];

export const PROVINCES = {
  // Alaska, the Yukon and the north.
  anc: { countries: US, seeds: [[-150, 63], [-155, 60], [-158, 66], [-145, 66], [-134.5, 58.5], [-162, 60.5], [-156, 70.5]] },
  yuk: { countries: CA, seeds: [[-135, 63], [-137, 68], [-132, 61]] },
  nwt: { countries: CA, seeds: [[-118, 63], [-125, 62], [-125, 66], [-112, 61], [-120, 68.5], [-121, 72.5]] },
  nun: { countries: CA, seeds: [[-95, 63], [-100, 65], [-90, 66.5], [-70, 70], [-85, 72.8], [-80, 76.5], [-108, 70], [-100, 60.5], [-84, 64.3], [-82.5, 62.8]] },
  gre: { countries: ['Greenland'], seeds: [[-42, 65], [-46, 62], [-50, 69], [-40, 72], [-55, 74]] },
  // Western Canada.
  nbc: { countries: CA, seeds: [[-124, 57], [-127, 58.5], [-121.5, 56], [-125, 59.5]] },
  van: { countries: CA, seeds: [[-128, 54.2], [-126.5, 52], [-125.5, 50], [-123.2, 49.4], [-118, 49.5], [-120.5, 51], [-132.0, 53.3]] },
  cgy: { countries: CA, seeds: [[-114, 53], [-115, 56], [-113, 50.5], [-116, 58.5]] },
  sas: { countries: CA, seeds: [[-106, 52], [-106, 57], [-105, 50]] },
  man: { countries: CA, seeds: [[-98, 50.5], [-97, 54], [-96, 57.5]] },
  won: { countries: CA, seeds: [[-90, 49.7], [-92.5, 50.5], [-89, 48.8]] },
  non: { countries: CA, seeds: [[-86, 52], [-89, 53.5], [-83, 50], [-81, 51.5], [-80.5, 48.8]] },
  ont: { countries: CA, seeds: [[-80, 43.5], [-79.8, 45.8], [-78, 44.5], [-76, 45], [-83, 46.5], [-84.4, 47.3], [-79.5, 46.0], [-82.3, 42.5]] },
  // Quebec and the Maritimes.
  mon: { countries: CA, seeds: [[-73.6, 45.6], [-75.5, 46.3], [-77, 47.2], [-78.6, 47.1]] },
  abi: { countries: CA, seeds: [[-78.5, 48.8], [-77, 50], [-78.5, 51.8]] },
  ung: { countries: CA, seeds: [[-73, 56], [-72, 59], [-74, 60.5], [-71, 53.5], [-75.5, 56]] },
  que: { countries: CA, seeds: [[-71.5, 47.5], [-72.5, 48.5], [-73.5, 50], [-71.2, 46.75], [-71.6, 46.9]] },
  cot: { countries: CA, seeds: [[-67, 50.5], [-63, 51], [-60.5, 50.5], [-69, 49.5], [-63, 49.45]] },
  lab: { countries: CA, seeds: [[-62, 54], [-62, 56.5], [-65, 53], [-57, 52.3]] },
  gas: { countries: CA, seeds: [[-65.8, 48.8], [-67.5, 48.3], [-68.8, 47.5], [-69.4, 47.45]] },
  bea: { countries: CA, seeds: [[-70.7, 46.0], [-71.8, 45.5], [-73.0, 45.2], [-74.2, 45.1], [-70.4, 46.4], [-72.3, 46.0]] },
  nbr: { countries: CA, seeds: [[-66.5, 46.5], [-65.5, 47.3], [-66.0, 45.5]] },
  nsc: { countries: CA, seeds: [[-63.5, 45], [-65, 44.2], [-60.8, 46.2], [-63.2, 46.35]] },
  new: { countries: CA, seeds: [[-56, 48.5], [-57.5, 49.5]] },
  // The north-western United States.
  was: { countries: US, seeds: [[-120.5, 47.5], [-122.3, 47.3], [-123.7, 47.5]] },
  ore: { countries: US, seeds: [[-120.5, 44], [-123, 44.5], [-118, 44.5]] },
  ida: { countries: US, seeds: [[-114.5, 44], [-116.5, 47.5], [-113, 43]] },
  mta: { countries: US, seeds: [[-109.5, 47], [-113, 47.5], [-106, 46.5]] },
  wyo: { countries: US, seeds: [[-107.5, 43], [-109.5, 42], [-105, 43.5]] },
  dak: { countries: US, seeds: [[-100.5, 47.5], [-100.5, 44.5], [-97.5, 46], [-103, 45]] },
  // California and the south-west.
  sfr: { countries: US, seeds: [[-122, 38.5], [-121.5, 40.5], [-122.5, 41.5], [-120.8, 37.3]] },
  lan: { countries: US, seeds: [[-118.3, 34.1], [-119.5, 35], [-120.2, 34.7]] },
  sdi: { countries: US, seeds: [[-117, 32.9], [-115.5, 33], [-116, 33.4]] },
  nev: { countries: US, seeds: [[-116.5, 39], [-117.5, 37], [-115.5, 41], [-117.0, 35.3], [-118.8, 37.5]] },
  uta: { countries: US, seeds: [[-111.5, 39.5], [-112.5, 41], [-110.5, 38]] },
  col: { countries: US, seeds: [[-105.5, 39], [-107.5, 39.5], [-103, 39], [-108.7, 37.25]] },
  ari: { countries: US, seeds: [[-111.7, 34.5], [-112, 32.5], [-110, 35.5], [-114, 35.5], [-109.3, 36.8]] },
  nme: { countries: US, seeds: [[-106, 34.5], [-104, 33], [-107.5, 36], [-108.5, 32.0], [-106.8, 32.3]] },
  // The plains and Texas.
  neb: { countries: US, seeds: [[-99.5, 41.5], [-102.5, 41.5], [-96.5, 41]] },
  kan: { countries: US, seeds: [[-98.5, 38.5], [-100.5, 38.5], [-95.7, 38.5]] },
  okl: { countries: US, seeds: [[-97.5, 35.5], [-95.5, 35.8], [-101.5, 36.7]] },
  dal: { countries: US, seeds: [[-97, 32.8], [-101.8, 35.2], [-95.5, 33], [-99.5, 33.5], [-94.4, 32.3]] },
  wte: { countries: US, seeds: [[-104, 31], [-102, 31.8], [-106.4, 31.8]] },
  san: { countries: US, seeds: [[-98.5, 29.4], [-99.5, 28], [-97.5, 27.5], [-100, 30.2]] },
  hou: { countries: US, seeds: [[-95.4, 29.8], [-95, 30.6], [-96.5, 29], [-94.2, 30.2]] },
  // The Mississippi and the Midwest.
  min: { countries: US, seeds: [[-94.5, 46], [-93.3, 45], [-92.5, 47.5], [-95.5, 48.5]] },
  iow: { countries: US, seeds: [[-93.5, 42], [-95.5, 42.5], [-91.5, 41.8]] },
  mil: { countries: US, seeds: [[-89.5, 44.5], [-88, 43], [-90.5, 46], [-91, 45]] },
  upe: { countries: US, seeds: [[-87.5, 46.3], [-85.5, 46.3], [-89, 46.5]] },
  mic: { countries: US, seeds: [[-84.5, 43], [-84.5, 44.5], [-83.2, 42.4]] },
  chi: { countries: US, seeds: [[-89, 40], [-88, 41.8], [-89, 38.5], [-89.5, 41.5]] },
  ind: { countries: US, seeds: [[-86.2, 40], [-86.5, 41.5], [-86.5, 38.5]] },
  ohi: { countries: US, seeds: [[-82.8, 40.2], [-81.5, 41.2], [-84, 39.5]] },
  mis: { countries: US, seeds: [[-92.5, 38.5], [-94, 37.3], [-90.5, 37.5]] },
  ark: { countries: US, seeds: [[-92.4, 34.8], [-93.5, 35.5], [-91.5, 34]] },
  lou: { countries: US, seeds: [[-92, 31], [-91.5, 30.3], [-90, 30]] },
  ken: { countries: US, seeds: [[-85.5, 37.5], [-84, 37.8], [-87.5, 37.2], [-88.7, 36.8]] },
  ten: { countries: US, seeds: [[-86.5, 35.8], [-84, 35.9], [-89, 35.5], [-83.3, 36.3]] },
  // The south-east.
  dso: { countries: US, seeds: [[-89.5, 32.5], [-86.7, 32.8], [-88.5, 30.8], [-87.5, 34.3]] },
  geo: { countries: US, seeds: [[-83.5, 32.5], [-84.5, 34], [-82, 31.5], [-83.8, 34.8]] },
  fpa: { countries: US, seeds: [[-85, 30.5], [-86.5, 30.6], [-83.5, 30.2]] },
  jac: { countries: US, seeds: [[-81.8, 30.2], [-82.3, 29.6], [-81.2, 29]] },
  tam: { countries: US, seeds: [[-82.4, 28], [-81.8, 27], [-82.6, 28.8]] },
  mia: { countries: US, seeds: [[-80.5, 26], [-81, 26.8], [-80.4, 27.5]] },
  sca: { countries: US, seeds: [[-80.9, 34], [-80, 33], [-82.2, 34.6]] },
  nca: { countries: US, seeds: [[-79, 35.6], [-77.5, 35.5], [-81.5, 35.7], [-82.8, 35.4]] },
  // The north-east.
  vir: { countries: US, seeds: [[-78.5, 37.5], [-77, 37.2], [-80.5, 37], [-82.0, 36.8]] },
  wvi: { countries: US, seeds: [[-80.5, 38.6], [-79.5, 39.2]] },
  wdc: { countries: US, seeds: [[-77, 39], [-76.6, 39.3], [-75.5, 38.7], [-75.6, 39.5], [-78.3, 39.65]] },
  wpe: { countries: US, seeds: [[-79.5, 40.7], [-80.2, 41.5], [-78, 41], [-77.5, 40.0]] },
  phi: { countries: US, seeds: [[-75.5, 40.2], [-76.2, 40.4], [-75.8, 41.2]] },
  nje: { countries: US, seeds: [[-74.5, 40.2], [-74.7, 39.6], [-74.3, 40.8], [-75.3, 39.65]] },
  nyc: { countries: US, seeds: [[-73.9, 40.85], [-73.0, 40.8], [-74.1, 41.25], [-74.6, 41.35]] },
  nys: { countries: US, seeds: [[-75.5, 43], [-74, 44], [-77.5, 42.5], [-76, 44.2], [-78.8, 42.8], [-73.7, 42.3]] },
  mas: { countries: US, seeds: [[-71.8, 42.3], [-72.7, 41.6], [-70.9, 42.2], [-71.5, 41.7]] },
  vem: { countries: US, seeds: [[-72.7, 44], [-71.5, 43.5], [-72.5, 43.3]] },
  mai: { countries: US, seeds: [[-69.3, 45.3], [-68.5, 46.5], [-70.2, 44], [-69, 44.5]] },
  haw: { countries: US, seeds: [[-155.5, 19.6], [-156.3, 20.8], [-157.97, 21.48], [-159.53, 22.06]], waterSeeds: [[-156.9, 21.0], [-157.5, 21.2], [-158.8, 21.8], [-156.0, 20.3]] },
  // Mexico.
  baj: { countries: MX, seeds: [[-115.5, 30.5], [-113, 28], [-111.5, 25.5], [-110, 24], [-115.3, 32.4]] },
  chh: { countries: MX, seeds: [[-106, 28.5], [-110.5, 29.5], [-108, 30.5], [-104.5, 27]] },
  dur: { countries: MX, seeds: [[-105, 24.5], [-107.5, 25.5], [-104, 25.5]] },
  coa: { countries: MX, seeds: [[-102, 27], [-101, 28.5], [-103, 26]] },
  nle: { countries: MX, seeds: [[-100, 25.7], [-98.5, 24.5], [-98, 23], [-99.5, 26.8]] },
  pot: { countries: MX, seeds: [[-100.5, 22.8], [-98.3, 21.7], [-102.3, 23.0]] },
  gua: { countries: MX, seeds: [[-103.5, 20.7], [-104.8, 21.5], [-103.5, 19.8], [-101.2, 20.9]] },
  gue: { countries: MX, seeds: [[-101.5, 19.2], [-100, 17.8], [-102.5, 18.5]] },
  mex: { countries: MX, seeds: [[-99.1, 19.4], [-99.7, 19.7], [-98.2, 19], [-100.0, 20.4]] },
  ver: { countries: MX, seeds: [[-96.9, 19.5], [-96, 18.5], [-95, 18], [-97.5, 20.5]] },
  oax: { countries: MX, seeds: [[-96.7, 17], [-97.8, 16.6], [-95, 16.5]] },
  chp: { countries: MX, seeds: [[-92.9, 16.5], [-92.3, 15.5], [-93.5, 17]] },
  tab: { countries: MX, seeds: [[-92.9, 18], [-90.5, 19], [-90.2, 18.3]] },
  yuc: { countries: [...MX, 'Belize'], seeds: [[-89, 20.8], [-88.2, 19], [-88.7, 17.2], [-87.5, 20.5]] },
  // Central America.
  gut: { countries: ['Guatemala'], seeds: [[-90.5, 15], [-90, 16.5], [-91.5, 14.8]] },
  esa: { countries: ['El Salvador'], seeds: [[-88.9, 13.8]] },
  hon: { countries: ['Honduras'], seeds: [[-86.8, 14.5], [-85.5, 15.2], [-88, 15]] },
  nic: { countries: ['Nicaragua'], seeds: [[-85, 12.8], [-86.2, 12.3], [-84, 13.5]] },
  cos: { countries: ['Costa Rica'], seeds: [[-84, 10], [-83.5, 9.5]] },
  pan: { countries: ['Panama'], seeds: [[-80.5, 8.5], [-79.5, 9], [-82, 8.7], [-78, 8.5]] },
  // South America.
  cal: { countries: CO, seeds: [[-76.5, 3.5], [-77, 5.5], [-77.2, 7.5], [-77.5, 1.5]] },
  ant: { countries: CO, seeds: [[-75.5, 6.5], [-75.3, 9], [-75.0, 10.5], [-73.3, 6.3], [-72.3, 5.5]] },
  guj: { countries: CO, seeds: [[-72.5, 11.5], [-73.5, 10], [-74.0, 11], [-72.5, 8.3]] },
  vic: { countries: CO, seeds: [[-70, 4.5], [-71, 6.5], [-68.5, 3]] },
  bog: { countries: CO, seeds: [[-74, 4.6], [-75.5, 2.5], [-73, 1], [-71.5, 0], [-70, -3]] },
  ven: { countries: ['Venezuela'], seeds: [[-66, 8], [-64, 10], [-70, 9.5], [-62, 7]] },
  ecu: { countries: ['Ecuador'], seeds: [[-78.5, -1.5], [-77, -1], [-79.8, -2]] },
  lim: { countries: ['Peru'], seeds: [[-76, -10], [-77, -12], [-75, -7], [-79, -6], [-74, -4]] },
  // The Caribbean islands.
  hav: { countries: ['Cuba'], seeds: [[-82.4, 23], [-83.5, 22.4], [-81, 22.6]] },
  cam: { countries: ['Cuba'], seeds: [[-78.5, 21.7], [-79.8, 22]] },
  hol: { countries: ['Cuba'], seeds: [[-76, 20.5], [-75.8, 20.1]] },
  kin: { countries: ['Jamaica'], seeds: [[-77.3, 18.1]] },
  hai: { countries: ['Haiti'], seeds: [[-72.5, 19], [-73.5, 18.4]] },
  dom: { countries: ['Dominican Rep.'], seeds: [[-70.5, 18.8], [-69.5, 18.6]] },
  // The Great Lakes.
  lsu: { seeds: [[-87.5, 47.6], [-90.5, 47.2], [-85.5, 47.3]] },
  lmi: { seeds: [[-87.2, 43.5], [-86.8, 42.5], [-86.8, 45.0]] },
  lhu: { seeds: [[-82.5, 44.8], [-83.2, 45.3], [-81.0, 45.3]] },
  ler: { seeds: [[-81.5, 42.1], [-79.8, 42.4], [-82.7, 41.7]] },
  lon: { seeds: [[-77.9, 43.6], [-76.8, 43.6]] },
  // The Pacific.
  ber: { seeds: [[-172, 58], [-168, 60], [-175, 62]] },
  aro: { seeds: [[-168, 70], [-150, 73], [-130, 76], [-110, 80], [-100, 74.5], [-73.5, 78.2]] },
  bef: { seeds: [[-140, 71], [-130, 71], [-124, 71], [-115, 69], [-100, 68.5]] },
  goa: { seeds: [[-145, 57], [-140, 55], [-152, 57], [-136, 52]] },
  qcs: { seeds: [[-130, 52], [-128.5, 51], [-131.5, 54.3]] },
  sjf: { seeds: [[-125.5, 48.3], [-124.6, 46.9], [-123.8, 48.2], [-123.5, 49.2]] },
  wsb: { seeds: [[-126, 44], [-125, 41], [-124, 38], [-121.5, 35], [-127, 45]] },
  gsc: { seeds: [[-119.5, 33.5], [-118.5, 33.2], [-117.8, 32.4], [-116.9, 31]] },
  npo: { seeds: [[-135, 35], [-128, 29], [-140, 42], [-121, 27], [-145, 30]] },
  mpo: { seeds: [[-118, 19], [-113, 21], [-120, 16]] },
  spo: { seeds: [[-125, 10], [-110, 8], [-100, -2], [-135, 10], [-105, 0]] },
  swp: { seeds: [[-140, 18], [-138, 13], [-137, 22]] },
  gca: { seeds: [[-110.5, 26], [-112.5, 29.5], [-108.5, 23.5]] },
  com: { seeds: [[-105.5, 18.5], [-102, 17], [-98, 15.5], [-106, 15], [-96, 9], [-90.5, 13.3], [-89.3, 12.9], [-100, 10]] },
  got: { seeds: [[-95, 15.6], [-94, 15.8], [-93.5, 15.2]] },
  gof: { seeds: [[-87.6, 12.6], [-88.2, 12.0], [-89, 10.5], [-89, 7], [-87, 5]] },
  cob: { seeds: [[-86.3, 10.8], [-85, 8.6], [-83, 7.5]] },
  gop: { seeds: [[-79.3, 8.3], [-78.8, 7.5]] },
  gog: { seeds: [[-81, -3], [-80.5, 1], [-79, 4], [-82, 4], [-81.5, -1.5], [-84, 2], [-81.5, -4.5]] },
  gal: { seeds: [[-90, -1], [-92, 2], [-85, -7], [-80, -10], [-94, 0]] },
  // The Arctic, Hudson Bay and the Atlantic.
  hub: { seeds: [[-85, 59], [-88, 57.5], [-82, 63], [-80, 55], [-80.5, 52.5], [-78, 67]] },
  bab: { seeds: [[-65, 73], [-60, 70], [-72, 75], [-82, 74.3]] },
  sol: { seeds: [[-55, 58], [-60, 61], [-52, 55], [-67, 62], [-63, 65], [-68, 59], [-54, 51.8]] },
  nao: { seeds: [[-45, 50], [-35, 55], [-50, 45], [-40, 58], [-59.3, 45.2], [-61.5, 44.3]] },
  gsl: { seeds: [[-62, 48], [-64, 49.5], [-66.5, 49.3], [-69, 48.3], [-60, 47.5], [-57.6, 51.2]] },
  mab: { seeds: [[-69.5, 43], [-66.5, 44.8], [-66, 42.5], [-70.3, 42.0]] },
  cma: { seeds: [[-73.5, 40], [-72, 40.5], [-74, 39], [-72.5, 41.1], [-74.3, 37.5], [-72.5, 37], [-73.5, 35.3]] },
  chb: { seeds: [[-76.1, 37.5], [-76.4, 38.6], [-75.4, 36.8], [-75.6, 36.2]] },
  esb: { seeds: [[-79, 32.5], [-80.5, 30], [-76.5, 34.2], [-76.0, 34.3], [-74.8, 34.3]] },
  mao: { seeds: [[-60, 38], [-55, 35], [-65, 40]] },
  bet: { seeds: [[-72, 30], [-75, 27], [-70, 24], [-74, 21.3], [-77.5, 22.6], [-70, 34]] },
  sos: { seeds: [[-65, 25], [-60, 22], [-67, 20.5]] },
  les: { seeds: [[-66.5, 17.3], [-64, 15], [-62, 13], [-63.5, 17.3]] },
  ecs: { seeds: [[-70, 14], [-72, 16.5], [-68, 13.5], [-75.5, 16.5], [-70, 17.2]] },
  scs: { seeds: [[-76, 11], [-79, 11], [-73, 12.5]] },
  wcs: { seeds: [[-80, 17], [-83, 16.5], [-78.8, 17.5], [-81.5, 21.2], [-79.3, 21.0]] },
  cat: { seeds: [[-76.5, 19.6], [-74.5, 19], [-77.5, 19.8]] },
  gmo: { seeds: [[-81.5, 9.5], [-82.5, 11], [-80.5, 10]] },
  goh: { seeds: [[-88.2, 16.2], [-87.5, 16.5]] },
  soy: { seeds: [[-86, 21.5], [-85.5, 20], [-85.3, 21.8]] },
  sof: { seeds: [[-81, 24], [-79.5, 25], [-80.5, 23.2], [-82.3, 24.3]] },
  gom: { seeds: [[-92, 25], [-88, 26], [-95, 27.5], [-90, 28.5], [-84.5, 24.8], [-89.5, 22.5]] },
  apb: { seeds: [[-84, 29], [-85.5, 29.3], [-82.9, 27.3], [-81.7, 25.6], [-88, 30]] },
  goc: { seeds: [[-95, 20.5], [-93, 19.5], [-92, 20]] },
};

// Land that is no province: what no seed reaches (Russia, Iceland, Brazil and its
// neighbours, the Bahamas, Puerto Rico and the Lesser Antilles).
export const IMPASSABLE = [
  { name: 'Land off the board', rest: true, seeds: [] },
  // Ecuador's islands in the sea named after them, no part of the province of Ecuador.
  { name: 'Galapagos Islands', seeds: [[-91, -0.6], [-90.4, -0.6]] },
];

// Anchors set by hand where the automatic ones read badly ([longitude, latitude]).
export const OVERRIDES = {};
