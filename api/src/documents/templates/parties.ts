import { html, multiline, type Html } from '../html';
import type { DocumentParty } from '../types';
import type { TemplateContext } from './context';

function partyBlock(
  context: TemplateContext,
  party: DocumentParty,
  role: 'issuer' | 'buyer',
): Html {
  const { labels, rules } = context;
  const heading = role === 'issuer' ? labels.seller : labels.buyer;
  const fields = rules.partyFields(party, role, labels);
  return html`<section class="party ${role}">
    <h2>${heading}</h2>
    <div class="name">${party.name}</div>
    ${party.address ? html`<div class="address">${party.postalCode ? html`${party.postalCode} ` : ''}${multiline(party.address)}</div>` : ''}
    ${fields.map(([label, value]) => html`<div class="field">${label}${value ? html`: ${value}` : ''}</div>`)}
    ${party.phone ? html`<div class="field">${party.phone}</div>` : ''}
    ${party.email ? html`<div class="field">${party.email}</div>` : ''}
  </section>`;
}

/** The seller (the issuer) and the buyer side by side. */
export function partiesPart(context: TemplateContext): Html {
  return html`<div class="parties">
    ${partyBlock(context, context.data.issuer, 'issuer')}
    ${partyBlock(context, context.data.buyer, 'buyer')}
  </div>`;
}

/** A credit note: the document it corrects, its dates, and why. */
export function originalPart(context: TemplateContext): Html {
  const { data, labels } = context;
  if (data.type !== 'credit_note' || !data.original) return html``;
  const { original } = data;
  const supplyDate =
    original.supplyDate ?? (context.rules.supplyDateRequired ? original.issueDate : null);
  return html`<div class="reference">
    <div>${labels.original}: ${original.number}</div>
    <div>${labels.originalDate}: ${context.date(original.issueDate)}</div>
    ${supplyDate ? html`<div>${labels.originalSupplyDate}: ${context.date(supplyDate)}</div>` : ''}
    ${data.reason ? html`<div>${labels.reason}: ${data.reason}</div>` : ''}
  </div>`;
}
