import { OTHER_OPTION, SERVICE_BASES, referenceListSchema } from '@veridocs/shared';
import { http } from '../../lib/api-client';

/** Searchable dropdowns fetch pages of this size (spec §9 "dropdown step 50", §7 "count=50"). */
export const PAGE_SIZE = 50;
/** Search text waits this long after the last keystroke (spec §9). */
export const SEARCH_DEBOUNCE_MS = 700;
/** On failure the list is one option named "Other" with total 0 (spec §8); the server accepts it. */
export { OTHER_OPTION };

export interface OptionPage {
  /** state and city: where the entry is, when the list says (shown under the name). */
  list: Array<{ name: string; value: string; state?: string | null; city?: string | null }>;
  total: number;
}

/**
 * The URL of a config's autocompleteSource: a path under /api is used as it is; any other relative
 * path is a utility-service path such as '/institutes' (spec §7 "/institutes and /boards").
 */
export function sourceUrl(source: string): string {
  if (source.startsWith('/api/') || /^https?:\/\//.test(source)) return source;
  return `${SERVICE_BASES.utility}${source.startsWith('/') ? source : `/${source}`}`;
}

/** One page of options: seed (offset), count=50, sort=name, order=1, search. Failure → "Other", total 0. */
export async function fetchOptionPage(
  source: string,
  query: { seed: number; search: string },
  signal?: AbortSignal,
): Promise<OptionPage> {
  try {
    const params = new URLSearchParams({
      seed: String(query.seed),
      count: String(PAGE_SIZE),
      sort: 'name',
      order: '1',
    });
    if (query.search.trim()) params.set('search', query.search.trim());
    const url = sourceUrl(source);
    const data = await http.get<unknown>(`${url}${url.includes('?') ? '&' : '?'}${params.toString()}`, {
      signal,
      noSnackbar: true,
    });
    return referenceListSchema.parse(data);
  } catch (error) {
    if (signal?.aborted) throw error;
    return { list: [{ ...OTHER_OPTION }], total: 0 };
  }
}
