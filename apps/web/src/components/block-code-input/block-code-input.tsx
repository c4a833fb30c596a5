import {
  useImperativeHandle,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import { useT } from '../../i18n';
import { blockCodeInputCatalog } from './block-code-input-catalog';

export interface BlockCodeInputHandle {
  /** Focuses a block (the first by default). */
  focus(index?: number): void;
}

export interface BlockCodeInputProps {
  ref?: Ref<BlockCodeInputHandle>;
  /** Total number of digits. */
  length: number;
  /** Number of blocks the digits are split into (equal sizes); defaults to one digit per block. */
  blocks?: number;
  /** The joined value. When it changes from outside (for example to ''), the blocks follow. */
  value?: string;
  /** Called with the joined digits of all blocks after every change. */
  onChange: (value: string) => void;
  /** Accessible name of the group. */
  label: string;
  /** Accessible name of each input, 1-based: defaults to "Digit 1 of 6" / "Block 1 of 3". */
  getInputLabel?: (position: number, count: number) => string;
  /** id of an element describing the group (an error or hint). */
  describedBy?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: boolean;
  /**
   * The first block's autocomplete (the others are always "off"): "one-time-code" by default, so a
   * phone offers the SMS code; "off" for what is not a one-time code (an Aadhaar number).
   */
  autoComplete?: 'one-time-code' | 'off';
}

/** Sizes of the blocks: `length` split as evenly as possible into `blocks`. */
export function blockSizes(length: number, blocks: number): number[] {
  const count = Math.max(1, Math.min(blocks, length));
  const base = Math.floor(length / count);
  return Array.from({ length: count }, (_, i) => base + (i < length % count ? 1 : 0));
}

/** Splits a joined value into the blocks (digits only). */
export function splitIntoBlocks(value: string, sizes: number[]): string[] {
  let rest = value.replace(/\D/g, '');
  return sizes.map((size) => {
    const part = rest.slice(0, size);
    rest = rest.slice(size);
    return part;
  });
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

const CodeBlock = styled('input', { shouldForwardProp: (prop) => prop !== 'wide' && prop !== 'invalid' })<{
  wide: boolean;
  invalid: boolean;
}>(({ theme, wide, invalid }) => ({
  boxSizing: 'border-box',
  width: wide ? undefined : 44,
  // A wide block (several digits) keeps its width where there is room and shrinks on a narrow phone
  // (Aadhaar's 3 blocks of 4 at 360 px).
  flex: wide ? '0 1 auto' : '1 1 0',
  maxWidth: wide ? undefined : 56,
  minWidth: 0,
  height: 52,
  padding: 0,
  textAlign: 'center',
  fontSize: '1.375rem',
  fontWeight: 600,
  fontFamily: 'inherit',
  letterSpacing: wide ? '0.2em' : 0,
  color: theme.palette.text.primary,
  backgroundColor: theme.palette.background.paper,
  border: '1.5px solid',
  borderColor: invalid ? theme.palette.error.main : 'rgba(27, 36, 48, 0.5)',
  borderRadius: 10,
  outline: 'none',
  transition: 'border-color 120ms, box-shadow 120ms',
  '&:hover:not(:disabled)': { borderColor: invalid ? theme.palette.error.main : theme.palette.text.primary },
  '&:focus': {
    borderColor: invalid ? theme.palette.error.main : theme.palette.primary.main,
    boxShadow: `0 0 0 3px ${invalid ? 'rgba(179, 38, 30, 0.28)' : 'rgba(29, 78, 137, 0.3)'}`,
  },
  '&:disabled': { backgroundColor: theme.palette.action.hover, color: theme.palette.text.secondary },
  [theme.breakpoints.up('sm')]: { height: 56, width: wide ? undefined : 52 },
}));

/**
 * Block code input (spec §5): the total length split into equal blocks, digits only, focus moves on
 * when a block is full, Backspace on an empty block goes to the previous one, a pasted code fills the
 * blocks, and the joined value is reported.
 */
export function BlockCodeInput({
  ref,
  length,
  blocks,
  value,
  onChange,
  label,
  getInputLabel,
  describedBy,
  autoFocus = false,
  disabled = false,
  error = false,
  autoComplete = 'one-time-code',
}: BlockCodeInputProps) {
  const t = useT(blockCodeInputCatalog);
  const sizes = blockSizes(length, blocks ?? length);
  const count = sizes.length;
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const [parts, setParts] = useState<string[]>(() => splitIntoBlocks(value ?? '', sizes));
  const [seenValue, setSeenValue] = useState(value);

  // A new value from outside (a reset) replaces the blocks; our own reports are already in them.
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== undefined && value !== parts.join('')) setParts(splitIntoBlocks(value, sizes));
  }

  const inputLabel =
    getInputLabel ??
    ((position: number, total: number) =>
      t(sizes.every((s) => s === 1) ? 'digit' : 'block', { position, count: total }));

  /** Focuses a block and selects its digits (typing replaces them). Past the last block: stay there. */
  const focusBlock = (index: number) => {
    if (index >= count) {
      inputs.current[count - 1]?.focus();
      return;
    }
    const input = inputs.current[Math.max(0, index)];
    if (input) {
      input.focus();
      input.select();
    }
  };

  useImperativeHandle(ref, () => ({ focus: (index = 0) => focusBlock(index) }));

  const commit = (next: string[]) => {
    setParts(next);
    const joined = next.join('');
    setSeenValue(joined);
    onChange(joined);
  };

  /** Fills blocks from `start` on with `digits`; focus goes to the block after the last one filled. */
  const fillFrom = (start: number, digits: string) => {
    const next = [...parts];
    let rest = digits;
    let index = start;
    while (index < count && rest.length > 0) {
      const size = sizes[index] ?? 1;
      next[index] = rest.slice(0, size);
      rest = rest.slice(size);
      index += 1;
    }
    commit(next);
    const last = index - 1;
    focusBlock((next[last]?.length ?? 0) >= (sizes[last] ?? 1) ? last + 1 : last);
  };

  const handleChange = (index: number, input: HTMLInputElement) => {
    const size = sizes[index] ?? 1;
    const previous = parts[index] ?? '';
    const digits = digitsOf(input.value);
    if (digits.length <= size) {
      // Only non-digits were typed: nothing changes (React puts the controlled value back).
      if (digits === previous) return;
      const next = [...parts];
      next[index] = digits;
      commit(next);
      if (digits.length === size) focusBlock(index + 1);
      return;
    }
    if (size === 1 && previous.length === 1 && digits.length === 2) {
      // A digit typed into a full one-digit block replaces it.
      const caret = input.selectionStart ?? input.value.length;
      const typed =
        digitsOf(input.value.slice(Math.max(0, caret - 1), caret)) || digits.replace(previous, '').charAt(0);
      const next = [...parts];
      next[index] = typed || previous;
      commit(next);
      focusBlock(index + 1);
      return;
    }
    // Autofill or a long entry: spread over the following blocks (the whole code starts at the first).
    fillFrom(digits.length >= length ? 0 : index, digits);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    if (event.key === 'Backspace' && (parts[index] ?? '') === '' && index > 0) {
      event.preventDefault();
      focusBlock(index - 1);
    } else if (event.key === 'ArrowLeft' && (atStart || input.value === '') && index > 0) {
      event.preventDefault();
      focusBlock(index - 1);
    } else if (event.key === 'ArrowRight' && atEnd && index < count - 1) {
      event.preventDefault();
      focusBlock(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const digits = digitsOf(event.clipboardData.getData('text'));
    event.preventDefault();
    if (!digits) return;
    fillFrom(digits.length >= length ? 0 : index, digits.slice(0, length));
  };

  return (
    <Box
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      sx={{ display: 'flex', gap: { xs: 1, sm: 1.25 }, flexWrap: 'nowrap', minWidth: 0, maxWidth: '100%' }}
    >
      {sizes.map((size, index) => (
        <CodeBlock
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          wide={size > 1}
          invalid={error}
          style={size > 1 ? { width: `${size * 1.1 + 1.6}em` } : undefined}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? autoComplete : 'off'}
          aria-label={inputLabel(index + 1, count)}
          aria-invalid={error || undefined}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          value={parts[index] ?? ''}
          onChange={(event) => handleChange(index, event.currentTarget)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.currentTarget.select()}
        />
      ))}
    </Box>
  );
}
