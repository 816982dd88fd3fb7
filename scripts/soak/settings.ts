// The settings of a run, from the command's options (soak.ts reads and checks them).
export interface Settings {
  minutes: number;
  durationMs: number;
  /** Requests a second, sent at fixed intervals. */
  rate: number;
  /** Requests waiting for an answer at the most: the schedule holds back beyond. */
  maxInFlight: number;
  /** Memory is judged after the warm-up. */
  warmupS: number;
  /** A leak: RSS grew by more than this % after the warm-up, and by more than maxSlope MB a minute. */
  maxGrowthPercent: number;
  maxSlope: number;
  /** A send later than this (ms) is late; an answer slower than slowMs is a stall. */
  lateMs: number;
  slowMs: number;
  seed: number;
}
