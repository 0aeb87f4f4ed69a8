import { userDetailTabs } from '../../src/navigation';
import { defineNavigation } from '../define';
import { userPath } from '../navigate';

/** One command per user details tab (`go.user-tab.payments`), offered while a customer is in context. */
export const userTabNavigation = userDetailTabs.map((tab) =>
  defineNavigation({
    id: `go.user-tab.${tab.slug}`,
    title: tab.title,
    group: 'Customer tabs',
    permission: tab.permission ?? 'user_details_read',
    target: 'user',
    keywords: ['tab', 'go', 'open'],
    path: (target) => userPath(target.id, tab.slug),
  }),
);
