import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * W3C Bitstring Status List v1.0: 131,072 bits (16 KB, the spec's minimum for group privacy) per list;
 * bit i of a list is the left-most-first bit of byte i/8. A credential's global status index g lives in
 * list g / LIST_SIZE at bit g % LIST_SIZE.
 */
export const STATUS_LIST_SIZE = 131_072;

export function statusPosition(globalIndex: number): { list: number; bit: number } {
  return { list: Math.floor(globalIndex / STATUS_LIST_SIZE), bit: globalIndex % STATUS_LIST_SIZE };
}

/** The `encodedList` of a list whose set bits are `bits`: multibase base64url ('u') of the GZIP'd bytes. */
export function encodeStatusList(bits: Iterable<number>): string {
  const bytes = new Uint8Array(STATUS_LIST_SIZE / 8);
  for (const bit of bits) {
    if (bit < 0 || bit >= STATUS_LIST_SIZE) throw new RangeError(`Status bit ${bit} is out of range`);
    bytes[bit >> 3]! |= 0x80 >> (bit & 7);
  }
  return `u${gzipSync(bytes).toString('base64url')}`;
}

/** Reads one bit of an `encodedList`; throws on anything that is not a well-formed list. */
export function statusBit(encodedList: string, bit: number): boolean {
  if (!encodedList.startsWith('u')) throw new Error('encodedList is not multibase base64url');
  const bytes = gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'), {
    maxOutputLength: 16 * 1024 * 1024,
  });
  if (bit < 0 || bit >= bytes.length * 8) throw new RangeError('Status index outside the list');
  return (bytes[bit >> 3]! & (0x80 >> (bit & 7))) !== 0;
}
