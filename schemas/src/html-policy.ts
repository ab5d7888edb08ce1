/**
 * What user-written HTML (designer html blocks, rich-text values) may contain, applied through
 * DOMPurify on the server (when stored) and in the browser (when shown). DOMPurify removes
 * scripts and event handlers but keeps `style` as written: a block could cover the whole page
 * (position:fixed; z-index:9999) with a link to a foreign login page. So inline CSS keeps only
 * typographic and box properties, nothing that positions, transforms or loads; foreign links
 * open in a new tab with rel="noopener noreferrer"; form controls are not allowed. Isomorphic.
 */

/** The subset of DOMPurify this policy uses (both its browser build and its jsdom build). */
export interface PurifyLike {
  sanitize(html: string, config?: Record<string, unknown>): unknown;
  addHook(entryPoint: 'afterSanitizeAttributes', hook: (node: Element) => void): void;
}

const ALLOWED_PROPERTIES = new Set([
  'color', 'background-color', 'font-size', 'font-weight', 'font-style', 'font-family', 'font-variant',
  'text-align', 'text-decoration', 'text-decoration-line', 'text-decoration-color', 'text-decoration-style', 'text-indent', 'text-transform',
  'line-height', 'letter-spacing', 'word-spacing', 'word-break', 'white-space', 'vertical-align', 'list-style-type',
  'border', 'border-top', 'border-right', 'border-bottom', 'border-left', 'border-color', 'border-style', 'border-width', 'border-radius', 'border-collapse',
  'padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
  'margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left',
  'width', 'max-width', 'min-width',
]);

// No loading (url(), @import, image-set), no old IE expressions, no escapes that hide any of these.
const UNSAFE_VALUE = /url\s*\(|image-set|expression|javascript:|@import|\\|[<>]|\/\*/i;

/** The harmless part of a style attribute, or '' when nothing is left. */
export function cleanStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    let value = declaration.slice(colon + 1).trim();
    if (!ALLOWED_PROPERTIES.has(property) || !value || UNSAFE_VALUE.test(value)) continue;
    value = value.replace(/\s*!important\s*$/i, '');
    // A negative margin moves the block over what comes before it: positioning by other means.
    if (property.startsWith('margin') && /-\s*\d/.test(value)) continue;
    kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}

function isForeign(href: string): boolean {
  const h = href.trim().toLowerCase();
  return h.startsWith('//') || /^[a-z][a-z0-9+.-]*:/.test(h) && !h.startsWith('mailto:') && !h.startsWith('tel:');
}

const installed = new WeakSet<object>();

function install(purify: PurifyLike): void {
  if (installed.has(purify)) return;
  installed.add(purify);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.hasAttribute?.('style')) {
      const style = cleanStyle(node.getAttribute('style') ?? '');
      if (style) node.setAttribute('style', style);
      else node.removeAttribute('style');
    }
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      if (href && isForeign(href)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      } else if (node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
  });
}

const CONFIG = {
  // Controls inside a rich-text block only serve to fake a login form.
  FORBID_TAGS: ['form', 'input', 'button', 'textarea', 'select', 'option', 'style', 'link', 'meta', 'base'],
  FORBID_ATTR: ['formaction', 'srcset'],
  ADD_ATTR: ['target'],
};

/** Sanitises user HTML with the policy above. */
export function sanitizeUserHtml(purify: PurifyLike, html: string): string {
  install(purify);
  return String(purify.sanitize(html, CONFIG));
}
