/** Ctrl/Cmd+K (not with Alt): the palette's key, from anywhere, text inputs included. */
export function isPaletteKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey;
}
