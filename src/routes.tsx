import { lazy, type ReactNode, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { NotFoundPage } from '../views/shell/NotFoundPage';
import { type AreaDefinition, areaById, userDetailTabs } from './navigation';
import { RequireAccess } from './routing/RequireAccess';
import { useDocumentTitle } from './routing/use-document-title';
import { formatId } from './ui/ids';
import { Spinner } from './ui/Spinner';

const LoginPage = lazy(() => import('../views/login/LoginPage'));
const SetPasswordPage = lazy(() => import('../views/set-password/SetPasswordPage'));
/** The shell brings the palette and every command: loaded after sign-in, so the login screen stays small. */
const Shell = lazy(() => import('../views/shell/Shell').then((module) => ({ default: module.Shell })));
const UsersPage = lazy(() => import('../views/users/UsersPage'));
const UserDetailsPage = lazy(() => import('../views/user-details/UserDetailsPage'));
const PendingProjectsPage = lazy(() => import('../views/pending-projects/PendingProjectsPage'));
const ModelsPage = lazy(() => import('../views/models/ModelsPage'));
const ModelDetailsPage = lazy(() => import('../views/models/ModelDetailsPage'));
const PartnersManagementPage = lazy(() => import('../views/partners-management/PartnersManagementPage'));
const OperationsCenterPage = lazy(() => import('../views/operations-center/OperationsCenterPage'));
const AbTestPage = lazy(() => import('../views/operations-center/ab-tests/AbTestPage'));
const ApprovalsPage = lazy(() => import('../views/approvals/ApprovalsPage'));
const BulkRunPage = lazy(() => import('../views/bulk-runs/BulkRunPage'));
const BulkRunsPage = lazy(() => import('../views/bulk-runs/BulkRunsPage'));
const StaffPage = lazy(() => import('../views/operations-center/staff/StaffPage'));
const AuditPage = lazy(() => import('../views/operations-center/audit/AuditPage'));

type RouteParams = Readonly<Record<string, string | undefined>>;

/** One row of the route table: a path (wouter pattern) that either redirects or renders a titled page. */
export interface RouteEntry {
  path: string | RegExp;
  redirect?: (params: RouteParams) => string;
  /** The page's name in the document title. */
  title?: (params: RouteParams) => string;
  page?: (params: RouteParams) => ReactNode;
}

function isId(value: string | undefined): value is string {
  return value !== undefined && /^\d+$/.test(value) && Number(value) <= 2_147_483_647;
}

function hasTab(tabs: AreaDefinition['tabs'], slug: string | undefined): slug is string {
  return tabs.some((tab) => tab.slug === slug);
}

const users = areaById('users');
const partners = areaById('partners-management');
const operations = areaById('operations-center');

/** The route table of console-spec §2, inside the signed-in shell; the first matching row wins. */
export const shellRoutes: readonly RouteEntry[] = [
  { path: '/', redirect: () => '/users/last-viewed' },
  { path: '/users', redirect: () => '/users/last-viewed' },
  { path: /^\/users\/(?<id>\d+)\/?$/, redirect: ({ id }) => `/users/${id}/general` },
  {
    path: '/users/:tab',
    title: () => users.title,
    page: ({ tab }) => (hasTab(users.tabs, tab) ? <UsersPage tab={tab} /> : <NotFoundPage />),
  },
  {
    path: '/users/:id/:tab',
    title: ({ id }) => `User ${formatId(id ?? '')}`,
    page: ({ id, tab }) =>
      isId(id) && hasTab(userDetailTabs, tab) ? <UserDetailsPage id={Number(id)} tab={tab} /> : <NotFoundPage />,
  },
  { path: '/pending-projects', title: () => 'Pending projects', page: () => <PendingProjectsPage /> },
  { path: '/approvals', title: () => 'Approvals', page: () => <ApprovalsPage /> },
  { path: '/bulk-runs', title: () => 'Bulk runs', page: () => <BulkRunsPage /> },
  {
    path: '/bulk-runs/:id',
    title: ({ id }) => `Bulk run ${id}`,
    page: ({ id }) => (isId(id) ? <BulkRunPage id={Number(id)} /> : <NotFoundPage />),
  },
  { path: '/models', title: () => 'Models', page: () => <ModelsPage /> },
  { path: '/models/:id', title: ({ id }) => `Model ${id}`, page: ({ id }) => <ModelDetailsPage id={id ?? ''} /> },
  { path: '/partners-management', redirect: () => '/partners-management/partners' },
  {
    path: '/partners-management/:tab',
    title: () => partners.title,
    page: ({ tab }) => (hasTab(partners.tabs, tab) ? <PartnersManagementPage tab={tab} /> : <NotFoundPage />),
  },
  { path: '/operations-center', redirect: () => '/operations-center/offer-generator' },
  { path: '/operations-center/staff', title: () => 'Staff', page: () => <StaffPage /> },
  { path: '/operations-center/audit', title: () => 'Audit trail', page: () => <AuditPage /> },
  {
    path: '/operations-center/ab-tests/:id',
    title: ({ id }) => `A/B test ${formatId(id ?? '')}`,
    page: ({ id }) => (isId(id) ? <AbTestPage id={Number(id)} /> : <NotFoundPage />),
  },
  {
    path: '/operations-center/:tab',
    title: () => operations.title,
    page: ({ tab }) => (hasTab(operations.tabs, tab) ? <OperationsCenterPage tab={tab} /> : <NotFoundPage />),
  },
];

function Titled({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return children;
}

function PageFallback() {
  return (
    <div className="flex flex-1 items-center justify-center p-8 text-muted">
      <Spinner label="Loading the page" />
    </div>
  );
}

function renderEntry(entry: RouteEntry, params: RouteParams): ReactNode {
  if (entry.redirect) return <Redirect to={entry.redirect(params)} replace />;
  return <Titled title={entry.title?.(params) ?? 'Loupe'}>{entry.page?.(params)}</Titled>;
}

/** Every route: /login outside the shell; everything else guarded, inside the shell, lazily loaded. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/login">
        <Titled title="Sign in">
          <Suspense fallback={<PageFallback />}>
            <LoginPage />
          </Suspense>
        </Titled>
      </Route>
      <Route path="/set-password">
        <Titled title="Choose your password">
          <Suspense fallback={<PageFallback />}>
            <SetPasswordPage />
          </Suspense>
        </Titled>
      </Route>
      <Route>
        <RequireAccess>
          <Suspense fallback={<PageFallback />}>
            <Shell>
              <Suspense fallback={<PageFallback />}>
                <Switch>
                  {shellRoutes.map((entry) => (
                    <Route key={String(entry.path)} path={entry.path}>
                      {(params: RouteParams) => renderEntry(entry, params)}
                    </Route>
                  ))}
                  <Route>
                    <Titled title="Not found">
                      <NotFoundPage />
                    </Titled>
                  </Route>
                </Switch>
              </Suspense>
            </Shell>
          </Suspense>
        </RequireAccess>
      </Route>
    </Switch>
  );
}
