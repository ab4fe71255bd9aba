import { Container } from 'react-bootstrap';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Where the shop platform returns after the app install; completing the install is not built yet. */
export function ShopifyAuthCallbackRoute() {
  return (
    <Container className="py-5">
      <PlaceholderPage
        title="Shopify App Install"
        message="The Shopify app install completes on this page. Completing the install is not available yet."
      />
      <Link to="/">Back to the portal</Link>
    </Container>
  );
}
