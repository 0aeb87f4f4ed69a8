import { defineNavigation } from '../define';

/** My bulk runs, newest first: Enter opens one (its rows, cancel, retry failed). */
export default defineNavigation({
  id: 'go.bulk-runs',
  title: 'My bulk runs',
  group: 'Go to',
  permission: 'user_details_read',
  target: 'none',
  keywords: ['go', 'open', 'my', 'mine', 'bulk', 'runs', 'batch', 'progress', 'results', 'retry failed'],
  path: () => '/bulk-runs',
});
