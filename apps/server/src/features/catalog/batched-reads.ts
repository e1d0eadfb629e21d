// Reads by id asked during one turn of the event loop, made as one query after it.

/** The rows of `ids` in their order; an id no row has is left out. */
export function inOrderOf<Row extends { id: string }>(ids: string[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

interface Waiting<Row> {
  ids: string[];
  resolve(rows: Row[]): void;
  reject(error: unknown): void;
}

/**
 * `read` shared by the callers of one turn: the ids they ask for while the event loop handles
 * what arrived together (the searches of many connections, say) are read by one query once it
 * has, and each caller gets its own rows, in its order. On PostgreSQL a query is a round trip and
 * a statement the server plans; under load the searches of one turn are many, and their page
 * rows one query (decision 041). A failed read fails every caller of its turn.
 */
export function batchedByTurn<Row extends { id: string }>(
  read: (ids: string[]) => Promise<Row[]>,
): (ids: string[]) => Promise<Row[]> {
  let waiting: Array<Waiting<Row>> | undefined;

  async function readTurn(turn: Array<Waiting<Row>>) {
    try {
      const rows = await read([...new Set(turn.flatMap((caller) => caller.ids))]);
      for (const caller of turn) caller.resolve(inOrderOf(caller.ids, rows));
    } catch (error) {
      for (const caller of turn) caller.reject(error);
    }
  }

  return (ids) => {
    if (ids.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      if (!waiting) {
        const turn: Array<Waiting<Row>> = [];
        waiting = turn;
        setImmediate(() => {
          waiting = undefined;
          void readTurn(turn);
        });
      }
      waiting.push({ ids, resolve, reject });
    });
  };
}
