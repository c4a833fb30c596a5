const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID in its usual text form (any case): ids from a URL are checked before they reach a uuid column. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
