import type { WebSocket } from 'ws';
import { normaliseChannels } from './protocol.js';

/** Messages one socket may send per window (docs/protocol.md §9: 32 a minute). */
export const MESSAGE_LIMIT = 32;
export const MESSAGE_WINDOW_MS = 60_000;

/**
 * One client socket: what it asked for, who it is signed in as (by session id, re-checked at
 * every event), its message budget and its liveness for the heartbeat.
 */
export class Connection {
  /** The channels exactly as the client asked, so a new sign-in can re-normalise them. */
  private readonly requested: readonly string[];
  /** Empty until the handshake is done, so no event frame can precede `connected`. */
  channels = new Set<string>();
  sessionId: string | null = null;
  userId: string | null = null;
  alive = true;
  closed = false;
  private windowStart = 0;
  private windowCount = 0;

  constructor(
    readonly socket: WebSocket,
    readonly ip: string,
    requested: readonly string[],
    private readonly maxBufferedBytes: number,
    private readonly onDrop: (reason: string) => void,
  ) {
    this.requested = requested;
  }

  /** Starts listening; returns the channels for the `connected` frame. */
  open(): string[] {
    const channels = normaliseChannels(this.requested, this.userId);
    this.channels = new Set(channels);
    return channels;
  }

  signIn(sessionId: string, userId: string): void {
    this.sessionId = sessionId;
    this.userId = userId;
  }

  listensTo(eventChannels: readonly string[]): boolean {
    return eventChannels.some((c) => this.channels.has(c));
  }

  /** Counts one client message; false once the window's budget is spent. */
  countMessage(now: number): boolean {
    if (now - this.windowStart >= MESSAGE_WINDOW_MS) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    this.windowCount += 1;
    return this.windowCount <= MESSAGE_LIMIT;
  }

  /**
   * Sends unless the socket is gone. A client that does not read (its backlog passes the
   * bound) is cut off instead of letting its frames pile up in server memory.
   */
  send(frame: string): boolean {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return false;
    if (this.socket.bufferedAmount + Buffer.byteLength(frame) > this.maxBufferedBytes) {
      this.drop('slow consumer');
      return false;
    }
    this.socket.send(frame);
    return true;
  }

  /** Sends an error frame, then closes with the same code (docs/protocol.md §7.1). */
  refuse(code: number, frame: string, reason: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(frame);
    // A close reason may hold 123 bytes at most.
    this.socket.close(code, Buffer.from(reason).subarray(0, 120).toString());
  }

  drop(reason: string): void {
    if (this.closed) return;
    this.onDrop(reason);
    this.socket.terminate();
  }
}
