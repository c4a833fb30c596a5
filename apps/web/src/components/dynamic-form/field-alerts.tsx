import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** alert.componentKey DEGREE: shown above a degree field. */
export function DegreeAlert() {
  return (
    <Alert severity="info" variant="outlined">
      Enter the details exactly as they appear on your degree certificate. The issuing institution checks them
      against its records.
    </Alert>
  );
}

/** alert.componentKey LOA: the letter of authorisation the candidate gives by submitting. */
export function LoaAlert() {
  return (
    <Alert severity="info" variant="outlined">
      <AlertTitle>Letter of authorisation</AlertTitle>
      By submitting, you authorise the requesting organisation and the issuing institution to share and check
      these records for this verification.
    </Alert>
  );
}
