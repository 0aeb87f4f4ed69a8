import { type CSSProperties, useId } from 'react';

/** The styles that tie a popover panel to its button: give `button` to the button and `panel` to the panel. */
export interface AnchoredPanelStyles {
  button: CSSProperties;
  panel: CSSProperties;
}

/**
 * Places a popover panel under its button with CSS anchor positioning, fixed so that a scrolling table does not clip
 * it, while the panel stays next to the button in the DOM. Headless UI's `anchor` prop portals the panel instead, and
 * a portalled panel brings `aria-hidden` focusable sentinel buttons (axe: aria-hidden-focus) and a Tab order that
 * jumps to the end of the page; kept in place, Tab simply moves from the button into the panel and on.
 */
export function useAnchoredPanel(align: 'start' | 'end'): AnchoredPanelStyles {
  const name = `--panel-anchor-${useId().replace(/[^\w-]/g, '')}`;
  const edge: CSSProperties = align === 'end' ? { right: 'anchor(right)' } : { left: 'anchor(left)' };
  return {
    button: { anchorName: name } as CSSProperties,
    panel: {
      position: 'fixed',
      margin: 0,
      top: 'calc(anchor(bottom) + 4px)',
      ...edge,
      positionAnchor: name,
      positionTryFallbacks: 'flip-block, flip-inline',
    } as CSSProperties,
  };
}
