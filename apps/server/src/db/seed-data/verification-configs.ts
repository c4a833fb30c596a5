import {
  ADDRESS_MESSAGES,
  FIELD_TEXT,
  PROFILE_DETAILS,
  MESSAGES,
  type DynamicInputField,
  type VerificationConfig,
  type VerificationCategory,
  type VerificationType,
} from '@veridocs/shared';

/**
 * The demo verification configs (spec §3 "Verification config", "Dynamic input field"). Named
 * functions are keys of the shared registries only (REQUIRED_FNS, VALIDATION_FNS, OPTION_SETS,
 * HELPER_TEXT_KEYS, ALERT_KEYS); the seed test checks it.
 */
const UPLOAD_TYPES = ['pdf', 'jpeg', 'jpg', 'png'];

const candidateName = (label = 'Name'): DynamicInputField => ({
  fieldName: 'candidateName',
  label,
  inputType: 'text',
  readOnly: true,
  required: true,
  sectionTitle: 'Candidate',
});

/** Education forms (spec §5): "Name must not be empty", and the marksheet's "Upload Education Marksheet". */
const educationName = (label: string): DynamicInputField => ({
  ...candidateName(label),
  requiredMessage: MESSAGES.nameRequired,
});

function config(
  name: VerificationType,
  label: string,
  category: VerificationCategory,
  title: string,
  inputs: DynamicInputField[],
  extra: {
    acceptMultipleSubmissions?: boolean;
    candidateIdSchemaByInstitute?: Record<string, { fieldName: string; format: string }>;
  } = {},
): VerificationConfig {
  return {
    name,
    metadata: { label, orgSpecificName: null, iconUrl: null },
    additionalInfo: {
      authOptions: ['manual'],
      acceptMultipleSubmissions: extra.acceptMultipleSubmissions ?? false,
      category,
    },
    authOptions: [
      {
        type: 'manual',
        label: 'Enter details',
        page: { config: [{ title, inputs }] },
        ...(extra.candidateIdSchemaByInstitute
          ? { candidateIdSchemaByInstitute: extra.candidateIdSchemaByInstitute }
          : {}),
      },
    ],
    readOnly: { profile: inputs.some((i) => i.fieldName === 'candidateName') ? ['candidateName'] : [] },
  };
}

const schoolInputs = (level: '10th' | '12th'): DynamicInputField[] => [
  educationName('Name as on marksheet'),
  {
    fieldName: 'board',
    label: 'Board',
    inputType: 'autocomplete',
    autocompleteSource: '/api/utility/boards',
    allowManual: true,
    required: true,
    sectionTitle: `${level} details`,
  },
  { fieldName: 'schoolName', label: 'School name', inputType: 'text', maxLength: 150 },
  { fieldName: 'rollNumber', label: 'Roll number', inputType: 'text', required: true, maxLength: 30 },
  {
    fieldName: 'passingYear',
    label: 'Passing year',
    inputType: 'select',
    optionsKey: 'PASSING_YEAR',
    required: true,
  },
  { fieldName: 'state', label: 'State', inputType: 'select', optionsKey: 'INDIAN_STATE', required: true },
  {
    fieldName: 'marksheet',
    label: `Upload ${level} marksheet`,
    inputType: 'file',
    allowedFileTypes: ['pdf'],
    maxFiles: 1,
    required: true,
    requiredMessage: FIELD_TEXT.uploadMarksheet,
  },
];

const employmentInputs = (withLoa: boolean): DynamicInputField[] => [
  candidateName('Name as in employer records'),
  {
    fieldName: 'companyName',
    label: 'Company name',
    inputType: 'text',
    required: true,
    maxLength: 150,
    sectionTitle: 'Employment',
  },
  { fieldName: 'designation', label: 'Designation', inputType: 'text', required: true, maxLength: 100 },
  { fieldName: 'employeeId', label: 'Employee ID', inputType: 'text', maxLength: 50 },
  {
    fieldName: 'employmentType',
    label: 'Employment type',
    inputType: 'select',
    optionsKey: 'EMPLOYMENT_TYPE',
    required: true,
  },
  { fieldName: 'joiningDate', label: 'Joining date', inputType: 'date', disableFuture: true, required: true },
  {
    fieldName: 'currentlyWorking',
    label: 'Currently working here?',
    inputType: 'select',
    optionsKey: 'YES_NO',
    required: true,
  },
  {
    fieldName: 'relievingDate',
    label: 'Relieving date',
    inputType: 'date',
    disableFuture: true,
    requiredFn: 'relievingDateRequired',
    showWhen: { fieldName: 'currentlyWorking', values: ['no'] },
  },
  {
    fieldName: 'documentUrl',
    label: 'Offer, experience or relieving letter',
    inputType: 'file',
    allowedFileTypes: UPLOAD_TYPES,
    maxFiles: 1,
    required: true,
    ...(withLoa ? { alert: { componentKey: 'LOA' as const } } : {}),
  },
  {
    fieldName: 'employerEmail',
    label: 'HR or manager e-mail',
    inputType: 'text',
    textType: 'email',
    required: true,
    maxLength: 150,
    validation: { fn: 'email', message: 'Enter a valid e-mail address' },
  },
];

const line = PROFILE_DETAILS.addressLineMax;

/**
 * Address verification (spec §3 "Address", §5): the current address; a complete pincode looks up its
 * district and state (lookup PINCODE, GET /pincode/{pin}), which stay editable and are judged by their
 * own rules; the spec's hidden fields (country, careOf, locality, city) are kept for other clients.
 */
const addressInputs: DynamicInputField[] = [
  candidateName('Name as on the proof of address'),
  {
    fieldName: 'pincode',
    label: 'Pincode',
    inputType: 'text',
    textType: 'number',
    maxLength: PROFILE_DETAILS.pincodeLength,
    required: true,
    requiredMessage: ADDRESS_MESSAGES.pincodeEmpty,
    validation: { fn: 'pincode', message: ADDRESS_MESSAGES.pincodeDigits },
    lookup: 'PINCODE',
    sectionTitle: 'Current address',
  },
  {
    fieldName: 'line1',
    label: 'Line 1 (house, street)',
    inputType: 'text',
    maxLength: line,
    required: true,
    requiredMessage: ADDRESS_MESSAGES.line1Empty,
  },
  { fieldName: 'landmark', label: 'Landmark', inputType: 'text', maxLength: line },
  {
    fieldName: 'vtc',
    label: 'Village / town / city',
    inputType: 'text',
    maxLength: line,
    required: true,
    requiredMessage: ADDRESS_MESSAGES.vtcEmpty,
  },
  {
    fieldName: 'district',
    label: 'District',
    inputType: 'text',
    maxLength: line,
    required: true,
    requiredMessage: ADDRESS_MESSAGES.districtEmpty,
  },
  {
    fieldName: 'state',
    label: 'State',
    inputType: 'select',
    optionsKey: 'INDIAN_STATE',
    required: true,
    requiredMessage: ADDRESS_MESSAGES.stateEmpty,
  },
  { fieldName: 'country', label: 'Country', inputType: 'text', maxLength: 60, hidden: true },
  { fieldName: 'careOf', label: 'Care of', inputType: 'text', maxLength: line, hidden: true },
  { fieldName: 'locality', label: 'Locality', inputType: 'text', maxLength: line, hidden: true },
  { fieldName: 'city', label: 'City', inputType: 'text', maxLength: line, hidden: true },
  {
    fieldName: 'proofType',
    label: 'Type of document',
    inputType: 'select',
    optionsKey: 'ADDRESS_PROOF_TYPE',
    required: true,
    sectionTitle: 'Proof of address',
  },
  {
    fieldName: 'proofOfAddress',
    label: 'Upload proof of address',
    inputType: 'file',
    allowedFileTypes: UPLOAD_TYPES,
    maxFiles: 2,
    required: true,
  },
];

/**
 * EWS (economically weaker section) certificate, the Income and Asset Certificate a state's revenue
 * office issues for one financial year (spec §5: only the enabled states; the others are listed,
 * disabled, "(Coming Soon)"). Finance: it certifies the family's income and assets.
 */
const ewsInputs: DynamicInputField[] = [
  candidateName('Name as on the certificate'),
  {
    fieldName: 'state',
    label: 'Issuing state',
    inputType: 'select',
    optionsKey: 'EWS_VERIFICATION_STATES',
    required: true,
    sectionTitle: 'Certificate',
  },
  {
    fieldName: 'certificateNumber',
    label: 'Certificate number',
    inputType: 'text',
    placeholder: 'e.g. EWS/2025/004512',
    maxLength: 40,
    required: true,
    validation: {
      fn: 'certificateNumber',
      message: 'Enter the certificate number as printed (letters, digits, / and -)',
    },
  },
  {
    fieldName: 'issuingAuthority',
    label: 'Issuing authority',
    inputType: 'text',
    placeholder: 'e.g. Tehsildar, Sadar',
    maxLength: 150,
    required: true,
  },
  { fieldName: 'issueDate', label: 'Date of issue', inputType: 'date', disableFuture: true, required: true },
  {
    fieldName: 'ewsCertificate',
    label: 'Upload EWS certificate',
    inputType: 'file',
    allowedFileTypes: UPLOAD_TYPES,
    maxFiles: 1,
    required: true,
  },
];

/**
 * Demo candidate ID formats of a few institutes (spec §3 `candidateIdSchemaByInstitute`; mask: 9 a
 * digit, A a letter, * either). Illustrative shapes for the demo, not the institutes' published rules.
 */
export const DEMO_CANDIDATE_ID_FORMATS: Record<string, { fieldName: string; format: string }> = {
  'anna-university': { fieldName: 'instituteId', format: '999999999999' },
  'university-of-calcutta': { fieldName: 'instituteId', format: '999-9999-9999' },
  'indian-institute-of-technology-madras': { fieldName: 'instituteId', format: 'AA99A999' },
  'university-of-mumbai': { fieldName: 'instituteId', format: 'AAA9999999' },
};

export const DEMO_VERIFICATION_CONFIGS: readonly VerificationConfig[] = [
  config('aadhaar', 'Aadhaar', 'Identity', 'Aadhaar details', [
    candidateName('Name as on Aadhaar'),
    {
      fieldName: 'aadhaarNumber',
      label: 'Aadhaar number',
      inputType: 'block',
      blockLength: 12,
      blocks: 3,
      required: true,
      validation: { fn: 'aadhaar', message: 'Aadhaar number must be 12 digits' },
      sectionTitle: 'Aadhaar',
    },
    {
      fieldName: 'aadhaarDocument',
      label: 'Upload Aadhaar',
      inputType: 'file',
      allowedFileTypes: UPLOAD_TYPES,
      maxFiles: 2,
      required: true,
    },
  ]),
  config('passport', 'Passport', 'Identity', 'Passport details', [
    candidateName('Name as on passport'),
    {
      fieldName: 'passportNumber',
      label: 'Passport number',
      inputType: 'text',
      required: true,
      maxLength: 8,
      validation: { fn: 'passportNumber', message: 'Passport number is a letter followed by 7 digits' },
      sectionTitle: 'Passport',
    },
    // Filled by the scan of the data page (the machine-readable zone); the candidate may correct them.
    { fieldName: 'surname', label: 'Surname', inputType: 'text', maxLength: 39 },
    { fieldName: 'givenNames', label: 'Given names', inputType: 'text', maxLength: 39 },
    { fieldName: 'nationality', label: 'Nationality', inputType: 'text', maxLength: 3 },
    { fieldName: 'sex', label: 'Sex', inputType: 'select', optionsKey: 'SEX' },
    {
      fieldName: 'dateOfBirth',
      label: 'Date of Birth',
      inputType: 'date',
      disableFuture: true,
      minAgeYears: 18,
      required: true,
    },
    // An expired passport is refused (spec issue 11): its expiry cannot be before today.
    {
      fieldName: 'dateOfExpiry',
      label: 'Date of expiry',
      inputType: 'date',
      disablePast: true,
      required: true,
    },
    {
      fieldName: 'passportDocument',
      label: 'Upload passport (front and back)',
      inputType: 'file',
      allowedFileTypes: UPLOAD_TYPES,
      maxFiles: 2,
      required: true,
    },
  ]),
  config('dl', 'Driving licence', 'Identity', 'Driving licence details', [
    candidateName('Name as on licence'),
    {
      fieldName: 'licenceNumber',
      label: 'Licence number',
      inputType: 'text',
      required: true,
      maxLength: 20,
      validation: {
        fn: 'drivingLicence',
        message: 'Enter the licence number as printed, e.g. MH12 20110012345',
      },
      sectionTitle: 'Driving licence',
    },
    {
      fieldName: 'dateOfBirth',
      label: 'Date of Birth',
      inputType: 'date',
      disableFuture: true,
      minAgeYears: 18,
      required: true,
    },
    {
      fieldName: 'state',
      label: 'Issuing state',
      inputType: 'select',
      optionsKey: 'INDIAN_STATE',
      required: true,
    },
    {
      fieldName: 'licenceDocument',
      label: 'Upload licence',
      inputType: 'file',
      allowedFileTypes: UPLOAD_TYPES,
      maxFiles: 2,
    },
    {
      // A photo taken now, with where it was taken (the camera dialog with geotag).
      fieldName: 'licencePhoto',
      label: 'Photo of your licence, taken now',
      inputType: 'live-cam-with-geolocation',
    },
  ]),
  config(
    'employment-check',
    'Employment check',
    'Employment',
    'Current or last employer',
    employmentInputs(false),
  ),
  config(
    'bgv-degree',
    'Degree',
    'Education',
    'Degree details',
    [
      educationName('Name as on degree'),
      {
        fieldName: 'institute',
        label: 'University or institute',
        inputType: 'autocomplete',
        autocompleteSource: '/api/utility/institutes',
        allowManual: true,
        required: true,
        sectionTitle: 'Degree',
      },
      {
        fieldName: 'degreeName',
        label: 'Degree',
        inputType: 'text',
        placeholder: 'e.g. B.Tech in Computer Science',
        required: true,
        maxLength: 120,
      },
      {
        fieldName: 'passingYear',
        label: 'Passing year',
        inputType: 'select',
        optionsKey: 'PASSING_YEAR',
        required: true,
      },
      {
        fieldName: 'instituteId',
        label: 'Registration or roll number',
        inputType: 'text',
        required: true,
        maxLength: 50,
        helperTextJSXKey: 'INSTITUTE_ID_HINT',
      },
      {
        fieldName: 'degreeStatus',
        label: 'Documents available',
        inputType: 'select',
        optionsKey: 'DEGREE_STATUS',
        required: true,
        alert: { componentKey: 'DEGREE' },
      },
      {
        fieldName: 'marksheet',
        label: FIELD_TEXT.uploadMarksheet,
        inputType: 'file',
        allowedFileTypes: ['pdf'],
        maxFiles: 1,
        // All semesters' marksheets: the PDFs picked are checked and merged into one, in order.
        mergePdf: true,
        requiredFn: 'marksheetRequired',
        requiredMessage: FIELD_TEXT.uploadMarksheet,
        // Spec §3: hidden (and so not required) for a degree without marksheets.
        hideWhen: { fieldName: 'degreeStatus', values: ['DEGREE_ONLY_NO_MARKSHEET'] },
        helperTextJSXKey: 'DEGREE_INSTRUCTIONS',
      },
      {
        fieldName: 'supportingDocuments',
        label: 'Supporting documents',
        inputType: 'file',
        allowedFileTypes: UPLOAD_TYPES,
        maxFiles: 5,
        requiredFn: 'supportingDocumentsRequired',
      },
    ],
    { acceptMultipleSubmissions: true, candidateIdSchemaByInstitute: DEMO_CANDIDATE_ID_FORMATS },
  ),
  config('bgv-twelfth', '12th', 'Education', '12th (higher secondary)', schoolInputs('12th')),
  config('bgv-tenth', '10th', 'Education', '10th (secondary)', schoolInputs('10th')),
  config('bgv-employment', 'Employment', 'Employment', 'Employment history', employmentInputs(true), {
    acceptMultipleSubmissions: true,
  }),
  config('bgv-address', 'Address', 'Address', 'Address details', addressInputs),
  config('bgv-ews', 'EWS certificate', 'Finance', 'EWS certificate details', ewsInputs),
];
