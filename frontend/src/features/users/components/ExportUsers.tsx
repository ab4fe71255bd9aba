import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useAlerts } from '../../../components/Alerts';
import { JobProgress } from '../../../components/job-progress/JobProgress';
import { exportUsers } from '../api/export-users';

/** Starts the users export and follows its job. */
export function ExportUsers({ clientId }: { clientId: string }) {
  const { showError } = useAlerts();
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  async function startExport() {
    setStarting(true);
    try {
      const job = await exportUsers(clientId);
      setJobId(job.id);
    } catch (failure) {
      showError(failure);
    } finally {
      setStarting(false);
    }
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
