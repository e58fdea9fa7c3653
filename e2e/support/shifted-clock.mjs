// The server's process with its clock moved on, for journeys about time (order-confirm.spec.ts:
// an unconfirmed order expires 12 hours after it was placed). Loaded before the server with
// `node --import`, it reads the shift in milliseconds from the file COURTSIDE_E2E_CLOCK_SHIFT
// names, once, when the process starts: the journey writes the file and restarts the server, as
// if the shop had been closed that long. The built server is the one that ships; nothing in it
// knows of this file, which only the journeys load.
import { readFileSync } from 'node:fs';

const file = process.env.COURTSIDE_E2E_CLOCK_SHIFT;
const shift = file ? Number(readFileSync(file, 'utf8').trim() || '0') : 0;

if (shift) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  RealDate.now = () => realNow() + shift;
  // `new Date()` reads the shifted time; every other use of Date is the real one (instanceof too).
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) =>
      Reflect.construct(target, args.length === 0 ? [RealDate.now()] : args, newTarget),
  });
}
