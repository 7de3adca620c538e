import type { AppSettings, Profile } from '@khel/contract';

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    _id: 'user-1',
    name: 'Asha Verma',
    username: 'asha01',
    mobile_no: '919876543210',
    role: 4,
    wallet: '1',
    balance: 100000,
    exposure: -250.5,
    bonus: 500,
    bonusExposure: -100,
    refBonus: 0,
    referralAllow: true,
    referralCode: 'ASHA01',
    allowHome: true,
    allowLiveCasino: true,
    allowSlots: true,
    allowStatements: true,
    allowProfitLoss: true,
    ...overrides,
  };
}

export const SETTINGS: AppSettings = {
  siteName: 'Khel Test',
  logoImg: '',
  faviconImg: '/api/v1/media/favicon',
  color: '#22aa88',
  moneyMode: 'play',
  currency: 'INR',
  helpWhatsapp: null,
  helpPhone: null,
};
