import { renderTemplate, sanitizeTemplate } from '../../areas/branches/public';
import { html, trustedHtml, type Html } from '../html';
import type { TemplateContext } from './context';

/**
 * The branch's rich-text template, sanitised again (whatever was stored) and its placeholders
 * filled with escaped values: the provider's name and the issuer's address.
 */
export function branchTemplatePart({ data }: TemplateContext): Html {
  const clean = sanitizeTemplate(data.branch.templateHtml);
  if (!clean) return html``;
  const filled = renderTemplate(clean, {
    providerName: data.branch.providerName ?? null,
    providerAddress: data.issuer.address ?? null,
  });
  return html`<section class="branch-template">${trustedHtml(filled)}</section>`;
}
