import type { ReactNode } from 'react';
import { Alert, Card, ProgressBar } from 'react-bootstrap';
import type { Job, JobState } from '../../lib/models';
import { codeLabel } from '../../lib/labels';
import { formatCount } from '../../lib/pluralize';
import { isJobFinished, useJob } from './get-job';
import { isResultMail, ResultMailStatus } from './ResultMailStatus';

const STATE_VARIANTS: Record<JobState, string> = {
  queued: 'secondary',
  running: 'primary',
  succeeded: 'success',
  partly_succeeded: 'warning',
  failed: 'danger',
};

interface JobProgressProps {
  jobId: string;
  clientId?: string;
  /** Shown once the job has succeeded, e.g. where its result went or a link to what it made. */
  doneMessage?: ReactNode;
}

const JOB_TITLES: Record<string, string> = {
  import_items: 'Bulk items import',
  import_case_packs: 'Bulk case packs import',
  import_inbound: 'Inbound inventory upload',
  import_rmas: 'RMA upload',
};

function jobTitle(kind: string): string {
  return JOB_TITLES[kind] ?? codeLabel(kind);
}

function percentDone(job: Job): number {
  if (job.total > 0) return Math.round((job.processed / job.total) * 100);
  return isJobFinished(job) ? 100 : 0;
}

/** Shows a background job's progress, polling it until it has finished. */
export function JobProgress({ jobId, clientId, doneMessage }: JobProgressProps) {
  const { data: job, error } = useJob(jobId, clientId);

  // A failed poll is reported in the global alert area, like every failed request.
  if (!job) return error ? null : <p className="text-muted">Loading job...</p>;

  const finished = isJobFinished(job);
  const failedLines = job.results.filter((result) => result.error);

  return (
    <Card className="my-3" aria-label="Job progress">
      <Card.Body>
        <Card.Title>{jobTitle(job.kind)}</Card.Title>
        {/* The bar as a child of its track: only a child's props reach the element whose role is progressbar,
            which needs a name. */}
        <ProgressBar className="mb-2">
          <ProgressBar
            now={percentDone(job)}
            label={`${formatCount(job.processed)} / ${formatCount(job.total)}`}
            variant={STATE_VARIANTS[job.state]}
            animated={!finished}
            aria-label={`${jobTitle(job.kind)} progress`}
          />
        </ProgressBar>
        <p className="mb-1">
          Status: <strong>{codeLabel(job.state)}</strong>
        </p>
        {finished && (
          <>
            <p className="mb-1">
              {formatCount(job.succeeded)} succeeded, {formatCount(job.failed)} failed, {formatCount(job.total)} in all.
            </p>
            {job.error && <Alert variant="danger">{job.error}</Alert>}
            {failedLines.length > 0 && (
              <ul className="text-danger">
                {failedLines.map((result) => (
                  <li key={result.line}>
                    Line {result.line}. Error {result.error}
                  </li>
                ))}
              </ul>
            )}
            {doneMessage && (job.state === 'succeeded' || job.state === 'partly_succeeded') && (
              <Alert variant="success" className="mb-0">
                {doneMessage}
              </Alert>
            )}
            {isResultMail(job.result_mail) && <ResultMailStatus job={job} mail={job.result_mail} clientId={clientId} />}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
