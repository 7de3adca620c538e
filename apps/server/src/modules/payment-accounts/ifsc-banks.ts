import { createRequire } from 'node:module';

/**
 * The bank an IFSC belongs to, from Razorpay's `ifsc` dataset (npm `ifsc`, MIT; issue 14): every bank
 * code RBI has issued (`banknames.json`) and the sub-member banks whose branches clear through another
 * bank's code (`sublet.json` by branch, `custom-sublets.json` by code prefix: a district cooperative
 * bank on a state cooperative bank's code, say). Only the package's JSON is read:
 * its network client (`src/node/index.js`, which calls ifsc.razorpay.com) is never loaded, so a lookup
 * is in memory and nothing leaves the server. Loaded once, on first use.
 */
interface Dataset {
  banks: Record<string, string>;
  sublets: Record<string, string>;
  customSublets: Record<string, string>;
}

let dataset: Dataset | null = null;
function data(): Dataset {
  if (dataset === null) {
    const load = createRequire(import.meta.url);
    dataset = {
      banks: load('ifsc/src/banknames.json') as Dataset['banks'],
      sublets: load('ifsc/src/sublet.json') as Dataset['sublets'],
      customSublets: load('ifsc/src/custom-sublets.json') as Dataset['customSublets'],
    };
  }
  return dataset;
}

/**
 * The bank's name for an IFSC: the sub-member bank when the branch belongs to one, else the bank
 * that owns the four-letter code. Null for a code no bank has (the form then asks for the name).
 */
export function bankNameForIfsc(ifsc: string): string | null {
  const code = ifsc.toUpperCase();
  const { banks, sublets, customSublets } = data();
  const sublet = sublets[code];
  if (sublet !== undefined) return banks[sublet] ?? null;
  // Custom sublets map a whole code or a code prefix to the member bank's code.
  for (const [prefix, member] of Object.entries(customSublets))
    if (code.startsWith(prefix)) return banks[member] ?? null;
  return banks[code.slice(0, 4)] ?? null;
}
