import { useEffect, useRef, useState, type UIEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MANUAL_MAX_LENGTH, OTHER_OPTION, type ReferenceChoice } from '@veridocs/shared';
import { commonCatalog, useT } from '../../../i18n';
import { useRuleText, useRulesT } from '../../../lib/content/rules/rule-text';
import { SEARCH_DEBOUNCE_MS, fetchOptionPage, type OptionPage } from '../autocomplete-source';
import { labelOf } from '../schema';
import type { FieldRendererProps } from '../types';
import { cleanText } from './text-input';
import { inputAria, textFieldProps } from './field-props';

type Option = OptionPage['list'][number];

/** Infinite scroll triggers within 10 px of the bottom (spec §9). */
const NEAR_BOTTOM_PX = 10;

/** The stored value read back: a list entry `{ value, name }`, typed text `{ manual: true, name }`, or nothing. */
function choiceOf(value: unknown): { option: Option | null; manual: string | null } {
  if (typeof value !== 'object' || value === null) return { option: null, manual: null };
  const { name, value: id, manual } = value as { name?: unknown; value?: unknown; manual?: unknown };
  if (typeof name !== 'string') return { option: null, manual: null };
  if (manual === true) return { option: null, manual: name };
  return typeof id === 'string'
    ? { option: { name, value: id }, manual: null }
    : { option: null, manual: null };
}

/**
 * Searchable dropdown (spec §7, §9): pages of 50 from the config's autocompleteSource, search after
 * 700 ms, the next page on scrolling to the bottom, list height at most 45vh; "Other" when the source
 * fails; with allowManual, "Unable to find {label}?" offers a free text input instead. The stored
 * value is the chosen entry `{ value: id, name }` (the server checks the id against its list) or the
 * text typed by hand as `{ manual: true, name }` (shared checkValue).
 */
export function SearchableDropdown(props: FieldRendererProps) {
  const { field, id, value, onChange, onBlur, disabled } = props;
  const tc = useT(commonCatalog);
  // JOURNEY_TEXT of packages/shared, and the "Other" option its failure offers, in the reader's language.
  const tr = useRulesT();
  const ruleText = useRuleText();
  const choice = choiceOf(value);
  const stored = choice.option?.name ?? choice.manual ?? '';
  const [manual, setManual] = useState(choice.manual !== null);
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState(stored);
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const request = useRef<AbortController | null>(null);
  const debounce = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The search text of the first page on the list (null: nothing loaded, or the last load failed). */
  const loadedFor = useRef<string | null>(null);
  const source = field.autocompleteSource ?? '';
  const plainLabel = labelOf(field);

  const load = (seed: number, text: string) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    fetchOptionPage(source, { seed, search: text }, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        if (seed === 0) loadedFor.current = page.total === 0 && page.list.length === 1 ? null : text;
        setOptions((previous) => (seed === 0 ? page.list : [...previous, ...page.list]));
        setTotal(page.total);
        setLoading(false);
      },
      () => undefined,
    );
  };

  useEffect(
    () => () => {
      request.current?.abort();
      if (debounce.current) clearTimeout(debounce.current);
    },
    [],
  );

  const onListScroll = (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    if (list.scrollTop + list.clientHeight < list.scrollHeight - NEAR_BOTTOM_PX) return;
    if (loading || options.length >= total) return;
    load(options.length, search);
  };

  if (manual) {
    return (
      <Box>
        <TextField
          id={id}
          name={field.fieldName}
          fullWidth
          {...textFieldProps(props)}
          value={stored}
          onChange={(event) => {
            // TextInput's rule, with a 200-character cap when the config names none.
            const cleaned = cleanText(event.target.value, undefined, field.maxLength ?? MANUAL_MAX_LENGTH);
            onChange(cleaned ? ({ manual: true, name: cleaned } satisfies ReferenceChoice) : '');
          }}
          onBlur={onBlur}
          disabled={disabled}
          placeholder={tc('enterValue')}
          slotProps={{
            htmlInput: inputAria(props),
            formHelperText: { component: 'div' } as object,
          }}
        />
        <Button
          size="small"
          onClick={() => {
            setInput(stored);
            setManual(false);
          }}
          disabled={disabled}
          sx={{ mt: 0.5 }}
        >
          {tr('selectFromOptions')}
        </Button>
      </Box>
    );
  }

  // A typed entry shows as the list's text until the candidate picks an entry.
  const selected: Option | null =
    choice.option ?? (choice.manual !== null ? { name: choice.manual, value: '' } : null);
  return (
    <Box>
      <Autocomplete<Option, false, false, false>
        id={id}
        open={open}
        onOpen={() => {
          // The first page when the list opens: the whole list while the input shows the chosen name.
          const text = input === stored ? '' : input;
          setOpen(true);
          if (source && loadedFor.current !== text) {
            setSearch(text);
            load(0, text);
          }
        }}
        onClose={() => setOpen(false)}
        value={selected}
        onChange={(_event, option) =>
          onChange(option ? ({ value: option.value, name: option.name } satisfies ReferenceChoice) : '')
        }
        inputValue={input}
        onInputChange={(_event, text, reason) => {
          setInput(text);
          if (reason !== 'input') return;
          if (debounce.current) clearTimeout(debounce.current);
          debounce.current = setTimeout(() => {
            setSearch(text);
            if (source) load(0, text);
          }, SEARCH_DEBOUNCE_MS);
        }}
        options={options}
        filterOptions={(list) => list}
        getOptionLabel={(option) =>
          option.value === OTHER_OPTION.value ? ruleText(option.name) : option.name
        }
        getOptionKey={(option) => `${option.value}\u0000${option.name}`}
        renderOption={(optionProps, option) => {
          // Where the entry is, under its name: several institutes share a name (Amity University).
          const { key, ...rest } = optionProps as typeof optionProps & { key: string };
          const place = [...new Set([option.city, option.state].filter(Boolean))].join(', ');
          const name = option.value === OTHER_OPTION.value ? ruleText(option.name) : option.name;
          return (
            <li key={key} {...rest}>
              {place ? (
                <Box>
                  <Typography variant="body2">{name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {place}
                  </Typography>
                </Box>
              ) : (
                name
              )}
            </li>
          );
        }}
        isOptionEqualToValue={(option, current) => option.value === current.value}
        loading={loading}
        loadingText={tc('loading')}
        noOptionsText={tc('noOptions')}
        disabled={disabled}
        onBlur={onBlur}
        slotProps={{
          listbox: { onScroll: onListScroll, style: { maxHeight: '45vh' } },
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            name={field.fieldName}
            {...textFieldProps(props)}
            placeholder={field.placeholder}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, ...inputAria(props) },
              input: {
                ...params.slotProps.input,
                endAdornment: (
                  <>
                    {loading && open ? <CircularProgress color="inherit" size={18} aria-hidden /> : null}
                    {params.slotProps.input.endAdornment}
                  </>
                ),
              },
              formHelperText: { component: 'div' } as object,
            }}
          />
        )}
      />
      {field.allowManual && !disabled && (
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 0.5, mt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {tr('unableToFind', { label: plainLabel })}
          </Typography>
          <Button
            size="small"
            disabled={disabled}
            onClick={() => {
              setOpen(false);
              setManual(true);
            }}
          >
            {tr('enterManually')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
