import { useEffect, type RefObject } from 'react';
import { HEIGHT_MESSAGE } from '../../embed/embed-widget';

/**
 * Tells the page around the frame how tall the widget is (docs/product.md §21.3), whenever that
 * changes: `{type: 'slotwise:height', height}` and nothing else, so any origin may hear it
 * (`targetOrigin '*'`: the host site is not known). /embed.js sets the frame's height from it.
 */
export function useReportHeight(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || window.parent === window) return;
    let last = -1;
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
    };
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, [ref]);
}
