import { Container, Form } from 'react-bootstrap';
import { LoadingView } from '../../../components/LoadingView';
import type { ClientSummary } from '../../../lib/models';
import { useClients } from '../api/get-clients';
import { usePageTitle } from '../../../lib/use-page-title';

interface ClientPickerProps {
  onChoose: (clientId: number) => void;
}

/** Lists each client twice, as "name - id" by name and as "id - name" by id, to find it either way. */
function clientOptions(clients: ClientSummary[]) {
  const byName = [...clients].sort((a, b) => a.name.localeCompare(b.name));
  const byId = [...clients].sort((a, b) => a.id - b.id);
  return [
    ...byName.map((client) => ({ key: `name-${client.id}`, value: client.id, label: `${client.name} - ${client.id}` })),
    ...byId.map((client) => ({ key: `id-${client.id}`, value: client.id, label: `${client.id} - ${client.name}` })),
  ];
}

/** The admin's landing page: choose the client to act for. */
export function ClientPicker({ onChoose }: ClientPickerProps) {
  usePageTitle('Choose Client');
  const { data: clients, error } = useClients();

  return (
    <Container className="py-5" style={{ maxWidth: 560 }}>
      <h1 className="h4 mb-3">Choose a client</h1>
      {!clients && !error && <LoadingView />}
      {clients && (
        <Form.Group controlId="client-picker">
          <Form.Label>Client</Form.Label>
          <Form.Select
            value=""
            onChange={(event) => {
              if (event.target.value) onChoose(Number(event.target.value));
            }}
          >
            <option value="">Choose Client...</option>
            {clientOptions(clients).map((option) => (
              <option key={option.key} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
    </Container>
  );
}
