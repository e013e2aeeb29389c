import type { ReportLanguage } from '@esim/contracts';
import { FONT_FAMILIES } from '../fonts/families';

/*
 * The documents' style sheet: A4 with its margins from @page, one column, tables for the lines
 * and the totals. Only the registry fonts (../fonts) are named, the report language's first: a
 * Japanese document prints Latin text in Noto Sans JP, a Thai one in Noto Sans Thai, and a glyph
 * one font lacks comes from the other.
 */

const { japanese, thai } = FONT_FAMILIES;
/** Noto Sans Thai carries Noto Sans' Latin and Latin Extended subsets: en and de print in it. */
const FONT_STACKS: Record<ReportLanguage, readonly string[]> = {
  en: [thai, japanese],
  de: [thai, japanese],
  ja: [japanese, thai],
  th: [thai, japanese],
};

export function fontStack(language: ReportLanguage): string {
  return FONT_STACKS[language].map((family) => `'${family}'`).join(', ');
}

export function documentStyle(language: ReportLanguage): string {
  return `
@page { size: A4; margin: 16mm 15mm 18mm; }
* { box-sizing: border-box; }
html { font-family: ${fontStack(language)}; font-size: 9.5pt; color: #111; line-height: 1.45; }
body { margin: 0; }
h1 { font-size: 20pt; margin: 0; font-weight: 700; }
.designation { font-size: 12pt; font-weight: 700; margin: 1mm 0 0; }
header { display: flex; justify-content: space-between; align-items: flex-start; gap: 8mm; }
.meta { border-collapse: collapse; }
.meta th { text-align: left; font-weight: 400; color: #444; padding: 0 4mm 0 0; white-space: nowrap; }
.meta td { text-align: right; padding: 0; white-space: nowrap; }
.parties { display: flex; gap: 8mm; margin: 7mm 0 5mm; }
.party { flex: 1; }
.party h2 { font-size: 8pt; font-weight: 400; color: #555; margin: 0 0 1mm; text-transform: uppercase; }
.party .name { font-size: 11pt; font-weight: 700; }
.party .field { margin-top: 0.5mm; }
table.lines, table.totals { border-collapse: collapse; width: 100%; }
table.lines th { font-weight: 700; text-align: left; border-bottom: 0.4mm solid #111; padding: 1.2mm 1.5mm; }
table.lines td { border-bottom: 0.2mm solid #bbb; padding: 1.2mm 1.5mm; vertical-align: top; }
table.lines .num, table.totals .num { text-align: right; white-space: nowrap; }
table.totals { width: auto; margin: 4mm 0 0 auto; }
table.totals th { text-align: left; font-weight: 400; padding: 0.8mm 6mm 0.8mm 0; }
table.totals td { padding: 0.8mm 0; }
table.totals tr.gross th, table.totals tr.gross td { font-weight: 700; font-size: 11pt; border-top: 0.4mm solid #111; padding-top: 1.5mm; }
.note { margin-top: 3mm; color: #333; }
.reference { margin: 0 0 4mm; }
.branch-template { margin-top: 10mm; border-top: 0.2mm solid #bbb; padding-top: 3mm; }
`;
}
