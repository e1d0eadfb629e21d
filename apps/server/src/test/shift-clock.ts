/**
 * Preloaded into server processes by the fault tests: TEST_CLOCK_OFFSET_MS moves the process's
 * clock forward, as if the store had been down that long. The app's clock is Date.now.
 */
const offset = Number(process.env.TEST_CLOCK_OFFSET_MS ?? 0);
if (Number.isFinite(offset) && offset !== 0) {
  const realNow = Date.now;
  Date.now = () => realNow() + offset;
}

export {};
