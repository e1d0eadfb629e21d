// Which keys were asked before: the answer cache's doorkeeper (decision 041, the seventh pass).
// Most searches a shop sees are asked once and never again; keeping each of those answers cost
// a cold search a tenth of its time (the answer, its lane entry and its buffers outlive the young
// generation and are copied and marked, then let go as other one-off answers push them out) and
// pushed the answers that are asked again out of the cache. A search's answer is kept when it is
// asked a second time.

/** Slots remembered: a fingerprint each, 256 KiB in all, nothing for the garbage collector. */
const SLOTS = 1 << 16;

/**
 * Remembers a 32-bit fingerprint of each key asked, one per slot (a newer key in the same slot
 * takes it over): `askedBefore(key)` is true when the key was asked since its slot was last
 * taken. It errs both ways, rarely and harmlessly: a key whose slot another took is asked "for
 * the first time" again (its answer is worked out once more), and two keys with the same
 * fingerprint (about one in four billion) count as one (an answer is kept on its first ask).
 */
export function createAskedBefore(slots = SLOTS) {
  if (!Number.isInteger(Math.log2(slots))) throw new Error('slots must be a power of two');
  const seen = new Uint32Array(slots);
  return function askedBefore(key: string): boolean {
    // FNV-1a over the UTF-16 code units; never 0, which marks an empty slot.
    let hash = 0x811c9dc5;
    for (let index = 0; index < key.length; index += 1) {
      hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
    }
    const fingerprint = hash >>> 0 || 1;
    const slot = fingerprint & (slots - 1);
    if (seen[slot] === fingerprint) return true;
    seen[slot] = fingerprint;
    return false;
  };
}
