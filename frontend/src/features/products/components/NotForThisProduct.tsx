import { Alert } from 'react-bootstrap';
import { Link } from 'react-router';
import type { ItemType } from '../../../lib/models';
import { productPath } from '../paths';

/** Stands in for a page that does not apply to the product, when its address is opened directly. */
export function NotForThisProduct({ clientId, item, page, reason }: {
  clientId: string;
  item: ItemType;
  page: string;
  reason: string;
}) {
  return (
    <section>
      <h2>{page}</h2>
      <Alert variant="warning">
        <Alert.Heading className="h5">Not available for this product</Alert.Heading>
        <p className="mb-0">{reason}</p>
      </Alert>
      <Link to={productPath(clientId, item.upc)}>Back to {item.name}</Link>
    </section>
  );
}
