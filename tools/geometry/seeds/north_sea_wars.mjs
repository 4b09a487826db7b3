// The North Sea Wars map (the North Sea in antiquity: Britain, Belgica, Germania, Jutland
// and southern Scandinavia) as seed points ([longitude, latitude]). Its provinces owe
// nothing to today's borders: each land pixel goes to the land seed nearest by a path over
// land (LAND: 'path'), each sea pixel to the sea seed nearest by a path through water.
// Chosen for this project from a modern map and the game's borders
// (variants/north_sea_wars.ron); no other map's art was used.
//
// Wood, Grain and Iron, the three trade islands, are no real places: they are drawn as one
// small made-up island in the Central North Sea (FILLS), cut in three, every part on the
// Central North Sea and on the other two, as the game has them.

export const TITLE = 'North Sea Wars';

// Lambert conformal conic, standard parallels 50°N and 60°N, centred on 5°E 55°N.
export const PROJECTION = { kind: 'conic', parallels: [50, 60], origin: [5, 55] };

export const LAND = 'path';
// Islands without seeds of their own (Orkney, the Frisian islands) go to the nearest province.
export const ISLANDS = 'nearest';

export const FRAME = {
  points: [
    [-3.9, 51.2],
    [-4.6, 58.7],
    [14.2, 55.0],
    [12.5, 61.6],
    [4.5, 61.8],
    [-1.5, 48.6],
    [8.5, 48.4],
  ],
  width: 1400,
  resolution: 2,
  tolerance: 0.6,
  minBorder: 3,
  unitRadius: 11,
};

export const COLOURS = {
  Britons: '#2e6fbd',
  Romans: '#c0392b',
  Frysians: '#d9a21b',
  Norse: '#2a8c5a',
};

// Water filled as land.
export const FILLS = [
  // The Baltic is no part of the board: the Kadet Channel (Falster to Mecklenburg) and the
  // Oresund's mouth (Zealand to Scania) filled, so the Sealand's water (the Belts, the Kiel
  // and Mecklenburg bays) ends there and the Baltic beyond is left to the background.
  { country: 'Denmark', polygon: [[11.85, 54.62], [12.15, 54.62], [12.55, 54.42], [12.35, 54.32], [11.95, 54.45], [11.85, 54.62]] },
  { country: 'Denmark', polygon: [[12.3, 55.35], [12.45, 55.5], [12.95, 55.5], [12.95, 55.3], [12.4, 55.2], [12.3, 55.35]] },
  // The three trade islands (Wood, Grain, Iron): made up, placed in the Central North Sea.
  {
    country: 'United Kingdom',
    polygon: [[2.0, 56.55], [2.35, 56.95], [2.95, 56.95], [3.3, 56.55], [3.05, 56.1], [2.6, 55.95], [2.15, 56.15], [2.0, 56.55]],
  },
];

// Borders drawn otherwise than the game has them, each with its reason.
export const EXCEPTIONS = [];

export const PROVINCES = {
  // Britain.
  ala: { seeds: [[-4.0, 57.4], [-3.0, 57.2], [-4.4, 58.3], [-3.6, 56.6]] },
  nbr: { seeds: [[-2.0, 55.3], [-1.5, 54.3], [-3.0, 55.6]] },
  cym: { seeds: [[-3.3, 52.3], [-2.5, 52.8], [-3.0, 53.2], [-2.2, 53.4]] },
  sbr: { seeds: [[0.8, 52.5], [0.3, 51.8], [-0.3, 53.0], [1.0, 51.2], [-0.5, 52.3]] },
  ali: { seeds: [[-1.5, 51.0], [-2.5, 50.9], [-0.4, 51.0], [-3.5, 50.7], [-1.8, 51.6]] },
  // Belgica and Germania.
  wbe: { seeds: [[0.5, 49.5], [1.8, 49.7], [1.0, 48.8], [-1.1, 49.1]] },
  men: { seeds: [[2.8, 50.9], [3.8, 51.0], [2.3, 50.6], [4.3, 51.2]] },
  ebe: { seeds: [[4.5, 49.8], [3.5, 49.2], [5.5, 49.5], [4.0, 48.8]] },
  bat: { seeds: [[4.8, 52.0], [5.3, 51.8], [4.5, 51.6]] },
  fri: { seeds: [[5.8, 53.1], [6.6, 53.2], [5.6, 52.8]] },
  ams: { seeds: [[8.0, 53.0], [9.0, 53.5], [7.3, 52.8], [9.3, 54.1]] },
  gei: { seeds: [[6.8, 51.3], [6.0, 51.7], [7.5, 51.8], [5.8, 51.0]] },
  ges: { seeds: [[7.8, 49.5], [8.3, 48.7], [6.7, 49.5]] },
  mag: { seeds: [[10.5, 51.5], [11.5, 53], [9.5, 50.5], [13, 53.5], [12.5, 50.5]] },
  // Jutland and the Danish islands.
  jut: { seeds: [[9.2, 56.0], [8.8, 55.3], [9.3, 54.7]] },
  lim: { seeds: [[9.8, 57.2], [9.3, 56.8], [10.3, 57.5]] },
  sea: {
    seeds: [[11.9, 55.5], [10.4, 55.3], [11.4, 54.75], [13.5, 55.8], [10.5, 56.3], [12.6, 55.4]],
    waterSeeds: [[12.7, 55.9], [11.0, 55.5], [11.5, 56.2], [10.6, 54.5], [10.5, 55.9]],
  },
  // Scandinavia.
  got: { seeds: [[13.5, 57.5], [12.5, 58.3], [14.0, 56.7], [12.2, 57.7]] },
  ost: { seeds: [[10.8, 60.0], [11.5, 59.3], [10.0, 61.0]] },
  sor: { seeds: [[8.0, 58.4], [7.5, 58.8], [6.5, 58.6], [9.0, 59.0]] },
  ves: { seeds: [[6.0, 60.5], [5.8, 59.5], [7.0, 61.2]] },
  // The trade islands.
  woo: { seeds: [[2.35, 56.6]] },
  gra: { seeds: [[2.95, 56.6]] },
  iro: { seeds: [[2.65, 56.15]] },
  // Seas.
  wns: { seeds: [[-1.0, 56.5], [0.0, 55.0], [-1.5, 57.5], [0.5, 53.8]] },
  uns: { seeds: [[1.0, 59.5], [3.5, 60.5], [-1.0, 59.5], [4.2, 59.3]] },
  cns: { seeds: [[2.5, 55.3], [3.8, 56.5], [1.3, 56.3], [2.5, 57.4]] },
  ens: { seeds: [[6.5, 56.5], [7.5, 55.0], [7.8, 54.2], [6.0, 55.5], [6.5, 57.8]] },
  lns: { seeds: [[3.0, 52.5], [2.5, 53.3], [4.0, 53.0], [1.8, 51.4], [4.5, 53.7]] },
  cha: { seeds: [[0.0, 50.3], [-2.0, 50.2], [1.4, 50.6]] },
  ska: { seeds: [[9.0, 57.8], [10.5, 58.3], [11.0, 57.6], [9.5, 58.4]] },
};

// Land that is no province: what no seed reaches.
export const IMPASSABLE = [{ name: 'Land off the board', rest: true, seeds: [] }];

// Anchors set by hand where the automatic ones read badly ([longitude, latitude]).
export const OVERRIDES = {};
