/**
 * Game sounds: off by default (a phone on a bus stays quiet); the mute button turns them on, and the
 * choice is remembered on this device. Tones are made with WebAudio, so no files need loading.
 */
import { h } from './dom.js';

const KEY = 'khel-house-sound';
let enabled = false;
try {
  enabled = window.localStorage.getItem(KEY) === 'on';
} catch {
  enabled = false;
}
let context: AudioContext | null = null;

const TONES = {
  chip: [660, 0.05],
  win: [880, 0.25],
  lose: [180, 0.2],
  tick: [520, 0.03],
  crash: [110, 0.4],
  card: [400, 0.04],
} as const;
export type Sound = keyof typeof TONES;

export function playSound(sound: Sound): void {
  if (!enabled || typeof window.AudioContext !== 'function') return;
  context ??= new window.AudioContext();
  const [frequency, seconds] = TONES[sound];
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.08, context.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + seconds);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start();
  oscillator.stop(context.currentTime + seconds);
}

/** The mute button for the game's top bar: "Sound off" until the player turns it on. */
export function muteButton(): HTMLButtonElement {
  const button = h('button', { class: 'mute', type: 'button', 'data-testid': 'mute' });
  const draw = () => {
    button.textContent = enabled ? 'Sound on' : 'Sound off';
    button.setAttribute('aria-pressed', enabled ? 'true' : 'false');
    button.setAttribute('aria-label', enabled ? 'Sound on, tap to mute' : 'Sound off, tap to turn on');
  };
  button.addEventListener('click', () => {
    enabled = !enabled;
    try {
      window.localStorage.setItem(KEY, enabled ? 'on' : 'off');
    } catch {
      // private mode: the choice lasts for this page only
    }
    draw();
    if (enabled) playSound('chip');
  });
  draw();
  return button;
}
