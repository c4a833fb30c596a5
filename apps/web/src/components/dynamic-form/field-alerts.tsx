import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useT } from '../../i18n';
import { dynamicFormCatalog } from './dynamic-form-catalog';

/** alert.componentKey DEGREE: shown above a degree field. */
export function DegreeAlert() {
  const t = useT(dynamicFormCatalog);
  return (
    <Alert severity="info" variant="outlined">
      {t('degreeAlert')}
    </Alert>
  );
}

/** alert.componentKey LOA: the letter of authorisation the candidate gives by submitting. */
export function LoaAlert() {
  const t = useT(dynamicFormCatalog);
  return (
    <Alert severity="info" variant="outlined">
      <AlertTitle>{t('loaTitle')}</AlertTitle>
      {t('loaBody')}
    </Alert>
  );
}
