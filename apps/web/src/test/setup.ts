import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useSessionStore } from '../lib/session-store';

// jsdom does not implement scrolling; the layout's scroll restoration calls it on navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
});
