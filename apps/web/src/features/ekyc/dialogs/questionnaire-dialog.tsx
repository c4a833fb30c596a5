import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import type { PreStartQuestion } from '@veridocs/shared';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetPreStartQuestionsQuery } from '../../../app/store/transactions-api';
import { translate, useT } from '../../../i18n';
import { queryErrorMessage } from '../../../lib/api/base-query';
import { ruleText, useRuleText } from '../../../lib/content/rules/rule-text';
import { ekycCatalog } from '../ekyc-catalog';

export type Answers = Array<{ questionId: string; answer: string }>;

/** Every pre-start question is required (spec §5): "{question} should not be empty". */
export function validateAnswers(questions: readonly PreStartQuestion[], values: Record<string, string>) {
  const errors: Record<string, string> = {};
  for (const q of questions) {
    if (!values[q._id]?.trim())
      errors[q._id] = translate(ekycCatalog, 'questionRequired', { question: ruleText(q.question) });
  }
  return errors;
}

/**
 * The pre-start questionnaire (spec §2 "start process" dialog): the form's questions as radio groups,
 * loaded from GET /purposes/user; Start sends the answers.
 */
export function QuestionnaireDialog({
  open,
  formId,
  orgId,
  txnId,
  busy,
  submitError,
  onSubmit,
  onClose,
}: {
  open: boolean;
  formId: string;
  orgId: string;
  txnId: string;
  busy: boolean;
  submitError: string | null;
  onSubmit: (answers: Answers) => void;
  onClose: () => void;
}) {
  const t = useT(ekycCatalog);
  // The organisation's questions come in English; the demo's are in the config texts catalog.
  const tr = useRuleText();
  const loaded = useGetPreStartQuestionsQuery(open ? { formId, orgId, txnId } : skipToken);
  const questions: PreStartQuestion[] | null = loaded.data?.list ?? null;
  const loadError = loaded.isError ? queryErrorMessage(loaded.error) : null;
  /** What the candidate chose; a saved answer shows until then. */
  const [chosen, setValues] = useState<Record<string, string>>({});
  const values: Record<string, string> = {
    ...Object.fromEntries((questions ?? []).filter((q) => q.answer).map((q) => [q._id, q.answer ?? ''])),
    ...chosen,
  };
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    if (!questions) return;
    const found = validateAnswers(questions, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmit(questions.map((q) => ({ questionId: q._id, answer: values[q._id] ?? '' })));
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="questionnaire-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="questionnaire-title">{t('beforeYouStart')}</DialogTitle>
      <DialogContent>
        {loadError && <Alert severity="error">{loadError}</Alert>}
        {!questions && !loadError && (
          <Box role="status" aria-label={t('loadingQuestions')}>
            <Skeleton height={32} />
            <Skeleton height={32} width="60%" />
            <Skeleton height={32} width="70%" />
          </Box>
        )}
        {questions?.map((q) => {
          const error = errors[q._id];
          const labelId = `question-${q._id}`;
          return (
            <FormControl
              key={q._id}
              error={Boolean(error)}
              required
              component="fieldset"
              sx={{ display: 'flex', mb: 2.5 }}
            >
              <FormLabel id={labelId} component="legend" sx={{ color: 'text.primary', fontWeight: 600 }}>
                {tr(q.question)}
              </FormLabel>
              <RadioGroup
                aria-labelledby={labelId}
                value={values[q._id] ?? ''}
                onChange={(_, value) => {
                  setValues((v) => ({ ...v, [q._id]: value }));
                  setErrors(({ [q._id]: _gone, ...rest }) => rest);
                }}
              >
                {q.options.map((option) => (
                  <FormControlLabel
                    key={option.value}
                    value={option.value}
                    control={<Radio />}
                    label={tr(option.name)}
                  />
                ))}
              </RadioGroup>
              {error && <FormHelperText>{error}</FormHelperText>}
            </FormControl>
          );
        })}
        {submitError && <Alert severity="error">{submitError}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={submit} loading={busy} disabled={!questions}>
          {t('start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
