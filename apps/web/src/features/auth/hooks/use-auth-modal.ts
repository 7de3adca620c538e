import { createStore, useStore } from '@khel/web-kit';
import { STORAGE_KEYS, session } from '../../../lib/storage';

/** Which auth dialog is open. One at a time: Sign Up hands over to Verify Otp (spec §4). */
export type AuthModalState =
  | { kind: null }
  | { kind: 'signUp'; referralCode: string }
  | { kind: 'verifyOtp'; mobileNo: string }
  | { kind: 'forgotPassword' }
  | { kind: 'changePassword' };

export const authModalStore = createStore<AuthModalState>({ kind: null });

export function useAuthModal(): AuthModalState {
  return useStore(authModalStore);
}

export function openSignUp(referralCode = ''): void {
  authModalStore.set({ kind: 'signUp', referralCode });
}

/** Remembers the number in sessionStorage so a reload while waiting for the SMS keeps it (spec §3). */
export function openVerifyOtp(mobileNo: string): void {
  session.set(STORAGE_KEYS.signUpMobile, mobileNo);
  authModalStore.set({ kind: 'verifyOtp', mobileNo });
}

export function openForgotPassword(): void {
  authModalStore.set({ kind: 'forgotPassword' });
}

export function openChangePassword(): void {
  authModalStore.set({ kind: 'changePassword' });
}

export function closeAuthModal(): void {
  authModalStore.set({ kind: null });
}
