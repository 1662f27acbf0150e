/**
 * The booking widget's loader, `/embed.js` (docs/product.md §21.3, docs/decisions/076-embed.md): the booking widget's loader,
 * pasted into other sites as
 *
 *   <script src="https://slotwise.example/embed.js" data-provider="<id>" data-mode="inline"></script>
 *
 * (or `data-business="<id>"`). No React: embed-script.ts, built on its own as one IIFE
 * (apps/web/vite.config.ts), calls `mount` for its tag. It places an iframe of `/embed/providers/:id` (or
 * `/embed/businesses/:id`) where the tag is (`inline`), behind a button opening a dialog
 * (`popup`), or behind a floating button in the bottom corner (`button`), and sizes the frame
 * to the height the page in it reports. Only messages from the script's own origin, sent by
 * that frame, are read.
 */

/** The message the widget's page posts to its parent (apps/web/src/features/embed). */
export const HEIGHT_MESSAGE = 'slotwise:height';

/** How the widget shows on the host page. */
export type EmbedMode = 'inline' | 'popup' | 'button';

export interface EmbedTarget {
  /** The widget page's URL on the script's origin. */
  src: string;
  origin: string;
  mode: EmbedMode;
  /** The button's text (popup and button modes). */
  label: string;
}

const MAX_HEIGHT = 20_000;
const FIRST_HEIGHT = 640;

/** What a `<script data-…>` asks for, or null when it names neither a provider nor a business. */
export function readTarget(script: HTMLScriptElement): EmbedTarget | null {
  const { provider, business, mode, label } = script.dataset;
  const id = provider || business;
  if (!id) return null;
  const origin = new URL(script.src, document.baseURI).origin;
  const kind = provider ? 'providers' : 'businesses';
  return {
    src: `${origin}/embed/${kind}/${encodeURIComponent(id)}`,
    origin,
    mode: mode === 'popup' || mode === 'button' ? mode : 'inline',
    label: label || 'Book online',
  };
}

/** The height a message from the widget asks for, or null when it is not one. */
export function heightOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, height } = data as { type?: unknown; height?: unknown };
  if (type !== HEIGHT_MESSAGE || typeof height !== 'number' || !Number.isFinite(height)) {
    return null;
  }
  return Math.min(Math.max(Math.ceil(height), 0), MAX_HEIGHT);
}

function createFrame(target: EmbedTarget, lazy: boolean): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.src = target.src;
  frame.title = 'Book an appointment';
  if (lazy) frame.setAttribute('loading', 'lazy');
  frame.style.cssText = `display:block;width:100%;border:0;height:${FIRST_HEIGHT}px;color-scheme:normal`;
  // The frame's own page is what sizes it: only its messages, and only from our origin.
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== target.origin || event.source !== frame.contentWindow) return;
    const height = heightOf(event.data);
    if (height !== null) frame.style.height = `${height}px`;
  });
  return frame;
}

const BUTTON_STYLE =
  'font:600 15px/1.2 system-ui,sans-serif;color:#fff;background:#4f46e5;border:0;border-radius:8px;padding:12px 18px;cursor:pointer';

function createButton(target: EmbedTarget): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = target.label;
  button.setAttribute('aria-haspopup', 'dialog');
  button.style.cssText = BUTTON_STYLE;
  return button;
}

/** A modal dialog with the widget, opened by `button`; Escape and 'Close' shut it. */
function attachDialog(target: EmbedTarget, button: HTMLButtonElement): void {
  let dialog: HTMLDialogElement | null = null;
  const open = () => {
    if (!dialog) {
      dialog = document.createElement('dialog');
      dialog.setAttribute('aria-label', target.label);
      dialog.style.cssText =
        'width:min(760px,calc(100vw - 24px));max-height:calc(100vh - 24px);padding:0;border:0;border-radius:12px;overflow:auto;background:#fff';
      const close = document.createElement('button');
      close.type = 'button';
      close.textContent = '\u00d7';
      close.setAttribute('aria-label', 'Close');
      close.style.cssText =
        'position:sticky;top:0;float:right;z-index:1;font:24px/1 system-ui,sans-serif;width:40px;height:40px;border:0;background:#fff;border-radius:0 12px 0 8px;cursor:pointer;color:#0f172a';
      close.addEventListener('click', () => dialog?.close());
      // Back to the button that opened it.
      dialog.addEventListener('close', () => button.focus());
      dialog.append(close, createFrame(target, false));
      document.body.append(dialog);
    }
    // A modal <dialog>: focus moves in, the page behind is inert, Escape closes it.
    dialog.showModal();
  };
  button.addEventListener('click', open);
}

/** Puts the widget on the page for `script` (the tag this file was loaded by). */
export function mount(script: HTMLScriptElement): void {
  const target = readTarget(script);
  if (!target) return;
  if (target.mode === 'inline') {
    script.after(createFrame(target, true));
    return;
  }
  const button = createButton(target);
  attachDialog(target, button);
  if (target.mode === 'popup') {
    script.after(button);
    return;
  }
  button.style.cssText +=
    ';position:fixed;bottom:20px;right:20px;z-index:2147483000;box-shadow:0 6px 20px rgb(0 0 0/.25)';
  const place = () => document.body.append(button);
  if (document.body) place();
  else document.addEventListener('DOMContentLoaded', place);
}
