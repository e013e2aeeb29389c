/**
 * A tar.gz built byte by byte (ustar), so a test can put in what a careful archiver never would:
 * links, absolute paths, '..', devices.
 */
import zlib from 'node:zlib';

export interface TarEntry {
  path: string;
  body?: string | Buffer;
  /** '0' file (default), '2' symbolic link, '1' hard link, '5' directory, '3' character device. */
  type?: '0' | '1' | '2' | '3' | '5';
  linkpath?: string;
}

function field(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value.slice(0, length), offset, length, 'utf8');
}

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

export function tarGz(entries: readonly TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '');
    const type = entry.type ?? '0';
    const size = type === '0' ? body.length : 0;
    const header = Buffer.alloc(512);
    field(header, 0, 100, entry.path);
    field(header, 100, 8, octal(type === '5' ? 0o755 : 0o644, 8));
    field(header, 108, 8, octal(0, 8));
    field(header, 116, 8, octal(0, 8));
    field(header, 124, 12, octal(size, 12));
    field(header, 136, 12, octal(Math.floor(Date.now() / 1000), 12));
    field(header, 148, 8, '        ');
    field(header, 156, 1, type);
    field(header, 157, 100, entry.linkpath ?? '');
    field(header, 257, 6, 'ustar\0');
    field(header, 263, 2, '00');
    let sum = 0;
    for (const byte of header) sum += byte;
    field(header, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
    blocks.push(header);
    if (size > 0) {
      blocks.push(body);
      if (size % 512 !== 0) blocks.push(Buffer.alloc(512 - (size % 512)));
    }
  }
  blocks.push(Buffer.alloc(1024));
  return zlib.gzipSync(Buffer.concat(blocks));
}
