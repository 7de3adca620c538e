import identity from './0001-identity.js';
import ledger from './0002-ledger.js';
import money from './0003-money.js';
import houseAccounts from './0004-house-accounts.js';
import sports from './0005-sports.js';
import casino from './0006-casino.js';
import separationOfDuties from './0007-separation-of-duties.js';
import operatorSecondFactor from './0008-operator-second-factor.js';
import agentTree from './0009-agent-tree.js';
import casinoWalletLimits from './0010-casino-wallet-limits.js';
import bonusReferral from './0011-bonus-referral.js';
import casinoGames from './0013-casino-games.js';
import agentMoney from './0014-agent-money.js';
import agentPartnershipAndLimits from './0015-agent-partnership-and-limits.js';
import reportIndexes from './0016-report-indexes.js';
import cashOut from './0017-cash-out.js';
import oddsPreference from './0018-odds-preference.js';
import casinoLimitStripes from './0019-casino-limit-stripes.js';
import marketCommands from './0021-market-commands.js';
import batchedLedger from './0022-batched-ledger.js';
import marketLeases from './0023-market-leases.js';
import downlineLimitsVersion from './0024-downline-limits-version.js';
import historyRefusesTruncate from './0027-history-refuses-truncate.js';
import moneyFromTheTop from './0028-money-from-the-top.js';
import voidWaits from './0029-void-waits-and-confirmation-default.js';
import hub88 from './0030-hub88.js';
import hub88Simulator from './0031-hub88-simulator.js';
import stepUp from './0032-step-up.js';
import passwordChangeRequired from './0033-password-change-required.js';
import matchedPrice from './0034-matched-price.js';
import agentRatesByWeek from './0035-agent-rates-by-week.js';
import firstApprovalTime from './0036-first-approval-time.js';
import singleBetVoid from './0037-single-bet-void.js';
import stakeButtons from './0039-stake-buttons.js';
import smsMessages from './0041-sms-messages.js';
import marketRules from './0042-market-rules.js';
import marketTypeRules from './0043-market-type-rules.js';
import announcements from './0044-announcements.js';
import treeMovesAndSessionCommission from './0045-tree-moves-and-session-commission.js';
import helpContact from './0047-help-contact.js';
import pinnedMarkets from './0050-pinned-markets.js';
import playerMarketBets from './0051-player-market-bets.js';

export interface Migration {
  id: string;
  sql: string;
}

/** Ordered; an applied migration is never edited, a change is a new one. */
export const MIGRATIONS: Migration[] = [
  { id: '0001-identity', sql: identity },
  { id: '0002-ledger', sql: ledger },
  { id: '0003-money', sql: money },
  { id: '0004-house-accounts', sql: houseAccounts },
  { id: '0005-sports', sql: sports },
  { id: '0006-casino', sql: casino },
  { id: '0007-separation-of-duties', sql: separationOfDuties },
  { id: '0008-operator-second-factor', sql: operatorSecondFactor },
  { id: '0009-agent-tree', sql: agentTree },
  { id: '0010-casino-wallet-limits', sql: casinoWalletLimits },
  { id: '0011-bonus-referral', sql: bonusReferral },
  { id: '0013-casino-games', sql: casinoGames },
  { id: '0014-agent-money', sql: agentMoney },
  { id: '0015-agent-partnership-and-limits', sql: agentPartnershipAndLimits },
  { id: '0016-report-indexes', sql: reportIndexes },
  { id: '0017-cash-out', sql: cashOut },
  { id: '0018-odds-preference', sql: oddsPreference },
  { id: '0019-casino-limit-stripes', sql: casinoLimitStripes },
  { id: '0021-market-commands', sql: marketCommands },
  { id: '0022-batched-ledger', sql: batchedLedger },
  { id: '0023-market-leases', sql: marketLeases },
  { id: '0024-downline-limits-version', sql: downlineLimitsVersion },
  { id: '0027-history-refuses-truncate', sql: historyRefusesTruncate },
  { id: '0028-money-from-the-top', sql: moneyFromTheTop },
  { id: '0029-void-waits-and-confirmation-default', sql: voidWaits },
  { id: '0030-hub88', sql: hub88 },
  { id: '0031-hub88-simulator', sql: hub88Simulator },
  { id: '0032-step-up', sql: stepUp },
  { id: '0033-password-change-required', sql: passwordChangeRequired },
  { id: '0034-matched-price', sql: matchedPrice },
  { id: '0035-agent-rates-by-week', sql: agentRatesByWeek },
  { id: '0036-first-approval-time', sql: firstApprovalTime },
  { id: '0037-single-bet-void', sql: singleBetVoid },
  { id: '0039-stake-buttons', sql: stakeButtons },
  { id: '0041-sms-messages', sql: smsMessages },
  { id: '0042-market-rules', sql: marketRules },
  { id: '0043-market-type-rules', sql: marketTypeRules },
  { id: '0044-announcements', sql: announcements },
  { id: '0045-tree-moves-and-session-commission', sql: treeMovesAndSessionCommission },
  { id: '0047-help-contact', sql: helpContact },
  { id: '0050-pinned-markets', sql: pinnedMarkets },
  { id: '0051-player-market-bets', sql: playerMarketBets },
];
