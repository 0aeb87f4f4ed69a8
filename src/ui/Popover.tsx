import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useAnchoredPanel } from './anchored-panel';

interface PopoverProps {
  /** The button's content, look and accessible name. */
  button: ReactNode;
  buttonClassName: string;
  buttonLabel?: string;
  buttonStyle?: CSSProperties;
  /** Which edge of the button the panel lines up with. */
  align: 'start' | 'end';
  panelClassName: string;
  /** The panel's content, rendered only while it is open; `close` hides it (focus goes back to the button). */
  children: (close: () => void) => ReactNode;
}

const focusable = 'input, select, textarea, button, [href], [tabindex]:not([tabindex="-1"])';

/** Browsers without the popover API (and test DOMs) get the same open / close by state, Escape included. */
const nativePopovers = typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

/**
 * A button that opens a panel: the browser's own popover (`popover="auto"` with `popovertarget`), so Escape, a click
 * outside and opening another popover close it, the panel sits in the top layer (no table clips it) while staying next
 * to its button in the DOM and the Tab order, and the button reports its expanded state — with no script library.
 * CSS anchor positioning places it under the button (`useAnchoredPanel`). On opening, focus moves to the panel's
 * first control (unless a control with `autoFocus` took it); on closing from inside, the browser returns it to the button.
 */
export function Popover({
  button,
  buttonClassName,
  buttonLabel,
  buttonStyle,
  align,
  panelClassName,
  children,
}: PopoverProps) {
  const id = `popover-${useId().replace(/[^\w-]/g, '')}`;
  const anchored = useAnchoredPanel(align);
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const element = panel.current;
    if (!element || element.contains(document.activeElement)) return;
    element.querySelector<HTMLElement>(focusable)?.focus();
  }, [open]);
  useEffect(() => {
    const element = panel.current;
    if (nativePopovers || !open || !element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      opener.current?.focus();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [open]);
  const close = () => {
    if (nativePopovers) panel.current?.hidePopover();
    else {
      setOpen(false);
      opener.current?.focus();
    }
  };
  return (
    <>
      <button
        ref={opener}
        type="button"
        popoverTarget={id}
        aria-expanded={nativePopovers ? undefined : open}
        onClick={nativePopovers ? undefined : () => setOpen((was) => !was)}
        style={{ ...buttonStyle, ...anchored.button }}
        className={buttonClassName}
        aria-label={buttonLabel}
        title={buttonLabel}
      >
        {button}
      </button>
      <div
        ref={panel}
        id={id}
        popover="auto"
        hidden={nativePopovers ? undefined : !open}
        style={anchored.panel}
        className={panelClassName}
        onToggle={(event) => setOpen((event.nativeEvent as ToggleEvent).newState === 'open')}
      >
        {open ? children(close) : null}
      </div>
    </>
  );
}
