import {
  TEMPLATE_PLACEHOLDERS,
  TEMPLATE_SAMPLE_VALUES,
  type TemplatePlaceholder,
} from '@esim/contracts';
import sanitizeHtml from 'sanitize-html';

/*
 * A branch's document template: HTML from the console's rich-text editor, sanitised here before
 * it is stored or previewed (the editor's own output is not trusted: any client can PUT any
 * text). An allow-list of formatting tags; links only to http(s) and mailto; no attributes but a
 * link's href and a placeholder's name; no style, no event handler, no script or its content.
 */

const PLACEHOLDER_SET: ReadonlySet<string> = new Set(TEMPLATE_PLACEHOLDERS);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'span',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], span: ['data-placeholder'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Disallowed tags go, their text stays; script, style, textarea... go with their content.
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: true,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        rel: 'noopener noreferrer',
        target: '_blank',
      },
    }),
    // A span is only kept as a placeholder's name the template knows.
    span: (tagName, attribs) => {
      const name = attribs['data-placeholder'];
      const kept: Record<string, string> = {};
      if (name && PLACEHOLDER_SET.has(name)) kept['data-placeholder'] = name;
      return { tagName, attribs: kept };
    },
  },
};

/** The template as stored: sanitised; null when nothing is left (an empty editor is '<p></p>'). */
export function sanitizeTemplate(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  const text = clean
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return text === '' ? null : clean;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Fills `{{providerName}}` and `{{providerAddress}}` in sanitised HTML with the values given
 * (escaped: a value is text, never markup). Unknown placeholders stay as they are.
 */
export function renderTemplate(
  sanitized: string,
  values: Partial<Record<TemplatePlaceholder, string | null>>,
): string {
  return sanitized.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (whole, name: string) => {
    if (!PLACEHOLDER_SET.has(name)) return whole;
    const value = values[name as TemplatePlaceholder];
    return value === undefined || value === null ? '' : escapeHtml(value);
  });
}

/** The preview: the template as the API would store it, and filled with the sample values. */
export function previewTemplate(html: string | null | undefined): {
  templateHtml: string;
  previewHtml: string;
} {
  const templateHtml = sanitizeTemplate(html) ?? '';
  return { templateHtml, previewHtml: renderTemplate(templateHtml, TEMPLATE_SAMPLE_VALUES) };
}
