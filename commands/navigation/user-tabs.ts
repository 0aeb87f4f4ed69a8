import { userDetailTabs } from '../../src/navigation';
import { defineNavigation } from '../define';
import { userPath } from '../navigate';

/**
 * The tabs past the ninth, by `G` then a letter of their name (the digits run out): not U, L, S or P, which go to
 * areas (`G P` pending projects), so projects is `G R` and profiles `G F`.
 */
const letterKeys: Readonly<Record<string, string>> = {
  contract: 'G C',
  profiles: 'G F',
  projects: 'G R',
  audit: 'G A',
  emails: 'G E',
};

/**
 * One command per user details tab (`go.user-tab.payments`), offered while a customer is in context; each has a key:
 * the first nine `G` then their position (`G 1` general details … `G 7` credits), the rest `G` then a letter.
 */
export const userTabNavigation = userDetailTabs.map((tab, index) =>
  defineNavigation({
    id: `go.user-tab.${tab.slug}`,
    title: tab.title,
    group: 'Customer tabs',
    permission: tab.permission ?? 'user_details_read',
    target: 'user',
    shortcut: index < 9 ? `G ${index + 1}` : letterKeys[tab.slug],
    keywords: ['tab', 'go', 'open'],
    path: (target) => userPath(target.id, tab.slug),
  }),
);
