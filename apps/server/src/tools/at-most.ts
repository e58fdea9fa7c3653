/**
 * Runs at most `n` of the tasks given to it at once; the rest wait their turn, first come first
 * served (deliveries to an SMTP server that takes only so many connections).
 */
export function atMost(n: number) {
  let running = 0;
  const turns: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= n) await new Promise<void>((go) => turns.push(go));
    else running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiting task, or is given back.
      const next = turns.shift();
      if (next) next();
      else running--;
    }
  };
}
