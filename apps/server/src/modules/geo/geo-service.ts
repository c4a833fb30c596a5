import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { ADDRESS_MESSAGES, type GeolocationResult } from '@veridocs/shared';
import { AppError } from '../../errors.js';
import { renderMapImage } from './map-image.js';
import { PincodeIndex, type PincodeEntry, type PostOffice } from './pincode-index.js';

export type Address = GeolocationResult['address'];

/** Reverse geocoding, map images and country by IP, each behind a provider (DESIGN.md §4). */
export interface GeoProviders {
  reverse(lat: number, lng: number): Promise<Address | null>;
  mapImage(lat: number, lng: number, accuracyMetres: number | null): Promise<Buffer>;
  countryByIp(ip: string): string | null;
  /** The district and state of a pincode (GET /pincode/{pin}), or null for an unknown one. */
  pincode(pin: string): Promise<PincodeEntry | null>;
}

/** The offline default: the nearest India Post office, a generated map, the bundled GeoLite2 country data. */
export function createOfflineGeoProviders(): GeoProviders {
  let index: PincodeIndex | null = null;
  const pincodes = () => (index ??= PincodeIndex.fromPackage());
  const require = createRequire(import.meta.url);
  let geoip: { lookup(ip: string): { country?: string } | null } | null = null;

  return {
    async reverse(lat, lng) {
      const office = pincodes().nearest(lat, lng);
      return office ? toAddress(office) : null;
    },
    async mapImage(lat, lng, accuracyMetres) {
      return renderMapImage({ lat, lng, accuracyMetres, nearby: pincodes().within(lat, lng, 1.5, 30) });
    },
    async pincode(pin) {
      return pincodes().lookup(pin);
    },
    countryByIp(ip) {
      if (!isIP(ip)) return null;
      geoip ??= require('geoip-country') as { lookup(ip: string): { country?: string } | null };
      return geoip.lookup(ip)?.country ?? null;
    },
  };
}

function toAddress(office: PostOffice): Address {
  return {
    address: `${office.area}, ${office.district}, ${office.state} ${office.pincode}`,
    locality: office.area,
    district: office.district,
    state: office.state,
    country: 'India',
    pincode: office.pincode,
  };
}

export function createGeoService(providers: GeoProviders, mapImagePath: string) {
  return {
    async reverse(input: {
      lat: number;
      lng: number;
      accuracy?: number | null;
      ip: string | null;
    }): Promise<GeolocationResult> {
      const address = await providers.reverse(input.lat, input.lng);
      const query = new URLSearchParams({ lat: input.lat.toFixed(6), lng: input.lng.toFixed(6) });
      if (input.accuracy) query.set('accuracy', String(Math.round(input.accuracy)));
      return {
        latitude: input.lat,
        longitude: input.lng,
        accuracy: input.accuracy ?? null,
        timestamp: Date.now(),
        address: address ?? { address: '', locality: '', district: '', state: '', country: '', pincode: '' },
        mapImage: `${mapImagePath}?${query.toString()}`,
        ipAddress: input.ip,
        error: address ? null : 'No address is known near this location',
      };
    },
    mapImage: (lat: number, lng: number, accuracy: number | null) => providers.mapImage(lat, lng, accuracy),
    /** Spec §7 GET /pincode/{pin}: NOT_FOUND for a pincode India Post does not know. */
    async pincode(pin: string): Promise<PincodeEntry> {
      const entry = await providers.pincode(pin);
      if (!entry) throw new AppError('NOT_FOUND', ADDRESS_MESSAGES.pincodeUnknown);
      return { ...entry, offices: [...entry.offices].sort((a, b) => a.localeCompare(b)) };
    },
    country: (ip: string | null) => ({ country: ip ? providers.countryByIp(ip) : null, ipAddress: ip }),
  };
}
export type GeoService = ReturnType<typeof createGeoService>;
