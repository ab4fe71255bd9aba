import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { JobProgress } from '../../../components/job-progress/JobProgress';
import { useMutation } from '../../../lib/use-mutation';
import { exportUsers } from '../api/export-users';

/** Starts the users export and follows its job. */
export function ExportUsers({ clientId }: { clientId: string }) {
  const [jobId, setJobId] = useState<string | null>(null);
  const { run, pending: starting } = useMutation();

  async function startExport() {
    const job = await run(() => exportUsers(clientId));
    if (job) setJobId(job.id);
  }

  return (
    <div className="mb-3">
      <Button variant="outline-primary" onClick={startExport} disabled={starting}>
        Export users
      </Button>
      {jobId !== null && (
        <JobProgress key={jobId} jobId={jobId} clientId={clientId} doneMessage="The export was e-mailed to you." />
      )}
    </div>
  );
}
