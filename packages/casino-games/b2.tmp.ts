import { createOutcomeStream, hashServerSeed, outcomeBlock, checkSeeds, ShuffleDealer } from './src/index.js';
const serverSeed = hashServerSeed('x');
const N = 1_000_000;
function time(name: string, f: (i: number) => unknown) {
  const t = performance.now();
  for (let i = 0; i < N; i++) f(i);
  console.log(name, (performance.now() - t).toFixed(0));
}
time('block', (i) => outcomeBlock({ serverSeed, clientSeed: 'stat', nonce: i }, 0));
time('checkSeeds', (i) => checkSeeds({ serverSeed, clientSeed: 'stat', nonce: i }));
time('stream', (i) => createOutcomeStream({ serverSeed, clientSeed: 'stat', nonce: i }));
time('stream+2', (i) => {
  const s = createOutcomeStream({ serverSeed, clientSeed: 'stat', nonce: i });
  s.nextInt(52);
  s.nextInt(51);
});
time('dealer2', (i) => {
  const s = createOutcomeStream({ serverSeed, clientSeed: 'stat', nonce: i });
  const d = new ShuffleDealer(s, 52);
  d.next();
  d.next();
});
