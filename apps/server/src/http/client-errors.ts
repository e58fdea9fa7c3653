import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

const REFUSALS: Record<string, [status: number, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request line and headers are too large (16 KB at most).'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};

/**
 * A request Node's HTTP parser refuses before any route sees it (headers or URL too large, a
 * malformed request line, too slow): answered in the protocol's error shape like every other
 * mistake, then the connection is closed, as Node itself does.
 */
export function clientErrorHandler(version: string) {
  return (err: NodeJS.ErrnoException, socket: Socket): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] = REFUSALS[err.code ?? ''] ?? [400, 'The request is malformed.'];
    if (socket.writable) {
      const body = JSON.stringify({
        message,
        code: status,
        type: 'general_argument_invalid',
        version,
      });
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(err);
  };
}
