import net from 'node:net';

/**
 * The socket of a PostgreSQL connection, writing what one turn of the event loop hands it as one
 * write. `pg` writes every statement on its own (corked for its few messages, then uncorked), and
 * in pipeline mode several go out before the first is answered (pg-transaction.ts): each write
 * woke the server's process for one statement, which on a busy machine took the CPU from this one
 * in the middle of the next write, statement after statement. The first cork of a turn here holds
 * the socket until the turn is over, so a transaction's statements made together reach the
 * server as one message and wake it once, as a single statement does.
 */
export class TurnSocket extends net.Socket {
  #holding = false;

  override cork(): void {
    if (!this.#holding) {
      this.#holding = true;
      super.cork();
      process.nextTick(() => {
        this.#holding = false;
        super.uncork();
      });
    }
    super.cork();
  }
}
