// The Ancient Mediterranean map's provinces as seed points ([longitude, latitude]). Its
// provinces owe nothing to today's borders: each land pixel goes to the land seed nearest
// by a path over land (LAND: 'path'), each sea pixel to the sea seed nearest by a path
// through water. Chosen for this project from a modern map and the game's borders
// (variants/ancient_mediterranean.ron, with the rules' notes on its canals and four-way
// corners); no other map's art was used.

export const TITLE = 'Ancient Mediterranean';

// Lambert conformal conic, standard parallels 30°N and 44°N, centred on 19°E 37°N.
export const PROJECTION = { kind: 'conic', parallels: [30, 44], origin: [19, 37] };

export const LAND = 'path';

export const FRAME = {
  // The projected box around these points is the map.
  points: [
    [-9.6, 43.9],
    [-9.6, 30],
    [47.5, 43],
    [47.5, 24],
    [19, 22.2],
    [5, 49.3],
    [32, 49.5],
  ],
  width: 1600,
  resolution: 2,
  tolerance: 0.6,
  minBorder: 3,
  unitRadius: 11,
};

export const COLOURS = {
  Rome: '#c0392b',
  Greece: '#2e6fbd',
  Egypt: '#d9a21b',
  Persia: '#7d4fa8',
  Carthage: '#2a8c5a',
};

// Water filled as land, so that the provinces on its shores meet as the game has them.
export const FILLS = [
  // Gibraltar: Mauretania and Saguntum meet (and the Atlantic, off the board, is cut off).
  { country: 'Spain', polygon: [[-5.95, 35.7], [-5.15, 35.7], [-5.15, 36.2], [-5.95, 36.2], [-5.95, 35.7]] },
  // The Bosporus, the Sea of Marmara and the Dardanelles: Byzantium's canal, one
  // province on both shores (the Aegean and the Black Sea do not meet).
  { country: 'Turkey', polygon: [[26.0, 39.95], [26.5, 40.7], [27.0, 41.0], [29.0, 41.3], [29.35, 41.3], [29.95, 40.75], [29.5, 40.15], [27.5, 40.2], [26.3, 39.9], [26.0, 39.95]] },
  // The Strait of Bonifacio: Corsica and Sardinia meet.
  { country: 'France', polygon: [[8.95, 41.2], [9.45, 41.2], [9.45, 41.42], [8.95, 41.42], [8.95, 41.2]] },
  // The Strait of Messina: Sicilia and Neapolis meet (the rules' Sicilian canal).
  { country: 'Italy', polygon: [[15.45, 37.9], [15.75, 37.9], [15.75, 38.3], [15.45, 38.3], [15.45, 37.9]] },
];

// Borders drawn otherwise than the game has them, each with its reason.
export const EXCEPTIONS = [
  {
    between: ['got', 'mes'],
    drawn: 'apart',
    reason: 'the four-way corner of the Ausonian and Messenian Seas, the Gulf of Tacape and the Libyan Sea (the rules join all four); drawn with the Ausonian and Libyan Seas meeting',
  },
  {
    between: ['aus', 'tys'],
    drawn: 'apart',
    reason: 'the Strait of Messina: the game joins the Tyrrhenian and Ausonian Seas through it and lets armies cross it between Sicilia and Neapolis; drawn filled, so the two seas meet only there',
  },
  {
    between: ['ale', 'sii'],
    drawn: 'apart',
    reason: 'the four-way corner of Alexandria, Sinai, Thebes and the Gulf of Pelusium (the rules join all four); drawn with Thebes reaching the gulf between Alexandria and Sinai',
  },
];

export const PROVINCES = {
  // Iberia.
  lus: { seeds: [[-7.5, 40.0], [-5.5, 41.5], [-4.0, 39.5], [-6.5, 38.0], [-3.5, 42.8]] },
  sag: { seeds: [[-0.6, 39.2], [-3.5, 37.3], [-5.5, 36.6], [-1.5, 38.0]] },
  tar: { seeds: [[1.2, 41.8], [-0.5, 41.8]] },
  bal: { seeds: [[2.9, 39.6], [4.1, 39.95], [1.4, 38.98]], waterSeeds: [[2.0, 39.4], [3.5, 39.2], [1.0, 39.6], [0.5, 39.0]] },
  // Gaul and the Alps.
  gau: { seeds: [[2.5, 46.5], [0.0, 45.0], [4.5, 47.5], [-1.0, 47.5], [-1.0, 43.8]] },
  mas: { seeds: [[5.0, 43.8], [3.2, 43.5], [6.3, 44.8]] },
  rha: { seeds: [[9.0, 47.0], [11.5, 47.3], [7.5, 46.3], [10.5, 48.5]] },
  vin: { seeds: [[16.3, 47.8], [17.5, 47.5], [15.0, 47.3]] },
  sam: { seeds: [[22.0, 49.0], [27.0, 48.5], [32.0, 48.8], [17.0, 49.3], [13.0, 49.5], [21.5, 46.8]] },
  // Italy and its islands.
  etr: { seeds: [[11.0, 43.5], [8.8, 44.5], [8.0, 45.2], [10.0, 45.0]] },
  ven: { seeds: [[12.0, 45.6], [10.8, 45.7], [13.8, 45.7]] },
  rav: { seeds: [[12.2, 44.2], [13.2, 43.4]] },
  rom: { seeds: [[12.7, 42.0], [13.5, 41.5]] },
  apu: { seeds: [[16.5, 40.9], [15.5, 41.6], [18.0, 40.3], [14.0, 42.5]] },
  nea: { seeds: [[14.5, 40.9], [15.8, 40.2], [16.3, 39.0]] },
  sic: { seeds: [[14.0, 37.5]] },
  cor: { seeds: [[9.1, 42.1]] },
  sad: { seeds: [[9.0, 40.0]] },
  // The Balkans and Greece.
  dal: { seeds: [[15.5, 45.2], [16.5, 43.7]] },
  ill: { seeds: [[19.0, 44.2], [20.5, 43.0], [18.0, 45.3], [20.0, 45.3]] },
  epi: { seeds: [[20.0, 41.0], [20.8, 39.6], [19.6, 42.2]] },
  mac: { seeds: [[22.5, 41.2], [23.8, 40.8], [21.5, 40.3]] },
  ath: { seeds: [[22.5, 38.8], [23.7, 38.2], [21.8, 39.5]] },
  spa: { seeds: [[22.3, 37.5]] },
  cre: { seeds: [[24.9, 35.2]] },
  dac: { seeds: [[25.0, 44.2], [27.0, 45.5], [24.5, 42.8], [28.5, 44.0], [29.5, 46.8]] },
  che: { seeds: [[34.0, 45.3], [33.0, 46.5], [36.5, 46.8], [39.0, 45.5], [40.0, 44.0], [41.6, 42.5]] },
  // Anatolia and the east.
  byz: { seeds: [[27.3, 41.5], [29.3, 40.5], [26.5, 40.9], [27.2, 39.6]] },
  mil: { seeds: [[27.5, 38.2], [28.5, 37.3]] },
  bit: { seeds: [[30.5, 40.8], [32.5, 41.2]] },
  gal: { seeds: [[32.0, 39.5], [30.0, 39.0], [34.0, 40.3]] },
  isa: { seeds: [[31.0, 37.0], [33.0, 37.3]] },
  cap: { seeds: [[35.5, 38.5], [35.0, 37.0], [36.0, 39.5], [37.5, 37.8]] },
  sip: { seeds: [[35.0, 41.5], [37.5, 41.0], [40.0, 40.8]] },
  arm: { seeds: [[42.0, 39.5], [44.5, 40.0], [40.0, 39.0], [43.0, 37.5]] },
  cyp: { seeds: [[33.2, 35.0]] },
  ant: { seeds: [[36.3, 36.3], [36.6, 36.9]] },
  dam: { seeds: [[37.8, 35.2], [38.8, 36.2], [40.5, 36.0], [42.5, 35.5], [44.5, 34.5]] },
  sid: { seeds: [[35.9, 34.3], [36.1, 34.9]] },
  tye: { seeds: [[35.4, 33.3], [35.6, 33.6]] },
  jer: { seeds: [[35.0, 31.6], [35.2, 32.5]] },
  ara: { seeds: [[39.0, 31.8], [42.0, 29.0], [43.0, 25.0], [38.5, 33.5], [36.3, 33.2], [37.0, 32.5], [44.0, 31.5]] },
  nab: { seeds: [[35.8, 31.2], [36.2, 30.3], [36.5, 29.5], [37.0, 27.5], [38.0, 25.5], [39.3, 23.0]] },
  pet: { seeds: [[34.9, 30.3], [35.2, 30.8]] },
  // Egypt and Africa.
  sii: { seeds: [[33.8, 30.0], [33.5, 29.0], [33.0, 30.8]] },
  the: { seeds: [[32.1, 30.6], [32.0, 29.6], [32.4, 28.8], [32.8, 27.5], [33.2, 25.5], [34.5, 23.5], [35.8, 22.5]] },
  ale: { seeds: [[30.2, 30.9], [29.5, 30.6]] },
  mem: { seeds: [[31.0, 29.0], [29.0, 29.5], [30.5, 27.5]] },
  bay: { seeds: [[30.5, 23.5], [32.0, 22.6], [28.5, 24.0]] },
  mar: { seeds: [[24.5, 29.0], [25.5, 28.0], [22.5, 28.8]] },
  cyr: { seeds: [[21.8, 32.5], [23.5, 31.8], [25.5, 31.0], [27.5, 30.8]] },
  lep: { seeds: [[14.0, 32.3], [16.5, 30.8], [19.5, 29.9], [20.5, 29.5], [12.5, 31.5]] },
  pha: { seeds: [[14.0, 27.5], [11.0, 30.0], [9.0, 31.5], [18.0, 27.0], [21.5, 26.5], [24.5, 25.5], [12.5, 25.5]] },
  sah: { seeds: [[-2.0, 29.0], [3.0, 29.0], [6.0, 27.0], [9.0, 24.0], [15.0, 22.6], [22.0, 22.5], [27.0, 22.5]] },
  num: { seeds: [[10.8, 33.2], [11.3, 32.5]] },
  tha: { seeds: [[10.6, 35.5], [9.8, 35.0]] },
  car: { seeds: [[10.0, 36.8], [8.5, 36.5], [6.5, 36.7], [5.0, 36.5]] },
  cir: { seeds: [[6.5, 35.5], [4.0, 35.0], [8.5, 35.0]] },
  mau: { seeds: [[-5.0, 34.0], [-1.5, 34.8], [1.5, 35.8], [3.3, 36.5]] },
  // Seas.
  ibe: { seeds: [[-3.5, 36.1], [-4.5, 36.3], [-2.0, 36.3]] },
  ber: { seeds: [[1.5, 37.5], [5.0, 37.8], [-0.5, 37.0], [7.0, 38.0], [7.6, 39.3]] },
  lig: { seeds: [[4.5, 42.3], [7.5, 43.3], [9.5, 43.6], [3.8, 40.8], [6.5, 41.0], [10.5, 42.8], [11.3, 42.3]] },
  tys: { seeds: [[12.5, 40.0], [13.5, 39.3], [11.0, 40.5], [11.5, 41.3], [9.9, 41.8]] },
  pun: { seeds: [[10.5, 37.8], [11.5, 37.0], [8.8, 38.3], [12.5, 36.3]] },
  aus: { seeds: [[16.0, 36.5], [15.8, 37.7], [14.5, 36.2], [17.0, 35.5]] },
  got: { seeds: [[12.5, 34.0], [11.5, 34.3], [15.0, 33.8], [16.5, 34.4]] },
  gos: { seeds: [[18.5, 31.5], [17.5, 32.0], [19.5, 31.0]] },
  lib: { seeds: [[21.5, 33.8], [25.0, 33.0], [20.0, 33.6], [27.5, 32.0], [24.0, 34.4], [18.5, 34.0]] },
  mes: { seeds: [[20.5, 36.7], [22.0, 36.0], [23.2, 35.7], [19.3, 35.9]] },
  ion: { seeds: [[18.5, 38.5], [19.8, 39.5], [17.5, 39.5], [20.5, 37.8]] },
  adr: { seeds: [[15.0, 43.0], [17.8, 42.0], [13.2, 44.8], [19.0, 41.3]] },
  aeg: { seeds: [[25.0, 38.5], [24.5, 40.0], [25.0, 37.0], [24.0, 36.6], [25.0, 35.9]] },
  min: { seeds: [[27.0, 35.6], [28.0, 35.9], [27.3, 35.0], [28.5, 36.3]] },
  egy: { seeds: [[28.0, 33.8], [30.0, 33.0], [26.5, 34.6], [32.0, 33.8]] },
  cil: { seeds: [[30.5, 36.2], [32.5, 36.0], [35.5, 36.3], [34.5, 35.9], [35.6, 35.6]] },
  syr: { seeds: [[34.2, 33.2], [34.5, 32.3], [33.5, 34.3], [35.3, 34.6], [35.0, 34.0]] },
  gop: { seeds: [[32.5, 31.6], [33.3, 31.5]] },
  bla: { seeds: [[34.0, 43.5], [31.0, 43.0], [37.5, 42.5], [30.0, 45.0], [36.0, 45.8]] },
  ree: { seeds: [[33.5, 28.0], [34.7, 27.5], [35.5, 26.0], [37.0, 23.0], [34.7, 28.8]] },
};

// Land that is no province: what no seed reaches (Malta, the Aegean islands, the land
// beyond the Caspian).
export const IMPASSABLE = [{ name: 'Land off the board', rest: true, seeds: [] }];

// Anchors set by hand where the automatic ones read badly ([longitude, latitude]).
export const OVERRIDES = {};
