import { FILE_TEXT, type DynamicInputField, type VerificationConfig } from '@veridocs/shared';
import { describe, expect, it } from 'vitest';
import type { AttachedFile, FileForTransaction } from '../files/files-service.js';
import {
  FILE_TAKEN,
  NO_SUCH_FILE,
  configFields,
  configFor,
  fileFieldNames,
  fileFieldOf,
  fileIssues,
  fileItems,
  fileTypeAllowed,
  inFieldOrder,
  profileNameValues,
  recordFileIds,
  withFileVerdicts,
  withoutReadOnly,
} from './verification-data-fns.js';

const field = (
  fieldName: string,
  inputType: DynamicInputField['inputType'],
  more: Partial<DynamicInputField> = {},
) => ({ fieldName, inputType, ...more });

/** A degree-like config with two ways to verify: by candidate id, or by uploaded documents. */
const CONFIG: VerificationConfig = {
  name: 'bgv-degree',
  metadata: { label: 'Degree', orgSpecificName: null, iconUrl: null },
  additionalInfo: { authOptions: ['id', 'docs'], acceptMultipleSubmissions: true, category: 'Education' },
  authOptions: [
    {
      type: 'id',
      page: {
        config: [
          {
            inputs: [
              field('candidateName', 'text'),
              field('institute', 'autocomplete'),
              field('candidateId', 'text'),
            ],
          },
        ],
      },
      candidateIdSchemaByInstitute: { 'inst-1': { fieldName: 'candidateId', format: '^[0-9]{6}$' } },
    },
    {
      type: 'docs',
      page: {
        config: [
          { inputs: [field('candidateName', 'text')] },
          {
            inputs: [
              field('degreeDocument', 'file', { allowedFileTypes: ['pdf'] }),
              field('selfie', 'live-cam-with-geolocation'),
            ],
          },
        ],
      },
    },
  ],
  readOnly: { profile: ['candidateName'] },
};

const attached = (fileId: string, mimeType = 'application/pdf'): AttachedFile => ({
  fileId,
  fileUrl: `/files/${fileId}`,
  name: `${fileId}.pdf`,
  mimeType,
  size: 10,
  state: 'COMPLETED',
  issues: [],
});

describe('configFor', () => {
  it('finds a config by its own name, else by the instance type', () => {
    const other = { ...CONFIG, name: 'bgv-degree~2' };
    const configs = new Map([
      ['bgv-degree', CONFIG],
      ['bgv-degree~2', other],
    ]);
    expect(configFor(configs, 'bgv-degree~2')).toBe(other);
    expect(configFor(configs, 'bgv-degree~3')).toBe(CONFIG);
    expect(configFor(configs, 'passport')).toBeUndefined();
  });
});

describe('configFields', () => {
  it('takes the chosen option, else the first, with the candidate id format by institute', () => {
    expect(configFields(CONFIG, 'docs').map((f) => f.fieldName)).toEqual([
      'candidateName',
      'degreeDocument',
      'selfie',
    ]);
    const first = configFields(CONFIG, null);
    expect(first.map((f) => f.fieldName)).toEqual(['candidateName', 'institute', 'candidateId']);
    expect(configFields(CONFIG, 'unknown').map((f) => f.fieldName)).toEqual(first.map((f) => f.fieldName));
    expect(first.find((f) => f.fieldName === 'candidateId')?.idFormat?.byInstitute).toEqual({
      'inst-1': '^[0-9]{6}$',
    });
  });

  it('answers no fields for a config without options', () => {
    expect(configFields({ ...CONFIG, authOptions: [] }, null)).toEqual([]);
  });
});

describe('file fields', () => {
  it('lists the file and camera fields of every option', () => {
    expect(fileFieldNames(CONFIG)).toEqual(['degreeDocument', 'selfie']);
  });

  it('reads the { fileId } items of one value or a list, ignoring anything else', () => {
    expect(fileItems({ fileId: 'a' })).toEqual([{ fileId: 'a' }]);
    expect(fileItems([{ fileId: 'a' }, 'b', null, { fileId: 3 }, { fileId: 'c', geolocation: 1 }])).toEqual([
      { fileId: 'a' },
      { fileId: 'c', geolocation: 1 },
    ]);
    expect(fileItems(undefined)).toEqual([]);
  });

  it('collects the file ids a record holds, only from file fields', () => {
    const data = {
      degreeDocument: { fileId: 'd1' },
      selfie: [{ fileId: 's1' }, { fileId: 's2' }],
      candidateId: { fileId: 'not-a-file-field' },
    };
    expect(recordFileIds(CONFIG, data)).toEqual(['d1', 's1', 's2']);
  });

  it('reports a lost file on the first file field with a value, else on "files"', () => {
    expect(fileFieldOf(CONFIG, 'docs', { selfie: [] })).toBe('selfie');
    expect(fileFieldOf(CONFIG, 'docs', { degreeDocument: {}, selfie: [] })).toBe('degreeDocument');
    expect(fileFieldOf(CONFIG, 'id', { degreeDocument: {} })).toBe('files');
  });

  it('allows a stored type only among the field subtypes, the spec four by default', () => {
    expect(fileTypeAllowed('application/pdf', field('f', 'file', { allowedFileTypes: ['PDF'] }))).toBe(true);
    expect(fileTypeAllowed('image/png', field('f', 'file', { allowedFileTypes: ['pdf'] }))).toBe(false);
    expect(fileTypeAllowed('image/png', field('f', 'file'))).toBe(true);
    expect(fileTypeAllowed('image/gif', field('f', 'file'))).toBe(false);
  });
});

describe('read-only fields', () => {
  it('fills only read-only name fields with the profile name', () => {
    const fields = [
      field('candidateName', 'text'),
      field('fullName', 'text', { readOnly: true }),
      field('city', 'text'),
    ];
    expect(profileNameValues(fields, ['candidateName', 'city'], 'Asha Rao')).toEqual({
      candidateName: 'Asha Rao',
      fullName: 'Asha Rao',
    });
  });

  it('drops the chosen option read-only fields from stored data, keeping the rest', () => {
    const data = { candidateName: 'Typed', degreeDocument: { fileId: 'd1' } };
    expect(withoutReadOnly(CONFIG, 'docs', data)).toEqual({ degreeDocument: { fileId: 'd1' } });
    expect(data.candidateName).toBe('Typed');
  });
});

describe('fileIssues', () => {
  const fields = configFields(CONFIG, 'docs');
  const found = new Map<string, FileForTransaction>([
    ['own', { file: attached('own'), otherTransaction: false, linked: false }],
    ['taken', { file: attached('taken'), otherTransaction: true, linked: false }],
    ['png', { file: attached('png', 'image/png'), otherTransaction: false, linked: false }],
  ]);

  it('refuses an unknown file, another transaction file and a type the field does not take', () => {
    expect(
      fileIssues(
        [
          { field: 'degreeDocument', fileId: 'png' },
          { field: 'selfie', fileId: 'taken' },
        ],
        found,
        fields,
      ),
    ).toEqual([
      { field: 'degreeDocument', message: FILE_TEXT.wrongType(['pdf']) },
      { field: 'selfie', message: FILE_TAKEN },
    ]);
    expect(fileIssues([{ field: 'selfie', fileId: 'gone' }], found, fields)).toEqual([
      { field: 'selfie', message: NO_SUCH_FILE },
    ]);
  });

  it('names a field once, by its first refused file, and accepts the candidate own files', () => {
    expect(
      fileIssues(
        [
          { field: 'selfie', fileId: 'own' },
          { field: 'selfie', fileId: 'gone' },
          { field: 'selfie', fileId: 'taken' },
        ],
        found,
        fields,
      ),
    ).toEqual([{ field: 'selfie', message: NO_SUCH_FILE }]);
    expect(fileIssues([{ field: 'degreeDocument', fileId: 'own' }], found, fields)).toEqual([]);
  });
});

describe('inFieldOrder', () => {
  it('sorts issues by the form order, keeping ties and putting unknown fields last', () => {
    const fields = configFields(CONFIG, 'docs');
    const issues = [
      { field: 'other', message: '1' },
      { field: 'selfie', message: '2' },
      { field: 'candidateName', message: '3' },
      { field: 'selfie', message: '4' },
    ];
    expect(inFieldOrder(issues, fields).map((i) => i.message)).toEqual(['3', '2', '4', '1']);
    expect(issues[0]!.message).toBe('1');
  });
});

describe('withFileVerdicts', () => {
  it('shows only config fields, each file as the files table describes it, a missing one left out', () => {
    const data = {
      candidateName: 'Asha',
      state: 'COMPLETED',
      degreeDocument: { fileId: 'gone' },
      selfie: [{ fileId: 's1', geolocation: { lat: 1, lng: 2 } }, { fileId: 'gone' }],
    };
    const shown = withFileVerdicts(CONFIG, data, new Map([['s1', attached('s1', 'image/jpeg')]]));
    expect(shown).toEqual({
      candidateName: 'Asha',
      selfie: [{ ...attached('s1', 'image/jpeg'), geolocation: { lat: 1, lng: 2 } }],
    });
  });

  it('replaces a single file value by its description', () => {
    expect(
      withFileVerdicts(CONFIG, { degreeDocument: { fileId: 'd1' } }, new Map([['d1', attached('d1')]])),
    ).toEqual({
      degreeDocument: attached('d1'),
    });
  });
});
