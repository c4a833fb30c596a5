import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import {
  verificationScreenPath,
  type SourceCallbackResponse,
  type SourcePullResponse,
} from '@veridocs/shared';
import { NameChangeDialog } from '../../app/name-change';
import { FORM_HOME_STATE, PATHS } from '../../app/paths';
import { formEntryPath } from '../../app/path-builders';
import { useAppSelector } from '../../app/store/hooks';
import { selectProfileName } from '../../app/store/selectors';
import { PageLoader } from '../../components/page-loader/page-loader';
import { useLanguage, useT, type Translate } from '../../i18n';
import { queryErrorMessage } from '../../lib/api/base-query';
import { useRuleText } from '../../lib/content/rules/rule-text';
import { digilockerCatalog } from './digilocker-catalog';
import en from './locales/en.json';

type DigilockerKey = keyof typeof en;
import {
  useGetSourceConsentQuery,
  usePullSourceMutation,
  useSourceCallbackMutation,
  useStartSourceMutation,
} from './digilocker-api';

interface Ref {
  orgId: string;
  txnId: string;
  name: string;
}

/** What survives a reload of the page after DigiLocker's redirect: the listed documents, then the result. */
interface Kept {
  listed: SourceCallbackResponse;
  result?: SourcePullResponse;
}

const KEY = (sessionId: string) => `veridocs.digilocker.${sessionId}`;
const keep = (value: Kept) => {
  try {
    sessionStorage.setItem(KEY(value.listed.sessionId), JSON.stringify(value));
  } catch {
    // Private mode without storage: the page works, a reload only asks to start again.
  }
};
const kept = (sessionId: string): Kept | null => {
  try {
    const raw = sessionStorage.getItem(KEY(sessionId));
    return raw ? (JSON.parse(raw) as Kept) : null;
  } catch {
    return null;
  }
};

/** The verification a sign-in was for, by its `state`: where a refusal or cancellation leads back. */
const TARGET_KEY = (state: string) => `veridocs.digilocker.target.${state}`;
function rememberTarget(authorizeUrl: string, target: Ref) {
  try {
    const state = new URL(authorizeUrl).searchParams.get('state');
    if (state) sessionStorage.setItem(TARGET_KEY(state), JSON.stringify(target));
  } catch {
    // Without storage a refusal leads home instead of back to the tile.
  }
}
function rememberedTarget(state: string): Ref | null {
  try {
    const raw = sessionStorage.getItem(TARGET_KEY(state));
    return raw ? (JSON.parse(raw) as Ref) : null;
  } catch {
    return null;
  }
}

/** A callback's code is exchanged once: the same `state` posted twice (a double effect) shares one call. */
const callbacks = new Map<string, Promise<{ data?: SourceCallbackResponse; error?: unknown }>>();

/** A catalog text by a key the server's answer names (a doctype, a field), else the server's own words. */
function known(t: Translate<DigilockerKey>, key: string, fallback: string): string {
  return key in en ? t(key as DigilockerKey) : fallback;
}

const formPath = (ref: Ref) => verificationScreenPath('/verification', ref.orgId, ref.txnId, ref.name);

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, display: 'grid', gap: 2.5, minWidth: 0 }}>
      {children}
    </Paper>
  );
}

function WaysOut({ target }: { target: Ref | null }) {
  const t = useT(digilockerCatalog);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
      {target ? (
        <>
          <Button variant="contained" component={RouterLink} to={formPath(target)}>
            {t('uploadInstead')}
          </Button>
          <Button
            component={RouterLink}
            to={`${PATHS.digilocker}?${new URLSearchParams({ ...target }).toString()}`}
          >
            {t('tryAgain')}
          </Button>
        </>
      ) : (
        <Button variant="contained" component={RouterLink} to={PATHS.home}>
          {t('backToVerifications')}
        </Button>
      )}
    </Box>
  );
}

/** Step 1: what will be read, for whom, why and for how long; then DigiLocker's sign-in. */
function Consent({ target }: { target: Ref }) {
  const t = useT(digilockerCatalog);
  const ruleText = useRuleText();
  const language = useLanguage();
  const consent = useGetSourceConsentQuery(target);
  const [start, started] = useStartSourceMutation();
  const [agreed, setAgreed] = useState(false);
  const [showNeed, setShowNeed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();

  if (consent.isLoading) return <PageLoader label={t('loading')} />;
  if (!consent.data)
    return (
      <Frame>
        <Alert severity="error" role="alert">
          {ruleText(queryErrorMessage(consent.error))}
        </Alert>
        <WaysOut target={target} />
      </Frame>
    );
  const c = consent.data;
  const go = async () => {
    if (!agreed) {
      setShowNeed(true);
      return;
    }
    setFailure(null);
    const answer = await start({ ...target, consent: true, language: language === 'hi' ? 'hi' : 'en' });
    if ('error' in answer) {
      setFailure(ruleText(queryErrorMessage(answer.error)));
      return;
    }
    rememberTarget(answer.data.authorizeUrl, target);
    window.location.assign(answer.data.authorizeUrl);
  };
  return (
    <Frame>
      <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={headingId} variant="h2" component="h2" sx={{ wordBreak: 'break-word' }}>
          {t('consentTitle', { label: c.verificationLabel })}
        </Typography>
        <Typography>{t('consentIntro', { organisation: c.organisation })}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {c.documents.map((d, i) => (
            <li key={d}>
              <Typography>{known(t, `doctype_${c.doctypes[i] ?? ''}`, d)}</Typography>
            </li>
          ))}
        </Box>
        <Typography>
          {t('consentPurpose', {
            purpose: t(c.doctypes.includes('ADHAR') ? 'purposeIdentity' : 'purposeEducation', {
              organisation: c.organisation,
            }),
          })}
        </Typography>
        <Typography color="text.secondary">{t('consentRetention', { days: c.retentionDays })}</Typography>
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={agreed}
            onChange={(e) => {
              setAgreed(e.target.checked);
              setShowNeed(false);
            }}
          />
        }
        label={t('consentAgree')}
      />
      {showNeed && (
        <Alert severity="warning" role="alert">
          {t('consentNeeded')}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={() => void go()}
          disabled={started.isLoading || started.isSuccess}
        >
          {started.isLoading || started.isSuccess ? t('redirecting') : t('consentContinue')}
        </Button>
        <Button component={RouterLink} to={formPath(target)}>
          {t('uploadInstead')}
        </Button>
      </Box>
    </Frame>
  );
}

/** The fields compared, one card each (a table would not fit a phone). */
function ComparisonList({ result }: { result: SourcePullResponse }) {
  const t = useT(digilockerCatalog);
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {result.comparison.map((f) => (
        <Box
          component="li"
          key={f.field}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 0.5 }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{known(t, `field_${f.field}`, f.label)}</Typography>
            <Chip
              size="small"
              color={f.matches ? 'success' : 'error'}
              label={f.matches ? t('matches') : t('differs')}
            />
          </Box>
          {f.expected !== null && (
            <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
              {t('expectedHeader')}: {f.expected}
            </Typography>
          )}
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
            {t('foundHeader')}: {f.found ?? t('notGiven')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Result({
  listed,
  result,
  profileName,
}: {
  listed: SourceCallbackResponse;
  result: SourcePullResponse;
  profileName: string;
}) {
  const t = useT(digilockerCatalog);
  const navigate = useNavigate();
  const [nameChange, setNameChange] = useState(false);
  const target = { orgId: listed.orgId, txnId: listed.txnId, name: listed.name };
  const found = result.comparison.find((f) => f.field === 'name')?.found ?? '';
  if (result.matched)
    return (
      <Frame>
        <Alert severity="success" role="status">
          <AlertTitle component="h2" sx={{ fontSize: '1.125rem' }}>
            {t('verifiedTitle')}
          </AlertTitle>
          {t('verifiedBody', { issuer: result.issuer, label: listed.verificationLabel })}
        </Alert>
        <ComparisonList result={result} />
        <Box>
          <Button
            variant="contained"
            onClick={() =>
              void navigate(formEntryPath(listed.formId, listed.txnId, listed.orgId), {
                state: FORM_HOME_STATE,
              })
            }
          >
            {t('backToVerifications')}
          </Button>
        </Box>
      </Frame>
    );
  return (
    <Frame>
      <Alert severity="warning" role="alert">
        <AlertTitle component="h2" sx={{ fontSize: '1.125rem' }}>
          {t('mismatchTitle')}
        </AlertTitle>
        {t('mismatchBody')}
        {result.nameMismatch && ` ${t('nameMismatchBody')}`}
      </Alert>
      <ComparisonList result={result} />
      <WaysOut target={target} />
      {result.nameMismatch && (
        <>
          <Box>
            <Button variant="outlined" onClick={() => setNameChange(true)}>
              {t('askNameChange')}
            </Button>
          </Box>
          <NameChangeDialog
            open={nameChange}
            onClose={() => setNameChange(false)}
            orgId={listed.orgId}
            txnId={listed.txnId}
            verificationName={listed.name}
            verifiedName={found}
            profileName={profileName}
          />
        </>
      )}
    </Frame>
  );
}

/** Step 3: the issued documents, the fitting one preselected; one tap pulls it. */
function Documents({ value, onPulled }: { value: Kept; onPulled: (result: SourcePullResponse) => void }) {
  const t = useT(digilockerCatalog);
  const ruleText = useRuleText();
  const { listed } = value;
  const [chosen, setChosen] = useState(listed.preselectedUri ?? '');
  const [pull, pulling] = usePullSourceMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const target = { orgId: listed.orgId, txnId: listed.txnId, name: listed.name };
  const fitting = listed.documents.filter((d) => d.fits);
  const go = async () => {
    setFailure(null);
    const answer = await pull({ sessionId: listed.sessionId, uri: chosen, ...target });
    if ('error' in answer) setFailure(ruleText(queryErrorMessage(answer.error)));
    else onPulled(answer.data);
  };
  return (
    <Frame>
      <Typography id={headingId} variant="h2" component="h2">
        {t('documentsTitle')}
      </Typography>
      {fitting.length === 0 ? (
        <Alert severity="info">{t('noDocuments', { label: listed.verificationLabel })}</Alert>
      ) : (
        <>
          <Typography>
            {t('documentsIntro', { account: listed.accountName, label: listed.verificationLabel })}
          </Typography>
          <RadioGroup aria-labelledby={headingId} value={chosen} onChange={(e) => setChosen(e.target.value)}>
            {listed.documents.map((d) => (
              <FormControlLabel
                key={d.uri}
                value={d.uri}
                disabled={!d.fits || pulling.isLoading}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
                label={
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{d.name}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                      {d.fits ? t('issuedBy', { issuer: d.issuer, date: d.date }) : t('notFitting')}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
        </>
      )}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      {pulling.isLoading && <Typography role="status">{t('fetching')}</Typography>}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        {fitting.length > 0 && !failure && (
          <Button variant="contained" disabled={!chosen || pulling.isLoading} onClick={() => void go()}>
            {t('fetch')}
          </Button>
        )}
        <Button
          component={RouterLink}
          to={formPath(target)}
          variant={fitting.length === 0 || failure ? 'contained' : 'text'}
        >
          {t('uploadInstead')}
        </Button>
      </Box>
    </Frame>
  );
}

/** Step 2: DigiLocker's redirect: the code exchanged once, then the URL forgets it. */
function Callback({ state, code, error }: { state: string; code: string | null; error: string | null }) {
  const t = useT(digilockerCatalog);
  const ruleText = useRuleText();
  const [, setParams] = useSearchParams();
  const [send] = useSourceCallbackMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    let call = callbacks.get(state);
    if (!call) {
      call = send({
        state,
        ...(code ? { code } : {}),
        ...(error ? { error } : {}),
      });
      callbacks.set(state, call);
    }
    void call.then((answer) => {
      if (answer.data) {
        keep({ listed: answer.data });
        setParams({ session: answer.data.sessionId }, { replace: true });
      } else setFailure(ruleText(queryErrorMessage(answer.error)));
    });
  }, [state, code, error, send, setParams, ruleText]);
  if (!failure) return <PageLoader label={t('connecting')} />;
  return (
    <Frame>
      <Alert severity="error" role="alert">
        <AlertTitle component="h2" sx={{ fontSize: '1.125rem' }}>
          {t('endedTitle')}
        </AlertTitle>
        {failure}
      </Alert>
      <WaysOut target={rememberedTarget(state)} />
    </Frame>
  );
}

function Session({ sessionId }: { sessionId: string }) {
  const t = useT(digilockerCatalog);
  const [value, setValue] = useState<Kept | null>(() => kept(sessionId));
  const profileName = useAppSelector(selectProfileName);
  if (!value)
    return (
      <Frame>
        <Alert severity="warning">{t('endedTitle')}</Alert>
        <WaysOut target={null} />
      </Frame>
    );
  if (value.result) return <Result listed={value.listed} result={value.result} profileName={profileName} />;
  return (
    <Documents
      value={value}
      onPulled={(result) => {
        const next = { ...value, result };
        keep(next);
        setValue(next);
      }}
    />
  );
}

/**
 * /digilocker (issue 26; titled "Verify Documents", spec §2): consent (?orgId&txnId&name), then
 * DigiLocker's redirect (?state&code, or ?state&error), then the documents and the pull (?session).
 */
export default function DigilockerPage() {
  const t = useT(digilockerCatalog);
  const [params] = useSearchParams();
  const get = (key: string) => params.get(key)?.trim() || null;
  const state = get('state');
  const session = get('session');
  if (session) return <Session key={session} sessionId={session} />;
  if (state) return <Callback state={state} code={get('code')} error={get('error')} />;
  const target = { orgId: get('orgId') ?? '', txnId: get('txnId') ?? '', name: get('name') ?? '' };
  if (!target.orgId || !target.txnId || !target.name)
    return (
      <Frame>
        <Alert severity="warning">{t('incompleteLink')}</Alert>
        <WaysOut target={null} />
      </Frame>
    );
  return <Consent target={target} />;
}
