import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useSessionStore } from '../lib/session-store';

// findBy… and waitFor give up after one second by default; a busy CI machine rendering a whole
// page in jsdom can take longer than that without anything being wrong.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the layout's scroll restoration calls it on navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
});
