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
 * A copy of `trace` in which each top-level task of the page's main thread lasts its thread
 * time, from the same start. The events inside a task keep their places in it, in proportion,
 * so the tasks still nest; nothing else in the trace moves. Returns the copy and the time
 * taken out, in milliseconds.
 */
export function atThreadTime(trace) {
  const copy = structuredClone(trace);
  const { mainThreadEvents } = TraceProcessor.processTrace(copy);
  const events = [...mainThreadEvents].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  let task = null;
  let removedUs = 0;
  for (const event of events) {
    const isComplete = event.ph === 'X' && event.dur != null;
    if (isComplete && (!task || event.ts >= task.end)) {
      const ratio = event.tdur != null && event.dur > 0 ? Math.min(1, event.tdur / event.dur) : 1;
      task = { start: event.ts, end: event.ts + event.dur, ratio };
      removedUs += event.dur * (1 - ratio);
    }
    if (!task || event.ts >= task.end) continue;
    event.ts = task.start + (event.ts - task.start) * task.ratio;
    if (!isComplete) continue;
    event.dur *= task.ratio;
    if (event.tdur != null) event.tdur = Math.min(event.tdur, event.dur);
  }
  return { trace: copy, removedMs: removedUs / 1000 };
}
