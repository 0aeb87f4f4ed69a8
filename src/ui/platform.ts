/** True on Apple platforms, where the palette shortcut is ⌘K rather than Ctrl K. */
export function isApplePlatform(): boolean {
  const nav = globalThis.navigator as (Navigator & { userAgentData?: { platform?: string } }) | undefined;
  const platform = nav?.userAgentData?.platform ?? nav?.platform ?? '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** The label of the primary modifier key: `⌘` on Apple platforms, `Ctrl` elsewhere. */
export function modKeyLabel(): string {
  return isApplePlatform() ? '⌘' : 'Ctrl';
}
