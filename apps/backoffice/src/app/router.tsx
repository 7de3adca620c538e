import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { AGENT_ROLES, OPERATOR_ROLES, ROLES } from '@khel/contract';
import { LoginPage } from '../features/auth/components/login-page';
import { ChangePasswordPage } from '../features/auth/components/change-password-page';
import { SecondFactorPage } from '../features/auth/components/second-factor-page';
import { AgentStatementsPage } from '../features/agent-partnership/components/agent-statements-page';
import { MyBookPage } from '../features/agent-money/components/my-book-page';
import { AgentLandingFigures } from '../features/agent-money/components/agent-landing';
import { DownlineLimitsPage } from '../features/agent-partnership/components/downline-limits-page';
import { AnnouncementsPage } from '../features/announcements/components/announcements-page';
import { AuditLogPage } from '../features/audit/components/audit-log-page';
import { BannersPage } from '../features/banners/components/banners-page';
import { BonusesPage } from '../features/bonuses/components/bonuses-page';
import { BrandingPage } from '../features/branding/components/branding-page';
import { CasinoPage } from '../features/casino/components/casino-page';
import { DepositsPage } from '../features/deposits/components/deposits-page';
import { HouseMoneyPage } from '../features/house-money/components/house-money-page';
import { TreeMovesPage } from '../features/tree-moves/components/tree-moves-page';
import { EventPage } from '../features/sports/components/event-page';
import { MarketPage } from '../features/sports/components/market-page';
import { SportsPage } from '../features/sports/components/sports-page';
import { ReportsPage } from '../features/reports/components/reports-page';
import { SearchPage } from '../features/search/components/search-page';
import { RiskPage } from '../features/reports/components/risk-page';
import { ReceivingAccountsPage } from '../features/receiving-accounts/components/receiving-accounts-page';
import { WithdrawalsPage } from '../features/withdrawals/components/withdrawals-page';
import { UsersPage } from '../features/users/components/users-page';
import { MONEY_COLUMNS } from '../features/agent-money/components/money-columns';
import { LOCK_COLUMNS } from '../features/agent-partnership/components/market-lock-toggles';
import { PARTNERSHIP_COLUMNS } from '../features/agent-partnership/components/partnership-column';
import { DownlinePage } from '../features/downline/components/downline-page';
import { useProfile } from '../lib/auth/get-user-data';

import { homePathFor } from './navigation';
import { AppShell } from './layout/app-shell';
import { RequireOperator, RequireRole } from './require-operator';
import { NotFoundRoute } from './routes/not-found-route';
import { RouteError } from './routes/route-error';
import { UserDetailRoute } from './routes/user-detail-route';

/** The client list's money columns, partnership % and market-lock toggles (decisions 0064, 0065). */
const CLIENT_COLUMNS = [...MONEY_COLUMNS, ...PARTNERSHIP_COLUMNS, ...LOCK_COLUMNS];

function HomeRedirect() {
  return <Navigate to={homePathFor(useProfile().data?.role)} replace />;
}

/** Paths are relative to the /backoffice/ basename. New desks add a child route here and a NAV_ITEMS line. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
  { path: '/second-factor', element: <SecondFactorPage />, errorElement: <RouteError /> },
  { path: '/change-password', element: <ChangePasswordPage />, errorElement: <RouteError /> },
  {
    path: '/',
    element: (
      <RequireOperator>
        <AppShell />
      </RequireOperator>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRedirect /> },
      { path: 'downline', element: <DownlinePage extraColumns={CLIENT_COLUMNS} landing={<AgentLandingFigures />} /> },
      { path: 'downline/:id', element: <DownlinePage extraColumns={CLIENT_COLUMNS} /> },
      {
        path: 'users',
        element: (
          <RequireRole roles={OPERATOR_ROLES}>
            <UsersPage />
          </RequireRole>
        ),
      },
      { path: 'users/:id', element: <UserDetailRoute /> },
      { path: 'deposits', element: <DepositsPage /> },
      { path: 'withdrawals', element: <WithdrawalsPage /> },
      {
        path: 'house-money',
        element: (
          <RequireRole roles={OPERATOR_ROLES}>
            <HouseMoneyPage />
          </RequireRole>
        ),
      },
      {
        path: 'tree-moves',
        element: (
          <RequireRole roles={OPERATOR_ROLES}>
            <TreeMovesPage />
          </RequireRole>
        ),
      },
      { path: 'receiving-accounts', element: <ReceivingAccountsPage /> },
      { path: 'sports', element: <SportsPage /> },
      { path: 'sports/:sport/:league/:event', element: <EventPage /> },
      { path: 'sports/:sport/:league/:event/markets/:marketId', element: <MarketPage /> },
      { path: 'casino', element: <CasinoPage /> },
      { path: 'bonuses', element: <BonusesPage /> },
      { path: 'reports', element: <ReportsPage /> },
      { path: 'search', element: <SearchPage /> },
      { path: 'risk', element: <RiskPage /> },
      { path: 'banners', element: <BannersPage /> },
      {
        path: 'branding',
        element: (
          <RequireRole roles={[ROLES.DIRECTOR]}>
            <BrandingPage />
          </RequireRole>
        ),
      },
      { path: 'agent-statements', element: <AgentStatementsPage /> },
      {
        path: 'my-statement',
        element: (
          <RequireRole roles={AGENT_ROLES}>
            <MyBookPage />
          </RequireRole>
        ),
      },
      {
        path: 'downline-limits',
        element: (
          <RequireRole roles={[ROLES.DIRECTOR, ROLES.AGENT, ROLES.CREDIT_AGENT]}>
            <DownlineLimitsPage />
          </RequireRole>
        ),
      },
      {
        path: 'announcements',
        element: (
          <RequireRole roles={[ROLES.DIRECTOR, ROLES.AGENT, ROLES.CREDIT_AGENT]}>
            <AnnouncementsPage />
          </RequireRole>
        ),
      },
      { path: 'audit-log', element: <AuditLogPage /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
