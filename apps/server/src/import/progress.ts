/**
 * How far the import is, one kind at a time: a bar redrawn in place on a terminal, plain lines
 * (about every tenth of the way) when the output goes to a file or a pipe.
 */
export interface Progress {
  start(kind: string, total: number): void;
  /** `done` items of the kind handled so far (imported or already there). */
  update(kind: string, done: number): void;
  finish(kind: string, summary: string): void;
}

const WIDTH = 24;

export function streamProgress(out: NodeJS.WritableStream & { isTTY?: boolean }): Progress {
  const tty = Boolean(out.isTTY);
  let total = 0;
  let lastStep = -1;
  const label = (kind: string) => kind.padEnd(12);
  const bar = (done: number) => {
    const filled = total === 0 ? WIDTH : Math.round((done / total) * WIDTH);
    return `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}]`;
  };
  return {
    start(kind, n) {
      total = n;
      lastStep = -1;
      if (tty) out.write(`${label(kind)} ${bar(0)} 0/${n}`);
      else out.write(`${label(kind)} ${n} to go through\n`);
    },
    update(kind, done) {
      if (tty) {
        out.write(`\r${label(kind)} ${bar(done)} ${done}/${total}`);
        return;
      }
      const step = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (step > lastStep && done < total) {
        lastStep = step;
        out.write(`${label(kind)} ${done}/${total}\n`);
      }
    },
    finish(kind, summary) {
      if (tty) out.write(`\r${label(kind)} ${bar(total)} ${summary}\x1b[K\n`);
      else out.write(`${label(kind)} ${summary}\n`);
    },
  };
}

/** No output (tests that read the report instead). */
export const silentProgress: Progress = {
  start: () => undefined,
  update: () => undefined,
  finish: () => undefined,
};
