import type { EmbedMode } from '../../embed/embed-widget';

/** How the widget shows on the host page. */
export type Mode = EmbedMode;

/** The `<script>` tag another site pastes to show the booking widget (docs/product.md §21.3). */
export function embedSnippet(
  origin: string,
  target: { kind: 'provider' | 'business'; id: string },
  mode: Mode,
): string {
  const modeAttribute = mode === 'inline' ? '' : ` data-mode="${mode}"`;
  return `<script src="${origin}/embed.js" data-${target.kind}="${target.id}"${modeAttribute}></script>`;
}
