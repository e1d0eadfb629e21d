import { Spinner } from '../ui/spinner';

/** "Loading session...": shown while the app start's current-user call has not answered yet. */
export function SessionLoading() {
  return (
    <div role="status" className="loading-block">
      <Spinner />
      <p className="t-body1 t-secondary">Loading session...</p>
    </div>
  );
}
