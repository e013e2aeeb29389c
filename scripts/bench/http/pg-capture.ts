/**
 * Finds out which SQL a page runs, without touching the server's code: a TCP proxy between a
 * second copy of the built server (the "capture server", used for nothing else) and PostgreSQL,
 * reading the frontend protocol (Parse / Bind / simple Query) of every connection. While
 * recording, each executed statement is kept with its parameters; the harness then replays them on
 * its own connections as "the bare SQL of the same page". The measured server talks to PostgreSQL
 * directly, never through this proxy.
 */
import net from 'node:net';

export interface Statement {
  text: string;
  /** Text-format parameters as sent (null for NULL); binary ones as Buffers. */
  values: (string | Buffer | null)[];
}

/**
 * Statements of machinery, not of a page: the job queue's polling and scheduled tasks (writes),
 * the per-request sign-in check. Lists and exports only read.
 */
const NOT_PAGE =
  /pgboss\.|\bidentity_\w+|\brole_permissions\b|from "users"|^\s*(update|insert|delete)\b|skip locked/i;

class FrontendParser {
  private buffer: Buffer = Buffer.alloc(0);
  private started = false;
  private readonly prepared = new Map<string, string>();

  constructor(private readonly onStatement: (statement: Statement) => void) {}

  push(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (!this.started) {
        // StartupMessage / SSLRequest: int32 length (itself included), no type byte.
        if (this.buffer.length < 4) return;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) return;
        const code = this.buffer.readInt32BE(4);
        this.buffer = this.buffer.subarray(length);
        // 80877103 = SSLRequest, 80877104 = GSSENCRequest: the real startup message follows.
        if (code !== 80877103 && code !== 80877104) this.started = true;
        continue;
      }
      if (this.buffer.length < 5) return;
      const type = String.fromCharCode(this.buffer[0]!);
      const length = this.buffer.readInt32BE(1);
      if (this.buffer.length < 1 + length) return;
      const body = this.buffer.subarray(5, 1 + length);
      this.buffer = this.buffer.subarray(1 + length);
      this.message(type, body);
    }
  }

  private message(type: string, body: Buffer): void {
    let offset = 0;
    const cstring = () => {
      const end = body.indexOf(0, offset);
      const text = body.toString('utf8', offset, end);
      offset = end + 1;
      return text;
    };
    if (type === 'Q') {
      this.onStatement({ text: cstring(), values: [] });
    } else if (type === 'P') {
      const name = cstring();
      this.prepared.set(name, cstring());
    } else if (type === 'B') {
      cstring(); // portal
      const name = cstring();
      const formatCount = body.readInt16BE(offset);
      offset += 2;
      const formats: number[] = [];
      for (let i = 0; i < formatCount; i += 1) {
        formats.push(body.readInt16BE(offset));
        offset += 2;
      }
      const count = body.readInt16BE(offset);
      offset += 2;
      const values: (string | Buffer | null)[] = [];
      for (let i = 0; i < count; i += 1) {
        const size = body.readInt32BE(offset);
        offset += 4;
        if (size < 0) {
          values.push(null);
          continue;
        }
        const raw = body.subarray(offset, offset + size);
        offset += size;
        const format = formats.length === 1 ? formats[0] : (formats[i] ?? 0);
        values.push(format === 1 ? Buffer.from(raw) : raw.toString('utf8'));
      }
      const text = this.prepared.get(name);
      if (text !== undefined) this.onStatement({ text, values });
    }
  }
}

export interface CaptureProxy {
  /** postgres:// URL of the proxy (same user and database as the target). */
  url: string;
  /** Starts recording (forgets what was recorded before). */
  start(): void;
  /** Stops recording; the page statements recorded since start(). */
  stop(): Statement[];
  close(): Promise<void>;
}

export async function startCaptureProxy(targetUrl: string): Promise<CaptureProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  let recording: Statement[] | null = null;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client);
    sockets.add(upstream);
    const parser = new FrontendParser((statement) => {
      if (recording && !NOT_PAGE.test(statement.text)) recording.push(statement);
    });
    client.on('data', (chunk: Buffer) => {
      parser.push(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    start() {
      recording = [];
    },
    stop() {
      const captured = recording ?? [];
      recording = null;
      return captured;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
