import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PROFILE_DETAILS, type Address } from '@veridocs/shared';
import { useT } from '../../i18n';
import { isApiQueryError } from '../../lib/api/base-query';
import { useRuleText } from '../../lib/content/rules/rule-text';
import { useLazyLookupPincodeQuery } from './profile-details-api';
import { profileDetailsCatalog } from './profile-details-catalog';

export interface ContactForm {
  currentAddress: Address;
  sameAsCurrent: boolean;
  permanentAddress: Address;
}

export const EMPTY_ADDRESS: Address = {
  pincode: '',
  line1: '',
  landmark: '',
  vtc: '',
  district: '',
  state: '',
};

type Which = 'currentAddress' | 'permanentAddress';
const FIELDS = ['pincode', 'line1', 'landmark', 'vtc', 'district', 'state'] as const;
type AddressField = (typeof FIELDS)[number];

const AUTOCOMPLETE: Record<AddressField, string> = {
  pincode: 'postal-code',
  line1: 'address-line1',
  landmark: 'address-line2',
  vtc: 'address-level3',
  district: 'address-level2',
  state: 'address-level1',
};

/**
 * One address (spec §3 "Address", §5): a 6-digit pincode looks up its district and state (GET
 * /pincode/{pin}), which stay editable; landmark is optional; lines at most 120 characters.
 */
export function AddressFields({ which, title }: { which: Which; title: string }) {
  const t = useT(profileDetailsCatalog);
  const ruleText = useRuleText();
  const headingId = useId();
  const { control, setValue, getValues } = useFormContext<ContactForm>();
  const [lookup, { isFetching }] = useLazyLookupPincodeQuery();
  const pincode = useWatch({ control, name: `${which}.pincode` });
  const [note, setNote] = useState<
    { kind: 'found'; pincode: string } | { kind: 'unknown'; pincode: string; message: string } | null
  >(null);
  // A note is about the pincode it looked up: typing another one leaves it behind.
  const noteText =
    note?.pincode !== pincode
      ? undefined
      : note.kind === 'found'
        ? t('pincodeFound', { pincode: note.pincode })
        : ruleText(note.message);
  const looked = useRef<string | null>(null);

  useEffect(() => {
    if (!/^\d{6}$/.test(pincode) || looked.current === pincode) return;
    looked.current = pincode;
    void lookup(pincode, true).then((result) => {
      // The candidate typed another pincode meanwhile: its own lookup answers.
      if (looked.current !== pincode) return;
      if (result.data) {
        const options = { shouldValidate: true, shouldDirty: true };
        setValue(`${which}.district`, result.data.district, options);
        setValue(`${which}.state`, result.data.state, options);
        const [only] = result.data.offices;
        if (!getValues(`${which}.vtc`) && result.data.offices.length === 1 && only)
          setValue(`${which}.vtc`, only, options);
        setNote({ kind: 'found', pincode });
      } else if (isApiQueryError(result.error) && result.error.status === 404) {
        setNote({ kind: 'unknown', pincode, message: result.error.message });
      } else setNote(null);
    });
  }, [pincode, lookup, setValue, getValues, which]);

  const label = (field: AddressField) =>
    field === 'landmark' ? `${t('landmark')} ${t('optional')}` : t(field);

  return (
    <Box
      component="fieldset"
      aria-labelledby={headingId}
      sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 2 }}
    >
      <Typography id={headingId} variant="h3" component="legend" sx={{ fontSize: '1.125rem', p: 0, mb: 1 }}>
        {title}
      </Typography>
      {FIELDS.map((field) => (
        <Controller
          key={field}
          control={control}
          name={`${which}.${field}` as FieldPath<ContactForm>}
          render={({ field: rhf, fieldState }) => {
            const helper = field === 'pincode' ? (isFetching ? t('lookingUp') : noteText) : undefined;
            const error = fieldState.error?.message ? ruleText(fieldState.error.message) : undefined;
            return (
              <TextField
                id={`${which}-${field}`}
                name={`${which}.${field}`}
                label={label(field)}
                required={field !== 'landmark'}
                value={rhf.value ?? ''}
                onChange={(event) => {
                  const value =
                    field === 'pincode'
                      ? event.target.value.replace(/\D/g, '').slice(0, PROFILE_DETAILS.pincodeLength)
                      : event.target.value.replace(/^\s+/, '');
                  rhf.onChange(value);
                }}
                onBlur={rhf.onBlur}
                inputRef={rhf.ref}
                error={Boolean(error)}
                helperText={error ?? helper}
                autoComplete={AUTOCOMPLETE[field]}
                fullWidth
                slotProps={{
                  htmlInput: {
                    maxLength:
                      field === 'pincode' ? PROFILE_DETAILS.pincodeLength : PROFILE_DETAILS.addressLineMax,
                    ...(field === 'pincode' ? { inputMode: 'numeric', pattern: '[0-9]*' } : {}),
                  },
                  formHelperText: field === 'pincode' ? { 'aria-live': 'polite' } : {},
                }}
              />
            );
          }}
        />
      ))}
    </Box>
  );
}
