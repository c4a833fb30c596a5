import { useEffect, useRef, useState } from 'react';
import {
  API_PATHS,
  FIELD_LOOKUPS,
  SERVICE_BASES,
  isLookupKey,
  pincodeResultSchema,
  type LookupAnswers,
  type LookupKey,
} from '@veridocs/shared';
import { ApiError, http } from '../../lib/api-client';

/**
 * Where each look-up a config may name (`lookup`, shared FIELD_LOOKUPS) asks: the browser half of the
 * registry. The shared half says when a value is complete and which fields the answer fills.
 */
export const LOOKUP_SOURCES: {
  [K in LookupKey]: (value: string, signal: AbortSignal) => Promise<LookupAnswers[K]>;
} = {
  PINCODE: async (pin, signal) =>
    pincodeResultSchema.parse(
      await http.get<unknown>(`${SERVICE_BASES.utility}${API_PATHS.utility.pincode(pin)}`, {
        signal,
        noSnackbar: true,
      }),
    ),
};

export type LookupStatus =
  | { kind: 'idle' }
  | { kind: 'looking'; value: string }
  | { kind: 'found'; value: string }
  /** The source does not know the value (its message, e.g. "No post office has this pincode"). */
  | { kind: 'unknown'; value: string; message: string };

type Result = { value: string } & (
  | { kind: 'found' }
  | { kind: 'unknown'; message: string }
  /** Any other failure is quiet: the candidate types. */
  | { kind: 'failed' }
);

/**
 * Runs a field's look-up when the candidate completes its value (not for the value the form was resumed
 * with: what was saved stays as saved), and hands the answer to `onAnswer`. The newest value wins: an
 * earlier request still running is aborted. The status is about the value now in the field.
 */
export function useFieldLookup(
  key: string | undefined,
  value: unknown,
  enabled: boolean,
  onAnswer: (key: LookupKey, answer: LookupAnswers[LookupKey]) => void,
): LookupStatus {
  const [resumed] = useState(value);
  const [result, setResult] = useState<Result | null>(null);
  const answerRef = useRef(onAnswer);
  useEffect(() => {
    answerRef.current = onAnswer;
  }, [onAnswer]);
  const wanted =
    enabled &&
    isLookupKey(key) &&
    typeof value === 'string' &&
    value !== resumed &&
    FIELD_LOOKUPS[key].accepts(value);

  useEffect(() => {
    if (!wanted || !isLookupKey(key) || typeof value !== 'string') return;
    const controller = new AbortController();
    LOOKUP_SOURCES[key](value.trim(), controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        answerRef.current(key, answer);
        setResult({ value, kind: 'found' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setResult(
          error instanceof ApiError && error.status === 404
            ? { value, kind: 'unknown', message: error.message }
            : { value, kind: 'failed' },
        );
      },
    );
    return () => controller.abort();
  }, [wanted, key, value]);

  if (!wanted) return { kind: 'idle' };
  if (!result || result.value !== value) return { kind: 'looking', value };
  if (result.kind === 'failed') return { kind: 'idle' };
  return result;
}
