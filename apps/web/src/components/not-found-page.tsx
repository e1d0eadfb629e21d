import { LinkButton } from '../ui/button';
import './page-message.css';

export function NotFoundPage() {
  return (
    <div className="page-message page-message--not-found">
      <p className="t-overline t-secondary">404</p>
      <h1 className="t-h4 t-semibold">Page not found</h1>
      <p className="t-body1 t-secondary">
        The page you are looking for does not exist or has moved.
      </p>
      <LinkButton to="/products" variant="contained">
        Go to Products
      </LinkButton>
    </div>
  );
}
