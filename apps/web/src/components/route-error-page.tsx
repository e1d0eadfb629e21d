import { Button } from '../ui/button';
import './page-message.css';

/** Shown when rendering a route throws, instead of the router's developer screen. */
export function RouteErrorPage() {
  return (
    <div className="page-message">
      <h1 className="t-h4 t-semibold">Something went wrong</h1>
      <p className="t-body1 t-secondary">Please reload the page and try again.</p>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}
