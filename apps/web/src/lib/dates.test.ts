import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, indiaToday, weekday } from '@khel/money';
import {
  chosenLocale,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatIndiaDigits,
  lastDays,
  weeklyPeriods,
} from './dates';
import { setLocale } from './i18n/i18n';

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
    expect(weeklyPeriods(1, '2027-01-01')[0]).toEqual({
      label: '27 Dec – 2 Jan',
      weekStartDate: '2026-12-27',
      weekEndDate: '2027-01-02',
    });
    expect(formatDayMonth('2026-05-03')).toBe('3 May');
  });

  it('starts the current week on today when today is a Sunday', () => {
    expect(weeklyPeriods(1, '2026-11-22')[0]?.weekStartDate).toBe('2026-11-22');
  });
});

describe('one date formatter in the chosen language (issue 14)', () => {
  afterEach(async () => {
    await setLocale('en', false);
  });
  // 13:49 UTC is 19:19 in India; 20:00 UTC on 21 Nov is already 22 Nov there.
  const instant = '2026-11-21T13:49:00.000Z';

  it('writes English in en-IN, India time, whatever the device', () => {
    expect(formatDateTime(instant)).toBe('21 Nov 2026, 7:19 pm');
    expect(formatDate('2026-11-21T20:00:00.000Z', 'day')).toBe('22 Nov 2026');
    expect(formatDate(instant, 'start')).toBe('21 Nov, 07:19 pm');
    expect(formatDate(instant, 'medium')).toBe('21 Nov 2026, 7:19 pm');
    expect(formatCalendarDate('2026-11-15')).toBe('15 Nov 2026');
  });

  it("writes English by hand exactly as en-IN's Intl does, every month and hour (no ICU load on first paint)", () => {
    const intl = (options: Intl.DateTimeFormatOptions, tag = 'en-IN', timeZone = 'Asia/Kolkata') =>
      new Intl.DateTimeFormat(tag, { ...options, timeZone, numberingSystem: 'latn' });
    const dateTime = intl({ day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
    const medium = intl({ dateStyle: 'medium', timeStyle: 'short' });
    const start = intl({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
    const day = intl({ day: 'numeric', month: 'short', year: 'numeric' }, 'en-IN', 'UTC');
    const dayMonth = intl({ day: 'numeric', month: 'short' }, 'en-GB', 'UTC');
    for (let month = 0; month < 12; month += 1)
      for (let hour = 0; hour < 24; hour += 1) {
        // Minutes 0 and 45 cross India's half hour: 18:45 UTC is 00:15 the next day there.
        const at = new Date(Date.UTC(2026, month, 9 + (hour % 20), hour, hour % 2 === 0 ? 0 : 45));
        expect(formatDate(at, 'dateTime', 'en')).toBe(dateTime.format(at));
        expect(formatDate(at, 'medium', 'en')).toBe(medium.format(at));
        expect(formatDate(at, 'start', 'en')).toBe(start.format(at));
        const date = at.toISOString().slice(0, 10);
        expect(formatCalendarDate(date, 'day', 'en')).toBe(day.format(new Date(`${date}T00:00:00.000Z`)));
        expect(formatDayMonth(date, 'en')).toBe(dayMonth.format(new Date(`${date}T00:00:00.000Z`)));
      }
  });

  it('loads no Intl date formatter for English (a fresh module: no cached one to hide it)', async () => {
    vi.resetModules();
    const fresh = await import('./dates');
    const constructed = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      for (const style of ['dateTime', 'medium', 'start', 'dayMonth', 'day'] as const) fresh.formatDate(instant, style);
      fresh.formatCalendarDate('2026-11-15');
      expect(constructed).not.toHaveBeenCalled();
    } finally {
      constructed.mockRestore();
    }
  });

  it('writes Hindi month names in hi-IN with Western digits once Hindi is chosen', async () => {
    await setLocale('hi', false);
    for (const text of [
      formatDateTime(instant),
      formatDate(instant, 'medium'),
      formatDate(instant, 'start'),
      formatDayMonth('2026-11-15'),
      formatCalendarDate('2026-11-15'),
    ]) {
      expect(text).toMatch(/नव/);
      expect(text).not.toMatch(/Nov|[०-९]/);
    }
    expect(formatDateTime(instant)).toMatch(/^21 नव.? 2026, 7:19/);
    expect(formatDate('2026-11-21T20:00:00.000Z', 'day')).toMatch(/^22 नव.? 2026$/);
    // The weekly period labels follow the language; English keeps the specification's "15 Nov – 21 Nov".
    expect(weeklyPeriods(1, '2026-11-21')[0]?.label).toMatch(/^15 नव.? – 21 नव.?$/);
    expect(formatDayMonth('2026-11-15', 'en')).toBe('15 Nov');
  });

  it('follows the language chosen, and writes casino d/m/yyyy dates in India time in both', async () => {
    expect(chosenLocale()).toBe('en');
    expect(formatIndiaDigits('2026-05-02T20:00:00.000Z')).toBe('3/5/2026');
    await setLocale('hi', false);
    expect(chosenLocale()).toBe('hi');
    expect(formatIndiaDigits('2026-11-21T20:00:00.000Z')).toBe('22/11/2026');
  });

  it('gives an unreadable value back as it came', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatCalendarDate('2026-13-45')).toBe('2026-13-45');
  });
});
