/**
 * What a reader of a PDF sees, through Debian's poppler-utils (pdftotext, pdffonts), installed
 * here when missing and we are root on Debian (the machine image does not always have it).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function hasCommand(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function ensurePopplerUtils(): void {
  if (hasCommand('pdftotext') && hasCommand('pdffonts')) return;
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
    throw new Error('pdftotext and pdffonts are missing: install Debian package poppler-utils');
  }
  execFileSync(
    'sh',
    [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils',
    ],
    { stdio: 'inherit' },
  );
}

/** The text of a PDF as `pdftotext -layout` prints it (no-break spaces as plain spaces). */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/\u00a0|\u202f/g, ' ');
}

/** The names of the fonts embedded in a PDF, without their subset prefix (NotoSansThai-Bold). */
export function pdfFonts(pdf: Buffer): string[] {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdffonts-')), 'document.pdf');
  fs.writeFileSync(file, pdf);
  try {
    const lines = execFileSync('pdffonts', [file]).toString('utf8').split('\n').slice(2);
    return lines
      .map((line) => line.split(/\s+/)[0] ?? '')
      .filter(Boolean)
      .map((name) => name.replace(/^[A-Z]{6}\+/, ''));
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** The document title in a PDF's information dictionary (pdfinfo's Title). */
export function pdfTitle(pdf: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdfinfo-')), 'document.pdf');
  fs.writeFileSync(file, pdf);
  try {
    const info = execFileSync('pdfinfo', ['-enc', 'UTF-8', file]).toString('utf8');
    return /^Title:\s*(.*)$/m.exec(info)?.[1]?.trim() ?? '';
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** How many times `needle` occurs in `text`. */
export function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
