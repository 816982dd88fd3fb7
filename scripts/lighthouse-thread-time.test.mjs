import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { describe, expect, it } from 'vitest';
import { atThreadTime } from './lighthouse-thread-time.mjs';

// A trace as Chromium writes it for a page load, cut down to what Lighthouse needs to find the
// page's main thread: the browser names the frame and its renderer, the renderer's main thread
// starts the navigation. Times are in microseconds, as in a trace.
const BROWSER = 1;
const RENDERER = 10;
const MAIN = 20;
const OTHER = 21;
const FRAME = 'F1';
const ms = (n) => n * 1000;

function pageTrace(mainThread, otherThread = []) {
  const on = (tid) => (event) => ({ pid: RENDERER, tid, ...event });
  return {
    traceEvents: [
      {
        name: 'TracingStartedInBrowser',
        cat: 'disabled-by-default-devtools.timeline',
        ph: 'I',
        pid: BROWSER,
        tid: 1,
        ts: 0,
        args: { data: { frames: [{ frame: FRAME, processId: RENDERER, url: 'http://a/' }] } },
      },
      on(MAIN)({
        name: 'thread_name',
        cat: '__metadata',
        ph: 'M',
        ts: 0,
        args: { name: 'CrRendererMain' },
      }),
      on(MAIN)({
        name: 'navigationStart',
        cat: 'blink.user_timing',
        ph: 'R',
        ts: ms(1),
        args: { frame: FRAME, data: { isLoadingMainFrame: true, documentLoaderURL: 'http://a/' } },
      }),
      ...mainThread.map(on(MAIN)),
      ...otherThread.map(on(OTHER)),
    ],
  };
}

const task = (name, start, dur, tdur) => ({
  name,
  cat: 'disabled-by-default-devtools.timeline',
  ph: 'X',
  ts: ms(start),
  dur: ms(dur),
  ...(tdur === undefined ? {} : { tdur: ms(tdur) }),
  args: {},
});

/** Lighthouse's own reading of the page's main-thread tasks, as its throttling simulation reads them. */
function tasksOf(trace) {
  const { mainThreadEvents, frames, timestamps } = TraceProcessor.processTrace(trace);
  return MainThreadTasks.getMainThreadTasks(
    mainThreadEvents,
    frames,
    timestamps.traceEnd,
    timestamps.timeOrigin,
  );
}

const byName = (trace, name) => trace.traceEvents.find((e) => e.name === name);

describe('atThreadTime', () => {
  // A 40 ms task in which the thread ran 10 ms, with a layout inside it and a mark in it;
  // a 20 ms task that ran for all of it; a task with no thread time recorded.
  const measured = pageTrace(
    [
      task('RunTask', 100, 40, 10),
      task('Layout', 120, 16, 4),
      { name: 'Mark', cat: 'devtools.timeline', ph: 'I', ts: ms(130), s: 't', args: {} },
      task('RunTask', 200, 20, 20),
      task('RunTask', 300, 30),
    ],
    [task('WorkerTask', 110, 30, 5)],
  );

  it('cuts each task to its thread time, from the same start, and says how much it took out', () => {
    const { trace, removedMs } = atThreadTime(measured);
    const tasks = tasksOf(trace).filter((t) => !t.parent);
    expect(tasks.map((t) => [t.startTime, t.duration])).toEqual([
      [99, 10],
      [199, 20],
      [299, 30],
    ]);
    expect(removedMs).toBe(30);
  });

  it('keeps what happened inside a task in its place in it, in proportion', () => {
    const { trace } = atThreadTime(measured);
    const [first] = tasksOf(trace).filter((t) => !t.parent);
    expect(first.children.map((t) => [t.event.name, t.startTime, t.duration])).toEqual([
      ['Layout', 104, 4],
    ]);
    expect(byName(trace, 'Mark').ts).toBe(ms(107.5));
  });

  it('leaves the other threads and the measured trace as they were', () => {
    const before = structuredClone(measured);
    const { trace } = atThreadTime(measured);
    expect(byName(trace, 'WorkerTask')).toEqual(byName(before, 'WorkerTask'));
    expect(measured).toEqual(before);
    expect(tasksOf(measured).filter((t) => !t.parent)[0].duration).toBe(40);
  });
});
