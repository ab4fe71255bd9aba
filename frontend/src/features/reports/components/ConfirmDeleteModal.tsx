import { useState } from 'react';
import { Button, Modal } from 'react-bootstrap';

interface ConfirmDeleteModalProps {
  show: boolean;
  title: string;
  children: string;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}

/** Asks before deleting; the Delete button stays disabled while the deletion runs. */
export function ConfirmDeleteModal({ show, title, children, onCancel, onConfirm }: ConfirmDeleteModalProps) {
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    try {
      await onConfirm();
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Modal show={show} onHide={onCancel} aria-labelledby="confirm-delete-title">
      <Modal.Header closeButton>
        <Modal.Title id="confirm-delete-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={deleting}>
          Delete
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
