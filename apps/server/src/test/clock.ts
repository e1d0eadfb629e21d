/** A clock tests move by hand, for expiry boundaries; starts at the real time unless told. */
export function createTestClock(start = Date.now()) {
  let now = start;
  return {
    now: () => now,
    set(ms: number) {
      now = ms;
    },
    advance(ms: number) {
      now += ms;
    },
  };
}

export type TestClock = ReturnType<typeof createTestClock>;
