import { useState, type ChangeEvent, type ReactNode } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { JobProgress } from '../../../components/job-progress/JobProgress';
import { ApiError } from '../../../lib/api-error';
import { errorMessage, rowErrorsMessage } from '../../../lib/error-message';
import { useMutation } from '../../../lib/use-mutation';
import { usePageTitle } from '../../../lib/use-page-title';
import type { ImportReport, Job } from '../../../lib/models';
import { checkHeaders } from '../csv/check-headers';
import { formatRowProblem, readCsvFile, type CsvTable, type RowProblem } from '../csv/read-csv-file';
import { count } from '../../../lib/pluralize';
import type { UploadKind } from '../upload-kinds';
import { CsvPreview } from './CsvPreview';

export const RESULTS_BY_EMAIL_MESSAGE = 'You will receive an email with results when the load completes';

interface ChosenFile<Body> {
  name: string;
  table: CsvTable;
  headerProblems: string[];
  rowProblems: RowProblem[];
  body: Body;
  /** One per chosen file, so a repeated click or a retry of the same upload applies nothing twice. */
  idempotencyKey: string;
}

interface RowErrors {
  description?: string;
  errors: { line: number; error: string }[];
}

interface UploadPageProps<Body> {
  clientId: string;
  title: string;
  kind: UploadKind<Body>;
  /** What the file must hold, shown above the file field. */
  instructions: ReactNode;
  /** Said first once the upload is accepted. */
  acceptedMessage?: string;
  /** Shown once its job has succeeded: a link to what it made. */
  jobDone?: (job: Job) => ReactNode;
}

type Busy = 'reading' | 'checking' | 'uploading' | null;

function rowErrorLines(errors: RowErrors['errors']): Set<number> {
  return new Set(errors.map((error) => error.line));
}

/**
 * Reads a CSV file in the browser, shows its problems and a preview before anything is sent,
 * checks it with the API (validate only), uploads it, and follows the job that applies it.
 */
export function UploadPage<Body>({ clientId, title, kind, instructions, acceptedMessage, jobDone }: UploadPageProps<Body>) {
  usePageTitle(title);
  const [chosen, setChosen] = useState<ChosenFile<Body> | null>(null);
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [rowErrors, setRowErrors] = useState<RowErrors | null>(null);
  const [skipConfirmation, setSkipConfirmation] = useState<{ skipped: number; total: number } | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const reading = useMutation();
  const checking = useMutation();
  const uploading = useMutation();
  const busy: Busy = reading.pending ? 'reading' : checking.pending ? 'checking' : uploading.pending ? 'uploading' : null;

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setChosen(null);
    setUnreadable(null);
    setReport(null);
    setRowErrors(null);
    setJob(null);
    await reading.run(
      async () => {
        if (!file) return;
        const table = await readCsvFile(file, kind.maxBytes);
        const headerProblems = checkHeaders(table.headers, kind.headerRule);
        const { body, problems } = kind.prepare(table);
        setChosen({
          name: file.name,
          table,
          headerProblems,
          rowProblems: [...table.parseErrors, ...problems],
          body,
          idempotencyKey: crypto.randomUUID(),
        });
      },
      {
        onError: (failure) => {
          setUnreadable(errorMessage(failure));
          return true;
        },
      },
    );
  }

  /** An upload's row errors are listed beside the preview; any other failure is an alert. */
  function takeRowErrors(failure: unknown) {
    if (!(failure instanceof ApiError && failure.body?.errors?.length)) return false;
    setRowErrors({ description: failure.body.description, errors: failure.body.errors });
    return true;
  }

  async function checkFile(file: ChosenFile<Body>): Promise<ImportReport | null> {
    const answer = await checking.run(() => kind.check(clientId, file.body), { onError: takeRowErrors });
    if (!answer) return null;
    setReport(answer);
    setRowErrors(answer.errors.length ? { errors: answer.errors } : null);
    return answer;
  }

  async function upload(file: ChosenFile<Body>, validRowsOnly: boolean) {
    setSkipConfirmation(null);
    const key = `${file.idempotencyKey}:${validRowsOnly ? 'valid-rows-only' : 'all-rows'}`;
    const started = await uploading.run(() => kind.upload(file.body, { clientId, validRowsOnly, idempotencyKey: key, fileName: file.name }), {
      onError: takeRowErrors,
    });
    if (!started) return;
    setJob(started);
    setRowErrors(null);
  }

  /** Asks before skipping rows, saying how many (from a check of the file when only the upload's refusal is known). */
  async function confirmValidRowsOnly(file: ChosenFile<Body>) {
    const answer = report ?? (await checkFile(file));
    if (!answer) return;
    const skipped = rowErrorLines(answer.errors).size + (answer.errors_not_listed ?? 0);
    setSkipConfirmation({ skipped, total: file.table.rows.length });
  }

  const blocked = chosen !== null && (chosen.headerProblems.length > 0 || chosen.rowProblems.length > 0);
  const canSend = chosen !== null && !blocked && busy === null && job === null;
  const problemsByLine = new Map<number, string[]>();
  for (const problem of chosen?.rowProblems ?? []) {
    if (problem.line !== undefined) problemsByLine.set(problem.line, [...(problemsByLine.get(problem.line) ?? []), problem.message]);
  }
  for (const { line, error } of rowErrors?.errors ?? []) {
    problemsByLine.set(line, [...(problemsByLine.get(line) ?? []), error]);
  }
  const someRowsValid = chosen !== null && rowErrors !== null && rowErrorLines(rowErrors.errors).size < chosen.table.rows.length;

  return (
    <section aria-labelledby="upload-title">
      <h2 id="upload-title">{title}</h2>
      <div className="mb-3">{instructions}</div>

      <Form.Group className="mb-3" controlId="upload-file">
        <Form.Label>CSV file</Form.Label>
        <Form.Control type="file" accept=".csv,text/csv" onChange={chooseFile} disabled={busy !== null} />
      </Form.Group>

      {busy === 'reading' && <p className="text-muted">Reading the file...</p>}
      {unreadable && <Alert variant="danger">{unreadable}</Alert>}

      {chosen && (
        <>
          <p>
            <strong>{chosen.name}</strong>: {count(chosen.table.rows.length, 'row')}, read as {chosen.table.encoding}
            {chosen.table.encoding !== 'UTF-8' && ' (the file is not UTF-8)'}.
          </p>

          {chosen.headerProblems.length > 0 && (
            <Alert variant="danger">
              <p className="mb-1">The columns of the file do not match what this upload expects:</p>
              <ul className="mb-0">
                {chosen.headerProblems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </Alert>
          )}
          {chosen.rowProblems.length > 0 && (
            <Alert variant="danger" aria-label="Problems in the file">
              <p className="mb-1">Correct these rows and choose the file again:</p>
              <div className="upload-errors" style={{ whiteSpace: 'pre-line', maxHeight: '16rem', overflowY: 'auto' }}>
                {chosen.rowProblems.map(formatRowProblem).join('\n')}
              </div>
            </Alert>
          )}

          <CsvPreview headers={chosen.table.headers} rows={chosen.table.rows} problemsByLine={problemsByLine} />

          <div className="d-flex gap-2 mb-3">
            <Button variant="outline-primary" disabled={!canSend} onClick={() => void checkFile(chosen)}>
              Check file
            </Button>
            <Button variant="primary" disabled={!canSend} onClick={() => void upload(chosen, false)}>
              Upload
            </Button>
            {busy === 'checking' && <span className="text-muted align-self-center">Checking...</span>}
            {busy === 'uploading' && <span className="text-muted align-self-center">Uploading...</span>}
          </div>

          {report && report.valid && !job && (
            <Alert variant="success" aria-label="Check result">
              The file is valid. {kind.describeCheck(report)} Nothing has been applied yet.
            </Alert>
          )}

          {rowErrors && !job && (
            <Alert variant="danger" aria-label="Row errors">
              <p className="mb-1">
                {rowErrors.description ??
                  `The file has ${count(rowErrorLines(rowErrors.errors).size + (report?.errors_not_listed ?? 0), 'invalid row')}; nothing has been applied.`}
              </p>
              <div style={{ whiteSpace: 'pre-line', maxHeight: '16rem', overflowY: 'auto' }}>{rowErrorsMessage(rowErrors.errors)}</div>
              {report?.errors_not_listed ? (
                <p className="mb-0 mt-1">
                  {count(report.errors_not_listed, 'more row has', 'more rows have')} errors.
                </p>
              ) : null}
              {someRowsValid && (
                <Button
                  variant="warning"
                  className="mt-2"
                  disabled={!canSend}
                  onClick={() => void confirmValidRowsOnly(chosen)}
                >
                  Upload valid rows only
                </Button>
              )}
            </Alert>
          )}
        </>
      )}

      {job && (
        <>
          <Alert variant="success">
            {acceptedMessage && <div>{acceptedMessage}</div>}
            {RESULTS_BY_EMAIL_MESSAGE}
          </Alert>
          <JobProgress key={job.id} jobId={job.id} clientId={clientId} doneMessage={jobDone?.(job)} />
        </>
      )}

      <Modal show={skipConfirmation !== null} onHide={() => setSkipConfirmation(null)}>
        <Modal.Header closeButton>
          <Modal.Title>Upload valid rows only?</Modal.Title>
        </Modal.Header>
        {skipConfirmation && (
          <Modal.Body>
            {skipConfirmation.skipped} of {count(skipConfirmation.total, 'row has', 'rows have')} errors and will be
            skipped; {count(skipConfirmation.total - skipConfirmation.skipped, 'other row', 'other rows')} will be applied.
          </Modal.Body>
        )}
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setSkipConfirmation(null)}>
            Cancel
          </Button>
          <Button variant="warning" onClick={() => chosen && void upload(chosen, true)}>
            Upload valid rows
          </Button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
