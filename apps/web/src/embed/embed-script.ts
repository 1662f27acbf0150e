import { mount } from './embed-widget';

// The entry of `/embed.js` (docs/decisions/076-embed.md): the tag that loaded this file, once.
const current = document.currentScript;
if (current instanceof HTMLScriptElement && current.dataset.slotwiseMounted !== 'true') {
  current.dataset.slotwiseMounted = 'true';
  mount(current);
}
