import { afterEach, describe, expect, it } from 'vitest';
import { heightOf, HEIGHT_MESSAGE, mount, readTarget } from './embed-widget';

/**
 * /embed.js (docs/product.md §21.3): the tag's data-* → the widget's URL and mode; the frame
 * takes the height its own page reports, and nothing from anyone else.
 */
const ORIGIN = 'https://slotwise.example';

function tag(attributes: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = `${ORIGIN}/embed.js`;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.body.append(script);
  return script;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the embed script', () => {
  it('reads the provider or business and the mode', () => {
    expect(readTarget(tag({ 'data-provider': 'p 1' }))).toEqual({
      src: `${ORIGIN}/embed/providers/p%201`,
      origin: ORIGIN,
      mode: 'inline',
      label: 'Book online',
    });
    expect(readTarget(tag({ 'data-business': 'b1', 'data-mode': 'popup' }))).toMatchObject({
      src: `${ORIGIN}/embed/businesses/b1`,
      mode: 'popup',
    });
    expect(readTarget(tag({ 'data-provider': 'p1', 'data-mode': 'odd' }))?.mode).toBe('inline');
    expect(readTarget(tag({}))).toBeNull();
  });

  it('takes only a well-formed height message', () => {
    expect(heightOf({ type: HEIGHT_MESSAGE, height: 812.4 })).toBe(813);
    expect(heightOf({ type: HEIGHT_MESSAGE, height: 1e9 })).toBe(20_000);
    expect(heightOf({ type: 'other', height: 10 })).toBeNull();
    expect(heightOf({ type: HEIGHT_MESSAGE, height: '10' })).toBeNull();
    expect(heightOf('slotwise:height')).toBeNull();
  });

  it('places a lazy, titled, borderless frame after the tag and sizes it from its own origin only', () => {
    const script = tag({ 'data-provider': 'p1' });
    mount(script);
    const frame = script.nextElementSibling as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.src).toBe(`${ORIGIN}/embed/providers/p1`);
    expect(frame.title).toBe('Book an appointment');
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(frame.style.width).toBe('100%');
    expect(frame.style.border).toMatch(/^0/);
    const before = frame.style.height;

    const post = (origin: string, source: MessageEventSource | null, height: number) =>
      window.dispatchEvent(
        new MessageEvent('message', { origin, source, data: { type: HEIGHT_MESSAGE, height } }),
      );
    post('https://evil.example', frame.contentWindow, 99);
    expect(frame.style.height).toBe(before);
    post(ORIGIN, window, 98);
    expect(frame.style.height).toBe(before);
    post(ORIGIN, frame.contentWindow, 431);
    expect(frame.style.height).toBe('431px');
  });

  it('puts a button opening a dialog where the tag is (popup), or in the corner (button)', () => {
    const popup = tag({ 'data-provider': 'p1', 'data-mode': 'popup', 'data-label': 'Book a cut' });
    mount(popup);
    const button = popup.nextElementSibling as HTMLButtonElement;
    expect(button.tagName).toBe('BUTTON');
    expect(button.textContent).toBe('Book a cut');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(document.querySelector('iframe')).toBeNull();

    const corner = tag({ 'data-business': 'b1', 'data-mode': 'button' });
    mount(corner);
    const floating = document.body.lastElementChild as HTMLButtonElement;
    expect(floating.tagName).toBe('BUTTON');
    expect(floating.style.position).toBe('fixed');
  });
});
