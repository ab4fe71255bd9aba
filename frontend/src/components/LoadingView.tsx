import { Spinner } from 'react-bootstrap';

export function LoadingView() {
  return (
    <div className="d-flex justify-content-center p-4">
      <Spinner animation="border" role="status">
        <span className="visually-hidden">Loading...</span>
      </Spinner>
    </div>
  );
}
