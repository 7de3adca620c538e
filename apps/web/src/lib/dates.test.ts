import { describe, expect, it } from 'vitest';
import { addDays, indiaToday, weekday } from '@khel/money';
import { formatDayMonth, lastDays, weeklyPeriods } from './dates';

describe('India dates', () => {
  it('takes today from Asia/Kolkata, not from the device', () => {
    // 20:00 UTC on 21 Nov is already 01:30 on 22 Nov in India.
    expect(indiaToday(new Date('2026-11-21T20:00:00Z'))).toBe('2026-11-22');
    expect(indiaToday(new Date('2026-11-21T18:00:00Z'))).toBe('2026-11-21');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('defaults to the last 7 days including today', () => {
    expect(lastDays(7, '2026-11-21')).toEqual({ start: '2026-11-15', end: '2026-11-21' });
  });
});

describe('weekly period list (spec §9)', () => {
  it('gives N past weeks, newest first, each Sunday to Saturday', () => {
    const weeks = weeklyPeriods(4, '2026-11-19'); // a Thursday
    expect(weeks).toHaveLength(4);
    expect(weeks.map((week) => [week.weekStartDate, week.weekEndDate])).toEqual([
      ['2026-11-15', '2026-11-21'],
      ['2026-11-08', '2026-11-14'],
      ['2026-11-01', '2026-11-07'],
      ['2026-10-25', '2026-10-31'],
    ]);
    for (const week of weeks) {
      expect(weekday(week.weekStartDate)).toBe(0);
      expect(weekday(week.weekEndDate)).toBe(6);
    }
  });

  it('labels each week in English day-month format', () => {
    expect(weeklyPeriods(2, '2026-11-21').map((week) => week.label)).toEqual(['15 Nov – 21 Nov', '8 Nov – 14 Nov']);
    // A week across the new year.
    expect(weeklyPeriods(1, '2027-01-01')[0]).toEqual({ label: '27 Dec – 2 Jan', weekStartDate: '2026-12-27', weekEndDate: '2027-01-02' });
    expect(formatDayMonth('2026-05-03')).toBe('3 May');
  });

  it('starts the current week on today when today is a Sunday', () => {
    expect(weeklyPeriods(1, '2026-11-22')[0]?.weekStartDate).toBe('2026-11-22');
  });
});
