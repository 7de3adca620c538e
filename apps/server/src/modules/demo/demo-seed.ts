import type { AgentChipsService } from '../agents/agent-chips-service.js';
import type { AgentCreditService } from '../agents/agent-credit-service.js';
import { seedDemoAgentMoney } from './demo-agent-money.js';
import { ROLES } from '@khel/contract';
import type { IdentityService } from '../identity/identity-service.js';
import type { SecondFactorService } from '../identity/second-factor-service.js';
import type { PaymentAccountsService } from '../payment-accounts/payment-accounts-service.js';
import type { PaymentAccountCreate } from '@khel/contract';
import type { SettingsService } from '../settings/settings-service.js';
import type { BonusAdminService } from '../bonus/bonus-admin-service.js';

/** Demo accounts a fresh play-mode start creates and prints (README, e2e tests). */
export const DEMO_ACCOUNTS = {
  director: { name: 'Demo Director', mobileNo: '919999900000', password: 'demo-director-1', role: ROLES.DIRECTOR },
  player: { name: 'Demo Player', mobileNo: '919999900001', password: 'demo-player-1', role: ROLES.PLAYER },
  /** Signed up with the demo player's referral code (PRODUCT.md §8). */
  friend: { name: 'Demo Friend', mobileNo: '919999900002', password: 'demo-friend-1', role: ROLES.PLAYER },
} as const;

/**
 * The demo agent tree (PRODUCT.md §9, decision 0018), under the demo director: a cash agent with two
 * players, a credit agent with a sub-credit-agent, each with a credit player. `upline` names another entry.
 */
export const DEMO_TREE = {
  agent: { name: 'Demo Agent', mobileNo: '919999900010', password: 'demo-agent-1', role: ROLES.AGENT, upline: null },
  agentPlayer: {
    name: 'Demo Cash Player',
    mobileNo: '919999900011',
    password: 'demo-cash-player-1',
    role: ROLES.PLAYER,
    upline: 'agent',
  },
  agentPlayer2: {
    name: 'Demo Cash Player Two',
    mobileNo: '919999900012',
    password: 'demo-cash-player-2',
    role: ROLES.PLAYER,
    upline: 'agent',
  },
  creditAgent: {
    name: 'Demo Credit Agent',
    mobileNo: '919999900020',
    password: 'demo-credit-agent-1',
    role: ROLES.CREDIT_AGENT,
    upline: null,
  },
  creditPlayer: {
    name: 'Demo Credit Player',
    mobileNo: '919999900021',
    password: 'demo-credit-player-1',
    role: ROLES.CREDIT_PLAYER,
    upline: 'creditAgent',
  },
  subCreditAgent: {
    name: 'Demo Sub Credit Agent',
    mobileNo: '919999900022',
    password: 'demo-sub-agent-1',
    role: ROLES.CREDIT_AGENT,
    upline: 'creditAgent',
  },
  subCreditPlayer: {
    name: 'Demo Sub Credit Player',
    mobileNo: '919999900023',
    password: 'demo-credit-player-2',
    role: ROLES.CREDIT_PLAYER,
    upline: 'subCreditAgent',
  },
} as const;

/** The demo cash agent's receiving accounts (play money: nobody pays into them for real). */
export const DEMO_AGENT_RECEIVING_ACCOUNTS: PaymentAccountCreate[] = [
  { type: 'upi', accountNumber: 'demo.agent@okicici', accountHolderName: 'Demo Agent (play money)' },
  {
    type: 'bank',
    accountNumber: '60200098765432',
    accountHolderName: 'Demo Agent (play money)',
    bankName: 'ICICI Bank',
    ifscCode: 'ICIC0000456',
    accountType: 'savings',
  },
];

const BRAND_COLOR = '#f5a524';

function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40">
  <rect x="2" y="6" width="28" height="28" rx="8" fill="${BRAND_COLOR}"/>
  <path d="M11 12v16M11 20l9-8M13 19l8 9" stroke="#111" stroke-width="3.2" stroke-linecap="round" fill="none"/>
  <text x="38" y="28" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" fill="${BRAND_COLOR}">Khel</text>
</svg>`;
}

function faviconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="8" fill="${BRAND_COLOR}"/>
  <path d="M10 7v18M10 16l10-9M12 15l9 10" stroke="#111" stroke-width="3.4" stroke-linecap="round" fill="none"/>
</svg>`;
}

function bannerSvg(title: string, subtitle: string, from: string, to: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1200" height="400" fill="url(#g)"/>
  <circle cx="1030" cy="200" r="150" fill="#ffffff" opacity="0.08"/>
  <circle cx="1080" cy="120" r="70" fill="#ffffff" opacity="0.08"/>
  <text x="80" y="190" font-family="Arial, Helvetica, sans-serif" font-size="68" font-weight="700" fill="#ffffff">${title}</text>
  <text x="80" y="260" font-family="Arial, Helvetica, sans-serif" font-size="34" fill="#ffffff" opacity="0.9">${subtitle}</text>
</svg>`;
}

const BANNERS = [
  ['T20 nights are live', 'Back and lay every ball on the exchange', '#0f766e', '#134e4a'],
  ['Fancy markets', 'Session runs, wickets and more, settled ball by ball', '#7c2d12', '#b45309'],
  ['Live casino and slots', 'Crash, Teen Patti, Dragon Tiger and our house slots', '#312e81', '#6d28d9'],
] as const;

/**
 * Fresh play-mode databases get branding, banners, a demo director and a demo player, through the
 * same services an operator uses. Runs on every start and changes nothing once the data exists.
 */
export async function seedDemoData(services: {
  identity: IdentityService;
  settings: SettingsService;
  accounts: PaymentAccountsService;
  secondFactor: SecondFactorService;
  bonusAdmin?: BonusAdminService;
  agentChips?: AgentChipsService;
  agentCredit?: AgentCreditService;
}): Promise<void> {
  const { identity, settings, accounts, secondFactor } = services;
  // Demo receiving accounts: play mode asks for no real payment, but the deposit flow is the real one.
  await accounts.seedReceivingAccounts([
    { type: 'upi', accountNumber: 'khel.demo@okaxis', accountHolderName: 'Khel Demo (play money)' },
    {
      type: 'bank',
      accountNumber: '50100012345678',
      accountHolderName: 'Khel Demo (play money)',
      bankName: 'HDFC Bank',
      ifscCode: 'HDFC0000123',
      accountType: 'current',
    },
  ]);
  if (
    (await settings.banners()).length === 0 &&
    (await identity.findByMobile(DEMO_ACCOUNTS.director.mobileNo)) === null
  ) {
    const logo = await settings.storeTrustedImage('image/svg+xml', Buffer.from(logoSvg()));
    const favicon = await settings.storeTrustedImage('image/svg+xml', Buffer.from(faviconSvg()));
    await settings.seedBranding({ siteName: 'Khel', color: BRAND_COLOR, logoMediaId: logo, faviconMediaId: favicon });
    for (const [index, [title, subtitle, from, to]] of BANNERS.entries()) {
      const media = await settings.storeTrustedImage(
        'image/svg+xml',
        Buffer.from(bannerSvg(title, subtitle, from, to)),
      );
      await settings.seedBanner(media, index + 1);
    }
  }
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    if ((await identity.findByMobile(account.mobileNo)) !== null) continue;
    const referredBy =
      account === DEMO_ACCOUNTS.friend
        ? ((await identity.findByMobile(DEMO_ACCOUNTS.player.mobileNo))?.id ?? null)
        : null;
    const created = await identity.createAccount({
      name: account.name,
      mobileNo: account.mobileNo,
      password: account.password,
      role: account.role,
      referredBy,
      verified: true,
    });
    // The quick start stays one step: only this demo director, created here on a fresh start, may sign
    // in to the back office without a second factor, and only while the installation plays with chips.
    if (account === DEMO_ACCOUNTS.director) await secondFactor.exemptDemoDirector(created.id);
  }
  for (const account of Object.values(DEMO_TREE)) {
    if ((await identity.findByMobile(account.mobileNo)) !== null) continue;
    const upline = account.upline === null ? DEMO_ACCOUNTS.director : DEMO_TREE[account.upline];
    const uplineId = (await identity.findByMobile(upline.mobileNo))?.id ?? null;
    const created = await identity.createAccount({
      name: account.name,
      mobileNo: account.mobileNo,
      password: account.password,
      role: account.role,
      referredBy: null,
      verified: true,
      uplineId,
    });
    // Like the demo director: the demo agents try the back office in one step, only in play mode and until they enrol.
    if (account.role === ROLES.AGENT || account.role === ROLES.CREDIT_AGENT)
      await secondFactor.exemptDemoDirector(created.id, 'demo agent of a fresh play-mode start');
  }
  // The demo cash agent's own receiving accounts: its players pay into these, not the site's (decision 0026).
  const demoAgent = await identity.findByMobile(DEMO_TREE.agent.mobileNo);
  if (demoAgent !== null) await accounts.seedReceivingAccounts(DEMO_AGENT_RECEIVING_ACCOUNTS, demoAgent.id);
  // The demo agents' chips and credit lines (decision 0019), once.
  if (services.agentChips !== undefined && services.agentCredit !== undefined) {
    const ids: Record<string, { id: string; role: number } | undefined> = {};
    for (const [key, account] of [['director', DEMO_ACCOUNTS.director], ...Object.entries(DEMO_TREE)] as [
      string,
      { mobileNo: string; role: number },
    ][]) {
      const user = await identity.findByMobile(account.mobileNo);
      if (user !== null) ids[key] = { id: user.id, role: account.role };
    }
    await seedDemoAgentMoney({ agentChips: services.agentChips, agentCredit: services.agentCredit }, ids);
  }
  // Bonus offers and the demo player's waiting welcome bonus (PRODUCT.md §8).
  await services.bonusAdmin?.seedDemo((await identity.findByMobile(DEMO_ACCOUNTS.player.mobileNo))?.id ?? null);
}
