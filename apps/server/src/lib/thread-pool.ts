import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';

// Heavy work on what people send (decoding a picture, reading a spreadsheet) runs in a pool of
// threads, so that the main thread keeps answering while it runs, with a bounded time and
// memory each (decision 034). One thread fewer than the cores, at a lower priority: the main
// thread, which answers the requests, comes first.

/** What a pool's task carries besides its own fields: told when a thread takes it. */
export interface TimedTask {
  started: MessagePort;
}

/** In a pool thread: says the work has started, so the time limit counts from now. */
export function markStarted(task: TimedTask): void {
  task.started.postMessage('started');
  task.started.close();
}

/**
 * A pool running `worker` (a module beside the caller's: `.ts` from the sources, loaded through
 * tsx; `.js` in the built server, where build.mjs puts it beside dist/server.js). Each thread
 * has a JavaScript heap of `heapMb`.
 */
export function threadPool<Task extends TimedTask, Result>(
  callerUrl: string,
  worker: string,
  heapMb: number,
  /** Told when a thread fails outside a task; a process warning unless a test listens itself. */
  warn: (message: string) => void = (message) => process.emitWarning(message),
) {
  const fromSources = callerUrl.endsWith('.ts');
  const workerFile = new URL(`./${worker}${fromSources ? '.ts' : '.js'}`, callerUrl);
  let pool: Piscina<Task, Result> | undefined;
  // Why a pool failed, for the tasks it rejected as it was destroyed.
  const failures = new WeakMap<Piscina<Task, Result>, Error>();

  function startPool(): Piscina<Task, Result> {
    const started = new Piscina<Task, Result>({
      filename: workerFile.href,
      execArgv: execArgv(),
      minThreads: 0,
      maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
      idleTimeout: 60_000,
      niceIncrement: 5,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    // A thread that fails outside a task (its module does not load, say) is an 'error' of the
    // pool, which would throw in the main thread and end the process. Piscina has dropped the
    // thread; once none is left, the tasks waiting would wait forever (it starts no other
    // thread for a module that failed to load): the pool is ended, which rejects them, and
    // the next task starts another.
    started.on('error', (error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      warn(`A thread of the ${worker} pool failed: ${failure.message}`);
      if (started.threads.length > 0) return;
      failures.set(started, failure);
      if (pool === started) pool = undefined;
      void started.destroy();
    });
    return started;
  }

  function execArgv(): string[] | undefined {
    if (!fromSources) return undefined;
    // Started by tsx, the threads inherit its loader; otherwise (Vitest) they are given it.
    if (process.execArgv.some((arg) => arg.includes('tsx'))) return undefined;
    const tsx = pathToFileURL(createRequire(callerUrl).resolve('tsx')).href;
    return [...process.execArgv, '--import', tsx];
  }

  /**
   * Runs one task in the pool. A task whose work passes `timeLimitMs` (counted from when its
   * thread takes it) or the thread's memory is stopped, its thread replaced, and answered
   * null; any other failure is thrown (a pool whose thread could not start: why it could not).
   */
  return async function run(
    task: Omit<Task, 'started'>,
    timeLimitMs: number,
    transferList: ArrayBuffer[] = [],
  ): Promise<Result | null> {
    const current = (pool ??= startPool());
    const stop = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => stop.abort(), timeLimitMs);
    });
    try {
      return await current.run({ ...task, started: port2 } as Task, {
        signal: stop.signal,
        transferList: [port2, ...transferList],
      });
    } catch (error) {
      const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (stop.signal.aborted || outOfMemory) return null;
      const failure = failures.get(current);
      if (failure)
        throw new Error(`The pool thread of ${worker} failed: ${failure.message}`, {
          cause: failure,
        });
      throw error;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  };
}
