import {
  DEFAULT_ANDAR_BAHAR_CONFIG,
  DEFAULT_CRASH_CONFIG,
  DEFAULT_DRAGON_TIGER_CONFIG,
  DEFAULT_LUCKY_SEVEN_CONFIG,
  DEFAULT_SLOT_CONFIG,
  DEFAULT_TEEN_PATTI_CONFIG,
  MONSOON_GEMS_CONFIG,
} from '@khel/casino-games';
import type { CrashConfig, SlotConfig, TableConfig } from '@khel/casino-games';

/** The house provider's code in casino_providers (made by migration 0006). */
export const HOUSE_PROVIDER_CODE = 'khel-house';

export interface HouseSlot {
  code: string;
  title: string;
  config: SlotConfig;
  minStakePaise: number;
  maxStakePaise: number;
}

export interface HouseTable {
  code: string;
  title: string;
  config: TableConfig;
  /** How long the reveal animation runs before the round is settled. */
  revealMs: number;
  /** How long the settled result stays on screen before the next round opens. */
  pauseMs: number;
}

/** Royal Bengal: 20 lines, so ₹1 a line at ₹20 (every pay exact, SLOT-5). */
export const HOUSE_SLOTS: HouseSlot[] = [
  {
    code: 'royal-bengal',
    title: 'Royal Bengal',
    config: DEFAULT_SLOT_CONFIG,
    minStakePaise: 10_00,
    maxStakePaise: 10_000_00,
  },
  /** Monsoon Gems: 10 lines, so ₹1 a line at ₹10. */
  {
    code: 'monsoon-gems',
    title: 'Monsoon Gems',
    config: MONSOON_GEMS_CONFIG,
    minStakePaise: 10_00,
    maxStakePaise: 10_000_00,
  },
];

/** The live-style tables: every player at a table shares its rounds; the game code is the table id. */
export const HOUSE_TABLES: HouseTable[] = [
  {
    code: 'dragon-tiger',
    title: 'Dragon Tiger',
    config: {
      tableId: 'dragon-tiger',
      game: { kind: 'dragon-tiger', rules: DEFAULT_DRAGON_TIGER_CONFIG },
      clientSeed: 'khel-dragon-tiger',
      bettingWindowMs: 15_000,
      minStakePaise: 10_00,
      maxStakePaise: 50_000_00,
      historyLength: 60,
    },
    revealMs: 4_000,
    pauseMs: 4_000,
  },
  {
    code: 'andar-bahar',
    title: 'Andar Bahar',
    config: {
      tableId: 'andar-bahar',
      game: { kind: 'andar-bahar', rules: DEFAULT_ANDAR_BAHAR_CONFIG },
      clientSeed: 'khel-andar-bahar',
      bettingWindowMs: 15_000,
      minStakePaise: 10_00,
      maxStakePaise: 50_000_00,
      historyLength: 60,
    },
    revealMs: 8_000,
    pauseMs: 4_000,
  },
  {
    code: 'teen-patti',
    title: 'Teen Patti 20-20',
    config: {
      tableId: 'teen-patti',
      game: { kind: 'teen-patti', rules: DEFAULT_TEEN_PATTI_CONFIG },
      clientSeed: 'khel-teen-patti',
      bettingWindowMs: 15_000,
      minStakePaise: 10_00,
      maxStakePaise: 50_000_00,
      historyLength: 60,
    },
    revealMs: 6_000,
    pauseMs: 4_000,
  },
  {
    code: 'lucky-7',
    title: 'Lucky 7',
    config: {
      tableId: 'lucky-7',
      game: { kind: 'lucky-seven', rules: DEFAULT_LUCKY_SEVEN_CONFIG },
      clientSeed: 'khel-lucky-7',
      bettingWindowMs: 12_000,
      minStakePaise: 10_00,
      maxStakePaise: 50_000_00,
      historyLength: 60,
    },
    revealMs: 3_000,
    pauseMs: 3_000,
  },
];

/** The crash game: one shared round at a time, 3 % house edge, two bets per player per round. */
export const HOUSE_CRASH: { code: string; title: string; config: CrashConfig } = {
  code: 'crash',
  title: 'Crash',
  config: { ...DEFAULT_CRASH_CONFIG, gameId: 'crash' },
};
