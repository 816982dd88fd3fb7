import { parse, protocol, type PGlite, type QueryOptions } from '@electric-sql/pglite';

// PGlite's query() makes six calls into its WebAssembly backend for every statement (parse,
// describe, bind, describe, execute, sync) and parses and plans the statement each time: a
// primary-key select costs about 260 µs, of which the select itself is a fraction. A statement
// parsed once under a name, then bound and executed in one call, costs about 45 µs. The hot
// paths' statements (prepared.ts registers them) take that way, as they already do on
// PostgreSQL; every other statement goes through PGlite's own query().

const { serialize } = protocol;

export interface NamedStatements {
  /** From now on, query() with exactly this text runs it as a named statement. */
  register(text: string): void;
}

const registries = new WeakMap<object, NamedStatements>();

/** The named statements of a PGlite client given to drizzle (db.$client), if it has them. */
export function namedStatementsOf(client: unknown): NamedStatements | undefined {
  return typeof client === 'object' && client !== null ? registries.get(client) : undefined;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

// The text protocol, as PGlite's query() sends the values the hot statements have.
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  throw new TypeError(`a named statement takes text and numbers, not ${typeof value}`);
}

/** Gives the client's query() the named-statement way for the texts registered with it. */
export function useNamedStatements(pg: PGlite): NamedStatements {
  const names = new Map<string, string>();
  const parsed = new Set<string>();
  const query = pg.query.bind(pg);

  // parseResults merges the options' parsers into the client's on every call (a copy of some
  // 60 entries); drizzle passes the same options object each time, so merged once per object.
  // (Made again if the client's own parsers are replaced, as PGlite does when types change.)
  type Merged = { base: typeof pg.parsers; parsers: typeof pg.parsers; rest: QueryOptions };
  const merged = new WeakMap<QueryOptions, Merged>();
  function parsersOf(options: QueryOptions | undefined) {
    if (!options?.parsers) return { parsers: pg.parsers, rest: options };
    let entry = merged.get(options);
    if (entry?.base !== pg.parsers) {
      const { parsers, ...rest } = options;
      entry = { base: pg.parsers, parsers: { ...pg.parsers, ...parsers }, rest };
      merged.set(options, entry);
    }
    return entry;
  }

  async function runNamed(name: string, text: string, params: unknown[], options?: QueryOptions) {
    await pg._checkReady();
    // The same locks as query(): never inside another caller's transaction.
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        if (!parsed.has(name)) {
          await pg.execProtocol(concat([serialize.parse({ name, text }), serialize.sync()]), {
            syncToFs: false,
          });
          parsed.add(name);
        }
        const { messages } = await pg.execProtocol(
          concat([
            serialize.bind({ statement: name, values: params.map(asText) }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        await pg.syncToFs();
        const { parsers, rest } = parsersOf(options);
        return parse.parseResults(messages, parsers, rest)[0]!;
      }),
    );
  }

  pg.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
    const name = names.get(text);
    return name ? runNamed(name, text, params ?? [], options) : query(text, params, options);
  }) as PGlite['query'];

  const registry: NamedStatements = {
    register(text) {
      if (!names.has(text)) names.set(text, `hot_${names.size + 1}`);
    },
  };
  registries.set(pg, registry);
  return registry;
}
