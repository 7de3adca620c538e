/** The demo's fictional leagues, teams and players (FEED-2). Invented names, no real clubs. */
import type { CricketTeam } from './cricket.js';
import type { FootballTeam } from './football.js';
import type { TennisPlayer } from './tennis.js';

export const CRICKET_LEAGUE = 'Khel T20 League';
export const FOOTBALL_LEAGUE = 'Khel Super League';
export const TENNIS_LEAGUE = 'Khel Open';

export const CRICKET_TEAMS: readonly CricketTeam[] = [
  { name: 'Mumbai Monsoons', shortName: 'MUM' },
  { name: 'Chennai Cyclones', shortName: 'CHE' },
  { name: 'Kolkata Comets', shortName: 'KOL' },
  { name: 'Bengaluru Blazers', shortName: 'BLR' },
  { name: 'Delhi Falcons', shortName: 'DEL' },
  { name: 'Hyderabad Hawks', shortName: 'HYD' },
  { name: 'Jaipur Jaguars', shortName: 'JAI' },
  { name: 'Lucknow Lancers', shortName: 'LKO' },
];

export const FOOTBALL_TEAMS: readonly FootballTeam[] = [
  { name: 'Goa Gulls', shortName: 'GOA' },
  { name: 'Kochi Tuskers', shortName: 'KOC' },
  { name: 'Pune Panthers', shortName: 'PUN' },
  { name: 'Shillong Pines', shortName: 'SHL' },
  { name: 'Kolkata Rovers', shortName: 'KRV' },
  { name: 'Chennai Mariners', shortName: 'CHM' },
];

export const TENNIS_PLAYERS: readonly TennisPlayer[] = [
  { name: 'Arjun Mehra', shortName: 'MEH' },
  { name: 'Kabir Rao', shortName: 'RAO' },
  { name: 'Vikram Sethi', shortName: 'SET' },
  { name: 'Dev Kapoor', shortName: 'KAP' },
  { name: 'Rohan Iyer', shortName: 'IYE' },
  { name: 'Nikhil Bose', shortName: 'BOS' },
];
