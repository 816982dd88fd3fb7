// A Lighthouse trace with the audited page's main-thread tasks cut to the time the thread
// actually ran in them (each trace event's thread time, `tdur`), for `npm run bench:lighthouse
// -- --thread-time` (docs/decisions/021).
//
// Lighthouse's simulated throttling takes each main-thread task's measured length (wall time)
// and multiplies it by four. On a machine whose cores are shared with the browser's other
// processes, the server and Lighthouse itself, much of that length is the thread waiting for a
// core, not running: a task of 5 ms of work can measure 20 ms, and count 30 ms of blocking time
// where the same work on a free core counts none. Scored again from this trace, the same run
// says what the page's own work costs, as Lighthouse counts it.
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

/**
 * A copy of `trace` in which each top-level task of the page's main thread (of each renderer
 * process the page used) lasts its thread time, from the same start, and the time taken out,
 * in milliseconds. The complete events inside a task keep their places in it, in proportion,
 * so that they still nest. Instant events and marks (the paints that Lighthouse's simulation
 * cuts its graphs at) stay where they were: the network's timings are not rewritten either,
 * and only the main thread's work should change. Chromium writes a page's main-thread work as
 * complete events ('X'); the input is left as it was.
 */
export function atThreadTime(trace) {
  const copy = structuredClone(trace);
  const { mainThreadEvents } = TraceProcessor.processTrace(copy);
  // The main threads of several renderer processes (one per navigation that changed process)
  // can overlap in time: each has its own current task.
  const taskByPid = new Map();
  let removedUs = 0;
  for (const event of mainThreadEvents) {
    if (event.ph !== 'X' || event.dur == null) continue;
    let task = taskByPid.get(event.pid);
    if (!task || event.ts >= task.end) {
      const ratio = event.tdur != null && event.dur > 0 ? Math.min(1, event.tdur / event.dur) : 1;
      task = { start: event.ts, end: event.ts + event.dur, ratio };
      taskByPid.set(event.pid, task);
      removedUs += event.dur * (1 - ratio);
    }
    event.ts = task.start + (event.ts - task.start) * task.ratio;
    event.dur *= task.ratio;
    if (event.tdur != null) event.tdur = Math.min(event.tdur, event.dur);
  }
  return { trace: copy, removedMs: removedUs / 1000 };
}
