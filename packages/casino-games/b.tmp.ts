import {
  spinSlot,
  DEFAULT_SLOT_CONFIG,
  dealDragonTiger,
  DEFAULT_DRAGON_TIGER_CONFIG,
  dealAndarBahar,
  DEFAULT_ANDAR_BAHAR_CONFIG,
  hashServerSeed,
} from './src/index.js';
const serverSeed = hashServerSeed('x');
let t = performance.now();
let s = 0;
for (let i = 0; i < 1_000_000; i++)
  s += spinSlot(DEFAULT_SLOT_CONFIG, { serverSeed, clientSeed: 'stat', nonce: i }, 2000).totalPayoutPaise;
console.log('slot', performance.now() - t, s / 2e9);
t = performance.now();
let d = 0;
for (let i = 0; i < 1_000_000; i++)
  d +=
    dealDragonTiger(DEFAULT_DRAGON_TIGER_CONFIG, { serverSeed, clientSeed: 'stat', nonce: i }).winner === 'tie' ? 1 : 0;
console.log('dt', performance.now() - t, d / 1e6);
t = performance.now();
d = 0;
for (let i = 0; i < 1_000_000; i++)
  d +=
    dealAndarBahar(DEFAULT_ANDAR_BAHAR_CONFIG, { serverSeed, clientSeed: 'stat', nonce: i }).winner === 'andar' ? 1 : 0;
console.log('ab', performance.now() - t, d / 1e6);
