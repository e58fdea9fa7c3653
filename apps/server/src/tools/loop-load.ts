import { performance } from 'node:perf_hooks';

/**
 * How busy the event loop has been of late: the share of the last second it spent running
 * rather than waiting, sampled by one timer that keeps no process alive. Work that can wait (an
 * e-mail's delivery) steps aside while requests keep the process busy.
 */
export function loopLoad(periodMs = 1000) {
  let last = performance.eventLoopUtilization();
  let recent = 0;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    recent = performance.eventLoopUtilization(now, last).utilization;
    last = now;
  }, periodMs);
  timer.unref();
  return {
    /** Whether the loop ran more than `share` of the last period (0.75 by default). */
    busy: (share = 0.75) => recent > share,
    stop: () => clearInterval(timer),
  };
}
