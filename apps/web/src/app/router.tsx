import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';

/**
 * Every route of spec §2. Pages are split out with React.lazy so a phone on a slow network downloads
 * only the shell and the page it opens; the guard in RootLayout decides who may see which.
 */
const page = (load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> => lazy(load);

const HomePage = page(() => import('./routes/home'));
const LiveCasinoPage = page(() => import('./routes/live-casino'));
const SlotsPage = page(() => import('./routes/slots'));
const LoginPage = page(() => import('./routes/login'));
const RegisterPage = page(() => import('./routes/register'));
const ForgotPasswordPage = page(() => import('./routes/forgot-password'));
const NoAccessPage = page(() => import('./routes/no-access'));
const DepositPage = page(() => import('./routes/deposit'));
const WithdrawalPage = page(() => import('./routes/withdrawal'));
const BonusPage = page(() => import('./routes/bonus'));
const ReferralBonusPage = page(() => import('./routes/referral-bonus'));
const StatementsPage = page(() => import('./routes/statements'));
const ProfitLossPage = page(() => import('./routes/profit-loss'));
const EventPage = page(() => import('./routes/event'));
const PaymentAccountsPage = page(() => import('./routes/payment-accounts'));
const ResponsibleGamblingPage = page(() => import('./routes/responsible-gambling'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/live-casino', element: <LiveCasinoPage /> },
      { path: '/slots', element: <SlotsPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/no-access', element: <NoAccessPage /> },
      { path: '/deposit', element: <DepositPage /> },
      { path: '/withdrawal', element: <WithdrawalPage /> },
      { path: '/bonus', element: <BonusPage /> },
      { path: '/referral-bonus', element: <ReferralBonusPage /> },
      { path: '/statements', element: <StatementsPage /> },
      { path: '/profit-loss', element: <ProfitLossPage /> },
      { path: '/event', element: <EventPage /> },
      // Issue 31: In-Play, the sports menu, Multi Markets and Results, through Home's chunk (decision 0072).
      { path: '/sports/*', element: <HomePage /> },
      // Not in spec §2: where payment accounts and responsible gambling live (README decisions).
      { path: '/payment-accounts', element: <PaymentAccountsPage /> },
      { path: '/responsible-gambling', element: <ResponsibleGamblingPage /> },
      // Unknown paths: the guard sends members to their landing page and visitors to /login.
      { path: '*', element: null },
    ],
  },
];
