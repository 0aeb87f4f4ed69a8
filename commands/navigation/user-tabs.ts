import { userDetailTabs } from '../../src/navigation';
import { defineNavigation } from '../define';
import { userPath } from '../navigate';

/**
 * One command per user details tab (`go.user-tab.payments`), offered while a customer is in context; the first nine
 * also by `G` then their position (`G 1` general details … `G 7` credits), and the audit tab by `G A`.
 */
export const userTabNavigation = userDetailTabs.map((tab, index) =>
  defineNavigation({
    id: `go.user-tab.${tab.slug}`,
    title: tab.title,
    group: 'Customer tabs',
    permission: tab.permission ?? 'user_details_read',
    target: 'user',
    shortcut: tab.slug === 'audit' ? 'G A' : index < 9 ? `G ${index + 1}` : undefined,
    keywords: ['tab', 'go', 'open'],
    path: (target) => userPath(target.id, tab.slug),
  }),
);
