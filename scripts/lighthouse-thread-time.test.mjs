import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { describe, expect, it } from 'vitest';
import { atThreadTime } from './lighthouse-thread-time.mjs';

// A trace as Chromium writes it for a page load, cut down to what Lighthouse needs to find the
// page's main threads: the browser names the frame and the renderer processes it was committed
// in, each renderer names its main thread, the first starts the navigation. Times are in
// microseconds, as in a trace.
const BROWSER = 1;
const MAIN = 20;
const WORKER = 21;
const FRAME = 'F1';
const ms = (n) => n * 1000;

function pageTrace(eventsByPid) {
  const pids = Object.keys(eventsByPid).map(Number);
  return {
    traceEvents: [
      {
        name: 'TracingStartedInBrowser',
        cat: 'disabled-by-default-devtools.timeline',
        ph: 'I',
        pid: BROWSER,
        tid: 1,
        ts: 0,
        args: { data: { frames: [{ frame: FRAME, processId: pids[0], url: 'http://a/' }] } },
      },
      ...pids.map((pid) => ({
        name: 'FrameCommittedInBrowser',
        cat: 'disabled-by-default-devtools.timeline',
        ph: 'I',
        pid: BROWSER,
        tid: 1,
        ts: 0,
        args: { data: { frame: FRAME, processId: pid, url: 'http://a/' } },
      })),
      ...pids.map((pid) => ({
        name: 'thread_name',
        cat: '__metadata',
        ph: 'M',
        pid,
        tid: MAIN,
        ts: 0,
        args: { name: 'CrRendererMain' },
      })),
      {
        name: 'navigationStart',
        cat: 'blink.user_timing',
        ph: 'R',
        pid: pids[0],
        tid: MAIN,
        ts: ms(1),
        args: { frame: FRAME, data: { isLoadingMainFrame: true, documentLoaderURL: 'http://a/' } },
      },
      ...pids.flatMap((pid) => eventsByPid[pid].map((event) => ({ pid, tid: MAIN, ...event }))),
    ],
  };
}

const task = (name, start, dur, tdur, tid) => ({
  name,
  cat: 'disabled-by-default-devtools.timeline',
  ph: 'X',
  ts: ms(start),
  dur: ms(dur),
  ...(tdur === undefined ? {} : { tdur: ms(tdur) }),
  ...(tid === undefined ? {} : { tid }),
  args: {},
});

/** Lighthouse's own reading of the page's main-thread tasks, as its simulation reads them. */
function tasksOf(trace) {
  const { mainThreadEvents, frames, timestamps } = TraceProcessor.processTrace(trace);
  return MainThreadTasks.getMainThreadTasks(
    mainThreadEvents,
    frames,
    timestamps.traceEnd,
    timestamps.timeOrigin,
  );
}

const topLevel = (trace) =>
  tasksOf(trace)
    .filter((t) => !t.parent)
    .map((t) => [t.startTime, t.duration]);

const named = (trace, name) => trace.traceEvents.find((e) => e.name === name);

describe('atThreadTime', () => {
  // A 40 ms task in which the thread ran 10 ms, with a layout inside it and a paint mark in
  // it; a 20 ms task that ran for all of it; a task with no thread time recorded; a task that
  // starts where the one before ended; and the page's worker, busy meanwhile.
  const measured = pageTrace({
    10: [
      task('RunTask', 100, 40, 10),
      task('Layout', 120, 16, 4),
      { name: 'firstContentfulPaint', cat: 'loading', ph: 'R', ts: ms(130), args: {} },
      task('RunTask', 200, 20, 20),
      task('RunTask', 300, 30),
      task('RunTask', 330, 10, 5),
      task('WorkerTask', 110, 30, 5, WORKER),
    ],
  });

  it('cuts each task to its thread time, from the same start, and says how much it took out', () => {
    const { trace, removedMs } = atThreadTime(measured);
    expect(topLevel(trace)).toEqual([
      [99, 10],
      [199, 20],
      [299, 30],
      [329, 5],
    ]);
    expect(removedMs).toBe(35);
  });

  it('keeps the work inside a task in its place in it, in proportion', () => {
    const { trace } = atThreadTime(measured);
    const [first] = tasksOf(trace).filter((t) => !t.parent);
    expect(first.children.map((t) => [t.event.name, t.startTime, t.duration])).toEqual([
      ['Layout', 104, 4],
    ]);
  });

  it('leaves the marks, the other threads and the measured trace as they were', () => {
    const before = structuredClone(measured);
    const { trace } = atThreadTime(measured);
    expect(named(trace, 'firstContentfulPaint')).toEqual(named(before, 'firstContentfulPaint'));
    expect(named(trace, 'WorkerTask')).toEqual(named(before, 'WorkerTask'));
    expect(measured).toEqual(before);
  });

  it('takes out no more than the task lasted, whatever thread time it records', () => {
    const { trace, removedMs } = atThreadTime(pageTrace({ 10: [task('RunTask', 100, 10, 12)] }));
    expect(topLevel(trace)).toEqual([[99, 10]]);
    expect(removedMs).toBe(0);
  });

  it("cuts the tasks of each renderer process the page used by that task's own thread time", () => {
    // The page moved to a second renderer (11) while the first (10) was still busy.
    const { trace } = atThreadTime(
      pageTrace({
        10: [task('RunTask', 100, 40, 10)],
        11: [task('RunTask', 110, 20, 20), task('Layout', 120, 10, 10)],
      }),
    );
    const byPid = (pid) =>
      trace.traceEvents
        .filter((e) => e.pid === pid && e.ph === 'X')
        .map((e) => [e.name, e.ts / 1000, e.dur / 1000]);
    expect(byPid(10)).toEqual([['RunTask', 100, 10]]);
    expect(byPid(11)).toEqual([
      ['RunTask', 110, 20],
      ['Layout', 120, 10],
    ]);
  });
});
