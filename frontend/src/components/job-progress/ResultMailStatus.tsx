import { Alert, Button } from 'react-bootstrap';
import { useSWRConfig } from 'swr';
import { useCan } from '../../lib/current-user';
import type { Job, ResultMail } from '../../lib/models';
import { useMutation } from '../../lib/use-mutation';
import { getJobKey } from './get-job';
import { resendResultMail } from './resend-result-mail';

/** The API answers null before the job ends; the generated type of a nullable object also admits {}. */
export function isResultMail(value: unknown): value is ResultMail {
  return typeof value === 'object' && value !== null && 'state' in value;
}

function describe(mail: ResultMail): string {
  switch (mail.state) {
    case 'sent':
      return `The result e-mail was sent to ${mail.recipient}.`;
    case 'failed':
      return `The result e-mail to ${mail.recipient} could not be sent: ${mail.error}`;
    case 'retrying':
      return `The result e-mail to ${mail.recipient} has not gone out yet (${mail.error}); the portal keeps trying.`;
    default:
      return `The result e-mail to ${mail.recipient} is on its way.`;
  }
}

/** Where the job's result e-mail stands; staff may send one the mail server kept refusing again. */
export function ResultMailStatus({ job, mail, clientId }: { job: Job; mail: ResultMail; clientId?: string }) {
  const mayResend = useCan('admin:resend_mail');
  const { mutate } = useSWRConfig();
  const resending = useMutation();

  async function resend() {
    const updated = await resending.run(() => resendResultMail(job.id, clientId));
    // Revalidated, so the job is polled again until the e-mail has been tried.
    if (updated) await mutate(getJobKey(job.id, clientId), updated);
  }

  return (
    <Alert variant={mail.state === 'failed' ? 'warning' : 'light'} className="mt-2 mb-0" aria-label="Result e-mail">
      {describe(mail)}
      {mail.state === 'failed' && mayResend && (
        <div className="mt-2">
          {/* Link blue on the warning tint is 4.1:1, under WCAG AA: the dark outline reads. */}
          <Button size="sm" variant="outline-dark" onClick={resend} disabled={resending.pending}>
            Send the e-mail again
          </Button>
        </div>
      )}
    </Alert>
  );
}
