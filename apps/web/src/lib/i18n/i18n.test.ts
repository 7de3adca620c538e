import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocale, initialLocale, serverText, setLocale, t } from './i18n';

afterEach(async () => {
  await setLocale('en');
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the translator', () => {
  it('answers the English source text, with placeholders filled, until Hindi is chosen', () => {
    expect(t('Min {amount}', { amount: '₹1,00,000.00' })).toBe('Min ₹1,00,000.00');
    expect(t('A message with no catalogue entry')).toBe('A message with no catalogue entry');
  });

  it('loads Hindi on demand, remembers the choice and sets <html lang>', async () => {
    await setLocale('hi');
    expect(currentLocale()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem('lang')).toBe('hi');
    expect(t('Place bet')).toBe('बेट लगाएँ');
    expect(t('Min {amount}', { amount: '₹1,00,000.00' })).toBe('न्यूनतम ₹1,00,000.00');
    // Text it does not know stays as given (a name, a server wording without a code).
    expect(t('Mumbai Indians')).toBe('Mumbai Indians');
    await setLocale('en');
    expect(document.documentElement.lang).toBe('en');
    expect(t('Place bet')).toBe('Place bet');
  });

  it('words server answers by their error code in Hindi, and keeps the server wording in English', async () => {
    const meta = { message: 'Invalid OTP', error: 'OTP_INVALID' };
    expect(serverText(meta)).toBe('Invalid OTP');
    await setLocale('hi');
    expect(serverText(meta)).toBe('OTP ग़लत है');
    // A success message from the shared catalogue, which carries no code.
    expect(serverText({ message: 'Deposit request submitted' })).toBe('जमा का अनुरोध भेज दिया गया');
    expect(serverText({ message: 'Something only the server says' })).toBe('Something only the server says');
  });

  it('starts from the remembered choice, else the browser languages, else English', () => {
    const languages = vi.spyOn(navigator, 'languages', 'get');
    languages.mockReturnValue(['hi-IN', 'en-GB']);
    expect(initialLocale()).toBe('hi');
    languages.mockReturnValue(['ta-IN', 'en-IN', 'hi']);
    expect(initialLocale()).toBe('en');
    languages.mockReturnValue(['fr-FR']);
    expect(initialLocale()).toBe('en');
    localStorage.setItem('lang', 'hi');
    expect(initialLocale()).toBe('hi');
  });
});
