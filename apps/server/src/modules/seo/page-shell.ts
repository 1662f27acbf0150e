import fs from 'node:fs';
import path from 'node:path';

/**
 * The web build's index.html cut where a search engine page adds its words (docs/decisions/
 * 075-search-engine-pages.md): its own <title> and meta description taken out, the head's end
 * and the empty #root found once at start. Without a build (the API alone, most tests) a minimal
 * page stands in, so the answers do not depend on whether the web app was built.
 */

const FALLBACK_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
  '<meta name="viewport" content="width=device-width, initial-scale=1.0" />' +
  '<title>Slotwise</title></head><body><div id="root"></div></body></html>';

const ROOT = '<div id="root"></div>';
const HEAD_END = '</head>';

export interface HeadParts {
  lang: string;
  dir: 'ltr' | 'rtl';
  /** Tags for the head (already escaped): title, description, canonical, Open Graph, JSON-LD. */
  head: string;
  /** Markup for #root (already escaped). */
  root: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or an attribute value made safe for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

export class PageShell {
  /** Up to `<html`'s attributes, the rest of the head, between head and root, after root. */
  private readonly parts: [string, string, string, string];
  /** The untouched page: what a 404 adds its noindex to. */
  readonly original: string;

  constructor(html: string) {
    this.original = html;
    const stripped = html
      .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
      .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/i, '');
    const htmlTag = /<html[^>]*>/i.exec(stripped);
    const afterHtml = htmlTag ? htmlTag.index + htmlTag[0].length : 0;
    const headEnd = stripped.indexOf(HEAD_END);
    const root = stripped.indexOf(ROOT);
    if (headEnd < afterHtml || root < headEnd) {
      throw new Error('index.html has no </head> followed by an empty <div id="root"></div>');
    }
    this.parts = [
      stripped.slice(0, htmlTag ? htmlTag.index : 0),
      stripped.slice(afterHtml, headEnd),
      stripped.slice(headEnd, root + ROOT.length - '</div>'.length),
      stripped.slice(root + ROOT.length - '</div>'.length),
    ];
  }

  /** index.html of `distDir`, else (none, or not cut where expected) the stand-in. */
  static load(distDir: string | undefined): PageShell {
    const file = distDir ? path.join(distDir, 'index.html') : null;
    if (file && fs.existsSync(file)) {
      try {
        return new PageShell(fs.readFileSync(file, 'utf8'));
      } catch {
        // A page without </head> and an empty #root (a hand-written stand-in build).
      }
    }
    return new PageShell(FALLBACK_SHELL);
  }

  render(page: HeadParts): string {
    const [before, head, middle, after] = this.parts;
    return (
      `${before}<html lang="${escapeHtml(page.lang)}" dir="${page.dir}">` +
      `${head}${page.head}${middle}${page.root}${after}`
    );
  }

  /** The normal page, kept from the index (the SPA shows its own "not found"). */
  notFound(): string {
    return this.original.replace(HEAD_END, `<meta name="robots" content="noindex" />${HEAD_END}`);
  }
}
