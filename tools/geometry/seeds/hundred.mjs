// The Hundred map's provinces as seed points ([longitude, latitude]): England, France,
// Burgundy and their neighbours in the Hundred Years' War. Its provinces are the
// fifteenth century's, not today's: each land pixel goes to the land seed nearest by a
// path over land (LAND: 'path'), each sea pixel to the sea seed nearest by a path through
// water; the Empire, Italy, Portugal and Africa, which the game leaves off, are
// impassable. Chosen for this project from a modern map, who held what about 1425, and
// the game's borders (variants/hundred.ron); no other map's art was used.

export const TITLE = 'Hundred';

// Lambert conformal conic, standard parallels 40°N and 56°N, centred on 9.8°W 48°N: the
// meridian of Ireland's and Portugal's western capes is upright, so the board's western
// edge can follow it (see FILLS).
export const PROJECTION = { kind: 'conic', parallels: [40, 56], origin: [-9.8, 48] };

export const LAND = 'path';

export const FRAME = {
  points: [
    [-9.8, 59.2],
    [-9.8, 35.7],
    [-5.6, 35.7],
    [-2.0, 59.2],
    [9.2, 46.3],
    [7.9, 53.7],
    [7.8, 43.0],
  ],
  // The board's corners stay square (a sea's outline along the edge keeps them).
  squareCorners: true,
  width: 1100,
  resolution: 2,
  tolerance: 0.6,
  minBorder: 3,
  unitRadius: 11,
};

// England red (the cross of St George), France royal blue (the lilies' field), Burgundy
// gold (the duke's arms).
export const COLOURS = {
  England: '#c8362c',
  Burgundy: '#d9a21b',
  France: '#2f5fb3',
};

// Water filled as land, so that the provinces on its shores meet as the game has them.
export const FILLS = [
  // Ireland's western capes and the bays between them, where the board's edge cuts it:
  // so The Pale reaches the edge, and the Atlantic (south-west of Ireland) and the Minch
  // (north of it) do not meet, as in the game.
  { country: 'Ireland', polygon: [[-11.0, 51.47], [-9.72, 51.47], [-9.72, 54.28], [-11.0, 54.28], [-11.0, 51.47]] },
];

// Borders drawn otherwise than the game has them, each with its reason.
export const EXCEPTIONS = [
  {
    between: ['cal', 'lon'],
    drawn: 'apart',
    reason: 'the Strait of Dover: the game joins London and Calais (England\'s foothold) across it, for armies and fleets, and makes the strait a sea province of its own; drawn open, so the English Channel and the Strait meet',
  },
];

export const PROVINCES = {
  // Britain and Ireland.
  sco: {
    seeds: [
      [-4.2, 57.2], [-5.0, 56.3], [-3.2, 56.2], [-4.0, 55.3],
      // The Hebrides.
      [-6.75, 58.1], [-6.24, 57.36], [-6.12, 56.48], [-6.25, 55.77], [-7.34, 57.63], [-7.33, 57.21], [-7.47, 56.98], [-6.58, 56.62], [-6.32, 56.99], [-5.95, 55.95], [-5.25, 55.6],
      // The Orkneys.
      [-3.1, 59.0], [-3.27, 58.84], [-2.94, 58.78],
    ],
  },
  not: { seeds: [[-2.0, 54.8], [-2.7, 54.2], [-1.3, 54.1], [-2.6, 53.6], [-4.5, 54.23]] },
  wal: { seeds: [[-3.7, 52.4], [-3.5, 51.7], [-4.3, 53.25]] },
  dev: { seeds: [[-3.8, 50.7], [-2.3, 52.5], [-1.8, 51.3], [-4.8, 50.4], [-1.5, 52.8]] },
  ang: { seeds: [[0.9, 52.5], [-0.3, 53.2], [0.6, 51.9]] },
  lon: { seeds: [[-0.1, 51.5], [0.6, 51.2], [-0.7, 51.1], [-1.3, 50.67]] },
  thp: { seeds: [[-8.0, 53.3], [-6.8, 54.6]] },
  // France, the Low Countries and the Alps.
  cal: { seeds: [[1.9, 50.85], [1.8, 50.3], [2.0, 49.7]] },
  nom: { seeds: [[0.0, 49.1], [0.9, 48.9], [-1.3, 49.2], [1.0, 49.5], [-2.13, 49.21], [-2.58, 49.45]] },
  brt: { seeds: [[-3.0, 48.2], [-1.6, 47.3], [-1.3, 46.6], [-4.2, 48.3]] },
  anj: { seeds: [[-0.4, 47.8], [0.2, 48.2]] },
  orl: { seeds: [[1.9, 47.9], [0.9, 47.4], [-0.3, 47.3], [1.4, 48.4]] },
  par: { seeds: [[2.35, 48.85], [2.5, 49.2]] },
  poi: { seeds: [[0.3, 46.5], [0.4, 45.5], [0.9, 44.5]] },
  guy: { seeds: [[-0.6, 44.8], [-0.8, 45.8], [-0.9, 43.8], [-1.29, 45.95]] },
  lim: { seeds: [[1.4, 45.8], [1.5, 46.4], [2.5, 45.0], [3.4, 44.4], [4.3, 44.3]] },
  tou: { seeds: [[1.4, 43.6], [3.0, 43.2], [4.0, 43.7], [0.2, 43.2]] },
  pro: { seeds: [[5.4, 43.5], [4.9, 43.9], [6.2, 43.7]] },
  dau: { seeds: [[2.5, 48.1], [2.4, 47.1], [3.1, 45.8], [4.8, 45.7], [5.7, 45.2], [5.5, 46.0]] },
  cha: { seeds: [[3.3, 48.5], [3.6, 48.0], [3.9, 47.1], [4.2, 46.5]] },
  dij: { seeds: [[5.0, 47.3], [4.0, 49.0], [3.0, 49.8], [2.8, 50.3], [6.3, 46.9], [5.3, 48.2]] },
  sav: { seeds: [[6.4, 45.6], [7.2, 43.8], [6.7, 44.5], [7.7, 45.05], [7.5, 44.4], [7.3, 45.7]] },
  can: { seeds: [[8.0, 46.8], [7.0, 46.6], [9.3, 46.8]] },
  als: { seeds: [[7.5, 48.3], [7.3, 47.8]] },
  lor: { seeds: [[6.2, 48.7], [6.2, 49.2], [6.5, 47.8], [6.9, 47.5]] },
  lux: { seeds: [[6.1, 49.6], [5.5, 50.4], [4.5, 50.75], [5.5, 51.5], [6.0, 52.2]] },
  fla: { seeds: [[3.2, 51.0], [3.1, 50.6], [3.7, 51.3]] },
  hol: { seeds: [[4.7, 52.3], [4.5, 51.85], [3.7, 51.55], [4.8, 53.08]] },
  fri: { seeds: [[6.0, 53.1], [6.7, 53.2], [5.35, 53.4], [5.75, 53.45], [6.2, 53.48]] },
  // Spain.
  ara: { seeds: [[-1.0, 41.6], [1.5, 41.7], [-1.6, 42.8], [-2.0, 43.2], [-0.5, 39.5], [2.9, 39.6], [1.4, 38.95], [1.5, 38.7], [4.1, 39.95]] },
  cas: { seeds: [[-3.7, 40.4], [-5.5, 42.5], [-6.0, 37.4], [-3.5, 37.5], [-4.5, 43.2], [-8.0, 42.8], [-2.5, 39.0]] },
  // Seas.
  atl: { seeds: [[-9.5, 46.0], [-9.7, 42.0], [-9.7, 38.0], [-7.5, 36.6], [-9.5, 50.5], [-9.0, 51.3], [-8.3, 51.5]] },
  bis: { seeds: [[-4.0, 45.5], [-2.5, 44.5], [-5.5, 44.2], [-2.0, 46.0]] },
  brs: { seeds: [[-6.0, 49.5], [-4.5, 51.3], [-6.5, 50.5], [-7.5, 49.0], [-5.5, 50.3], [-5.5, 48.7]] },
  eng: { seeds: [[-1.5, 50.2], [-3.5, 50.0], [0.3, 50.5], [-2.5, 49.7]] },
  str: { seeds: [[1.5, 51.0], [2.3, 51.3], [1.0, 50.3], [1.5, 51.6], [3.0, 51.7]] },
  thw: { seeds: [[2.5, 52.5], [3.5, 53.0], [5.5, 53.7], [1.8, 52.9], [0.3, 52.9]] },
  nos: { seeds: [[1.0, 55.5], [3.0, 56.5], [-1.0, 57.5], [4.0, 55.0], [-0.5, 54.5], [0.3, 54.1], [0.7, 53.5], [4.0, 54.3]] },
  min: { seeds: [[-6.0, 58.8], [-3.0, 59.15], [-8.0, 55.8], [-6.9, 57.6], [-9.0, 56.5], [-9.5, 54.6]] },
  iri: { seeds: [[-5.0, 54.0], [-5.5, 53.0], [-6.0, 52.2], [-5.3, 55.1], [-3.6, 54.6], [-6.8, 51.8], [-7.5, 51.75]] },
  med: { seeds: [[4.5, 42.5], [2.0, 40.5], [-1.0, 37.0], [7.0, 43.2], [-4.0, 36.3], [5.5, 40.0], [8.0, 37.5]] },
};

// Land that is no province: the Empire east of the Rhine, Italy, Portugal, Africa, and
// the small islands no province takes (Corsica, Sardinia).
export const IMPASSABLE = [
  { name: 'The Empire', countries: ['Germany', 'Austria', 'Liechtenstein', 'Czechia'], seeds: [], label: [8.6, 50.6] },
  // Italy beyond Piedmont (the duke of Savoy's since 1418).
  { name: 'Italy', seeds: [[8.8, 45.5], [8.4, 44.45], [8.7, 45.9]], label: [8.2, 45.3] },
  { name: 'Portugal', countries: ['Portugal'], seeds: [], label: [-8.0, 39.6] },
  { name: 'Africa', countries: ['Morocco', 'Algeria'], seeds: [] },
  { name: 'Land off the board', rest: true, seeds: [] },
];

// Anchors set by hand where the automatic ones read badly ([longitude, latitude]).
export const OVERRIDES = {};
