import { describe, expect, it } from 'vitest';
import { checkFormData, savableData } from './form-data.js';
import { checkValue, fieldError, type FieldRule } from './form-fields.js';

const now = new Date(2026, 10, 26, 12);
const FILE_A = '0d6b2f8e-8a51-4a0e-9a57-5b1c3f0e7d21';
const FILE_B = '7f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e';

/** The demo degree form's fields (apps/server seed), reduced to what the rules read. */
const degree: FieldRule[] = [
  {
    fieldName: 'candidateName',
    label: 'Name as on degree',
    inputType: 'text',
    readOnly: true,
    required: true,
  },
  {
    fieldName: 'institute',
    label: 'University or institute',
    inputType: 'autocomplete',
    autocompleteSource: '/api/utility/institutes',
    allowManual: true,
    required: true,
  },
  { fieldName: 'degreeName', label: 'Degree', inputType: 'text', required: true, maxLength: 120 },
  { fieldName: 'passingYear', inputType: 'select', optionsKey: 'PASSING_YEAR', required: true },
  { fieldName: 'degreeStatus', inputType: 'select', optionsKey: 'DEGREE_STATUS', required: true },
  {
    fieldName: 'marksheet',
    inputType: 'file',
    maxFiles: 1,
    requiredFn: 'marksheetRequired',
    requiredMessage: 'Upload Education Marksheet',
    hideWhen: { fieldName: 'degreeStatus', values: ['DEGREE_ONLY_NO_MARKSHEET'] },
  },
  {
    fieldName: 'supportingDocuments',
    inputType: 'file',
    maxFiles: 2,
    requiredFn: 'supportingDocumentsRequired',
  },
  { fieldName: 'joiningDate', inputType: 'date', disableFuture: true },
  { fieldName: 'photo', inputType: 'live-cam-with-geolocation' },
];
const fixed = { candidateName: 'Asha Rao' };
const save = (data: Record<string, unknown>) => checkFormData(degree, data, { now, complete: false, fixed });
const submit = (data: Record<string, unknown>) => checkFormData(degree, data, { now, complete: true, fixed });
const messages = (check: ReturnType<typeof save>) =>
  Object.fromEntries(check.issues.map((i) => [i.field, i.message]));

const place = {
  latitude: 12.97,
  longitude: 77.59,
  accuracy: 25,
  timestamp: 1,
  address: {
    address: 'MG Road',
    locality: 'x',
    district: 'y',
    state: 'Karnataka',
    country: 'India',
    pincode: '560001',
  },
  mapImage: '/api/geo/map.png?lat=12.97&lng=77.59',
  ipAddress: null,
  error: null,
};

describe('checkFormData: a save takes partial data, never wrong data', () => {
  it('accepts a half-filled form and stores it trimmed, with the name from the profile', () => {
    const check = save({ degreeName: ' B.Tech ', passingYear: '2020' });
    expect(check.issues).toEqual([]);
    expect(check.data).toEqual({ candidateName: 'Asha Rao', degreeName: 'B.Tech', passingYear: '2020' });
  });

  it('refuses unknown keys, values of the wrong type and values outside the options', () => {
    const check = save({ state: 'COMPLETED', price: 0, passingYear: '1066', degreeStatus: 'NOT_AN_OPTION' });
    expect(messages(check)).toEqual({
      passingYear: 'Choose one of the options',
      degreeStatus: 'Choose one of the options',
      state: 'This form has no such field',
      price: 'This form has no such field',
    });
    expect(messages(save({ degreeName: 42 }))).toEqual({ degreeName: 'Enter text' });
    expect(messages(save({ degreeName: 'x'.repeat(121) }))).toEqual({
      degreeName: 'Degree must be at most 120 characters',
    });
  });

  it('judges dates by the rules, also on a save', () => {
    expect(messages(save({ joiningDate: '2026-13-01' }))).toEqual({
      joiningDate: 'Enter a valid date as DD-MM-YYYY',
    });
    expect(messages(save({ joiningDate: '2027-01-01' }))).toEqual({
      joiningDate: 'Date cannot be in the future',
    });
    expect(save({ joiningDate: '2020-01-01' }).issues).toEqual([]);
  });

  it('refuses a different name than the profile’s in a read-only field', () => {
    expect(messages(save({ candidateName: 'Mallory Imposter' }))).toEqual({
      candidateName: 'Name as on degree is filled from your profile and cannot be changed',
    });
    expect(save({ candidateName: 'Asha Rao' }).issues).toEqual([]);
    // Without a profile value the field takes nothing.
    const none = checkFormData(degree, { candidateName: 'X' }, { now, complete: false });
    expect(messages(none)).toEqual({ candidateName: 'Name as on degree cannot be changed' });
  });

  it('checks a value of a hidden field too', () => {
    const check = save({ degreeStatus: 'DEGREE_ONLY_NO_MARKSHEET', marksheet: 'javascript:alert(1)' });
    expect(messages(check)).toEqual({
      marksheet: 'Upload the file first; a file field holds uploaded files only',
    });
  });
});

describe('file fields hold file ids only', () => {
  it('stores { fileId } and drops the description a client echoes (its verdict included)', () => {
    const echoed = {
      fileId: FILE_A.toUpperCase(),
      fileUrl: '/x',
      name: 'a.pdf',
      state: 'COMPLETED',
      issues: [],
    };
    const check = save({ marksheet: echoed, supportingDocuments: [{ fileId: FILE_A }, { fileId: FILE_B }] });
    expect(check.issues).toEqual([]);
    expect(check.data.marksheet).toEqual({ fileId: FILE_A });
    expect(check.data.supportingDocuments).toEqual([{ fileId: FILE_A }, { fileId: FILE_B }]);
    expect(check.files).toEqual([
      { field: 'marksheet', fileId: FILE_A },
      { field: 'supportingDocuments', fileId: FILE_A },
      { field: 'supportingDocuments', fileId: FILE_B },
    ]);
  });

  it('refuses URLs, strings, other keys, too many files and the same file twice', () => {
    const at = (value: unknown, field = 'marksheet') => messages(save({ [field]: value }))[field];
    expect(at('javascript:alert(1)')).toMatch(/uploaded files only/);
    expect(at(FILE_A)).toMatch(/uploaded files only/);
    expect(at({ fileId: 'not-an-id' })).toMatch(/uploaded files only/);
    expect(at({ fileId: FILE_A, href: 'x' })).toBe('An uploaded file does not take "href"');
    expect(at([{ fileId: FILE_A }, { fileId: FILE_B }])).toBe('Only 1 file(s) can be uploaded');
    expect(at([{ fileId: FILE_A }, { fileId: FILE_A }], 'supportingDocuments')).toBe(
      'The same file is attached twice',
    );
  });

  it('a camera photo carries the place it was taken, with the server’s own map path', () => {
    const ok = save({ photo: { fileId: FILE_A, name: 'geo-tag-image.jpg', geolocation: place } });
    expect(ok.issues).toEqual([]);
    expect(ok.data.photo).toEqual({ fileId: FILE_A, geolocation: place });
    const elsewhere = save({
      photo: { fileId: FILE_A, geolocation: { ...place, mapImage: 'https://evil.example/x.png' } },
    });
    expect(messages(elsewhere).photo).toBe('The photo needs the place where it was taken');
    expect(messages(save({ photo: { fileId: FILE_A } })).photo).toBe(
      'The photo needs the place where it was taken',
    );
  });

  it('a photo’s place has coordinates within range and bounded texts', () => {
    const placed = (geolocation: unknown) => messages(save({ photo: { fileId: FILE_A, geolocation } })).photo;
    const refused = 'The photo needs the place where it was taken';
    expect(placed({ ...place, latitude: 90, longitude: -180 })).toBeUndefined();
    expect(placed({ ...place, latitude: 90.01 })).toBe(refused);
    expect(placed({ ...place, latitude: -91 })).toBe(refused);
    expect(placed({ ...place, longitude: 180.5 })).toBe(refused);
    expect(placed({ ...place, longitude: -1e9 })).toBe(refused);
    expect(placed({ ...place, accuracy: -1 })).toBe(refused);
    const long = 'x'.repeat(100_000);
    expect(placed({ ...place, address: { ...place.address, address: long } })).toBe(refused);
    expect(placed({ ...place, address: { ...place.address, locality: 'x'.repeat(201) } })).toBe(refused);
    expect(placed({ ...place, address: { ...place.address, pincode: long } })).toBe(refused);
    expect(placed({ ...place, error: long })).toBe(refused);
    expect(placed({ ...place, ipAddress: long })).toBe(refused);
    expect(placed({ ...place, mapImage: `/api/geo/map.png?${long}` })).toBe(refused);
    // Keys the shape does not have are not stored.
    const extra = save({ photo: { fileId: FILE_A, geolocation: { ...place, note: long } } });
    expect(extra.data.photo).toEqual({ fileId: FILE_A, geolocation: place });
  });
});

describe('searchable lists take a reference id or, when allowed, typed text', () => {
  it('keeps the id for the server to look up, and the manual-entry shape as typed', () => {
    const chosen = save({ institute: { value: 'iit-bombay', name: 'whatever the client says' } });
    expect(chosen.data.institute).toEqual({ value: 'iit-bombay', name: '' });
    expect(chosen.references).toEqual([
      { field: 'institute', source: '/api/utility/institutes', value: 'iit-bombay' },
    ]);
    expect(save({ institute: 'iit-bombay' }).references).toHaveLength(1);
    expect(save({ institute: { manual: true, name: ' St. Xavier ' } }).data.institute).toEqual({
      manual: true,
      name: 'St. Xavier',
    });
    expect(save({ institute: { value: 'Other' } }).data.institute).toEqual({ value: 'Other', name: 'Other' });
  });

  it('refuses other shapes, and typed text where the list does not allow it', () => {
    const noManual = degree.map((f) => (f.fieldName === 'institute' ? { ...f, allowManual: false } : f));
    const typed = checkFormData(
      noManual,
      { institute: { manual: true, name: 'X' } },
      { now, complete: false },
    );
    expect(messages(typed)).toEqual({ institute: 'Choose one of the options' });
    expect(messages(save({ institute: { value: 'x', admin: true } }))).toEqual({
      institute: 'Choose one of the options',
    });
    expect(messages(save({ institute: 7 }))).toEqual({ institute: 'Choose one of the options' });
  });
});

describe('a submit checks the whole form', () => {
  it('reports the required fields in form order, with the marksheet rule', () => {
    expect(submit({ degreeStatus: 'DEGREE_AND_MARKSHEET' }).issues.map((i) => [i.field, i.message])).toEqual([
      ['institute', 'Required'],
      ['degreeName', 'Required'],
      ['passingYear', 'Required'],
      ['marksheet', 'Upload Education Marksheet'],
    ]);
    const withoutMarksheet = submit({
      institute: 'iit-bombay',
      degreeName: 'B.Tech',
      passingYear: '2020',
      degreeStatus: 'DEGREE_ONLY_NO_MARKSHEET',
    });
    expect(withoutMarksheet.issues.map((i) => i.field)).toEqual(['supportingDocuments']);
  });

  it('the read-only name counts as filled from the profile, and is required without one', () => {
    const complete = {
      institute: 'iit-bombay',
      degreeName: 'B.Tech',
      passingYear: '2020',
      degreeStatus: 'DEGREE_AND_MARKSHEET',
      marksheet: { fileId: FILE_A },
    };
    expect(submit(complete).issues).toEqual([]);
    const noName = checkFormData(degree, complete, { now, complete: true, fixed: { candidateName: ' ' } });
    expect(noName.issues).toEqual([{ field: 'candidateName', message: 'Required' }]);
  });
});

describe('what the web sends, and what the form shows', () => {
  it('savableData keeps accepted values only: no read-only, unknown or half-typed ones', () => {
    const values = {
      candidateName: 'Asha Rao',
      degreeName: 'B.Tech ',
      joiningDate: '12-0',
      extra: 'x',
      marksheet: { fileId: FILE_A, name: 'a.pdf', state: 'WARNING', issues: [] },
      institute: { value: 'iit-bombay', name: 'IIT Bombay' },
    };
    expect(savableData(degree, values, { now })).toEqual({
      degreeName: 'B.Tech',
      marksheet: { fileId: FILE_A },
      institute: { value: 'iit-bombay', name: 'IIT Bombay' },
    });
  });

  it('fieldError shows the same messages as the server for a present value', () => {
    const year = degree.find((f) => f.fieldName === 'passingYear')!;
    expect(fieldError(year, { passingYear: '1066' }, now)).toBe('Choose one of the options');
    expect(fieldError(year, { passingYear: '2020' }, now)).toBeNull();
    expect(checkValue({ fieldName: 'x', inputType: 'radio' }, 'a', now)).toEqual({
      ok: false,
      message: 'This field cannot be filled in',
    });
  });
});
