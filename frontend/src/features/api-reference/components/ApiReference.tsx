import { useMemo } from 'react';
import { Badge, Card, Container, Table } from 'react-bootstrap';
import { AlertArea } from '../../../components/Alerts';
import { LoadingView } from '../../../components/LoadingView';
import { useOpenApiDocument } from '../api/get-openapi-document';
import { outlineOpenApi, type OperationOutline, type SchemaOutline } from '../openapi-outline';
import { usePageTitle } from '../../../lib/use-page-title';

const METHOD_VARIANTS: Record<string, string> = {
  GET: 'primary',
  POST: 'success',
  PUT: 'warning',
  PATCH: 'warning',
  DELETE: 'danger',
};

function SchemaFields({ schema }: { schema: SchemaOutline }) {
  return (
    <>
      <code>{schema.name}</code>
      {schema.fields.length > 0 && (
        <Table size="sm" className="mt-1 mb-2">
          <tbody>
            {schema.fields.map((field) => (
              <tr key={field.name}>
                <td>
                  <code>{field.name}</code>
                  {field.required && <span className="text-danger"> *</span>}
                </td>
                <td className="text-muted">{field.type}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}

function Operation({ operation }: { operation: OperationOutline }) {
  return (
    <Card className="mb-3">
      <Card.Header>
        <Badge bg={METHOD_VARIANTS[operation.method] ?? 'secondary'} className="me-2">
          {operation.method}
        </Badge>
        <code>{operation.path}</code>
        {operation.summary && <span className="ms-2">{operation.summary}</span>}
      </Card.Header>
      <Card.Body>
        {operation.parameters.length > 0 && (
          <>
            <h4 className="h6">Parameters</h4>
            <Table size="sm" className="mb-3">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>In</th>
                  <th>Type</th>
                  <th>Required</th>
                </tr>
              </thead>
              <tbody>
                {operation.parameters.map((parameter) => (
                  <tr key={`${parameter.location}-${parameter.name}`}>
                    <td>
                      <code>{parameter.name}</code>
                    </td>
                    <td>{parameter.location}</td>
                    <td>{parameter.type}</td>
                    <td>{parameter.required ? 'yes' : 'no'}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </>
        )}
        {operation.requestBody && (
          <>
            <h4 className="h6">Request body</h4>
            <SchemaFields schema={operation.requestBody} />
          </>
        )}
        <h4 className="h6">Responses</h4>
        {operation.responses.map((response) => (
          <div key={response.status}>
            <strong>{response.status}</strong> {response.description}{' '}
            {response.schema && <SchemaFields schema={response.schema} />}
          </div>
        ))}
      </Card.Body>
    </Card>
  );
}

/** A readable reference of the API, built from its OpenAPI document. */
export function ApiReference() {
  usePageTitle('API Reference');
  const { data: document, error } = useOpenApiDocument();
  const outline = useMemo(() => (document === undefined ? null : outlineOpenApi(document)), [document]);

  return (
    <Container className="py-4">
      <AlertArea />
      {!outline && !error && <LoadingView />}
      {outline && (
        <>
          <h1>
            {outline.title} {outline.version && <Badge bg="secondary">{outline.version}</Badge>}
          </h1>
          {outline.description && <p className="lead">{outline.description}</p>}
          {outline.tags.map((tag) => (
            <section key={tag.name} className="mt-4">
              <h2>{tag.name}</h2>
              {tag.description && <p className="text-muted">{tag.description}</p>}
              {tag.operations.map((operation) => (
                <Operation key={`${operation.method} ${operation.path}`} operation={operation} />
              ))}
            </section>
          ))}
        </>
      )}
    </Container>
  );
}
