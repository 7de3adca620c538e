import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DESKTOP_TOAST_AUTO_CLOSE_MS, SHARED_TOAST_DELAY_MS, SHARED_TOAST_VISIBLE_MS } from '@khel/contract';
import { Toaster } from '../components/ui/toaster';
import { setViewport } from '../testing/render-app';
import { sharedToast, toast } from './toast';

describe('toasts (spec §4, §9)', () => {
  it('shared toast: appears after 100 ms, stays 4500 ms, then hides', () => {
    vi.useFakeTimers();
    setViewport(false);
    render(<Toaster />);
    act(() => toast.success('Wallet Changed'));
    expect(screen.queryByText('Wallet Changed')).toBeNull();
    act(() => vi.advanceTimersByTime(SHARED_TOAST_DELAY_MS - 1));
    expect(screen.queryByText('Wallet Changed')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Wallet Changed')).toBeTruthy();
    expect(sharedToast.get()).toMatchObject({ show: true, type: 'success', message: 'Wallet Changed' });
    act(() => vi.advanceTimersByTime(SHARED_TOAST_VISIBLE_MS - 1));
    expect(screen.getByText('Wallet Changed')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Wallet Changed')).toBeNull();
  });

  it('desktop toast: shown at once and closed after 3000 ms, one per event', () => {
    vi.useFakeTimers();
    setViewport(true);
    render(<Toaster />);
    act(() => toast.warning('Invalid OTP'));
    act(() => toast.error('Network error'));
    expect(screen.getAllByTestId('toast').map((node) => node.getAttribute('data-type'))).toEqual(['warning', 'error']);
    act(() => vi.advanceTimersByTime(DESKTOP_TOAST_AUTO_CLOSE_MS - 1));
    expect(screen.getByText('Invalid OTP')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Invalid OTP')).toBeNull();
    expect(screen.queryByText('Network error')).toBeNull();
  });

  it('announces warnings and errors as alerts and successes as status', () => {
    setViewport(true);
    render(<Toaster />);
    act(() => toast.success('Password Changed'));
    act(() => toast.error('Boom'));
    expect(screen.getByRole('status').textContent).toContain('Password Changed');
    expect(screen.getByRole('alert').textContent).toContain('Boom');
  });
});
